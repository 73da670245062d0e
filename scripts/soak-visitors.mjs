// @ts-check
// The soak's visitors (scripts/soak.mjs): deterministic choices, one request from a visitor's own
// loopback address and connections (sent once more when a kept-alive connection was closed
// under it, as a browser does), the paths they ask for, and the client accounts some sign in as.
import http from 'node:http'
import { performance } from 'node:perf_hooks'
import { createClientAccount, HEADERS } from './bench-support.mjs'

/** A visitor who passed the age gate. */
export const AGE_COOKIE = 'aprova-age=1'
/** Distinct visitors, each with its own loopback address and keep-alive connections. */
export const VISITORS = 200
const REQUEST_TIMEOUT_MS = 15_000
export const CLIENT_PASSWORD = 'senha-do-soak-123'
/** Of which signed-in clients (pages rendered for them) and first-time visitors (no cookie). */
export const SIGNED_IN_SHARE = 0.1
const NEW_VISITOR_SHARE = 0.05
const ENGLISH_SHARE = 0.2
/** Client accounts the sign-ins use; a fifth of the sign-ins mistype the address instead. */
export const CLIENTS = 4

/** Share of the requests of each kind (weights). Sign-ins: a few a second at the default rate. */
export const MIX = /** @type {const} */ ([
  ['listing', 40],
  ['profile', 30],
  ['search', 8],
  ['suggestion', 11],
  ['contact', 6],
  ['sign-in', 5],
])
/** A fifth of the sign-ins mistype the client's address. */
const MISTYPED_SHARE = 0.2
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
/** @typedef {import('./soak-site.mjs').Site} Site */

// Deterministic choices (mulberry32), so two runs send the same kind of traffic.
let state = 0x5eed
export function random() {
  state = (state + 0x6d2b79f5) >>> 0
  let t = state
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
}
/** Any item, or with `skew` > 1 mostly the first ones (popular pages come first). */
export const pick = /** @type {<T>(items: readonly T[], skew?: number) => T} */ (
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
export async function send(baseUrl, visitor, call) {
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
export const errorName = (error) => error.code ?? error.message

/** Filters a visitor sets on the search page (values on the sliders' steps). */
export function searchPath(/** @type {Visitor} */ visitor, /** @type {Site} */ site) {
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
export function listingPath(/** @type {Visitor} */ visitor, /** @type {Site} */ site) {
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
export function suggestionPath(/** @type {Site} */ site) {
  const name = pick(site.placeNames).toLowerCase()
  const typed = name.slice(0, 2 + Math.floor(random() * Math.min(5, name.length - 1)))
  return `/api/locations?q=${encodeURIComponent(typed)}`
}

/**
 * A sign-in through the /auth form, as a browser without JavaScript posts it.
 * @param {string} baseUrl @param {string} email @param {string} password
 * @returns {Call}
 */
export function signInCall(baseUrl, email, password) {
  return {
    method: 'POST',
    path: '/auth?mode=login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
    body: new URLSearchParams({ intent: 'login', email, password, rememberMe: 'on' }).toString(),
  }
}

export const clientEmail = (/** @type {number} */ i) => `soak.cliente${i + 1}@example.com`

/**
 * Confirmed client accounts, made with the test helper while the server is stopped (PGlite
 * belongs to one process at a time).
 * @param {{ dataDir: string, databaseUrl?: string }} storage
 */
export function createClients(storage) {
  for (let i = 0; i < CLIENTS; i++) createClientAccount(storage, clientEmail(i), CLIENT_PASSWORD)
}

/** The visitors: addresses, languages, cookies; signed-in ones sign in now. @param {string} baseUrl */
export async function createVisitors(baseUrl) {
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

/**
 * The next request of the mix: its kind drawn by MIX's weights, its visitor (a signed-out one
 * for a sign-in, now and then with a mistyped address) and what it asks for.
 * @param {string} baseUrl @param {Site} site @param {Visitor[]} visitors
 */
export function trafficMix(baseUrl, site, visitors) {
  const anonymous = visitors.filter((v) => !v.signedIn)
  const weightTotal = MIX.reduce((sum, [, weight]) => sum + weight, 0)
  let signIns = 0
  return /** @returns {{ kind: Kind, visitor: Visitor, call: Call }} */ () => {
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
}
