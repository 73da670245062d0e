// Bulk seeding for load tests and benchmarks (`npm run seed:bulk -- --profiles N`): many
// realistic, invented, approved and active profiles spread over every built-in city. Loaded by
// scripts/seed-bulk.mjs through Vite, so it can import the TypeScript sources directly.
import { createHash } from 'node:crypto'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { count, eq, getTableColumns, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { IMAGE_VARIANT_WIDTHS } from '#app/domain/images.ts'
import type { MembershipTier } from '#app/domain/membership.ts'
import { normalizeSlug } from '#app/domain/slug.ts'
import { type MediaStorage, storageFor } from '#app/modules/media/storage.server.ts'
import { parseEnv } from '#server/env.server.ts'
import { type Database, openDatabase } from '../client.server.ts'
import { images, profileServices, profiles, reservedUsernames } from '../schema/profiles.ts'
import { type GeneratedArt, writePlaceholderArt } from './demo-art.server.ts'
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

// Invented first names and nature words: combined ('Aelina Brisa'), they make fictitious names.
const FIRST_NAMES = (
  'Aelina Alira Amarys Anaí Ariel Belisa Bryana Cailane Calina Celeny Dalila Darlena Deyse ' +
  'Elina Elowen Emyli Evany Fiorela Gabrielly Giane Halina Ianny Ilana Isys Jadna Jaísa Joyce ' +
  'Kaila Kamyla Kiara Laiane Lanna Leyla Lorena Luana Luzia Maeli Maiara Marjory Melina Mirela ' +
  'Naiara Nayane Nicoly Noemi Odara Olívia Paola Priscy Raíssa Rayane Rianny Sabrina Samyra ' +
  'Selena Sienna Taís Talita Thayná Valenna Vanessa Yara Yasmin Zaira Zoé Aléxis Bruno Caio ' +
  'Dante Enzo Iago Kauan Léo Nicolas Rafael Thales'
).split(' ')
const NATURE_WORDS = (
  'Aurora Areia Brisa Bruma Cachoeira Canela Cerejeira Coral Cristal Duna Estrela Flor Floresta ' +
  'Folha Girassol Hera Íris Jade Jasmim Lago Lavanda Lírio Lua Luar Magnólia Mar Maré Mel ' +
  'Montanha Névoa Nuvem Oceano Orquídea Orvalho Pérola Pétala Primavera Rio Rosa Safira Savana ' +
  'Serra Sol Solar Tempestade Terra Trovão Turquesa Vale Violeta Ventania Verão Aroeira Ipê ' +
  'Jacarandá Acácia Baía Cascata Cometa Eclipse Geada Horizonte Oásis Relâmpago Seiva'
).split(' ')

const OPENINGS = [
  (first: string) => `Olá! Aqui é ${first}.`,
  (first: string) => `Oi, tudo bem? Eu sou ${first}.`,
  (first: string) => `Prazer, ${first} por aqui.`,
  (first: string) => `Seja bem-vindo ao perfil de ${first}.`,
]
const MIDDLES = [
  'Gosto de boas conversas, cafés charmosos e exposições de arte.',
  'Tenho um jeito leve e bem-humorado e adoro conhecer pessoas novas.',
  'Sou ótima companhia para jantares, eventos e passeios pela cidade.',
  'Curto música ao vivo, bons vinhos e uma conversa sem pressa.',
  'Valorizo educação, gentileza e um clima tranquilo em cada encontro.',
  'Adoro viajar, ler e descobrir restaurantes diferentes.',
]
const CLOSINGS = [
  'Atendo com hora marcada, sempre com respeito e total discrição.',
  'Prefiro combinar tudo com antecedência pelo WhatsApp.',
  'Pontualidade e discrição são prioridade para mim.',
  'Responda com calma e vamos combinar o melhor horário.',
]

/** Most profiles are free; few pay for the top tier. Weights add up to 100. */
const TIER_WEIGHTS: [MembershipTier, number][] = [
  ['free', 55],
  ['basico', 15],
  ['bronze', 12],
  ['prata', 9],
  ['ouro', 6],
  ['vip_plus', 3],
]

/** Area code (DDD) of each built-in city, for invented WhatsApp numbers. */
const AREA_CODES: Record<string, string> = {
  'sao-paulo': '11',
  'rio-de-janeiro': '21',
  'belo-horizonte': '31',
  salvador: '71',
  fortaleza: '85',
  'porto-alegre': '51',
  brasilia: '61',
  recife: '81',
  curitiba: '41',
  goiania: '62',
  manaus: '92',
  belem: '91',
  guarulhos: '11',
  campinas: '19',
  'sao-luis': '98',
  maceio: '82',
  'sao-goncalo': '21',
  'campo-grande': '67',
  teresina: '86',
  'joao-pessoa': '83',
  'duque-de-caxias': '21',
  'nova-iguacu': '21',
  'sao-bernardo-do-campo': '11',
  natal: '84',
  'santo-andre': '11',
  sorocaba: '15',
  osasco: '11',
  uberlandia: '34',
  'ribeirao-preto': '16',
  'sao-jose-dos-campos': '12',
  'jaboatao-dos-guararapes': '81',
  cuiaba: '65',
  'feira-de-santana': '75',
  joinville: '47',
  contagem: '31',
  aracaju: '79',
  londrina: '43',
  florianopolis: '48',
  serra: '27',
  'juiz-de-fora': '32',
  'aparecida-de-goiania': '62',
  'campos-dos-goytacazes': '22',
  'porto-velho': '69',
  macapa: '96',
  'boa-vista': '95',
  'rio-branco': '68',
  vitoria: '27',
  palmas: '63',
}

const PALETTES: [string, string][] = [
  ['#1e3a8a', '#60a5fa'],
  ['#0f766e', '#99f6e4'],
  ['#9d174d', '#f9a8d4'],
  ['#7c2d12', '#fdba74'],
  ['#4c1d95', '#c4b5fd'],
  ['#14532d', '#86efac'],
  ['#713f12', '#fde047'],
  ['#831843', '#fbcfe8'],
  ['#1e293b', '#94a3b8'],
  ['#155e75', '#67e8f9'],
  ['#7f1d1d', '#fca5a5'],
  ['#3f6212', '#d9f99d'],
]

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32) seeded from any text. */
export function randomSource(seed: string) {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0)
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const chance = (probability: number) => next() < probability
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)]
    if (item === undefined) throw new Error('pick() from an empty list')
    return item
  }
  const weighted = <T>(items: readonly (readonly [T, number])[]): T => {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0)
    let target = next() * total
    for (const [item, weight] of items) {
      target -= weight
      if (target < 0) return item
    }
    const last = items.at(-1)
    if (!last) throw new Error('weighted() from an empty list')
    return last[0]
  }
  /** `n` distinct items in random order. */
  const sample = <T>(items: readonly T[], n: number): T[] => {
    const copy = [...items]
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1))
      ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
    }
    return copy.slice(0, n)
  }
  /** A version-4-shaped UUID drawn from the sequence. */
  const uuid = () => {
    const bytes = Buffer.alloc(16)
    for (let i = 0; i < 16; i += 4) bytes.writeUInt32LE(Math.floor(next() * 2 ** 32), i)
    bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
    bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
    const hex = bytes.toString('hex')
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  }
  return { next, int, chance, pick, weighted, sample, uuid }
}

