// @ts-check
// What `npm run bench` measures with (scripts/bench.mjs): a server's CPU time and idleness from
// /proc, the render micro-benchmark, autocannon runs, raw GETs, the minimal Node server that is
// the limit for any server on this machine, the JavaScript and CSS a first visit loads, and
// Lighthouse's mobile runs.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import autocannon from 'autocannon'
import { HEADERS, processCpuMs } from './bench-support.mjs'

/** A cookie the HTML cache does not know: the request is rendered, as a signed-in one is. */
export const UNCACHED_COOKIE = 'bench-uncached=1'
export const LIGHTHOUSE = 'lighthouse@12.8.2'
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const IDLE_SAMPLE_MS = 300

/**
 * Waits until the server stops working on requests abandoned by the previous run (autocannon
 * closes its sockets at the deadline, but the server still renders what it received), so that
 * one measurement does not pay for the last. Linux: CPU time from /proc; elsewhere a pause.
 * @param {number} pid
 */
export async function waitForIdle(pid) {
  const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms))
  try {
    let before = await processCpuMs(pid)
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      await sleep(IDLE_SAMPLE_MS)
      const now = await processCpuMs(pid)
      // Under a tenth of one CPU.
      if (now - before <= IDLE_SAMPLE_MS / 10) return
      before = now
    }
  } catch {
    await sleep(2000)
  }
}

/**
 * Issue 24's render micro-benchmark: `renders` requests of `page` one after another, past the
 * cache, after 30 to warm up; the server's CPU ms per request, the wall time, the HTML's size
 * and the bytes of hydration data (React Router's inline loader data) in it, uncompressed.
 * @param {{ baseUrl: string, pid: number }} server @param {string} page @param {number} renders
 */
export async function renderCost(server, page, renders) {
  const headers = { ...HEADERS, 'accept-encoding': 'identity', cookie: UNCACHED_COOKIE }
  const url = `${server.baseUrl}${page}`
  for (let i = 0; i < 30; i++) await rawGet(url, headers)
  await waitForIdle(server.pid)
  const cpuBefore = await processCpuMs(server.pid)
  const started = performance.now()
  /** @type {Awaited<ReturnType<typeof rawGet>> | undefined} */
  let answer
  for (let i = 0; i < renders; i++) answer = await rawGet(url, headers)
  const wall = (performance.now() - started) / renders
  const cpu = ((await processCpuMs(server.pid)) - cpuBefore) / renders
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
export function load(url, connections, duration, extra = {}) {
  return autocannon({ url, connections, duration, headers: { ...HEADERS, ...extra }, timeout: 30 })
}

/**
 * One answer exactly as it came over the wire: status, headers, and the body still encoded.
 * @param {string} url @param {Record<string, string>} headers
 * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, body: Buffer }>}
 */
export function rawGet(url, headers) {
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
export function decoded(answer) {
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
export async function startMinimalServer(pages) {
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
export async function firstVisitAssets(baseUrl, page, html) {
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
export async function lighthouse(url) {
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
export const LIGHTHOUSE_RUNS = Math.max(
  1,
  Math.trunc(Number(process.env.BENCH_LIGHTHOUSE_RUNS)) || 5,
)

/**
 * The median-scoring run of LIGHTHOUSE_RUNS runs of `url` (Lighthouse's own advice for a
 * number to compare), with the range of scores seen. A run that fails to record a trace now and
 * then (NO_NAVSTART) is tried once more.
 * @param {string} url
 */
export async function medianLighthouse(url) {
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
