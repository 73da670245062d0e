import { existsSync, mkdtempSync, readdirSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { count, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { localStorage } from '#app/platform/storage.server.ts'
import { db } from '#db/client.server.ts'
import { images, profileServices, profiles } from '#db/schema/profiles.ts'
import { cities, neighborhoods, services } from '#db/schema/reference.ts'
import { syncDemoData } from '#db/seed/demo.server.ts'
import { loadReferenceData } from '#db/seed/reference.server.ts'

const rows = async (table: typeof cities | typeof neighborhoods | typeof services) =>
  (await db().select({ n: count() }).from(table))[0]?.n

describe('reference data', () => {
  it('is loaded at start and loading again changes nothing', async () => {
    expect(await rows(cities)).toBe(48)
    expect(await rows(services)).toBe(6)
    const neighborhoodCount = await rows(neighborhoods)
    expect(neighborhoodCount).toBeGreaterThanOrEqual(40)
    await loadReferenceData(db())
    expect(await rows(cities)).toBe(48)
    expect(await rows(neighborhoods)).toBe(neighborhoodCount)
  })

  it('brings edited rows back to the built-in values', async () => {
    await db().update(cities).set({ name: 'Sampa' }).where(eq(cities.slug, 'sao-paulo'))
    await loadReferenceData(db())
    const [city] = await db().select().from(cities).where(eq(cities.slug, 'sao-paulo'))
    expect(city?.name).toBe('São Paulo')
  })

  it('supports accent-insensitive and fuzzy matching (unaccent, pg_trgm)', async () => {
    // Both extensions come from the first migration.
    const matches = await db()
      .select({ slug: cities.slug })
      .from(cities)
      .where(
        sql`unaccent(lower(${cities.name})) = 'brasilia' and similarity(${cities.name}, 'Brasilia') > 0.3`,
      )
    expect(matches).toEqual([{ slug: 'brasilia' }])
  })
})

describe('demo data', () => {
  it('creates 12 labelled demo profiles with services and images on an empty database', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aprova-media-'))
    const storage = localStorage(dataDir)
    const mediaDir = path.join(dataDir, 'media')
    await syncDemoData(db(), { enabled: true, storage })
    const demo = await db().select().from(profiles).where(eq(profiles.isDemo, true))
    expect(demo).toHaveLength(12)
    expect(new Set(demo.map((p) => p.citySlug))).toEqual(
      new Set(['sao-paulo', 'rio-de-janeiro', 'belo-horizonte']),
    )
    expect(demo.every((p) => p.status === 'approved' && p.visibilityStatus === 'active')).toBe(true)
    expect(new Set(demo.map((p) => p.membershipTier)).size).toBe(6)
    const [serviceLinks] = await db().select({ n: count() }).from(profileServices)
    expect(serviceLinks?.n).toBeGreaterThanOrEqual(12)
    const pictures = await db().select().from(images)
    expect(pictures.filter((p) => p.isCover)).toHaveLength(12)
    for (const picture of pictures) {
      for (const width of picture.variantWidths) {
        expect(existsSync(path.join(mediaDir, `${picture.storagePath}-${width}.webp`))).toBe(true)
      }
      expect(picture.fileHash).toMatch(/^[0-9a-f]{64}$/)
    }

    // Not seeded twice.
    await syncDemoData(db(), { enabled: true, storage })
    expect(await db().select({ n: count() }).from(profiles)).toEqual([{ n: 12 }])

    // Outside demo mode they are removed, with their images and service links.
    await syncDemoData(db(), { enabled: false, storage })
    expect(await db().select({ n: count() }).from(profiles)).toEqual([{ n: 0 }])
    expect(await db().select({ n: count() }).from(images)).toEqual([{ n: 0 }])
    const left = readdirSync(path.join(mediaDir, 'demo'), { recursive: true, withFileTypes: true })
    expect(left.filter((entry) => entry.isFile())).toEqual([])
  })
})
