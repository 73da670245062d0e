import { and, asc, eq, sql } from 'drizzle-orm'
import { db } from '#db/client.server.ts'
import { profiles } from '#db/schema/profiles.ts'
import { cities, neighborhoods, services } from '#db/schema/reference.ts'

// Reference lookups for listing pages (primary-key reads of small tables). Anything that is not
// a slug (a NUL byte, 10 KB of text) is unknown without asking the database.

const SLUG = /^[a-z0-9-]{1,80}$/
const isSlug = (value: string) => SLUG.test(value)

export async function findCity(slug: string) {
  if (!isSlug(slug)) return undefined
  const [city] = await db().select().from(cities).where(eq(cities.slug, slug)).limit(1)
  return city
}

export async function findNeighborhood(citySlug: string, slug: string) {
  if (!isSlug(citySlug) || !isSlug(slug)) return undefined
  const [neighborhood] = await db()
    .select()
    .from(neighborhoods)
    .where(and(eq(neighborhoods.citySlug, citySlug), eq(neighborhoods.slug, slug)))
    .limit(1)
  return neighborhood
}

export async function cityNeighborhoods(citySlug: string) {
  return db()
    .select({ slug: neighborhoods.slug, name: neighborhoods.name })
    .from(neighborhoods)
    .where(eq(neighborhoods.citySlug, citySlug))
    .orderBy(asc(neighborhoods.name))
}

export async function findService(slug: string) {
  if (!isSlug(slug)) return undefined
  const [service] = await db().select().from(services).where(eq(services.slug, slug)).limit(1)
  return service
}

export async function allServices() {
  return db().select().from(services).orderBy(asc(services.displayOrder))
}

export type ServiceRow = Awaited<ReturnType<typeof allServices>>[number]

/** Public profiles per city and per neighbourhood, for suggestions and counts (one query). */
export async function publicProfileCounts(): Promise<{
  byCity: Map<string, number>
  byNeighborhood: Map<string, number>
  total: number
  availableNow: Map<string, number>
  /** Touring profiles: all of them, and by the city they are based in. */
  touring: { total: number; byCity: Map<string, number> }
}> {
  const rows = await db()
    .select({
      citySlug: profiles.citySlug,
      neighborhoodSlug: profiles.neighborhoodSlug,
      n: sql<number>`count(*)::int`,
      available: sql<number>`(count(*) filter (where ${profiles.showAvailabilityStatus} and ${profiles.availableNow}))::int`,
      touring: sql<number>`(count(*) filter (where ${profiles.touringAvailable}))::int`,
    })
    .from(profiles)
    .where(and(eq(profiles.status, 'approved'), eq(profiles.visibilityStatus, 'active')))
    .groupBy(profiles.citySlug, profiles.neighborhoodSlug)
  const byCity = new Map<string, number>()
  const byNeighborhood = new Map<string, number>()
  const availableNow = new Map<string, number>()
  const touring = { total: 0, byCity: new Map<string, number>() }
  let total = 0
  for (const row of rows) {
    total += row.n
    touring.total += row.touring
    if (!row.citySlug) continue
    byCity.set(row.citySlug, (byCity.get(row.citySlug) ?? 0) + row.n)
    touring.byCity.set(row.citySlug, (touring.byCity.get(row.citySlug) ?? 0) + row.touring)
    availableNow.set(row.citySlug, (availableNow.get(row.citySlug) ?? 0) + row.available)
    if (row.neighborhoodSlug) {
      const key = `${row.citySlug}/${row.neighborhoodSlug}`
      byNeighborhood.set(key, (byNeighborhood.get(key) ?? 0) + row.n)
    }
  }
  return { byCity, byNeighborhood, total, availableNow, touring }
}

/**
 * How many profiles a city's listing shows (issue 19 point 2): those based there and every
 * touring profile based elsewhere (SPEC §7 city rule), the same count as the city page's.
 */
export function cityListingCount(
  counts: Pick<Awaited<ReturnType<typeof publicProfileCounts>>, 'byCity' | 'touring'>,
  citySlug: string,
): number {
  const local = counts.byCity.get(citySlug) ?? 0
  return local + counts.touring.total - (counts.touring.byCity.get(citySlug) ?? 0)
}
