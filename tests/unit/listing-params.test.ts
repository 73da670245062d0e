import { describe, expect, it } from 'vitest'
import { rotationMinute } from '#app/domain/ranking.ts'
import { assertPageExists, readListingParams } from '#app/modules/listing/listing-params.server.ts'

const read = (query: string) =>
  readListingParams(new Request(`http://localhost/pt/acompanhantes/sao-paulo${query}`), 20)

const redirectOf = (query: string) => {
  try {
    read(query)
    return undefined
  } catch (thrown) {
    const response = thrown as Response
    return { status: response.status, location: response.headers.get('location') }
  }
}

describe('readListingParams', () => {
  it('reads page, filters and a carried minute', () => {
    const minute = rotationMinute(new Date()) - 3
    const params = read(`?ageMin=25&page=3&r=${minute}`)
    expect(params).toMatchObject({ page: 3, minute, offset: 40, limit: 20 })
    expect(params.filters.ageRange).toEqual([25, 60])
  })

  it('ignores a minute from the future or older than a day, and bad page numbers', () => {
    const now = rotationMinute(new Date())
    expect(read(`?r=${now + 5}`).minute).toBeGreaterThanOrEqual(now)
    expect(read(`?r=${now - 5000}`).minute).toBeGreaterThanOrEqual(now)
    expect(read('?r=abc&page=abc').page).toBe(1)
    expect(read('?page=-2').page).toBe(1)
    expect(redirectOf('?page=10001')).toMatchObject({ status: 404 })
  })

  it('redirects filters written with their defaults to the canonical URL, from page 1', () => {
    expect(redirectOf('?ageMin=18&ageMax=60&status=verified&page=4')).toEqual({
      status: 302,
      location: '/pt/acompanhantes/sao-paulo',
    })
    expect(redirectOf('?status=all&ageMin=18')).toEqual({
      status: 302,
      location: '/pt/acompanhantes/sao-paulo?status=all',
    })
  })

  it('does not redirect canonical parameters in another order (pagination links)', () => {
    expect(redirectOf('?r=1&status=all&page=2')).toBeUndefined()
    expect(redirectOf('?page=2&ageMin=30&availability=true')).toBeUndefined()
  })
})

describe('assertPageExists', () => {
  it('accepts page 1 of nothing and pages within the result, 404 past the end', () => {
    expect(() => assertPageExists(1, 0, 20)).not.toThrow()
    expect(() => assertPageExists(2, 21, 20)).not.toThrow()
    expect(() => assertPageExists(2, 20, 20)).toThrow()
  })
})
