// @ts-check
// `node scripts/bench-counters.mjs` (never part of `npm test`): what one rate-limit hit and one
// once-a-day check cost (issue 17) in each counter store: this process's memory (the only store
// before issue 17), PGlite, PostgreSQL and Redis. Each is measured through the limiters the
// routes use (keyed hash included) at 1 and 50 concurrent callers: operations a second and the
// p50 / p99 latency; then what the database's sweep of finished windows takes.
//
// Environment: BENCH_SECONDS (per measurement, default 3). PostgreSQL is measured with
// DATABASE_URL set (in a throwaway database, dropped at the end). Redis: REDIS_URL when set,
// else a redis-server of its own on a free port (REDIS_SERVER_PATH, default
// /usr/bin/redis-server), skipped when there is none. PGlite lives in a temporary directory.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { positiveNumber, print, table } from './bench-support.mjs'
import { typeScriptLoader } from './cli.mjs'

const seconds = positiveNumber('BENCH_SECONDS', 3)
const CONCURRENCY = [1, 50]
const SECRET = 'bench-secret-0123456789-abcdefghijklmn'
/** Distinct visitors the hits come from: most windows exist already, as on a busy site. */
const VISITORS = 5000
const PROFILES = 200

// The TypeScript modules load through Vite's SSR loader, as `npm run dev` and the CLIs do.
const vite = await typeScriptLoader()
const load = (/** @type {string} */ file) => vite.ssrLoadModule(file)
const { memoryCounterStore } = await load('/app/modules/security/counter-store.server.ts')
const { databaseCounterStore } = await load('/app/modules/security/database-counters.server.ts')
const { openRedisCounterStore } = await load('/app/modules/security/redis-counters.server.ts')
const { fixedWindowLimiter, dailyOnce } = await load('/app/modules/security/rate-limit.server.ts')
const { openDatabase } = await load('/db/client.server.ts')
const { createThrowawayDatabase } = await load('/tests/setup/test-database.ts')
const { startRedisServer } = await load('/tests/support/redis-server.ts')

/** @type {(() => Promise<unknown>)[]} */
const cleanUps = []

/**
 * Calls `operation` from `concurrency` callers for the measurement's time.
 * @param {(i: number) => Promise<unknown>} operation
 * @param {number} concurrency
 */
async function measure(operation, concurrency) {
  /** @type {number[]} */
  const latencies = []
  let next = 0
  const deadline = performance.now() + seconds * 1000
  const caller = async () => {
    while (performance.now() < deadline) {
      const started = performance.now()
      await operation(next++)
      latencies.push(performance.now() - started)
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: concurrency }, caller))
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const at = (/** @type {number} */ share) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0
  return { opsPerSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99) }
}

const formatOps = (/** @type {number} */ n) =>
  n >= 100_000 ? `${Math.round(n / 1000)}k` : Math.round(n).toLocaleString('en')
const formatMs = (/** @type {number} */ ms) =>
  ms < 0.1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(ms < 10 ? 2 : 1)} ms`

/** @typedef {{ name: string, store: any, sweep?: () => Promise<string> }} Subject */

/** @returns {Promise<Subject[]>} */
async function subjects() {
  /** @type {Subject[]} */
  const list = [{ name: 'memory (before issue 17)', store: memoryCounterStore() }]

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'aprova-bench-counters-'))
  const pglite = await openDatabase({ dataDir })
  await pglite.migrate()
  cleanUps.push(async () => {
    await pglite.close()
    await rm(dataDir, { recursive: true, force: true })
  })
  list.push(databaseSubject('PGlite', pglite, 'pglite'))

  if (process.env.DATABASE_URL) {
    const throwaway = await createThrowawayDatabase(process.env.DATABASE_URL)
    const postgres = await openDatabase({ url: throwaway.url })
    await postgres.migrate()
    cleanUps.push(async () => {
      await postgres.close()
      await throwaway.drop()
    })
    list.push(databaseSubject('PostgreSQL', postgres, 'postgres'))
  } else {
    print('PostgreSQL skipped: set DATABASE_URL (a throwaway database is made on that server).')
  }

  let redisUrl = process.env.REDIS_URL
  if (!redisUrl) {
    const server = await startRedisServer().catch((/** @type {Error} */ error) => {
      print(`Redis skipped: ${error.message.split('\n')[0]}`)
      return undefined
    })
    if (server) cleanUps.push(() => server.stop())
    redisUrl = server?.url
  }
  if (redisUrl) {
    const store = await openRedisCounterStore(redisUrl)
    if (!store.ready) throw new Error(`Redis at ${redisUrl} does not answer`)
    cleanUps.push(() => store.close())
    list.push({ name: 'Redis', store })
  }
  return list
}

/**
 * @param {string} name
 * @param {{ db: any }} handle
 * @param {'postgres' | 'pglite'} kind
 * @returns {Subject}
 */
function databaseSubject(name, handle, kind) {
  const store = databaseCounterStore(handle.db, kind)
  return {
    name,
    store,
    // What the 5-minute sweep costs with the table as the runs left it (nothing has expired
    // yet: a whole read of the table, the usual case between two sweeps).
    async sweep() {
      const result = await handle.db.execute(
        'select count(*)::integer as rows from shared_counters',
      )
      const rows = Number(/** @type {any} */ (result).rows[0]?.rows ?? 0)
      const started = performance.now()
      await store.sweep()
      return `${formatMs(performance.now() - started)} for ${rows.toLocaleString('en')} rows`
    },
  }
}

try {
  print(
    `Shared counters: ${seconds} s a measurement, ${VISITORS} visitors, ${os.cpus().length} CPUs`,
  )
  const rows = []
  const sweeps = []
  for (const { name, store, sweep } of await subjects()) {
    const counting = { store: () => store, secret: () => SECRET }
    const limiter = fixedWindowLimiter({
      name: 'bench',
      limit: 1_000_000,
      windowMs: 10 * 60_000,
      ...counting,
    })
    const once = dailyOnce({ name: 'bench-once', ...counting })
    const visitor = (/** @type {number} */ i) => `198.51.${(i % VISITORS) >> 8}.${i % 256}`
    const operations = {
      'limiter hit': (/** @type {number} */ i) => limiter.hit(visitor(i)),
      'once-a-day check': (/** @type {number} */ i) =>
        once.first(`${visitor(i * 7)} profile-${i % PROFILES}`),
    }
    for (const [operation, run] of Object.entries(operations)) {
      // A short warm-up: connections opened, statements planned, the JIT settled.
      for (let i = 0; i < 200; i++) await run(i)
      const cells = [name, operation]
      for (const concurrency of CONCURRENCY) {
        const result = await measure(run, concurrency)
        cells.push(formatOps(result.opsPerSecond), formatMs(result.p50), formatMs(result.p99))
      }
      rows.push(cells)
      print(`  ${cells.join('  ')}`)
    }
    if (sweep) sweeps.push(`${name}: ${await sweep()}`)
  }
  print()
  print(
    table(
      ['store', 'operation', 'ops/s ×1', 'p50 ×1', 'p99 ×1', 'ops/s ×50', 'p50 ×50', 'p99 ×50'],
      rows,
      2,
    ),
  )
  print()
  print(`Sweep of finished windows: ${sweeps.join('; ')}`)
} finally {
  for (const cleanUp of cleanUps.reverse()) await cleanUp().catch(() => undefined)
  await vite.close()
}
