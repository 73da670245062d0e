// @ts-check
// `npm run bench` (never part of `npm test`): seeds a throwaway database with bulk profiles,
// serves the production build on a free port of 127.0.0.1 and measures a few pages with
// autocannon at 1 and 50 concurrent connections, plus the server's peak resident memory.
//
// Environment: BENCH_SECONDS (per measurement, default 5), BENCH_PROFILES (default 10000),
// BENCH_URLS (comma-separated paths, default below). With DATABASE_URL set, the data goes to a
// throwaway database created on that PostgreSQL and dropped at the end; otherwise to PGlite in a
// temporary DATA_DIR.
import { execFile, spawn, spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import autocannon from 'autocannon'
import { createServerStorage, startServer } from '../tests/e2e/server-process.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const serverBundle = path.join(root, 'build', 'server', 'index.js')

const DEFAULT_URLS = [
  '/pt/',
  '/pt/acompanhantes/sao-paulo',
  '/pt/buscar?ageMin=25&priceMax=500',
  '/en/',
]
const CONNECTIONS = [1, 50]
const RSS_SAMPLE_MS = 250
const IDLE_SAMPLE_MS = 300
// What a browser sends: compressed HTML, a non-bot user agent (bots get the fully rendered,
// non-streamed document).
const HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8',
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 ' +
    'Safari/537.36',
}

/** @param {string} name @param {number} fallback */
function positiveNumber(name, fallback) {
  const text = process.env[name]
  if (text === undefined || text === '') return fallback
  const value = Number(text)
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number (got '${text}')`)
    process.exit(2)
  }
  return value
}

const seconds = positiveNumber('BENCH_SECONDS', 5)
const profileCount = Math.round(positiveNumber('BENCH_PROFILES', 10_000))
const urls = process.env.BENCH_URLS
  ? process.env.BENCH_URLS.split(',').map((u) => u.trim())
  : DEFAULT_URLS
const print = (/** @type {string} */ line = '') => process.stdout.write(`${line}\n`)

/** Builds the site when there is no build yet (`npm run build` refreshes an old one). */
function ensureBuild() {
  if (existsSync(serverBundle)) {
    const built = statSync(serverBundle).mtime.toISOString().replace('T', ' ').slice(0, 16)
    print(`Using the existing build (${built} UTC; \`npm run build\` to refresh it).`)
    return
  }
  print('No build found: building the site…')
  const result = spawnSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) throw new Error('build failed')
}

/**
 * Runs the bulk seeder against the benchmark's own storage.
 * @param {{ dataDir: string, databaseUrl?: string }} storage
 */
function seed(storage) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'scripts', 'seed-bulk.mjs'),
        '--profiles',
        String(profileCount),
        '--data-dir',
        storage.dataDir,
      ],
      {
        cwd: root,
        // Never the DATABASE_URL of the caller: only the throwaway database (or PGlite).
        env: { ...process.env, DATABASE_URL: storage.databaseUrl ?? '', DEMO_DATA: '0' },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    )
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve(undefined) : reject(new Error(`seeding failed (exit ${code})`)),
    )
  })
}

/** Samples a process's resident memory (kB, from ps) until stopped. @param {number} pid */
function rssSampler(pid) {
  const run = promisify(execFile)
  let peak = 0
  let windowPeak = 0
  let last = 0
  let busy = false
  const sample = async () => {
    if (busy) return
    busy = true
    try {
      const { stdout } = await run('ps', ['-o', 'rss=', '-p', String(pid)])
      const kb = Number.parseInt(stdout.trim(), 10)
      if (Number.isFinite(kb)) {
        last = kb
        peak = Math.max(peak, kb)
        windowPeak = Math.max(windowPeak, kb)
      }
    } catch {
      // the process is gone (or ps is missing): keep what was seen
    } finally {
      busy = false
    }
  }
  const timer = setInterval(sample, RSS_SAMPLE_MS)
  return {
    sample,
    /** Peak since the previous call, in kB. */
    takeWindowPeak() {
      const value = Math.max(windowPeak, last)
      windowPeak = last
      return value
    },
    peak: () => peak,
    stop: () => clearInterval(timer),
  }
}

/**
 * Waits until the server stops working on requests abandoned by the previous run (autocannon
 * closes its sockets at the deadline, but the server still renders what it received), so that
 * one measurement does not pay for the last. Linux: CPU time from /proc; elsewhere a pause.
 * @param {number} pid
 */
async function waitForIdle(pid) {
  const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms))
  const cpuTicks = async () => {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ')
    // utime and stime: fields 14 and 15 of the line, 12 and 13 after "pid (comm) ".
    return Number(fields?.[11]) + Number(fields?.[12])
  }
  try {
    let before = await cpuTicks()
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      await sleep(IDLE_SAMPLE_MS)
      const now = await cpuTicks()
      // Under a tenth of one CPU (a clock tick is 10 ms on Linux).
      if (now - before <= IDLE_SAMPLE_MS / 100) return
      before = now
    }
  } catch {
    await sleep(2000)
  }
}

