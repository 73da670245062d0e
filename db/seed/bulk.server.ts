// Bulk seeding for load tests and benchmarks (`npm run seed:bulk -- --profiles N`): many
// realistic, invented, approved and active profiles spread over every built-in city. Loaded by
// scripts/seed-bulk.mjs through Vite, so it can import the TypeScript sources directly.
import path from 'node:path'
import { parseArgs } from 'node:util'
import { count, eq, getTableColumns, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { normalizeSlug } from '#app/domain/slug.ts'
import { parseEnv } from '#app/platform/env.server.ts'
import { type MediaStorage, storageFor } from '#app/platform/storage.server.ts'
import { type Database, openDatabase } from '#db/client.server.ts'
import { images, profileServices, profiles, reservedUsernames } from '#db/schema/profiles.ts'
import {
  AREA_CODES,
  CLOSINGS,
  MIDDLES,
  nameCombinations,
  OPENINGS,
  PALETTES,
  TIER_WEIGHTS,
} from './bulk-material.ts'
import { apportionByPopulation, randomSource } from './bulk-random.ts'
import { type GeneratedArt, placeholderImageRow, writePlaceholderArt } from './demo-art.server.ts'
import { cities as citySeeds } from './reference/cities.ts'
import { neighborhoods as neighborhoodSeeds } from './reference/neighborhoods.ts'
import { services as serviceSeeds } from './reference/services.ts'
import { loadReferenceData } from './reference.server.ts'

const DAY_MS = 86_400_000
const CREATED_WITHIN_DAYS = 730
/** Distinct placeholder pictures every bulk image row points at (storage paths bulk/art-NN). */
export const BULK_ART_POOL_SIZE = 24
/** Profiles written per transaction (one INSERT each for profiles, services and images). */
const DEFAULT_BATCH_SIZE = 1000

/** Writes the shared pool of placeholder pictures (bulk/art-01 …) to the public area. */
export async function writeBulkArtPool(storage: MediaStorage): Promise<GeneratedArt[]> {
  return Promise.all(
    Array.from({ length: BULK_ART_POOL_SIZE }, (_, i) =>
      writePlaceholderArt(
        storage,
        `bulk/art-${String(i + 1).padStart(2, '0')}`,
        PALETTES[i % PALETTES.length] as [string, string],
      ),
    ),
  )
}

export interface BulkSeedOptions {
  profiles: number
  /** Same seed, same starting database: same profiles. */
  seed: number
  /** Where the picture pool is written. */
  storage: MediaStorage
  /** The picture pool, when already written (writeBulkArtPool); written here otherwise. */
  art?: GeneratedArt[]
  batchSize?: number
  now?: Date
}

export interface BulkSeedResult {
  profiles: number
  images: number
  services: number
  cities: number
}

/**
 * Inserts `options.profiles` approved, active, bulk-created profiles with their services and
 * pictures (rows pointing at a shared pool of placeholder files), one transaction per batch.
 * Reference data must be loaded. Running it again adds more profiles (fresh usernames).
 */
export async function seedBulkProfiles(
  db: Database,
  options: BulkSeedOptions,
): Promise<BulkSeedResult> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE
  const now = options.now ?? new Date()
  const art = options.art ?? (await writeBulkArtPool(options.storage))

  // Earlier bulk runs shift the sequence, so a second run adds different profiles (and ids).
  const [previous] = await db
    .select({ n: count() })
    .from(profiles)
    .where(eq(profiles.bulkCreated, true))
  const random = randomSource(`bulk:${options.seed}:${previous?.n ?? 0}`)
  const taken = new Set<string>()
  for (const row of await db.select({ username: profiles.username }).from(profiles)) {
    taken.add(row.username)
  }
  for (const row of await db
    .select({ username: reservedUsernames.username })
    .from(reservedUsernames)) {
    taken.add(row.username)
  }

  // One city per profile, in a shuffled order so that batches mix cities.
  const perCity = apportionByPopulation(citySeeds, options.profiles)
  const citySlots = random.sample(
    citySeeds.flatMap((c) => Array.from({ length: perCity.get(c.slug) ?? 0 }, () => c)),
    options.profiles,
  )
  const neighborhoodsOf = new Map<string, [string, number][]>()
  for (const n of neighborhoodSeeds) {
    const list = neighborhoodsOf.get(n.citySlug) ?? []
    list.push([n.slug, n.population])
    neighborhoodsOf.set(n.citySlug, list)
  }
  const names = nameCombinations()
  const serviceSlugs = serviceSeeds.map((s) => s.slug)

  const uniqueUsername = (name: string) => {
    const base = normalizeSlug(name)
    let username = base
    for (let n = 2; taken.has(username); n++) username = `${base}-${n}`
    taken.add(username)
    return username
  }

  const result: BulkSeedResult = { profiles: 0, images: 0, services: 0, cities: 0 }
  result.cities = [...perCity.values()].filter((n) => n > 0).length
  for (let start = 0; start < options.profiles; start += batchSize) {
    const profileRows: (typeof profiles.$inferInsert)[] = []
    const serviceRows: (typeof profileServices.$inferInsert)[] = []
    const imageRows: (typeof images.$inferInsert)[] = []
    for (const city of citySlots.slice(start, start + batchSize)) {
      const id = random.uuid()
      const { first, name } = random.pick(names)
      const username = uniqueUsername(name)
      const createdAt = new Date(now.getTime() - random.next() * CREATED_WITHIN_DAYS * DAY_MS)
      const sinceCreated = now.getTime() - createdAt.getTime()
      const updatedAt = new Date(createdAt.getTime() + random.next() * sinceCreated)
      const tier = random.weighted(TIER_WEIGHTS)
      const paid = tier !== 'free'
      const isPremium = tier === 'vip_plus' || tier === 'ouro'
      const tierExpiresAt = paid ? new Date(now.getTime() + random.int(1, 60) * DAY_MS) : null
      // Younger ages are more common; 18 to 55.
      const age = 18 + Math.floor(random.next() ** 1.6 * 38)
      // Paid tiers lean a little more expensive; multiples of 50 from 150 to 1200.
      const steps = Math.floor(random.next() ** 1.4 * 18) + (isPremium ? 4 : paid ? 2 : 0)
      const hourlyRate = 150 + 50 * Math.min(steps, 21)
      const showAvailabilityStatus = random.chance(0.4)
      const neighborhoods = neighborhoodsOf.get(city.slug)
      const handle = username.replaceAll('-', '_')
      profileRows.push({
        id,
        name,
        workingName: name,
        username,
        age,
        city: city.name,
        citySlug: city.slug,
        neighborhoodSlug: neighborhoods ? random.weighted(neighborhoods) : null,
        description: [
          random.pick(OPENINGS)(first),
          random.pick(MIDDLES),
          random.pick(CLOSINGS),
        ].join(' '),
        hourlyRate,
        isPremium,
        membershipTier: tier,
        tierExpiresAt,
        tierUpgradedAt: paid ? updatedAt : null,
        premiumExpiresAt: isPremium ? tierExpiresAt : null,
        status: 'approved',
        visibilityStatus: 'active',
        verificationStatus: 'approved',
        documentVerificationStatus: 'approved',
        // Checked as of the seeding, so the 6-month calendar treats them like real profiles.
        verifiedAt: now,
        videoVerificationStatus: random.chance(0.3) ? 'approved' : 'not_submitted',
        contactVerified: random.chance(0.9),
        // Inside the 9 0000 xxxx block the demo data uses too: never somebody's real number
        // spelled at random.
        whatsapp: `+55${AREA_CODES[city.slug] ?? '11'}90000${String(random.int(0, 9999)).padStart(4, '0')}`,
        telegram: random.chance(0.35) ? handle : null,
        xHandle: random.chance(0.25) ? handle : null,
        touringAvailable: random.chance(0.15),
        showAvailabilityStatus,
        availableNow: showAvailabilityStatus && random.chance(0.5),
        createdAt,
        updatedAt,
        termsAcceptedAt: createdAt,
        bulkCreated: true,
        bulkCreatedAt: now,
        isDemo: false,
      })
      for (const serviceSlug of random.sample(serviceSlugs, random.int(1, 4))) {
        serviceRows.push({ profileId: id, serviceSlug })
      }
      random.sample(art, random.int(1, 5)).forEach((picture, i) => {
        imageRows.push({
          id: random.uuid(),
          profileId: id,
          createdAt,
          ...placeholderImageRow(picture, i),
        })
      })
    }
    await db.transaction(async (tx) => {
      await insertJson(tx, profiles, profileRows)
      await insertJson(tx, profileServices, serviceRows)
      await insertJson(tx, images, imageRows)
    })
    result.profiles += profileRows.length
    result.services += serviceRows.length
    result.images += imageRows.length
  }
  return result
}

