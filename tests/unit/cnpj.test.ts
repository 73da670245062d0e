import { describe, expect, it } from 'vitest'
import { formatCnpj, normalCnpj } from '#app/domain/cnpj.ts'

// The seller's CNPJ on every receipt (issue 33 point 10): numeric, and the alphanumeric CNPJ the
// Receita issues from July 2026 (check digits from each character's code − 48).

describe('the CNPJ', () => {
  it('takes a numeric CNPJ with or without its marks, and refuses a wrong check digit', () => {
    expect(normalCnpj('12.345.678/0001-95')).toBe('12345678000195')
    expect(normalCnpj(' 11222333000181 ')).toBe('11222333000181')
    expect(normalCnpj('12.345.678/0001-96')).toBeNull()
    expect(normalCnpj('12.345.678/0001-59')).toBeNull()
    expect(normalCnpj('1234567800019')).toBeNull()
    expect(normalCnpj('00.000.000/0000-00')).toBeNull()
  })

  it('takes the alphanumeric CNPJ, letters in any case, its check digits still digits', () => {
    expect(normalCnpj('12.ABC.345/01DE-35')).toBe('12ABC34501DE35')
    expect(normalCnpj('12abc34501de35')).toBe('12ABC34501DE35')
    expect(normalCnpj('12.ABC.345/01DE-36')).toBeNull()
    expect(normalCnpj('12.ABC.345/01DE-3E')).toBeNull()
  })

  it('is written as people write it', () => {
    expect(formatCnpj('12345678000195')).toBe('12.345.678/0001-95')
    expect(formatCnpj('12ABC34501DE35')).toBe('12.ABC.345/01DE-35')
  })
})