/** Status code of one request, without following redirects. @param {string} url */
async function statusOf(url) {
  try {
    const response = await fetch(url, { headers: HEADERS, redirect: 'manual' })
    await response.arrayBuffer()
    return String(response.status)
  } catch (error) {
    return `error (${/** @type {Error} */ (error).message})`
  }
}

/**
 * One autocannon run.
 * @param {string} url @param {number} connections @param {number} duration
 */
function load(url, connections, duration) {
  return autocannon({ url, connections, duration, headers: HEADERS, timeout: 30 })
}

const formatMb = (/** @type {number} */ kb) => (kb / 1024).toFixed(0)

/** @param {string[]} header @param {string[][]} rows @param {boolean[]} right */
function table(header, rows, right) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (/** @type {string[]} */ cells) =>
    cells
      .map((c, i) => (right[i] ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd()
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

async function main() {
  ensureBuild()
  const storage = await createServerStorage()
  /** @type {Awaited<ReturnType<typeof startServer>> | undefined} */
  let server
  /** @type {ReturnType<typeof rssSampler> | undefined} */
  let rss
  /** @type {Promise<{ code: number | null, signal: string | null } | undefined> | undefined} */
  let cleaning
  const cleanUp = () => {
    cleaning ??= (async () => {
      rss?.stop()
      const stopped = await server?.stop()
      await storage.dispose()
      return stopped
    })()
    return cleaning
  }
  process.once('SIGINT', () => {
    console.warn('\nInterrupted: stopping the server and removing the benchmark data…')
    cleanUp().finally(() => process.exit(130))
  })

  try {
    const database = storage.databaseUrl ? 'PostgreSQL (throwaway database)' : 'PGlite'
    print(`Seeding ${profileCount} profiles into ${database}…`)
    await seed(storage)

    server = await startServer({ ...storage, env: { DEMO_DATA: '0' } })
    if (!server.pid) throw new Error('server process id unknown')
    rss = rssSampler(server.pid)
    await rss.sample()
    const idleKb = rss.takeWindowPeak()
    print(
      `Server ${server.baseUrl} (pid ${server.pid}), ${formatMb(idleKb)} MB resident after start`,
    )
    print(
      `Each measurement: ${seconds} s; ${os.cpus().length} CPUs, Node ${process.version}, ` +
        `load generator on the same machine.\n`,
    )

    /** @type {string[][]} */
    const rows = []
    for (const page of urls) {
      const url = `${server.baseUrl}${page}`
      const status = await statusOf(url)
      // Warm-up: JIT, database caches, template compilation.
      await load(url, 4, 1)
      for (const connections of CONNECTIONS) {
        await waitForIdle(server.pid)
        rss.takeWindowPeak()
        const result = await load(url, connections, seconds)
        await rss.sample()
        const done = result.requests.total
        // Requests still waiting for their answer when the time ran out: a server slower than
        // the measurement window answers few or none at 50 connections.
        const unfinished = Math.max(0, result.requests.sent - done)
        rows.push([
          page,
          status,
          String(connections),
          String(done),
          String(unfinished),
          (done / result.duration).toFixed(1),
          done > 0 ? String(result.latency.p50) : '-',
          done > 0 ? String(result.latency.p99) : '-',
          String(result.non2xx),
          // Connection errors, timeouts included.
          String(result.errors),
          formatMb(rss.takeWindowPeak()),
        ])
        process.stderr.write('.')
      }
    }
    process.stderr.write('\n')
    print(
      table(
        [
          'url',
          'status',
          'conns',
          'done',
          'unfinished',
          'req/s',
          'p50 ms',
          'p99 ms',
          'non-2xx',
          'errors',
          'peak MB',
        ],
        rows,
        [false, ...Array(10).fill(true)],
      ),
    )
    print(
      `\nServer resident memory: ${formatMb(idleKb)} MB after start, ${formatMb(rss.peak())} MB ` +
        `peak (sampled every ${RSS_SAMPLE_MS} ms). done: answers received; unfinished: requests ` +
        'still open when the time ran out. Latencies in whole ms (autocannon).',
    )
  } finally {
    const stopped = await cleanUp()
    if (server) {
      if (stopped?.code !== 0)
        console.warn(`Server exited with ${stopped?.code ?? stopped?.signal}`)
      // Errors the server logged under load (unhandled exceptions, database trouble).
      const errors = server
        .output()
        .split('\n')
        .filter((line) => line.includes('"level":"error"'))
      if (errors.length > 0) {
        const first = errors[0] ?? ''
        const shown = first.length > 600 ? `${first.slice(0, 600)}…` : first
        console.warn(`Server logged ${errors.length} error(s) (pages may still answer 200); first:`)
        console.warn(shown)
      }
    }
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