/**
 * INSERTs many rows in one statement with a single JSON parameter: much faster than thousands of
 * bind parameters (PGlite especially) and free of PostgreSQL's 65,535-parameter limit. Columns
 * are those of the first row; every row must give the same ones.
 */
async function insertJson<T extends PgTable>(
  tx: Pick<Database, 'execute'>,
  table: T,
  rows: T['$inferInsert'][],
): Promise<void> {
  const first = rows[0]
  if (!first) return
  const columns = getTableColumns(table)
  const keys = Object.keys(first)
  const names = keys.map((key) => {
    const column = columns[key]
    if (!column) throw new Error(`unknown column ${key}`)
    return column.name
  })
  const list = sql.raw(names.map((name) => `"${name}"`).join(', '))
  const data = rows.map((row) =>
    Object.fromEntries(keys.map((key, i) => [names[i], (row as Record<string, unknown>)[key]])),
  )
  await tx.execute(
    sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${JSON.stringify(data)}::json)`,
  )
}

const USAGE = `Usage: npm run seed:bulk -- --profiles N [--data-dir DIR] [--seed S]

Inserts N invented, approved and active profiles into the database the server uses
(DATABASE_URL, else PGlite in DATA_DIR/db; --data-dir overrides DATA_DIR).`

/** Command line of `npm run seed:bulk`; returns the exit code. */
export async function runBulkSeedCli(argv: string[]): Promise<number> {
  const parse = () =>
    parseArgs({
      args: argv,
      options: {
        profiles: { type: 'string' },
        'data-dir': { type: 'string' },
        seed: { type: 'string', default: '1' },
        'batch-size': { type: 'string', default: String(DEFAULT_BATCH_SIZE) },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values
  let values: ReturnType<typeof parse>
  try {
    values = parse()
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`)
    return 2
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  const wholeNumber = (name: string, text: string | undefined, min: number) => {
    const n = Number(text)
    if (text === undefined || !Number.isInteger(n) || n < min) {
      throw new Error(`--${name} must be a whole number of at least ${min} (got ${text ?? 'none'})`)
    }
    return n
  }
  let total: number
  let seed: number
  let batchSize: number
  try {
    total = wholeNumber('profiles', values.profiles, 1)
    seed = wholeNumber('seed', values.seed, 0)
    batchSize = wholeNumber('batch-size', values['batch-size'], 1)
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`)
    return 2
  }

  const started = performance.now()
  const source = { ...process.env }
  if (values['data-dir']) source.DATA_DIR = values['data-dir']
  const env = parseEnv(source, 'production')
  const storage = storageFor(env)
  // Pictures are drawn on sharp's worker threads while the database opens and migrates.
  const art = writeBulkArtPool(storage)
  art.catch(() => {}) // awaited below; avoids an unhandled rejection if opening fails first
  const handle = await openDatabase(
    env.databaseUrl ? { url: env.databaseUrl } : { dataDir: path.join(env.dataDir, 'db') },
  )
  try {
    await handle.withStartupLock(async () => {
      await handle.migrate()
      await loadReferenceData(handle.db)
    })
    const result = await seedBulkProfiles(handle.db, {
      profiles: total,
      seed,
      batchSize,
      storage,
      art: await art,
    })
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    const where = handle.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${env.dataDir})`
    process.stdout.write(
      `Seeded ${result.profiles} profiles (${result.services} services, ${result.images} images, ` +
        `${result.cities} cities, seed ${seed}) into ${where} in ${seconds} s\n`,
    )
    return 0
  } finally {
    await handle.close()
  }
}