/**
 * How many of `total` profiles each city gets: proportional to population (largest remainder),
 * with at least one per city whenever there are enough profiles to go round.
 */
export function apportionByPopulation(
  cityList: readonly { slug: string; population: number }[],
  total: number,
): Map<string, number> {
  const floor = total >= cityList.length ? 1 : 0
  const rest = total - floor * cityList.length
  const population = cityList.reduce((sum, c) => sum + c.population, 0)
  const shares = cityList.map((c) => {
    const exact = (rest * c.population) / population
    return { slug: c.slug, n: floor + Math.floor(exact), remainder: exact - Math.floor(exact) }
  })
  let left = total - shares.reduce((sum, s) => sum + s.n, 0)
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder)) {
    if (left <= 0) break
    share.n++
    left--
  }
  return new Map(shares.map((s) => [s.slug, s.n]))
}

/** Invented display names of 5 to 18 characters, e.g. 'Aelina Brisa'. */
function nameCombinations(): { first: string; name: string }[] {
  const names: { first: string; name: string }[] = []
  for (const first of FIRST_NAMES) {
    for (const word of NATURE_WORDS) {
      const name = `${first} ${word}`
      if (name.length >= 5 && name.length <= 18) names.push({ first, name })
    }
  }
  return names
}

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
          url: picture.url,
          isCover: i === 0,
          displayOrder: i,
          mediaType: 'image',
          verificationType: 'profile',
          createdAt,
          fileHash: picture.fileHash,
          fileSize: picture.fileSize,
          integrityVerified: true,
          storagePath: picture.storagePath,
          mimeType: 'image/webp',
          width: picture.width,
          height: picture.height,
          variantWidths: [...IMAGE_VARIANT_WIDTHS],
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
