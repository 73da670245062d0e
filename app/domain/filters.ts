// The filter set of SPEC §3 and §5: read from and written to the query string.

/** Age slider: 18 to 60 step 1; 60 means no upper limit. */
export const AGE_SLIDER = { min: 18, max: 60, step: 1 } as const
/** Price slider in reais: 100 to 1000 step 50; 1000 means no upper limit. */
export const PRICE_SLIDER = { min: 100, max: 1000, step: 50 } as const

export type StatusFilter = 'verified' | 'all'

export interface Filters {
  status: StatusFilter
  availability: boolean
  ageRange: [number, number]
  priceRange: [number, number]
}

/** 'verified' is the default, so "view all" is the explicit ?status=all (SPEC §2 city page). */
export const DEFAULT_FILTERS: Filters = {
  status: 'verified',
  availability: false,
  ageRange: [AGE_SLIDER.min, AGE_SLIDER.max],
  priceRange: [PRICE_SLIDER.min, PRICE_SLIDER.max],
}

/** Names of the query parameters that carry filters. */
export const FILTER_PARAMS = [
  'status',
  'availability',
  'ageMin',
  'ageMax',
  'priceMin',
  'priceMax',
] as const

function intParam(value: string | null): number | undefined {
  if (value === null || !/^\s*-?\d+(\.\d+)?\s*$/.test(value)) return undefined
  return Math.round(Number(value))
}

function range(
  params: URLSearchParams,
  names: [string, string],
  slider: { min: number; max: number; step: number },
): [number, number] {
  const snap = (n: number) =>
    Math.min(
      slider.max,
      Math.max(slider.min, slider.min + Math.round((n - slider.min) / slider.step) * slider.step),
    )
  const low = snap(intParam(params.get(names[0])) ?? slider.min)
  const high = snap(intParam(params.get(names[1])) ?? slider.max)
  return low <= high ? [low, high] : [high, low]
}

/** Filters from the query string; anything missing or invalid takes its default, never an error. */
export function parseFilters(params: URLSearchParams): Filters {
  const availability = params.get('availability')
  return {
    status: params.get('status') === 'all' ? 'all' : 'verified',
    availability: availability === 'true' || availability === '1' || availability === 'on',
    ageRange: range(params, ['ageMin', 'ageMax'], AGE_SLIDER),
    priceRange: range(params, ['priceMin', 'priceMax'], PRICE_SLIDER),
  }
}

/**
 * Writes filters into a copy of `base` (other parameters kept), omitting every default so that
 * the same result always has the same URL.
 */
export function withFilters(base: URLSearchParams, filters: Filters): URLSearchParams {
  const params = new URLSearchParams(base)
  for (const name of FILTER_PARAMS) params.delete(name)
  if (filters.status !== DEFAULT_FILTERS.status) params.set('status', filters.status)
  if (filters.availability) params.set('availability', 'true')
  if (filters.ageRange[0] !== AGE_SLIDER.min) params.set('ageMin', String(filters.ageRange[0]))
  if (filters.ageRange[1] !== AGE_SLIDER.max) params.set('ageMax', String(filters.ageRange[1]))
  if (filters.priceRange[0] !== PRICE_SLIDER.min)
    params.set('priceMin', String(filters.priceRange[0]))
  if (filters.priceRange[1] !== PRICE_SLIDER.max)
    params.set('priceMax', String(filters.priceRange[1]))
  return params
}

/**
 * How many filter groups a visitor can change (availability, age, price) differ from the
 * defaults. Status is not one: every listed profile is approved, which the SPEC's verified rule
 * accepts, so 'verified' and 'all' give the same list and the dialog does not offer the choice
 * (issue 19 point 11); ?status=all stays a valid address, the city page's 'view all'.
 */
export function activeFilterCount(filters: Filters): number {
  return [
    filters.availability,
    filters.ageRange[0] !== AGE_SLIDER.min || filters.ageRange[1] !== AGE_SLIDER.max,
    filters.priceRange[0] !== PRICE_SLIDER.min || filters.priceRange[1] !== PRICE_SLIDER.max,
  ].filter(Boolean).length
}

export interface Bounds {
  min?: number
  max?: number
}

/** Age bounds to apply in a query: none at the defaults, no upper bound at 60 (SPEC §7). */
export function ageBounds(filters: Filters): Bounds {
  return boundsOf(filters.ageRange, AGE_SLIDER)
}

/** Hourly-rate bounds to apply in a query: none at the defaults, no upper bound at 1000. */
export function priceBounds(filters: Filters): Bounds {
  return boundsOf(filters.priceRange, PRICE_SLIDER)
}

function boundsOf([low, high]: [number, number], slider: { min: number; max: number }): Bounds {
  return {
    ...(low > slider.min ? { min: low } : {}),
    ...(high < slider.max ? { max: high } : {}),
  }
}
