// @ts-check
// `node scripts/soak.mjs` (also run at the end of `npm run bench`; never part of `npm test`):
// the load and soak of issue 10. Seeds a throwaway database with bulk profiles and a few client
// accounts, serves the production build on a free port of 127.0.0.1 and sends it a steady mix
// for SOAK_SECONDS: listing pages (cities with ?page=N, neighbourhoods, services, both
// languages), profile pages, searches with filters, location suggestions, contact redirects and
// sign-ins. The rate is open-loop: requests leave on a timer whatever the answers, and one due
// while SOAK_MAX_IN_FLIGHT are still unanswered is not sent and counts as an error. Each
// simulated visitor has its own loopback address (127.0.x.y), as the per-visitor limits of
// contacts and sign-ins expect; some are signed-in clients, whose cookie bypasses the HTML cache
// so pages are rendered for them. The server's resident memory is sampled throughout.
//
// PASS: no 5xx answer, no connection error (resets, refusals, timeouts, requests over the
// in-flight cap), and resident memory at the end at most 10% above its value after the first
// minute (medians of the samples around each point). Exits 1 on FAIL.
//
// Environment: SOAK_SECONDS (default 300), SOAK_RATE (requests/s, default 40),
// SOAK_MAX_IN_FLIGHT (default 200), BENCH_PROFILES (default 10000). With DATABASE_URL set, the
// data goes to a throwaway database created on that PostgreSQL and dropped at the end;
// otherwise to PGlite in a temporary DATA_DIR.
import { spawnSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
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

const seconds = positiveNumber('SOAK_SECONDS', 300)
// 40/s by default: on PGlite the server's one JavaScript thread, which runs the database too,
// spends about 15 ms of CPU on a request of this mix, so that keeps it about 60% busy, with room
// for the minute boundary, when the HTML cache starts empty and every page is rendered again.
// PostgreSQL (about 10 ms a request) takes more.
const rate = positiveNumber('SOAK_RATE', 40)
const maxInFlight = Math.round(positiveNumber('SOAK_MAX_IN_FLIGHT', 200))
const profileCount = Math.round(positiveNumber('BENCH_PROFILES', 10_000))

/** Share of the requests of each kind (weights). Sign-ins: a few a second at the default rate. */
const MIX = /** @type {const} */ ([
  ['listing', 40],
  ['profile', 30],
  ['search', 8],
  ['suggestion', 11],
  ['contact', 6],
  ['sign-in', 5],
])
/** Answers each kind expects besides 429 (a limit, counted apart); anything else is listed. */
const EXPECTED = {
  listing: [200],
  profile: [200],
  search: [200],
  suggestion: [200],
  contact: [302],
  // Signed in (redirect to the client area), or a mistyped address (401).
  'sign-in': [302, 401],
}
const PAGES = new Set(['listing', 'profile', 'search'])
/** Distinct visitors, each with its own loopback address and keep-alive connections. */
const VISITORS = 200
/** Of which signed-in clients (pages rendered for them) and first-time visitors (no cookie). */
const SIGNED_IN_SHARE = 0.1
const NEW_VISITOR_SHARE = 0.05
const ENGLISH_SHARE = 0.2
/** Client accounts the sign-ins use; a fifth of the sign-ins mistype the address instead. */
const CLIENTS = 4
const CLIENT_PASSWORD = 'senha-do-soak-123'
const MISTYPED_SHARE = 0.2
/** Cities whose pages, neighbourhoods and profiles make up the traffic (the largest first). */
const CITY_COUNT = 12
const PROFILE_PAGES_READ = 40
/** Profiles visited: those the city pages show first, the first ones most. */
const PROFILE_POOL = 300
/** Deepest listing page visited; page 1 is by far the most visited. */
const MAX_LISTING_PAGE = 10
const LISTING_PAGE_SIZE = 20
const TICK_MS = 10
/** The rate rises from nothing to SOAK_RATE over this time (a cold cache, code not yet optimised). */
const RAMP_S = 10
const REQUEST_TIMEOUT_MS = 15_000
const RSS_SAMPLE_MS = 2000
/** Memory is compared after the first minute (half the run when shorter) and at the end. */
const BASELINE_S = Math.min(60, seconds / 2)
const MEMORY_WINDOW_S = 10
const MEMORY_TOLERANCE = 0.1
/** The run shown in slices of this many seconds (requests by the time they were sent). */
const TIMELINE_S = seconds >= 120 ? 30 : 10
const AGE_COOKIE = 'aprova-age=1'

/** @typedef {typeof MIX[number][0]} Kind */
/**
 * @typedef {{ address: string, agent: http.Agent, language: 'pt' | 'en', acceptLanguage: string,
 *   cookie: string, signedIn: boolean }} Visitor
 */
/** @typedef {{ method?: string, path: string, headers?: Record<string, string>, body?: string }} Call */
/**
 * @typedef {{ status: number, headers: http.IncomingHttpHeaders, ms: number, retried?: boolean }
 *   | { error: string, ms: number }} Outcome
 */

// Deterministic choices (mulberry32), so two runs send the same kind of traffic.
let state = 0x5eed
function random() {
  state = (state + 0x6d2b79f5) >>> 0
  let t = state
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
}
/** Any item, or with `skew` > 1 mostly the first ones (popular pages come first). */
const pick = /** @type {<T>(items: readonly T[], skew?: number) => T} */ (
  (items, skew = 1) => {
    const item = items[Math.floor(random() ** skew * items.length)]
    if (item === undefined) throw new Error('pick() from an empty list')
    return item
  }
)

/**
 * One request from `visitor` (its address and connections), timed from sending to the last
 * byte. A connection kept alive from an earlier answer that the server closed just as the
 * request went out (its idle timeout) fails before any byte of an answer: like a browser, the
 * request is sent once more, and that is counted (`retried`), not taken for an error.
 * @param {string} baseUrl @param {Visitor | undefined} visitor @param {Call} call
 * @returns {Promise<Outcome>}
 */
async function send(baseUrl, visitor, call) {
  const started = performance.now()
  const first = await attempt(baseUrl, visitor, call, started)
  if (!('stale' in first)) return first
  const second = await attempt(baseUrl, visitor, call, started)
  return 'stale' in second
    ? { error: `${second.error} (reused connection)`, ms: second.ms }
    : { ...second, retried: true }
}

/**
 * @param {string} baseUrl @param {Visitor | undefined} visitor @param {Call} call
 * @param {number} started
 * @returns {Promise<Outcome | { error: string, ms: number, stale: true }>}
 */
function attempt(baseUrl, visitor, call, started) {
  return new Promise((resolve) => {
    let settled = false
    let answered = false
    /** @param {Outcome | { error: string, ms: number, stale: true }} outcome */
    const settle = (outcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(outcome)
    }
    const request = http.request(
      `${baseUrl}${call.path}`,
      {
        method: call.method ?? 'GET',
        agent: visitor?.agent,
        headers: {
          ...HEADERS,
          ...(visitor
            ? { 'accept-language': visitor.acceptLanguage, cookie: visitor.cookie }
            : { cookie: AGE_COOKIE }),
          ...call.headers,
        },
      },
      (response) => {
        answered = true
        response.resume()
        response.on('end', () =>
          settle({
            status: response.statusCode ?? 0,
            headers: response.headers,
            ms: performance.now() - started,
          }),
        )
        response.on('error', (error) =>
          settle({ error: errorName(error), ms: performance.now() - started }),
        )
      },
    )
    const timer = setTimeout(
      () => {
        settle({ error: 'timeout', ms: performance.now() - started })
        request.destroy()
      },
      REQUEST_TIMEOUT_MS - (performance.now() - started),
    )
    request.on('error', (error) => {
      const ms = performance.now() - started
      const stale =
        request.reusedSocket && !answered && ['ECONNRESET', 'EPIPE'].includes(errorName(error))
      settle(stale ? { error: errorName(error), ms, stale: true } : { error: errorName(error), ms })
    })
    request.end(call.body)
  })
}

/** @param {Error & { code?: string }} error */
const errorName = (error) => error.code ?? error.message

/** A page's text for discovery (the signed-out visitor who has passed the age gate). */
async function text(/** @type {string} */ baseUrl, /** @type {string} */ page) {
  const response = await fetch(`${baseUrl}${page}`, {
    headers: { ...HEADERS, cookie: AGE_COOKIE },
    redirect: 'manual',
  })
  if (response.status !== 200) throw new Error(`${page} answered ${response.status}`)
  return response.text()
}

/** Every distinct `href` of a page matching `pattern` (first group), in page order. */
function links(/** @type {string} */ html, /** @type {RegExp} */ pattern) {
  const found = new Set()
  for (const match of html.matchAll(/href="([^"]+)"/g)) {
    const href = (match[1] ?? '').replaceAll('&amp;', '&')
    const hit = pattern.exec(href)
    if (hit) found.add(hit[1] ?? hit[0])
  }
  return [...found]
}

