import { type LocationSuggestion, suggestLocations } from '#app/domain/location-search.ts'
import { type Database, db } from '#db/client.server.ts'
import { cities, neighborhoods } from '#db/schema/reference.ts'
import { publicProfileCounts } from './places.server.ts'

type Places = Parameters<typeof suggestLocations>[1]
const COUNTS_TTL_MS = 60_000

// Reference places never change while running; profile counts are refreshed once a minute.
const placeCache = new WeakMap<Database, Promise<Omit<Places, 'counts'>>>()
type ProfileCounts = Awaited<ReturnType<typeof publicProfileCounts>>
let countsCache: { at: number; database: Database; value: Promise<ProfileCounts> } | undefined

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

/** Public profile counts, refreshed at most once a minute. */
export function profileCounts(): Promise<ProfileCounts> {
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

/** Location suggestions for a typed query, with profile counts (SPEC §5). */
export async function locationSuggestions(query: string): Promise<LocationSuggestion[]> {
  const [places, counts] = await Promise.all([placeIndex(), profileCounts()])
  return suggestLocations(query, { ...places, counts })
}
