import { getTableColumns, type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Database } from '#db/client.server.ts'
import { cities, neighborhoods, services } from '#db/schema/reference.ts'
import { cities as citySeeds } from './reference/cities.ts'
import { neighborhoods as neighborhoodSeeds } from './reference/neighborhoods.ts'
import { services as serviceSeeds } from './reference/services.ts'

/** `set` clause that overwrites every non-key column with the incoming row. */
function overwriteAll(table: PgTable, keys: string[]): Record<string, SQL> {
  const set: Record<string, SQL> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (!keys.includes(key)) set[key] = sql.raw(`excluded."${column.name}"`)
  }
  return set
}

/**
 * Loads the built-in cities, neighbourhoods and services. Idempotent: runs at every start and
 * brings existing rows up to date with the files in db/seed/reference, in one transaction.
 */
export async function loadReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(cities)
      .values(
        citySeeds.map((c) => ({
          slug: c.slug,
          name: c.name,
          state: c.state,
          region: c.region,
          lat: c.lat,
          lng: c.lng,
          population: c.population,
          descriptionPt: c.description.pt,
          descriptionEn: c.description.en,
        })),
      )
      .onConflictDoUpdate({ target: cities.slug, set: overwriteAll(cities, ['slug']) })
    await tx
      .insert(neighborhoods)
      .values(
        neighborhoodSeeds.map((n) => ({
          citySlug: n.citySlug,
          slug: n.slug,
          name: n.name,
          population: n.population,
          descriptionPt: n.description.pt,
          descriptionEn: n.description.en,
          landmarks: n.landmarks,
        })),
      )
      .onConflictDoUpdate({
        target: [neighborhoods.citySlug, neighborhoods.slug],
        set: overwriteAll(neighborhoods, ['citySlug', 'slug']),
      })
    await tx
      .insert(services)
      .values(
        serviceSeeds.map((s, index) => ({
          slug: s.slug,
          namePt: s.name.pt,
          nameEn: s.name.en,
          descriptionPt: s.description.pt,
          descriptionEn: s.description.en,
          keywordsPt: s.keywords.pt,
          keywordsEn: s.keywords.en,
          metaDescriptionPt: s.metaDescription.pt,
          metaDescriptionEn: s.metaDescription.en,
          contentPt: s.content.pt,
          contentEn: s.content.en,
          displayOrder: index,
        })),
      )
      .onConflictDoUpdate({ target: services.slug, set: overwriteAll(services, ['slug']) })
  })
}