/**
 * What the traffic is made of, found the way a visitor finds it: cities and place names from
 * the location suggestions, then the links of the city pages and of some profile pages.
 * @param {string} baseUrl
 */
async function discover(baseUrl) {
  /** @type {Map<string, { name: string, profiles: number }>} */
  const cities = new Map()
  /** @type {Set<string>} */
  const placeNames = new Set()
  for (const query of ['sa', 'ri', 'be', 'fo', 'cu', 're', 'po', 'br', 'ma', 'go', 'ca', 'jo']) {
    const suggestions =
      /** @type {{ type: string, slug: string, name: string, profileCount: number }[]} */ (
        JSON.parse(await text(baseUrl, `/api/locations?q=${query}`))
      )
    for (const place of suggestions) {
      placeNames.add(place.name)
      if (place.type === 'city')
        cities.set(place.slug, { name: place.name, profiles: place.profileCount })
    }
  }
  const largest = [...cities.entries()]
    .sort((a, b) => b[1].profiles - a[1].profiles)
    .slice(0, CITY_COUNT)
  /** @type {{ slug: string, pages: number }[]} */
  const cityPages = []
  const neighborhoods = new Set()
  const cityServices = new Set()
  /** @type {string[][]} */
  const profilesByCity = []
  for (const [slug, city] of largest) {
    const html = await text(baseUrl, `/pt/acompanhantes/${slug}`)
    cityPages.push({
      slug,
      pages: Math.max(1, Math.min(MAX_LISTING_PAGE, Math.floor(city.profiles / LISTING_PAGE_SIZE))),
    })
    for (const link of links(html, /^\/pt(\/bairro\/[a-z0-9-]+\/[a-z0-9-]+)$/))
      neighborhoods.add(link)
    for (const link of links(html, new RegExp(`^/pt(/acompanhantes/${slug}/[a-z0-9-]+)$`)))
      cityServices.add(link)
    profilesByCity.push(links(html, /^\/acompanhante\/[a-z0-9-]+(?:\?ref_city=[a-z0-9-]+)?$/))
  }
  // The first profile of each city, then the second of each…: the most visited come first.
  const profiles = new Set()
  for (let rank = 0; profiles.size < PROFILE_POOL && profilesByCity.some((l) => l[rank]); rank++) {
    for (const list of profilesByCity) if (list[rank]) profiles.add(list[rank])
  }
  const contacts = new Set()
  const services = new Set()
  for (const profile of [...profiles].slice(0, PROFILE_PAGES_READ)) {
    const html = await text(baseUrl, profile)
    for (const link of links(html, /^\/contato\/[0-9a-f-]{36}\/[a-z]+$/)) contacts.add(link)
    for (const link of links(html, /^\/pt(\/servicos\/[a-z0-9-]+)$/)) services.add(link)
  }
  const found = {
    cityPages,
    neighborhoods: [...neighborhoods],
    cityServices: [...cityServices],
    services: [...services],
    profiles: [...profiles],
    contacts: [...contacts],
    placeNames: [...placeNames],
  }
  for (const [name, list] of Object.entries(found)) {
    if (list.length === 0) throw new Error(`nothing found for ${name}: is the database seeded?`)
  }
  return found
}

