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
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import autocannon from 'autocannon'
import pg from 'pg'
import { createServerStorage, startServer } from '../tests/e2e/server-process.mjs'
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
/** A cookie the HTML cache does not know: the request is rendered, as a signed-in one is. */
const UNCACHED_COOKIE = 'bench-uncached=1'
const LIGHTHOUSE = 'lighthouse@12.8.2'
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const CONNECTIONS = [1, 50]
const renders = Math.round(positiveNumber('BENCH_RENDERS', 300))
/** Issue 24's target for a city page of 20 cards with its list of 50. */
const RENDER_TARGET_MS = 5
const RSS_SAMPLE_MS = 250
const IDLE_SAMPLE_MS = 300
const seconds = positiveNumber('BENCH_SECONDS', 5)
const profileCount = Math.round(positiveNumber('BENCH_PROFILES', 10_000))
const urls = process.env.BENCH_URLS
  ? process.env.BENCH_URLS.split(',').map((u) => u.trim())
  : DEFAULT_URLS
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

/**
 * The process's CPU time so far in ms (user and system; a clock tick is 10 ms on Linux).
 * @param {number} pid
 */
async function cpuMs(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ')
  return (Number(fields?.[11]) + Number(fields?.[12])) * 10
}

/**
 * Issue 24's render micro-benchmark: `renders` requests of `page` one after another, past the
 * cache, after 30 to warm up; the server's CPU ms per request, the wall time, the HTML's size
 * and the bytes of hydration data (React Router's inline loader data) in it, uncompressed.
 * @param {{ baseUrl: string, pid: number }} server @param {string} page
 */
async function renderCost(server, page) {
  const headers = { ...HEADERS, 'accept-encoding': 'identity', cookie: UNCACHED_COOKIE }
  const url = `${server.baseUrl}${page}`
  for (let i = 0; i < 30; i++) await rawGet(url, headers)
  await waitForIdle(server.pid)
  const cpuBefore = await cpuMs(server.pid)
  const started = performance.now()
  /** @type {Awaited<ReturnType<typeof rawGet>> | undefined} */
  let answer
  for (let i = 0; i < renders; i++) answer = await rawGet(url, headers)
  const wall = (performance.now() - started) / renders
  const cpu = ((await cpuMs(server.pid)) - cpuBefore) / renders
  const html = answer?.body.toString('utf8') ?? ''
  let data = 0
  for (const match of html.matchAll(/streamController\.enqueue\(([\s\S]*?)\);?<\/script>/g))
    data += Buffer.byteLength(match[1] ?? '')
  return { cpu, wall, status: answer?.status ?? 0, html: Buffer.byteLength(html), data }
}

/**
 * One autocannon run.
 * @param {string} url @param {number} connections @param {number} duration
 * @param {Record<string, string>} [extra] headers beyond a browser's
 */
function load(url, connections, duration, extra = {}) {
  return autocannon({ url, connections, duration, headers: { ...HEADERS, ...extra }, timeout: 30 })
}

/**
 * One answer exactly as it came over the wire: status, headers, and the body still encoded.
 * @param {string} url @param {Record<string, string>} headers
 * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, body: Buffer }>}
 */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        /** @type {Buffer[]} */
        const chunks = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        )
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

/** A body as the browser reads it. @param {{ headers: http.IncomingHttpHeaders, body: Buffer }} answer */
function decoded(answer) {
  const encoding = answer.headers['content-encoding']
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body)
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body)
  if (encoding === 'deflate') return zlib.inflateSync(answer.body)
  return answer.body
}

// The limit: a Node `http` server that answers each path with bytes it holds in memory.
const MINIMAL_SERVER = `
const http = require('node:http')
const pages = JSON.parse(require('node:fs').readFileSync(process.argv.at(-1), 'utf8'))
const ready = new Map(
  Object.entries(pages).map(([path, page]) => [
    path,
    { status: page.status, headers: page.headers, body: Buffer.from(page.body, 'base64') },
  ]),
)
const server = http.createServer((request, response) => {
  const page = ready.get(request.url)
  if (!page) {
    response.writeHead(404).end()
    return
  }
  response.writeHead(page.status, page.headers)
  response.end(page.body)
})
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
`

// Headers that belong to one connection or one moment, not to the answer.
const UNREPLAYED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'set-cookie'])

/**
 * Starts the minimal server in its own process (as ours runs in its own), answering `pages`.
 * @param {Record<string, { status: number, headers: http.IncomingHttpHeaders, body: Buffer }>} pages
 */
