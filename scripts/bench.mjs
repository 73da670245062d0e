// @ts-check
// `npm run bench` (never part of `npm test`): seeds a throwaway database with bulk profiles,
// serves the production build on a free port of 127.0.0.1 and measures the home page, a city
// listing, a search and one profile page with autocannon at 1 and 50 concurrent connections:
// through the one-minute HTML cache (as anonymous visitors get them), past it (a cookie the
// cache does not know makes every request render), and the very same response bytes served by
// a minimal Node `http` server in its own process (the limit for any Node server on this
// machine), with our figure as a ratio of that limit; the server's peak resident memory; the
// gzip size of the JavaScript and CSS a first visit to each page loads; and a Lighthouse mobile
// run of each (Debian's Chromium; Lighthouse 12 through npx, so `npm install` does not carry it).
//
// On PostgreSQL it then measures scale-out (issue 17): the four pages at 50 connections with
// WEB_CONCURRENCY=1 and =2, for an anonymous visitor and for a signed-in client (a real session
// from the log-in form), and the city page while a public write commits every second (each one
// empties every cache, ADR 0015); and it runs scripts/bench-counters.mjs, the cost of the
// shared rate-limit counters.
//
// First of all (issue 24) the render micro-benchmark: each page requested one at a time past the
// cache, the server process's CPU time per request (from /proc: React Router's request handler,
// the render, our loaders and the database driver; PGlite's queries too, PostgreSQL's not), with
// the HTML's size and the part of it that is hydration data.
//
// Environment: BENCH_SECONDS (per measurement, default 5), BENCH_PROFILES (default 10000),
// BENCH_URLS (comma-separated paths; default the four pages, the profile found on the city
// page), BENCH_LIGHTHOUSE=0 to skip Lighthouse, BENCH_LIGHTHOUSE_RUNS (per page, default 5),
// CHROMIUM_PATH (default /usr/bin/chromium), BENCH_RENDERS (requests per page of the render
// micro-benchmark, default 300), BENCH_RENDER_ONLY=1 to stop after the render micro-benchmark.
// With DATABASE_URL set, the data goes to a throwaway database created on that PostgreSQL and
// dropped at the end; otherwise to PGlite in a temporary DATA_DIR.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { createServerStorage, startServer } from '../tests/e2e/server-process.mjs'
import {
  CHROMIUM,
  decoded,
  firstVisitAssets,
  LIGHTHOUSE,
  LIGHTHOUSE_RUNS,
  load,
  medianLighthouse,
  rawGet,
  renderCost,
  startMinimalServer,
  UNCACHED_COOKIE,
  waitForIdle,
} from './bench-measure.mjs'
import { scaleOut } from './bench-scale-out.mjs'
import {
  ensureBuild,
  formatMb,
  HEADERS,
  positiveNumber,
  print,
  reportServerTrouble,
  root,
  rssSampler,
  seed,
  table,
} from './bench-support.mjs'

/** The pages of issue 10; PROFILE is the first profile the city page links to. */
const PROFILE = 'PROFILE'
const DEFAULT_URLS = [
  '/pt/',
  '/pt/acompanhantes/sao-paulo',
  '/pt/buscar?ageMin=25&priceMax=500',
  PROFILE,
]
const CONNECTIONS = [1, 50]
const renders = Math.round(positiveNumber('BENCH_RENDERS', 300))
/** Issue 24's target for a city page of 20 cards with its list of 50. */
const RENDER_TARGET_MS = 5
const RSS_SAMPLE_MS = 250
const seconds = positiveNumber('BENCH_SECONDS', 5)
const profileCount = Math.round(positiveNumber('BENCH_PROFILES', 10_000))
const urls = process.env.BENCH_URLS
  ? process.env.BENCH_URLS.split(',').map((u) => u.trim())
  : DEFAULT_URLS