/** @typedef {Awaited<ReturnType<typeof discover>>} Site */

/** Filters a visitor sets on the search page (values on the sliders' steps). */
function searchPath(/** @type {Visitor} */ visitor, /** @type {Site} */ site) {
  const params = new URLSearchParams()
  if (random() < 0.5) params.set('city', pick(site.cityPages, 2).slug)
  const ageMin = random() < 0.5 ? pick([21, 25, 30, 35]) : 18
  if (ageMin > 18) params.set('ageMin', String(ageMin))
  // Above the lower end: a reversed range is redirected to its canonical address.
  if (random() < 0.3) params.set('ageMax', String(pick([40, 50])))
  if (random() < 0.5) params.set('priceMax', String(pick([300, 500, 800])))
  if (random() < 0.2) params.set('status', 'all')
  if (random() < 0.2) params.set('availability', 'true')
  const query = params.toString()
  return `/${visitor.language}/buscar${query ? `?${query}` : ''}`
}

/** A listing page: a city (page 1 mostly), a neighbourhood, a service in a city, a service. */
function listingPath(/** @type {Visitor} */ visitor, /** @type {Site} */ site) {
  const lang = `/${visitor.language}`
  const roll = random()
  if (roll < 0.5) {
    const city = pick(site.cityPages, 2)
    const page = random() < 0.6 ? 1 : 2 + Math.floor(random() ** 2 * (city.pages - 1))
    return `${lang}/acompanhantes/${city.slug}${page > 1 && page <= city.pages ? `?page=${page}` : ''}`
  }
  if (roll < 0.7) return `${lang}${pick(site.neighborhoods, 2)}`
  if (roll < 0.9) return `${lang}${pick(site.cityServices, 2)}`
  return `${lang}${pick(site.services)}`
}

