import type { Request, RequestHandler, Response } from 'express'
import { isCrawler } from '#app/domain/crawlers.ts'
import { GEO_COOKIE_NAME } from '#app/domain/geolocation.ts'
import { browserLanguage, LANGUAGE_STORAGE_KEY } from '#app/domain/language.ts'
import { isSharedPage } from '#app/domain/shared-pages.ts'
import type { PageType } from '#app/domain/web-vitals.ts'
import { ageGateAnswered } from '#app/modules/age-gate/age-gate.server.ts'
import {
  parseCookies,
  replayableCookies,
  resolvedPath,
  setsGeoCookie,
  visitorCity,
} from './html-cache-key.server.ts'
import { carriesToken, type SplicedPage, sendSpliced, spliceAtNonce } from './html-splice.server.ts'
import { vitalsTokenIssuer } from './vitals-token.server.ts'

// DESIGN.md: public GET pages may be kept until the next minute boundary, since the fair
// rotation changes once a minute, or until the change feed says what they show changed. Only
// responses that are the same for everyone with the same URL, language, geolocation and
// age-gate cookies, audience (signed out, or the role of a signed-in visitor: issue 17) and
// crawler or not are kept: no other cookie in the request, and no cookie in the answer but the
// language one, or the geolocation one when the visitor's city is part of the key (a first visit
// to the home page).
//
// A kept page is sent again compressed, with each answer's own nonce and web-vitals token,
// without compressing it again (server/html-splice.server.ts).

/** Longest wait for the same page rendered for another request before rendering it again. */
const RENDER_WAIT_MS = 3000
const CACHEABLE_TYPES = /^(text\/html|text\/x-script|application\/json)/
const KEPT_HEADERS = ['content-type', 'cache-control', 'x-robots-tag', 'vary', 'set-cookie']

interface Entry extends SplicedPage {
  /** The page type of the web-vitals token it was rendered with, if it has one. */
  vitalsPage: PageType | undefined
  status: number
  headers: [string, string][]
  expires: number
}

export interface HtmlCacheOptions {
  maxEntries?: number
  maxBytes?: number
  now?: () => number
  /**
   * Whether kept pages may be served and kept now: only while the change feed is heard
   * (app/modules/http/public-pages.server.ts). Always, by default (tests of the cache alone).
   */
  usable?: () => boolean
  /** Changes when kept pages are forgotten: a page rendered under an older value is not kept. */
  generation?: () => number
  /**
   * Whom a session cookie's value stands for (its role; the root loader draws the header from
   * the same answer). Without it, a request with a session is never served kept pages.
   */
  audience?: (sessionCookie: string) => Promise<string>
}

/** Where `serve` leaves, for `keep`, the start of the capture of a page it does not have. */
const CAPTURE = 'htmlCacheCapture'

export interface HtmlMicroCache {
  /**
   * Answers from the cache, early in the chain (after the security headers, before
   * compression: kept pages are compressed already).
   */
  serve: RequestHandler
  /** Keeps what the rest of the chain renders: after compression, which must not see it twice. */
  keep: RequestHandler
  clear(): void
}

