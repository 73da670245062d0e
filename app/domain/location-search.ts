import { normalizeSlug } from './slug.ts'

// Location search (SPEC §5): from 2 characters, case- and accent-insensitive, at most 8
// suggestions, cities first, then neighbourhoods.

export const LOCATION_QUERY_MIN = 2
export const LOCATION_SUGGESTION_LIMIT = 8

export interface LocationSuggestion {
  type: 'city' | 'neighborhood'
  name: string
  slug: string
  /** City slug of a neighbourhood; null for a city. */
  parent: string | null
  /** 'Moema, São Paulo' or 'São Paulo, SP'. */
  fullName: string
  profileCount: number
}

export interface PlaceIndexCity {
  slug: string
  name: string
  state: string
}

export interface PlaceIndexNeighborhood {
  citySlug: string
  slug: string
  name: string
}

/** Folds a name or query for comparison: lowercase, no accents, words joined by single spaces. */
function fold(text: string): string {
  return normalizeSlug(text).replace(/-/g, ' ')
}

/** 0 when the name starts with the query, 1 when a word does, 2 when it merely contains it. */
function matchRank(name: string, query: string): number | undefined {
  const folded = fold(name)
  if (folded.startsWith(query)) return 0
  if (folded.includes(` ${query}`)) return 1
  if (folded.includes(query)) return 2
  return undefined
}

/** Suggestions for a typed query; fewer than 2 meaningful characters give none. */
export function suggestLocations(
  query: string,
  places: {
    cities: PlaceIndexCity[]
    neighborhoods: PlaceIndexNeighborhood[]
    counts: { byCity: Map<string, number>; byNeighborhood: Map<string, number> }
  },
): LocationSuggestion[] {
  const folded = fold(query)
  if (folded.replace(/ /g, '').length < LOCATION_QUERY_MIN) return []
  const cityName = new Map(places.cities.map((c) => [c.slug, c.name]))
  const ranked = <T>(items: T[], name: (item: T) => string, count: (item: T) => number) =>
    items
      .flatMap((item) => {
        const rank = matchRank(name(item), folded)
        return rank === undefined ? [] : [{ item, rank, count: count(item) }]
      })
      .sort(
        (a, b) => a.rank - b.rank || b.count - a.count || name(a.item).localeCompare(name(b.item)),
      )
  const cities = ranked(
    places.cities,
    (c) => c.name,
    (c) => places.counts.byCity.get(c.slug) ?? 0,
  ).map(
    ({ item, count }): LocationSuggestion => ({
      type: 'city',
      name: item.name,
      slug: item.slug,
      parent: null,
      fullName: `${item.name}, ${item.state}`,
      profileCount: count,
    }),
  )
  const neighborhoods = ranked(
    places.neighborhoods,
    (n) => n.name,
    (n) => places.counts.byNeighborhood.get(`${n.citySlug}/${n.slug}`) ?? 0,
  ).map(
    ({ item, count }): LocationSuggestion => ({
      type: 'neighborhood',
      name: item.name,
      slug: item.slug,
      parent: item.citySlug,
      fullName: `${item.name}, ${cityName.get(item.citySlug) ?? item.citySlug}`,
      profileCount: count,
    }),
  )
  return [...cities, ...neighborhoods].slice(0, LOCATION_SUGGESTION_LIMIT)
}