/** What a visitor types in the location box: the first letters of a place. */
function suggestionPath(/** @type {Site} */ site) {
  const name = pick(site.placeNames).toLowerCase()
  const typed = name.slice(0, 2 + Math.floor(random() * Math.min(5, name.length - 1)))
  return `/api/locations?q=${encodeURIComponent(typed)}`
}

/**
 * A sign-in through the /auth form, as a browser without JavaScript posts it.
 * @param {string} baseUrl @param {string} email @param {string} password
 * @returns {Call}
 */
function signInCall(baseUrl, email, password) {
  return {
    method: 'POST',
    path: '/auth?mode=login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
    body: new URLSearchParams({ intent: 'login', email, password, rememberMe: 'on' }).toString(),
  }
}

const clientEmail = (/** @type {number} */ i) => `soak.cliente${i + 1}@example.com`

/**
 * Confirmed client accounts, made with the test helper while the server is stopped (PGlite
 * belongs to one process at a time).
 * @param {{ dataDir: string, databaseUrl?: string }} storage
 */
function createClients(storage) {
  for (let i = 0; i < CLIENTS; i++) {
    const result = spawnSync(
      process.execPath,
      [
        path.join(root, 'tests', 'support', 'cli', 'run.mjs'),
        './tests/support/cli/helpers.server.ts',
        'createClient',
        clientEmail(i),
        CLIENT_PASSWORD,
      ],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl ?? '' },
        encoding: 'utf8',
        timeout: 120_000,
      },
    )
    if (result.status !== 0) throw new Error(`client account not created:\n${result.stderr}`)
  }
}

