import type { KnownSlugs } from '#app/domain/canonical.ts'
import { cities } from '#db/seed/reference/cities.ts'
import { neighborhoods } from '#db/seed/reference/neighborhoods.ts'
import { services } from '#db/seed/reference/services.ts'

let known: KnownSlugs | undefined

/**
 * The city, neighbourhood and service slugs the site knows: the built-in reference data, which
 * is also what every start loads into the database.
 */
export function knownSlugs(): KnownSlugs {
  if (known) return known
  const byCity = new Map<string, Set<string>>()
  for (const neighborhood of neighborhoods) {
    const set = byCity.get(neighborhood.citySlug) ?? new Set<string>()
    set.add(neighborhood.slug)
    byCity.set(neighborhood.citySlug, set)
  }
  known = {
    cities: new Set(cities.map((city) => city.slug)),
    services: new Set(services.map((service) => service.slug)),
    neighborhoods: byCity,
  }
  return known
}

let places: Set<string> | undefined

/** Slugs of every city and neighbourhood name (a working name may not be a place, SPEC §5). */
export function placeSlugs(): ReadonlySet<string> {
  places ??= new Set([
    ...knownSlugs().cities,
    ...[...knownSlugs().neighborhoods.values()].flatMap((set) => [...set]),
  ])
  return places
}