/** Micro-cache of anonymous pages (and their data requests) until the next minute boundary. */
export function htmlMicroCache(options: HtmlCacheOptions = {}): HtmlMicroCache {
  const maxEntries = options.maxEntries ?? 2000
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024
  const now = options.now ?? Date.now
  const usable = options.usable ?? (() => true)
  const generation = options.generation ?? (() => 0)
  const entries = new Map<string, Entry>()
  let bytes = 0
  let minute = 0

  const remove = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    bytes -= entry.bytes
    entries.delete(key)
  }

  // Pages being rendered now: a request for one waits for it rather than rendering it too (a
  // new minute, or a popular page, would otherwise be rendered by every visitor at once).
  const rendering = new Map<string, Promise<void>>()
  // Pages of this minute that could not be kept (personal cookies, no-store): nothing to wait for.
  const uncacheable = new Set<string>()

  const serveKept: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' || req.headers.authorization) return next()
    // Without the change feed a kept page could be stale without anyone knowing: render.
    if (!usable()) {
      res.setHeader('X-Cache', 'BYPASS')
      return next()
    }
    const parsed = parseCookies(req.headers.cookie)
    if (!parsed) return next()
    const { cookies } = parsed
    let audience = 'visitor'
    if (parsed.session !== undefined) {
      // A signed-in visitor's area, forms and endpoints are never shared, whatever their headers.
      if (!options.audience || !isSharedPage(resolvedPath(req.originalUrl))) return next()
      try {
        audience = await options.audience(parsed.session)
      } catch {
        // The session could not be read: the page is rendered (and decides) itself.
        return next()
      }
    }
    // The page is drawn for the audience it is kept under (the root loader reads this).
    res.locals.audience = audience
    const key = [
      audience,
      req.originalUrl,
      cookies.get(LANGUAGE_STORAGE_KEY) ?? '',
      cookies.get(GEO_COOKIE_NAME) ?? '',
      browserLanguage(req.headers['accept-language']),
      // The age gate shows unless answered (the cookies, as the gate reads them in the site's
      // mode: a signed verification is the same key for everyone) or the visitor is a crawler.
      ageGateAnswered(req.headers.cookie) ? 'answered' : '',
      isCrawler(req.headers['user-agent']) ? 'crawler' : '',
    ].join('\n')
    // A page that geolocates its visitor (the home page without an aprova-geo cookie) is kept
    // under the visitor's city as well; the city is only looked up when the plain key misses.
    const located = cookies.has(GEO_COOKIE_NAME) ? undefined : lazy(() => visitorCity(req))
    const geoKey = (city: string) => `${key}\ngeo:${city}`
    const lookup = () => {
      // Everything cached belongs to the current minute; a new minute starts empty.
      const currentMinute = Math.floor(now() / 60_000)
      if (currentMinute !== minute) {
        entries.clear()
        uncacheable.clear()
        bytes = 0
        minute = currentMinute
      }
      const city = entries.has(key) ? undefined : located?.()
      const hitKey = city ? geoKey(city) : key
      const hit = entries.get(hitKey)
      if (!hit || hit.expires <= now()) return undefined
      // Refresh its place in the LRU order.
      entries.delete(hitKey)
      entries.set(hitKey, hit)
      return hit
    }
    const nonce = String(res.locals.cspNonce ?? '')
    let hit = lookup()
    const inFlight = rendering.get(key)
    if (!hit && inFlight && !uncacheable.has(key)) {
      await within(inFlight, RENDER_WAIT_MS)
      hit = lookup()
    }
    // This answer's page view token (issue 30 point 8), for the page type of the one it was
    // kept with, spliced in like the nonce.
    if (hit)
      return serve(
        req,
        res,
        hit,
        nonce,
        hit.vitalsPage ? vitalsTokenIssuer(res)(hit.vitalsPage) : '',
      )
    const currentMinute = minute
    // What the render reads may change before it ends: kept only if nothing changed meanwhile.
    const renderedUnder = generation()
    // Whether the answer comes from the renderer (static files, /healthz answer before `keep`).
    let rendered = false
    if (!inFlight) {
      let finish = () => {}
      const done = new Promise<void>((resolve) => {
        finish = resolve
      })
      rendering.set(key, done)
      const settle = () => {
        if (rendering.get(key) === done) rendering.delete(key)
        // Nothing to wait for next time on what the cache never keeps.
        if (!rendered && currentMinute === minute) uncacheable.add(key)
        finish()
      }
      res.once('finish', settle)
      res.once('close', settle)
    }
    res.locals[CAPTURE] = () => {
      rendered = true
      res.setHeader('X-Cache', 'MISS')
      capture(res, (status, body) => {
        const setCookie = res.getHeader('set-cookie')
        const city = setsGeoCookie(setCookie) ? located?.() : undefined
        // Rendered while something changed (or the feed was lost): correct for this answer,
        // perhaps not for the next one.
        if (generation() !== renderedUnder || !usable()) return
        const keepable =
          (status === 200 || status === 404) &&
          replayableCookies(setCookie, city) &&
          CACHEABLE_TYPES.test(String(res.getHeader('content-type') ?? '')) &&
          !/private|no-store/.test(String(res.getHeader('cache-control') ?? '')) &&
          body.length <= maxBytes / 16
        if (!keepable) {
          if (currentMinute === minute) uncacheable.add(key)
          return
        }
        const entryKey = city ? geoKey(city) : key
        remove(entryKey)
        // The token the page was rendered with (server/vitals-token.server.ts), if it made one.
        const token = String(res.locals.vitalsToken ?? '')
        const spliced = spliceAtNonce(body, nonce, token)
        const entry: Entry = {
          ...spliced,
          vitalsPage: carriesToken(spliced) ? (res.locals.vitalsPage as PageType) : undefined,
          status,
          headers: KEPT_HEADERS.flatMap((name) => {
            const value = res.getHeader(name)
            if (value === undefined) return []
            return (Array.isArray(value) ? value : [String(value)]).map(
              (one) => [name, one] as [string, string],
            )
          }),
          expires: (currentMinute + 1) * 60_000,
        }
        entries.set(entryKey, entry)
        bytes += entry.bytes
        for (const oldest of entries.keys()) {
          if (entries.size <= maxEntries && bytes <= maxBytes) break
          remove(oldest)
        }
      })
    }
    next()
  }

  const keep: RequestHandler = (_req, res, next) => {
    const start = res.locals[CAPTURE] as (() => void) | undefined
    start?.()
    next()
  }

  return {
    serve: serveKept,
    keep,
    clear() {
      entries.clear()
      bytes = 0
      // Renders under way read what just changed: nobody waits for them.
      rendering.clear()
    },
  }
}

/** Resolves when `promise` does, or after `ms` at the latest. */
function within(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    promise,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms)
    }),
  ]).finally(() => clearTimeout(timer))
}

function lazy<T>(compute: () => T): () => T {
  let done = false
  let value: T
  return () => {
    if (!done) {
      value = compute()
      done = true
    }
    return value
  }
}

/**
 * Sends a kept response: its status and headers, and its body with this response's nonce and
 * web-vitals token.
 */
function serve(req: Request, res: Response, entry: Entry, nonce: string, token: string) {
  res.status(entry.status)
  for (const [name, value] of entry.headers) res.appendHeader(name, value)
  res.setHeader('X-Cache', 'HIT')
  sendSpliced(req, res, entry, nonce, token)
}

/** Collects what the rest of the chain writes, and reports it when the response ends. */
function capture(res: Response, done: (status: number, body: Buffer) => void) {
  const chunks: Buffer[] = []
  const write = res.write.bind(res) as (...args: unknown[]) => boolean
  const end = res.end.bind(res) as (...args: unknown[]) => Response
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return
    chunks.push(
      Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : Buffer.from(
              String(chunk),
              typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
            ),
    )
  }
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0])
    return write(chunk, ...rest)
  }) as Response['write']
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0])
    const result = end(chunk, ...rest)
    done(res.statusCode, Buffer.concat(chunks))
    return result
  }) as Response['end']
}