/** The visitors: addresses, languages, cookies; signed-in ones sign in now. @param {string} baseUrl */
async function createVisitors(baseUrl) {
  /** @type {Visitor[]} */
  const visitors = []
  for (let i = 0; i < VISITORS; i++) {
    const address = `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`
    const language = random() < ENGLISH_SHARE ? 'en' : 'pt'
    const fresh = random() < NEW_VISITOR_SHARE
    visitors.push({
      address,
      agent: new http.Agent({ keepAlive: true, localAddress: address }),
      language,
      acceptLanguage: language === 'en' ? 'en-US,en;q=0.9' : 'pt-BR,pt;q=0.9,en;q=0.8',
      cookie: fresh ? '' : `${AGE_COOKIE}; aprova-lang=${language}`,
      signedIn: false,
    })
  }
  const signingIn = visitors
    .filter((v) => v.cookie)
    .slice(0, Math.round(VISITORS * SIGNED_IN_SHARE))
  for (const [i, visitor] of signingIn.entries()) {
    const outcome = await send(
      baseUrl,
      visitor,
      signInCall(baseUrl, clientEmail(i % CLIENTS), CLIENT_PASSWORD),
    )
    const session =
      'status' in outcome
        ? [outcome.headers['set-cookie'] ?? []]
            .flat()
            .find((c) => c.startsWith('aprova.session_token='))
        : undefined
    if (!session) throw new Error(`sign-in of a client failed: ${JSON.stringify(outcome)}`)
    visitor.cookie = `${visitor.cookie}; ${session.split(';')[0]}`
    visitor.signedIn = true
  }
  return visitors
}

/** @param {number[]} sorted @param {number} q */
const quantile = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? quantile(sorted, 0.5) : Number.NaN
}

/** Least-squares slope of kB over seconds. @param {{ t: number, kb: number }[]} samples */
function slope(samples) {
  const n = samples.length
  if (n < 2) return 0
  const mt = samples.reduce((s, p) => s + p.t, 0) / n
  const mk = samples.reduce((s, p) => s + p.kb, 0) / n
  const num = samples.reduce((s, p) => s + (p.t - mt) * (p.kb - mk), 0)
  const den = samples.reduce((s, p) => s + (p.t - mt) ** 2, 0)
  return den ? num / den : 0
}

/** CPU time a process has used so far, in seconds (Linux; NaN elsewhere). @param {number} pid */
async function cpuSeconds(pid) {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ')
    // utime and stime (fields 14 and 15 of the line), in clock ticks of 10 ms.
    return (Number(fields?.[11]) + Number(fields?.[12])) / 100
  } catch {
    return Number.NaN
  }
}

/**
 * The steady load itself, for `seconds`, at `rate` requests/s.
 * @param {string} baseUrl @param {Site} site @param {Visitor[]} visitors
 */
