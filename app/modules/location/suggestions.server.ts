import { type LocationSuggestion, suggestLocations } from '#app/domain/location-search.ts'
import { onPublicPagesChanged, publicCachesUsable } from '#app/modules/http/public-pages.server.ts'
import { type Database, db } from '#db/client.server.ts'
import { cities, neighborhoods } from '#db/schema/reference.ts'
import { cityListingCount, publicProfileCounts } from './places.server.ts'

type Places = Parameters<typeof suggestLocations>[1]
const COUNTS_TTL_MS = 60_000

// Reference places never change while running; profile counts are refreshed once a minute.
const placeCache = new WeakMap<Database, Promise<Omit<Places, 'counts'>>>()
type ProfileCounts = Awaited<ReturnType<typeof publicProfileCounts>>
let countsCache: { at: number; database: Database; value: Promise<ProfileCounts> } | undefined
// A profile shown or hidden changes the counts at once (the change feed).
onPublicPagesChanged(() => {
  countsCache = undefined
})

function placeIndex() {
  const database = db()
  let places = placeCache.get(database)
  if (!places) {
    places = Promise.all([
      database.select({ slug: cities.slug, name: cities.name, state: cities.state }).from(cities),
      database
        .select({
          citySlug: neighborhoods.citySlug,
          slug: neighborhoods.slug,
          name: neighborhoods.name,
        })
        .from(neighborhoods),
    ]).then(([cityRows, neighborhoodRows]) => ({
      cities: cityRows,
      neighborhoods: neighborhoodRows,
    }))
    places.catch(() => placeCache.delete(database))
    placeCache.set(database, places)
  }
  return places
}

/** Public profile counts, read again after each public change and at least once a minute. */
export function profileCounts(): Promise<ProfileCounts> {
  if (!publicCachesUsable()) return publicProfileCounts()
  const database = db()
  if (
    !countsCache ||
    countsCache.database !== database ||
    Date.now() - countsCache.at > COUNTS_TTL_MS
  ) {
    const value = publicProfileCounts()
    value.catch(() => {
      countsCache = undefined
    })
    countsCache = { at: Date.now(), database, value }
  }
  return countsCache.value
}

/**
 * Location suggestions for a typed query, with profile counts (SPEC §5): a city's is what its
 * listing shows, touring profiles included; a neighbourhood's, those based in it (its page's).
 */
export async function locationSuggestions(query: string): Promise<LocationSuggestion[]> {
  const [places, counts] = await Promise.all([placeIndex(), profileCounts()])
  const listed = new Map(
    places.cities.map((city) => [city.slug, cityListingCount(counts, city.slug)]),
  )
  return suggestLocations(query, {
    ...places,
    counts: { byCity: listed, byNeighborhood: counts.byNeighborhood },
  })
}
