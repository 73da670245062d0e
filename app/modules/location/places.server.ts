import { and, asc, eq, sql } from 'drizzle-orm'
import { type Database, db } from '#db/client.server.ts'
import { profiles } from '#db/schema/profiles.ts'
import { cities, neighborhoods, services } from '#db/schema/reference.ts'

// Reference lookups for listing pages (primary-key reads of small tables). Anything that is not
// a slug (a NUL byte, 10 KB of text) is unknown without asking the database.

const SLUG = /^[a-z0-9-]{1,80}$/
const isSlug = (value: string) => SLUG.test(value)

// The reference tables are written only at start-up (db/seed/reference.server.ts), so each
// process answers a lookup from memory for a minute instead of asking on every page (issue 24:
// three round trips of a city page). Bounded: unknown slugs are remembered too.
const REFERENCE_MEMO_MS = 60_000
const REFERENCE_MEMO_ENTRIES = 2000
let reference:
  | { database: Database; until: number; values: Map<string, Promise<unknown>> }
  | undefined

/** `read()`'s answer for `key`, shared by every request of the same minute and database. */
function remembered<T>(key: string, read: () => Promise<T>): Promise<T> {
  const database = db()
  const now = Date.now()
  if (!reference || reference.database !== database || reference.until <= now) {
    reference = { database, until: now + REFERENCE_MEMO_MS, values: new Map() }
  }
  const { values } = reference
  const known = values.get(key) as Promise<T> | undefined
  if (known) return known
  if (values.size >= REFERENCE_MEMO_ENTRIES) values.clear()
  // A Drizzle query is a thenable that runs again on each await: held as one promise.
  const value = Promise.resolve(read())
  // A failed read is asked again by the next request.
  value.catch(() => values.delete(key))
  values.set(key, value)
  return value
}

export async function findCity(slug: string) {
  if (!isSlug(slug)) return undefined
  return remembered(`city\n${slug}`, async () => {
    const [city] = await db().select().from(cities).where(eq(cities.slug, slug)).limit(1)
    return city
  })
}

export async function findNeighborhood(citySlug: string, slug: string) {
  if (!isSlug(citySlug) || !isSlug(slug)) return undefined
  return remembered(`neighborhood\n${citySlug}\n${slug}`, async () => {
    const [neighborhood] = await db()
      .select()
      .from(neighborhoods)
      .where(and(eq(neighborhoods.citySlug, citySlug), eq(neighborhoods.slug, slug)))
      .limit(1)
    return neighborhood
  })
}

/** The city's neighbourhoods by name; shared between requests: never to be changed in place. */
export async function cityNeighborhoods(citySlug: string) {
  return remembered(`neighborhoods\n${citySlug}`, () =>
    db()
      .select({ slug: neighborhoods.slug, name: neighborhoods.name })
      .from(neighborhoods)
      .where(eq(neighborhoods.citySlug, citySlug))
      .orderBy(asc(neighborhoods.name)),
  )
}

export async function findService(slug: string) {
  if (!isSlug(slug)) return undefined
  return remembered(`service\n${slug}`, async () => {
    const [service] = await db().select().from(services).where(eq(services.slug, slug)).limit(1)
    return service
  })
}

/** Every service in display order; shared between requests: never to be changed in place. */
export async function allServices() {
  return remembered('services', () =>
    db().select().from(services).orderBy(asc(services.displayOrder)),
  )
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