async function runLoad(baseUrl, site, visitors) {
  const anonymous = visitors.filter((v) => !v.signedIn)
  const weightTotal = MIX.reduce((sum, [, weight]) => sum + weight, 0)
  /** @type {Record<string, { statuses: Map<number, number>, ms: number[], errors: Map<string, number> }>} */
  const stats = {}
  for (const [kind] of MIX) stats[kind] = { statuses: new Map(), ms: [], errors: new Map() }
  const cache = { hit: 0, miss: 0 }
  /** @type {{ ms: number[], failed: number, maxInFlight: number }[]} */
  const timeline = []
  let overCap = 0
  let retried = 0
  let inFlight = 0
  let sent = 0
  let signIns = 0

  /** @returns {{ kind: Kind, visitor: Visitor, call: Call }} */
  const next = () => {
    let roll = random() * weightTotal
    /** @type {Kind} */
    let kind = 'listing'
    for (const [name, weight] of MIX) {
      roll -= weight
      if (roll < 0) {
        kind = name
        break
      }
    }
    if (kind === 'sign-in') {
      // A signed-out visitor signs in; now and then with a mistyped address.
      const visitor = pick(anonymous)
      const i = signIns++ % CLIENTS
      const email =
        random() < MISTYPED_SHARE ? clientEmail(i).replace('example', 'exmaple') : clientEmail(i)
      return { kind, visitor, call: signInCall(baseUrl, email, CLIENT_PASSWORD) }
    }
    const visitor = pick(visitors)
    if (kind === 'listing') return { kind, visitor, call: { path: listingPath(visitor, site) } }
    if (kind === 'profile') return { kind, visitor, call: { path: pick(site.profiles, 2) } }
    if (kind === 'search') return { kind, visitor, call: { path: searchPath(visitor, site) } }
    if (kind === 'suggestion')
      return {
        kind,
        visitor,
        call: { path: suggestionPath(site), headers: { accept: '*/*' } },
      }
    return { kind, visitor, call: { path: pick(site.contacts, 2) } }
  }

  const started = performance.now()
  const deadline = started + seconds * 1000
  /** @type {Set<Promise<void>>} */
  const running = new Set()
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const elapsed = (Math.min(performance.now(), deadline) - started) / 1000
      // Requests due by now: the integral of the rate, a ramp then flat.
      const ramp = Math.min(elapsed, RAMP_S)
      const due = Math.floor(rate * ((ramp * ramp) / (2 * RAMP_S) + Math.max(0, elapsed - RAMP_S)))
      const slot = Math.min(Math.floor(elapsed / TIMELINE_S), Math.ceil(seconds / TIMELINE_S) - 1)
      timeline[slot] ??= { ms: [], failed: 0, maxInFlight: 0 }
      const window = timeline[slot]
      for (; sent < due; sent++) {
        const { kind, visitor, call } = next()
        const kindStats = stats[kind]
        if (!kindStats) continue
        if (inFlight >= maxInFlight) {
          overCap++
          window.failed++
          continue
        }
        inFlight++
        window.maxInFlight = Math.max(window.maxInFlight, inFlight)
        const done = send(baseUrl, visitor, call).then((outcome) => {
          inFlight--
          running.delete(done)
          if ('error' in outcome) {
            kindStats.errors.set(outcome.error, (kindStats.errors.get(outcome.error) ?? 0) + 1)
            window.failed++
            return
          }
          window.ms.push(outcome.ms)
          kindStats.statuses.set(outcome.status, (kindStats.statuses.get(outcome.status) ?? 0) + 1)
          kindStats.ms.push(outcome.ms)
          if (outcome.retried) retried++
          // Pages a signed-out visitor asked for: from the HTML cache, or rendered.
          if (!PAGES.has(kind) || visitor.signedIn) return
          if (outcome.headers['x-cache'] === 'HIT') cache.hit++
          else cache.miss++
        })
        running.add(done)
      }
      if (performance.now() >= deadline) {
        clearInterval(timer)
        resolve(undefined)
      }
    }, TICK_MS)
  })
  // Answers still on their way are waited for (each has its own timeout).
  await Promise.all(running)
  return {
    stats,
    cache,
    timeline,
    overCap,
    retried,
    sent,
    elapsedS: (performance.now() - started) / 1000,
  }
}

