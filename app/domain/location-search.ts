import { normalizeSlug } from './slug.ts'
import { stateAnchor, stateName } from './states.ts'

// Location search (SPEC §5): from 2 characters, case- and accent-insensitive, at most 8
// suggestions, cities first, then states (by name or by code: 'Bahia', 'SP'; issue 19 point 10),
// then neighbourhoods.

export const LOCATION_QUERY_MIN = 2
export const LOCATION_SUGGESTION_LIMIT = 8

export interface LocationSuggestion {
  type: 'city' | 'state' | 'neighborhood'
  name: string
  /** A city's or neighbourhood's slug; a state's code in lower case ('sp'). */
  slug: string
  /** City slug of a neighbourhood; null for a city or a state. */
  parent: string | null
  /** 'Moema, São Paulo', 'São Paulo, SP', or a state's name ('São Paulo'). */
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
  const stateCodes = [...new Set(places.cities.map((c) => c.state))]
  const stateCounts = new Map<string, number>()
  for (const city of places.cities) {
    const count = places.counts.byCity.get(city.slug) ?? 0
    stateCounts.set(city.state, (stateCounts.get(city.state) ?? 0) + count)
  }
  const states = stateCodes
    .flatMap((code) => {
      const name = stateName(code)
      // A code is matched whole ('sp', 'ba'), a name like any other place's.
      const rank = fold(code) === folded ? 0 : matchRank(name, folded)
      return rank === undefined ? [] : [{ code, name, rank, count: stateCounts.get(code) ?? 0 }]
    })
    .sort((a, b) => a.rank - b.rank || b.count - a.count || a.name.localeCompare(b.name))
    .map(
      (state): LocationSuggestion => ({
        type: 'state',
        name: state.name,
        slug: stateAnchor(state.code),
        parent: null,
        fullName: state.name,
        profileCount: state.count,
      }),
    )
  return [...cities, ...states, ...neighborhoods].slice(0, LOCATION_SUGGESTION_LIMIT)
}
