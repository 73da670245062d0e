import type { RequestHandler, Response } from 'express'
import { AGE_COOKIE_NAME } from '#app/domain/age-gate.ts'
import { AUTH_REFERRER_COOKIE } from '#app/domain/auth-screen.ts'
import { isCrawler } from '#app/domain/crawlers.ts'
import { GEO_COOKIE_NAME } from '#app/domain/geolocation.ts'
import { browserLanguage, LANGUAGE_STORAGE_KEY } from '#app/domain/language.ts'

// DESIGN.md: anonymous GET pages may be kept until the next minute boundary, since the fair
// rotation changes once a minute. Only responses that are the same for everyone with the same
// URL, language, geolocation and age-gate cookies (and crawler or not) are kept: no other
// cookie in the request, and no cookie in the answer but the language one.

/** Cookies a cached page may depend on; any other cookie (a session) bypasses the cache. */
const KEY_COOKIES = new Set([LANGUAGE_STORAGE_KEY, GEO_COOKIE_NAME, AGE_COOKIE_NAME])
/** Cookies no cached page reads (/auth's back button; /auth itself is never kept). */
const IGNORED_COOKIES = new Set([AUTH_REFERRER_COOKIE])
const CACHEABLE_TYPES = /^(text\/html|text\/x-script|application\/json)/
const KEPT_HEADERS = ['content-type', 'cache-control', 'x-robots-tag', 'vary', 'set-cookie']

/**
 * Whether a response's cookies may be sent again to others with the same key: only the language
 * cookie, whose value follows from the URL and the request's own language cookie (both in the
 * key). A geolocation cookie depends on the visitor's address, so such answers are not kept.
 */
function replayableCookies(header: string | number | string[] | undefined): boolean {
  if (header === undefined) return true
  const cookies = Array.isArray(header) ? header : [String(header)]
  return cookies.every((cookie) => cookie.startsWith(`${LANGUAGE_STORAGE_KEY}=`))
}

interface Entry {
  status: number
  headers: [string, string][]
  body: Buffer
  nonce: string | undefined
  expires: number
}

export interface HtmlCacheOptions {
  maxEntries?: number
  maxBytes?: number
  now?: () => number
}

function parseCookies(header: string | undefined): Map<string, string> | undefined {
  const cookies = new Map<string, string>()
  for (const part of header?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=')
    if (!name || IGNORED_COOKIES.has(name)) continue
    // Another cookie (a session), or a key cookie twice (the app reads the first, a map the
    // last): not a request whose answer may be shared.
    if (!KEY_COOKIES.has(name) || cookies.has(name)) return undefined
    cookies.set(name, value.join('='))
  }
  return cookies
}

/** Micro-cache of anonymous pages (and their data requests) until the next minute boundary. */
export function htmlMicroCache(options: HtmlCacheOptions = {}): RequestHandler & { clear(): void } {
  const maxEntries = options.maxEntries ?? 2000
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024
  const now = options.now ?? Date.now
  const entries = new Map<string, Entry>()
  let bytes = 0
  let minute = 0

  const remove = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    bytes -= entry.body.length
    entries.delete(key)
  }

  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' || req.headers.authorization) return next()
    const cookies = parseCookies(req.headers.cookie)
    if (!cookies) return next()
    // Everything cached belongs to the current minute; a new minute starts empty.
    const currentMinute = Math.floor(now() / 60_000)
    if (currentMinute !== minute) {
      entries.clear()
      bytes = 0
      minute = currentMinute
    }
    const key = [
      req.originalUrl,
      cookies.get(LANGUAGE_STORAGE_KEY) ?? '',
      cookies.get(GEO_COOKIE_NAME) ?? '',
      browserLanguage(req.headers['accept-language']),
      // The age gate shows unless confirmed (cookie) or the visitor is a crawler.
      cookies.get(AGE_COOKIE_NAME) ?? '',
      isCrawler(req.headers['user-agent']) ? 'crawler' : '',
    ].join('\n')
    const nonce = String(res.locals.cspNonce ?? '')
    const hit = entries.get(key)
    if (hit && hit.expires > now()) {
      // Refresh its place in the LRU order.
      entries.delete(key)
      entries.set(key, hit)
      return serve(res, hit, nonce)
    }
    capture(res, (status, body) => {
      if (status !== 200 && status !== 404) return
      if (!replayableCookies(res.getHeader('set-cookie'))) return
      const type = String(res.getHeader('content-type') ?? '')
      if (!CACHEABLE_TYPES.test(type)) return
      if (/private|no-store/.test(String(res.getHeader('cache-control') ?? ''))) return
      if (body.length > maxBytes / 16) return
      remove(key)
      entries.set(key, {
        status,
        headers: KEPT_HEADERS.flatMap((name) => {
          const value = res.getHeader(name)
          if (value === undefined) return []
          return (Array.isArray(value) ? value : [String(value)]).map(
            (one) => [name, one] as [string, string],
          )
        }),
        body,
        nonce: nonce || undefined,
        expires: (currentMinute + 1) * 60_000,
      })
      bytes += body.length
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break
        remove(oldest)
      }
    })
    res.setHeader('X-Cache', 'MISS')
    next()
  }
  return Object.assign(handler, {
    clear() {
      entries.clear()
      bytes = 0
    },
  })
}

/** Sends a kept response; its CSP nonce is replaced by this response's own. */
function serve(res: Response, entry: Entry, nonce: string) {
  res.status(entry.status)
  for (const [name, value] of entry.headers) res.appendHeader(name, value)
  res.setHeader('X-Cache', 'HIT')
  const body =
    entry.nonce && nonce
      ? Buffer.from(
          entry.body.toString('utf8').replaceAll(`nonce="${entry.nonce}"`, `nonce="${nonce}"`),
        )
      : entry.body
  res.end(body)
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