async function main() {
  ensureBuild()
  const storage = await createServerStorage()
  /** @type {Awaited<ReturnType<typeof startServer>> | undefined} */
  let server
  /** @type {ReturnType<typeof rssSampler> | undefined} */
  let rss
  /** @type {Visitor[]} */
  let visitors = []
  /** @type {Promise<{ code: number | null, signal: string | null } | undefined> | undefined} */
  let cleaning
  const cleanUp = () => {
    cleaning ??= (async () => {
      rss?.stop()
      for (const visitor of visitors) visitor.agent.destroy()
      const stopped = await server?.stop()
      await storage.dispose()
      return stopped
    })()
    return cleaning
  }
  process.once('SIGINT', () => {
    console.warn('\nInterrupted: stopping the server and removing the soak data…')
    cleanUp().finally(() => process.exit(130))
  })

  let pass = false
  try {
    const database = storage.databaseUrl ? 'PostgreSQL (throwaway database)' : 'PGlite'
    print(`Soak: seeding ${profileCount} profiles and ${CLIENTS} client accounts into ${database}…`)
    await seed(storage, profileCount)
    createClients(storage)

    server = await startServer({ ...storage, env: { DEMO_DATA: '0' } })
    if (!server.pid) throw new Error('server process id unknown')
    const site = await discover(server.baseUrl)
    visitors = await createVisitors(server.baseUrl)

    /** @type {{ t: number, kb: number }[]} */
    const samples = []
    let loadStarted = 0
    rss = rssSampler(server.pid, RSS_SAMPLE_MS, (kb) =>
      samples.push({ t: (performance.now() - loadStarted) / 1000, kb }),
    )
    loadStarted = performance.now()
    await rss.sample()
    const startKb = samples.at(-1)?.kb ?? 0
    print(
      `Server ${server.baseUrl} (pid ${server.pid}), ${formatMb(startKb)} MB resident; ` +
        `${seconds} s at ${rate} requests/s from ${VISITORS} visitors ` +
        `(${Math.round(VISITORS * SIGNED_IN_SHARE)} signed in), at most ${maxInFlight} in flight; ` +
        `${os.cpus().length} CPUs, Node ${process.version}, load generator on the same machine.`,
    )
    print(
      `Traffic over ${site.cityPages.length} cities, ${site.neighborhoods.length} neighbourhoods, ` +
        `${site.cityServices.length + site.services.length} service pages, ${site.profiles.length} ` +
        `profiles, ${site.contacts.length} contact links, ${site.placeNames.length} place names.\n`,
    )
    const cpuBefore = await cpuSeconds(server.pid)
    const result = await runLoad(server.baseUrl, site, visitors)
    const cpuUsed = (await cpuSeconds(server.pid)) - cpuBefore
    await rss.sample()
    rss.stop()

    /** @type {string[][]} */
    const rows = []
    let total = 0
    let serverErrors = 0
    let connectionErrors = result.overCap
    let limited = 0
    /** @type {string[]} */
    const unexpected = []
    /** @type {Map<string, number>} */
    const errorKinds = new Map()
    for (const [kind] of MIX) {
      const kindStats = result.stats[kind]
      if (!kindStats) continue
      const answered = kindStats.ms.length
      const failed = [...kindStats.errors.values()].reduce((sum, n) => sum + n, 0)
      const fivexx = [...kindStats.statuses].reduce((sum, [s, n]) => sum + (s >= 500 ? n : 0), 0)
      const expected = EXPECTED[kind]
      for (const [status, n] of kindStats.statuses) {
        if (status === 429) limited += n
        else if (status < 500 && !expected.includes(status))
          unexpected.push(`${kind} ${status} ×${n}`)
      }
      for (const [name, n] of kindStats.errors)
        errorKinds.set(name, (errorKinds.get(name) ?? 0) + n)
      total += answered + failed
      serverErrors += fivexx
      connectionErrors += failed
      const sorted = kindStats.ms.sort((a, b) => a - b)
      rows.push([
        kind,
        String(answered + failed),
        ((answered + failed) / result.elapsedS).toFixed(1),
        [...kindStats.statuses]
          .sort((a, b) => a[0] - b[0])
          .map(([s, n]) => `${s}×${n}`)
          .join(' '),
        answered ? quantile(sorted, 0.5).toFixed(0) : '-',
        answered ? quantile(sorted, 0.99).toFixed(0) : '-',
        String(fivexx),
        String(failed),
      ])
    }
    print(
      table(
        ['kind', 'requests', 'req/s', 'answers', 'p50 ms', 'p99 ms', '5xx', 'conn errors'],
        rows,
        [false, true, true, false, true, true, true, true],
      ),
    )

    print()
    print(
      table(
        ['from s', 'requests', 'p50 ms', 'p99 ms', 'max in flight', 'errors', 'RSS MB'],
        result.timeline.map((window, i) => {
          const sorted = window.ms.sort((x, y) => x - y)
          const kb = median(
            samples
              .filter((s) => s.t >= i * TIMELINE_S && s.t < (i + 1) * TIMELINE_S)
              .map((s) => s.kb),
          )
          return [
            String(i * TIMELINE_S),
            String(window.ms.length + window.failed),
            sorted.length ? quantile(sorted, 0.5).toFixed(0) : '-',
            sorted.length ? quantile(sorted, 0.99).toFixed(0) : '-',
            String(window.maxInFlight),
            String(window.failed),
            Number.isNaN(kb) ? '-' : formatMb(kb),
          ]
        }),
        Array(7).fill(true),
      ),
    )

    const baseline = median(
      samples.filter((s) => Math.abs(s.t - BASELINE_S) <= MEMORY_WINDOW_S).map((s) => s.kb),
    )
    const end = median(
      samples.filter((s) => s.t >= result.elapsedS - 2 * MEMORY_WINDOW_S).map((s) => s.kb),
    )
    const change = (end - baseline) / baseline
    const trend = slope(samples.filter((s) => s.t >= BASELINE_S)) * 60
    const peakKb = Math.max(...samples.map((s) => s.kb))
    const cached = result.cache.hit + result.cache.miss
    const errorList = [...errorKinds].map(([name, n]) => `${name} ×${n}`)
    if (result.overCap) errorList.push(`not sent, over the in-flight cap ×${result.overCap}`)
    print(
      `\nRequests: ${total} sent in ${result.elapsedS.toFixed(1)} s, ` +
        `${(total / result.elapsedS).toFixed(1)}/s (asked ${rate}, the first ${RAMP_S} s rising to it).`,
    )
    print(
      `5xx answers: ${serverErrors}. Connection errors: ${connectionErrors}` +
        `${errorList.length ? ` (${errorList.join(', ')})` : ''}. Limited (429, expected past the ` +
        `per-visitor and per-account limits): ${limited}. Other answers the mix does not expect: ` +
        `${unexpected.length ? unexpected.join(', ') : 'none'}.`,
    )
    print(
      `Signed-out page requests served from the HTML cache: ${cached ? ((100 * result.cache.hit) / cached).toFixed(0) : '-'}%. ` +
        `Sent again after the server closed an idle kept-alive connection under them (as browsers ` +
        `do; not errors): ${result.retried}. Server CPU: ${((100 * cpuUsed) / result.elapsedS).toFixed(0)}% ` +
        `of one core, ${((1000 * cpuUsed) / Math.max(1, total)).toFixed(1)} ms a request.`,
    )
    print(
      `Server resident memory: ${formatMb(startKb)} MB at the start, ${formatMb(baseline)} MB after ` +
        `${BASELINE_S.toFixed(0)} s, ${formatMb(end)} MB at the end (${change >= 0 ? '+' : ''}${(100 * change).toFixed(1)}%), ` +
        `${formatMb(peakKb)} MB peak; trend since ${BASELINE_S.toFixed(0)} s ` +
        `${trend >= 0 ? '+' : ''}${(trend / 1024).toFixed(1)} MB/min (medians of samples every ` +
        `${RSS_SAMPLE_MS / 1000} s within ${MEMORY_WINDOW_S} s of ${BASELINE_S.toFixed(0)} s and in the last ` +
        `${2 * MEMORY_WINDOW_S} s).`,
    )
    const checks = [
      ['no 5xx', serverErrors === 0],
      ['no connection errors', connectionErrors === 0],
      [
        `memory at the end within ${100 * MEMORY_TOLERANCE}% of ${BASELINE_S.toFixed(0)} s`,
        change <= MEMORY_TOLERANCE,
      ],
    ]
    pass = checks.every(([, ok]) => ok)
    print(
      `${pass ? 'PASS' : 'FAIL'}: ${checks.map(([name, ok]) => `${name} ${ok ? 'yes' : 'NO'}`).join('; ')}`,
    )
  } finally {
    const stopped = await cleanUp()
    if (server) reportServerTrouble(server, stopped)
  }
  return pass
}

main().then(
  (pass) => process.exit(pass ? 0 : 1),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