async function startMinimalServer(pages) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'aprova-bench-'))
  const file = path.join(dir, 'pages.json')
  /** @type {Record<string, unknown>} */
  const fixtures = {}
  for (const [page, answer] of Object.entries(pages)) {
    /** @type {Record<string, string | string[]>} */
    const headers = {}
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !UNREPLAYED.has(name)) headers[name] = value
    }
    headers['content-length'] = String(answer.body.length)
    fixtures[page] = { status: answer.status, headers, body: answer.body.toString('base64') }
  }
  await writeFile(file, JSON.stringify(fixtures))
  const child = spawn(process.execPath, ['-e', MINIMAL_SERVER, file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`minimal server exited (${code})`)))
    child.stdout.once('data', (data) => resolve(Number.parseInt(String(data), 10)))
  })
  return {
    pid: child.pid ?? 0,
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      child.removeAllListeners('exit')
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/**
 * The JavaScript and CSS a first visit to a page loads, each gzip-compressed (level 9): bytes
 * of each kind, and of the JavaScript the dictionary's strings (the strings-{language}-{area}
 * chunks, app/i18n/areas.ts). Taken from what Chromium fetches until the network is idle (the
 * age gate passed), so chunks loaded on the way count too (the strings, loaded before
 * hydration); without Chromium, from the files the HTML names (module preloads, scripts,
 * stylesheets), which leaves the strings out.
 * @param {string} baseUrl @param {string} page @param {string} html
 */
async function firstVisitAssets(baseUrl, page, html) {
  /** @type {Map<string, Buffer>} */
  const bodies = new Map()
  if (existsSync(CHROMIUM)) {
    const { chromium } = await import('@playwright/test')
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
    try {
      const context = await browser.newContext()
      await context.addCookies([{ name: 'aprova-age', value: '1', url: baseUrl }])
      const tab = await context.newPage()
      /** @type {Promise<void>[]} */
      const reads = []
      tab.on('response', (response) => {
        const { pathname } = new URL(response.url())
        if (!/\.(js|css)$/.test(pathname)) return
        reads.push(
          response.body().then(
            (body) => void bodies.set(pathname, body),
            () => undefined,
          ),
        )
      })
      await tab.goto(`${baseUrl}${page}`, { waitUntil: 'networkidle' })
      await Promise.all(reads)
    } finally {
      await browser.close()
    }
  } else {
    for (const match of html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g))
      bodies.set(match[1], decoded(await rawGet(`${baseUrl}${match[1]}`, {})))
  }
  let js = 0
  let css = 0
  let strings = 0
  for (const [asset, body] of bodies) {
    const size = zlib.gzipSync(body, { level: 9 }).length
    if (asset.endsWith('.css')) css += size
    else js += size
    if (/\/strings-[^/]+\.js$/.test(asset)) strings += size
  }
  return { js, css, strings, files: bodies.size }
}

/**
 * A Lighthouse mobile run of `url` (performance only) with Debian's Chromium; the visitor has
 * passed the age gate. Undefined when Lighthouse cannot run here.
 * @param {string} url
 */
async function lighthouse(url) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'aprova-lighthouse-'))
  const report = path.join(dir, 'report.json')
  try {
    const result = spawnSync(
      'npx',
      [
        '--yes',
        LIGHTHOUSE,
        url,
        '--quiet',
        '--output=json',
        `--output-path=${report}`,
        '--only-categories=performance',
        `--chrome-path=${CHROMIUM}`,
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync',
        `--extra-headers=${JSON.stringify({ Cookie: 'aprova-age=1' })}`,
      ],
      { cwd: dir, encoding: 'utf8', timeout: 180_000 },
    )
    if (result.status !== 0) {
      console.warn(
        `Lighthouse failed for ${url}: ${(result.stderr || result.error?.message || '')
          .split('\n')
          .filter((line) => line.trim() && !line.startsWith('npm warn'))
          .slice(-2)
          .join(' ')}`,
      )
      return undefined
    }
    const data = JSON.parse(await readFile(report, 'utf8'))
    const audit = (/** @type {string} */ id) => data.audits?.[id]?.numericValue
    return {
      score: Math.round((data.categories?.performance?.score ?? 0) * 100),
      lcp: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      tbt: audit('total-blocking-time'),
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** Lighthouse runs per page: its score moves by 5–15 points from one run to the next here. */
const LIGHTHOUSE_RUNS = Math.max(1, Math.trunc(Number(process.env.BENCH_LIGHTHOUSE_RUNS)) || 5)

/**
 * The median-scoring run of LIGHTHOUSE_RUNS runs of `url` (Lighthouse's own advice for a
 * number to compare), with the range of scores seen. A run that fails to record a trace now and
 * then (NO_NAVSTART) is tried once more.
 * @param {string} url
 */
async function medianLighthouse(url) {
  /** @type {NonNullable<Awaited<ReturnType<typeof lighthouse>>>[]} */
  const runs = []
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    const run = (await lighthouse(url)) ?? (await lighthouse(url))
    if (run) runs.push(run)
  }
  if (runs.length === 0) return undefined
  runs.sort((a, b) => a.score - b.score)
  const median = runs[Math.floor((runs.length - 1) / 2)]
  return { ...median, low: runs[0]?.score, high: runs.at(-1)?.score, runs: runs.length }
}

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
      const cost = await renderCost({ baseUrl: server.baseUrl, pid: server.pid }, page)
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
    print(
      table(['url', 'status', 'CPU ms', 'wall ms', 'HTML KB', 'data KB'], renderRows, [
        false,
        true,
        true,
        true,
        true,
        true,
      ]),
    )
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
        [false, false, ...Array(8).fill(true)],
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
        [false, ...Array(9).fill(true)],
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
      await scaleOut(storage, pages)
    } else {
      print('\nScale-out (WEB_CONCURRENCY) is measured on PostgreSQL only: set DATABASE_URL.')
    }
  } finally {
    const stopped = await cleanUp()
    if (server) reportServerTrouble(server, stopped)
  }
}

