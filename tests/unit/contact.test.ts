import { describe, expect, it } from 'vitest'
import {
  asContactChannel,
  contactUrl,
  handleUrl,
  whatsappDigits,
  whatsappUrl,
} from '#app/domain/contact.ts'

describe('whatsappDigits (SPEC §7: +55 for numbers without a plus)', () => {
  it.each([
    ['+5511900000001', '5511900000001'],
    ['+55 (11) 90000-0001', '5511900000001'],
    ['11 90000-0001', '5511900000001'],
    ['(21) 90000-1234', '5521900001234'],
    ['+351 912 345 678', '351912345678'],
    ['  +1 415 555 0100 ', '14155550100'],
  ])('%s gives %s', (stored, digits) => {
    expect(whatsappDigits(stored)).toBe(digits)
  })

  it.each([
    '',
    '+',
    '12345',
    'call me',
    '+55 11 9000 0001 2345 6789',
    '+0 11 90000 0001',
    '11900000001;rm',
  ])('refuses %j', (stored) => {
    expect(whatsappDigits(stored)).toBeUndefined()
  })
})

describe('contact links', () => {
  it('wa.me carries the prefilled text, encoded', () => {
    expect(whatsappUrl('+5511900000001', 'Olá, Luna! Vi seu anúncio & gostei')).toBe(
      'https://wa.me/5511900000001?text=Ol%C3%A1%2C%20Luna!%20Vi%20seu%20an%C3%BAncio%20%26%20gostei',
    )
  })

  it('handles become {host}/{handle}, with or without @', () => {
    expect(handleUrl('telegram', '@luna_azul')).toBe('https://t.me/luna_azul')
    expect(handleUrl('x', 'luna_azul')).toBe('https://x.com/luna_azul')
    expect(handleUrl('x', 'a-handle-too-long-for-x')).toBeUndefined()
    expect(handleUrl('telegram', 'abc')).toBeUndefined()
    expect(handleUrl('telegram', 'evil.com/x')).toBeUndefined()
  })

  it('no stored value, no link', () => {
    expect(contactUrl('whatsapp', null, 'hi')).toBeUndefined()
    expect(contactUrl('telegram', '', 'hi')).toBeUndefined()
    expect(contactUrl('x', 'luna', 'hi')).toBe('https://x.com/luna')
  })

  it('only the three channels exist', () => {
    expect(asContactChannel('whatsapp')).toBe('whatsapp')
    expect(asContactChannel('email')).toBeUndefined()
    expect(asContactChannel(undefined)).toBeUndefined()
  })
})