async function main() {
  ensureBuild()
  const storage = await createServerStorage()
  /** @type {Awaited<ReturnType<typeof startServer>> | undefined} */
  let server
  /** @type {Awaited<ReturnType<typeof startMinimalServer>> | undefined} */
  let minimal
  /** @type {ReturnType<typeof rssSampler> | undefined} */
  let rss
  /** @type {Promise<{ code: number | null, signal: string | null } | undefined> | undefined} */
  let cleaning
  const cleanUp = () => {
    cleaning ??= (async () => {
      rss?.stop()
      await minimal?.stop()
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
    await seed(storage, profileCount)

    server = await startServer({ ...storage, env: { DEMO_DATA: '0' } })
    if (!server.pid) throw new Error('server process id unknown')
    rss = rssSampler(server.pid, RSS_SAMPLE_MS)
    await rss.sample()
    const idleKb = rss.takeWindowPeak()
    print(
      `Server ${server.baseUrl} (pid ${server.pid}), ${formatMb(idleKb)} MB resident after start`,
    )
    print(
      `Each measurement: ${seconds} s; ${os.cpus().length} CPUs, Node ${process.version}, ` +
        `load generator on the same machine.\n`,
    )

    // The profile page: the first one the city listing links to.
    const pages = []
    for (const page of urls) {
      if (page !== PROFILE) {
        pages.push(page)
        continue
      }
      const listing = decoded(
        await rawGet(`${server.baseUrl}/pt/acompanhantes/sao-paulo`, HEADERS),
      ).toString('utf8')
      const profile = /href="(\/acompanhante\/[^"?]+)/.exec(listing)?.[1]
      if (profile) pages.push(profile)
      else
        console.warn(
          'No profile link on /pt/acompanhantes/sao-paulo: the profile page is left out.',
        )
    }

    /** @type {string[][]} */
    const renderRows = []
    for (const page of [...pages, '/pt/about']) {
      const cost = await renderCost({ baseUrl: server.baseUrl, pid: server.pid }, page, renders)
      renderRows.push([
        page,
        String(cost.status),
        cost.cpu.toFixed(1),
        cost.wall.toFixed(1),
        (cost.html / 1024).toFixed(1),
        (cost.data / 1024).toFixed(1),
      ])
      process.stderr.write('.')
    }
    process.stderr.write('\n')
    print(table(['url', 'status', 'CPU ms', 'wall ms', 'HTML KB', 'data KB'], renderRows, 1))
    print(
      `\nRender micro-benchmark: ${renders} requests a page, one at a time, past the cache; CPU ` +
        'ms: the server process per request (PostgreSQL’s own work is not in it, PGlite’s is); ' +
        'HTML and hydration data uncompressed. Target: at most ' +
        `${RENDER_TARGET_MS} ms for the city page.\n`,
    )
    if (process.env.BENCH_RENDER_ONLY === '1') return

    // Each page's answer as a visitor gets it (through the cache), for the minimal server.
    /** @type {Record<string, Awaited<ReturnType<typeof rawGet>>>} */
    const answers = {}
    for (const page of pages) answers[page] = await rawGet(`${server.baseUrl}${page}`, HEADERS)
    minimal = await startMinimalServer(answers)

    /** @type {string[][]} */
    const rows = []
    for (const page of pages) {
      const status = String(answers[page]?.status ?? '-')
      /** @type {Record<number, number>} */
      const limitRps = {}
      const modes = /** @type {const} */ (['limit', 'cached', 'uncached'])
      for (const mode of modes) {
        const base = mode === 'limit' ? minimal.baseUrl : server.baseUrl
        const extra = mode === 'uncached' ? { cookie: UNCACHED_COOKIE } : {}
        const pid = mode === 'limit' ? minimal.pid : server.pid
        const url = `${base}${page}`
        // Warm-up: JIT, database caches, template compilation.
        await load(url, 4, 1, extra)
        for (const connections of CONNECTIONS) {
          await waitForIdle(pid)
          rss.takeWindowPeak()
          const result = await load(url, connections, seconds, extra)
          await rss.sample()
          const done = result.requests.total
          const rps = done / result.duration
          if (mode === 'limit') limitRps[connections] = rps
          const limit = limitRps[connections]
          rows.push([
            page,
            mode,
            status,
            String(connections),
            rps.toFixed(0),
            done > 0 ? String(result.latency.p50) : '-',
            done > 0 ? String(result.latency.p99) : '-',
            // Non-2xx answers and connection errors (timeouts included); the requests still on
            // their way at the deadline (one per connection) are not answers either way.
            String(result.non2xx + result.errors),
            mode === 'limit' ? '-' : formatMb(rss.takeWindowPeak()),
            mode === 'limit' || !limit ? '-' : `${((100 * rps) / limit).toFixed(0)}%`,
          ])
          process.stderr.write('.')
        }
      }
    }
    process.stderr.write('\n')
    print(
      table(
        [
          'url',
          'served',
          'status',
          'conns',
          'req/s',
          'p50 ms',
          'p99 ms',
          'errors',
          'peak MB',
          'of limit',
        ],
        rows,
        2,
      ),
    )
    print(
      `\nlimit: the same bytes from a minimal Node http server; cached: through the one-minute ` +
        `HTML cache (anonymous visitors); uncached: rendered for each request. Server resident ` +
        `memory: ${formatMb(idleKb)} MB after start, ${formatMb(rss.peak())} MB peak (sampled ` +
        `every ${RSS_SAMPLE_MS} ms). errors: non-2xx answers and connection errors (timeouts ` +
        'included). Latencies in whole ms (autocannon).',
    )

    // What a first visit downloads, and how it feels on a phone.
    /** @type {string[][]} */
    const pageRows = []
    const runLighthouse = process.env.BENCH_LIGHTHOUSE !== '0' && existsSync(CHROMIUM)
    for (const page of pages) {
      const answer = answers[page]
      const assets = answer
        ? await firstVisitAssets(server.baseUrl, page, decoded(answer).toString('utf8'))
        : { js: 0, css: 0, strings: 0, files: 0 }
      const html = answer ? zlib.gzipSync(decoded(answer), { level: 9 }).length : 0
      const score = runLighthouse ? await medianLighthouse(`${server.baseUrl}${page}`) : undefined
      process.stderr.write('.')
      pageRows.push([
        page,
        (html / 1024).toFixed(1),
        (assets.js / 1024).toFixed(1),
        (assets.strings / 1024).toFixed(1),
        (assets.css / 1024).toFixed(1),
        String(assets.files),
        score
          ? score.runs > 1
            ? `${score.score} (${score.low}–${score.high})`
            : String(score.score)
          : '-',
        score?.lcp !== undefined ? (score.lcp / 1000).toFixed(2) : '-',
        score?.cls !== undefined ? score.cls.toFixed(3) : '-',
        score?.tbt !== undefined ? score.tbt.toFixed(0) : '-',
      ])
    }
    process.stderr.write('\n')
    print()
    print(
      table(
        [
          'url',
          'HTML KB',
          'JS KB',
          'strings KB',
          'CSS KB',
          'files',
          'perf',
          'LCP s',
          'CLS',
          'TBT ms',
        ],
        pageRows,
        1,
      ),
    )
    print(
      '\nSizes: gzip (level 9) of the HTML (the stylesheet is inline in it) and of the ' +
        'JavaScript and CSS files a first visit loads; strings: the part of the JavaScript that is the dictionary (the areas of the ' +
        `page, app/i18n/areas.ts). ${runLighthouse ? `Lighthouse ${LIGHTHOUSE.split('@')[1]} mobile (simulated throttling), ${CHROMIUM}, age gate passed: the median of ${LIGHTHOUSE_RUNS} runs (perf: median, lowest–highest; LCP, CLS, TBT: the median run's).` : 'Lighthouse skipped (BENCH_LIGHTHOUSE=0 or no Chromium).'}`,
    )
    if (storage.databaseUrl) {
      // The one-process server measured above gives way to the scale-out runs.
      const stopped = await server.stop()
      reportServerTrouble(server, stopped)
      rss.stop()
      server = undefined
      await scaleOut(storage, pages, seconds)
    } else {
      print('\nScale-out (WEB_CONCURRENCY) is measured on PostgreSQL only: set DATABASE_URL.')
    }
  } finally {
    const stopped = await cleanUp()
    if (server) reportServerTrouble(server, stopped)
  }
}

main().then(
  () => {
    // The 5-minute load and soak of issue 10, on its own freshly seeded server.
    if (process.env.BENCH_SOAK !== '0' && process.env.BENCH_RENDER_ONLY !== '1') {
      print('\nLoad and soak (scripts/soak.mjs; BENCH_SOAK=0 skips it):')
      const soak = spawnSync(process.execPath, [path.join(root, 'scripts', 'soak.mjs')], {
        stdio: 'inherit',
      })
      if (soak.status !== 0)
        console.warn(`The soak did not pass (exit ${soak.status ?? soak.signal}).`)
    }
    process.exit(0)
  },
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
