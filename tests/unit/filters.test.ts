import { describe, expect, it } from 'vitest'
import {
  activeFilterCount,
  ageBounds,
  DEFAULT_FILTERS,
  parseFilters,
  priceBounds,
  withFilters,
} from '#app/domain/filters.ts'
import { pageCount, pageWindow } from '#app/domain/pagination.ts'

const parse = (query: string) => parseFilters(new URLSearchParams(query))

describe('parseFilters (SPEC §5)', () => {
  it('gives the defaults for an empty or invalid query', () => {
    expect(parse('')).toEqual(DEFAULT_FILTERS)
    expect(parse('status=x&availability=maybe&ageMin=abc&priceMax=1e9x')).toEqual(DEFAULT_FILTERS)
  })

  it.each([
    ['status=all', { status: 'all' }],
    ['availability=true', { availability: true }],
    ['ageMin=25&ageMax=40', { ageRange: [25, 40] }],
    ['ageMin=10&ageMax=99', { ageRange: [18, 60] }],
    ['ageMin=40&ageMax=25', { ageRange: [25, 40] }],
    ['priceMin=230&priceMax=500', { priceRange: [250, 500] }],
    ['priceMin=0&priceMax=5000', { priceRange: [100, 1000] }],
    ['ageMin=25.6', { ageRange: [26, 60] }],
  ])('%s', (query, expected) => {
    expect(parse(query)).toEqual({ ...DEFAULT_FILTERS, ...expected })
  })
})

describe('withFilters', () => {
  it('omits defaults and keeps other parameters', () => {
    const params = withFilters(new URLSearchParams('city=recife&page=3&ageMin=30'), DEFAULT_FILTERS)
    expect(params.toString()).toBe('city=recife&page=3')
  })

  it('writes what differs from the defaults, and round-trips', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      status: 'all' as const,
      ageRange: [25, 60] as [number, number],
    }
    const params = withFilters(new URLSearchParams(), filters)
    expect(params.toString()).toBe('status=all&ageMin=25')
    expect(parseFilters(params)).toEqual(filters)
  })
})

describe('activeFilterCount', () => {
  it.each([
    ['', 0],
    // Status cannot change a list (every listed profile is approved): it is no active filter.
    ['status=all', 0],
    ['availability=true&ageMin=20&ageMax=30', 2],
    ['status=all&availability=true&ageMax=50&priceMin=200', 3],
  ])('%s → %i', (query, count) => {
    expect(activeFilterCount(parse(query))).toBe(count)
  })
})

describe('query bounds (SPEC §7)', () => {
  it.each([
    ['', {}, {}],
    ['ageMin=25', { min: 25 }, {}],
    ['ageMax=59', { max: 59 }, {}],
    ['ageMin=30&ageMax=60', { min: 30 }, {}],
    ['priceMin=100&priceMax=1000', {}, {}],
    ['priceMax=500', {}, { max: 500 }],
    ['priceMin=150&priceMax=950', {}, { min: 150, max: 950 }],
  ])('%s', (query, age, price) => {
    const filters = parse(query)
    expect(ageBounds(filters)).toEqual(age)
    expect(priceBounds(filters)).toEqual(price)
  })
})

describe('pagination', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 20, [1, 2, 3, 4, 5, 6, 7]],
    [10, 20, [7, 8, 9, 10, 11, 12, 13]],
    [20, 20, [14, 15, 16, 17, 18, 19, 20]],
    [3, 8, [1, 2, 3, 4, 5, 6, 7]],
  ])('page %i of %i links %j', (current, pages, expected) => {
    expect(pageWindow(current, pages)).toEqual(expected)
  })

  it('pageCount rounds up and is at least 1', () => {
    expect(pageCount(0, 20)).toBe(1)
    expect(pageCount(41, 20)).toBe(3)
  })
})
