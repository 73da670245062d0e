import { inArray } from 'drizzle-orm'
import { NAVIGATION_CITY_SLUGS } from '#app/domain/navigation.ts'
import { type Database, db } from '#db/client.server.ts'
import { cities } from '#db/schema/reference.ts'

export type NavigationCities = Record<string, string>

// Reference data changes only at start-up, so the names are read once per database.
const cache = new WeakMap<Database, Promise<NavigationCities>>()

/** Names of the cities in the header and footer, by slug. */
export function navigationCities(): Promise<NavigationCities> {
  const database = db()
  let names = cache.get(database)
  if (!names) {
    names = database
      .select({ slug: cities.slug, name: cities.name })
      .from(cities)
      .where(inArray(cities.slug, NAVIGATION_CITY_SLUGS))
      .then((rows) => Object.fromEntries(rows.map((row) => [row.slug, row.name])))
    names.catch(() => cache.delete(database))
    cache.set(database, names)
  }
  return names
}
