import { and, asc, count, eq } from 'drizzle-orm'
import { stateName } from '#app/domain/states.ts'
import { db } from '#db/client.server.ts'
import { profiles } from '#db/schema/profiles.ts'
import { cities } from '#db/schema/reference.ts'

export interface DirectoryCity {
  slug: string
  name: string
  /** Public profiles based in the city (touring visitors are not counted: they live elsewhere). */
  profileCount: number
}

export interface DirectoryState {
  code: string
  name: string
  profileCount: number
  cities: DirectoryCity[]
}

/**
 * Every city with public profiles based in it, grouped by state (states and cities by name),
 * with the number of those profiles: the /{lang}/cidades page. One query.
 */
export async function citiesByState(): Promise<DirectoryState[]> {
  const rows = await db()
    .select({
      slug: cities.slug,
      name: cities.name,
      state: cities.state,
      profileCount: count(profiles.id),
    })
    .from(cities)
    .innerJoin(profiles, eq(profiles.citySlug, cities.slug))
    .where(and(eq(profiles.status, 'approved'), eq(profiles.visibilityStatus, 'active')))
    .groupBy(cities.slug, cities.name, cities.state)
    .orderBy(asc(cities.name))
  const states = new Map<string, DirectoryState>()
  for (const row of rows) {
    let state = states.get(row.state)
    if (!state) {
      state = { code: row.state, name: stateName(row.state), profileCount: 0, cities: [] }
      states.set(row.state, state)
    }
    state.profileCount += row.profileCount
    state.cities.push({ slug: row.slug, name: row.name, profileCount: row.profileCount })
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'pt')
  for (const state of states.values()) state.cities.sort(byName)
  return [...states.values()].sort(byName)
}