const BENCH_CLIENT = { email: 'cliente-bench@example.com', password: 'senha-do-bench-123' }

/**
 * A signed-in client's Cookie header, from the log-in form as a browser sends it.
 * @param {string} baseUrl
 */
async function clientCookie(baseUrl) {
  const response = await fetch(`${baseUrl}/auth?mode=login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: baseUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'login', ...BENCH_CLIENT, rememberMe: 'on' }),
  })
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0])
  if (response.status !== 302 || !cookies.some((cookie) => cookie?.includes('session_token')))
    throw new Error(`the benchmark client could not sign in (${response.status})`)
  return cookies.join('; ')
}

/**
 * Issue 17's figures: the pages at 50 connections with one and two worker processes, for an
 * anonymous visitor and a signed-in client, and the city page under a public write a second.
 * @param {{ dataDir: string, databaseUrl?: string }} storage @param {string[]} pages
 */
async function scaleOut(storage, pages) {
  const created = spawnSync(
    process.execPath,
    [
      path.join(root, 'tests', 'support', 'cli', 'run.mjs'),
      './tests/support/cli/helpers.server.ts',
      'createClient',
      BENCH_CLIENT.email,
      BENCH_CLIENT.password,
    ],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl ?? '' },
      encoding: 'utf8',
    },
  )
  if (created.status !== 0) throw new Error(`benchmark client not created: ${created.stderr}`)
  const city = pages.find((page) => page.startsWith('/pt/acompanhantes/')) ?? pages[0] ?? '/pt/'
  /** @type {string[][]} */
  const rows = []
  for (const workers of [1, 2]) {
    const server = await startServer({
      ...storage,
      env: { DEMO_DATA: '0', WEB_CONCURRENCY: String(workers) },
    })
    try {
      const cookie = await clientCookie(server.baseUrl)
      /** @type {[string, string, Record<string, string>][]} */
      const runs = pages.flatMap((page) => [
        /** @type {[string, string, Record<string, string>]} */ ([page, 'anonymous', {}]),
        /** @type {[string, string, Record<string, string>]} */ ([page, 'client', { cookie }]),
      ])
      for (const [page, who, extra] of runs) {
        const url = `${server.baseUrl}${page}`
        await load(url, 4, 1, extra)
        const result = await load(url, 50, seconds, extra)
        rows.push(scaleRow(page, who, workers, result))
        process.stderr.write('.')
      }
      // A public write every second empties every cache of every worker (the change feed).
      const writer = new pg.Client({ connectionString: storage.databaseUrl })
      await writer.connect()
      let writes = 0
      const timer = setInterval(() => {
        writer
          .query(
            `update profiles set available_now = not available_now where id = (
               select id from profiles where status = 'approved' and visibility_status = 'active'
               order by id limit 1)`,
          )
          .then(
            () => writes++,
            () => undefined,
          )
      }, 1000)
      try {
        const url = `${server.baseUrl}${city}`
        await load(url, 4, 1)
        const result = await load(url, 50, seconds)
        rows.push(scaleRow(city, `anonymous, ${writes} writes`, workers, result))
      } finally {
        clearInterval(timer)
        await writer.end()
      }
    } finally {
      const stopped = await server.stop()
      reportServerTrouble(server, stopped)
    }
  }
  process.stderr.write('\n')
  print()
  print(
    table(['url', 'visitor', 'workers', 'req/s', 'p50 ms', 'p99 ms', 'errors'], rows, [
      false,
      false,
      true,
      true,
      true,
      true,
      true,
    ]),
  )
  print(
    '\nScale-out: 50 connections, through the HTML cache. client: a signed-in client (a session ' +
      'from the log-in form); the cache keeps one copy per role (ADR 0015). "writes": a public ' +
      'change committed every second meanwhile, each one emptying every cache of every worker.',
  )
  print('\nShared counters (scripts/bench-counters.mjs):')
  const counters = spawnSync(process.execPath, [path.join(root, 'scripts', 'bench-counters.mjs')], {
    stdio: 'inherit',
    env: process.env,
  })
  if (counters.status !== 0) console.warn(`bench-counters failed (exit ${counters.status})`)
}

/**
 * @param {string} page @param {string} who @param {number} workers
 * @param {autocannon.Result} result
 */
function scaleRow(page, who, workers, result) {
  const done = result.requests.total
  return [
    page,
    who,
    String(workers),
    (done / result.duration).toFixed(0),
    done > 0 ? String(result.latency.p50) : '-',
    done > 0 ? String(result.latency.p99) : '-',
    String(result.non2xx + result.errors),
  ]
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
