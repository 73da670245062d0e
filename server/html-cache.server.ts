import zlib from 'node:zlib'
import type { Request, RequestHandler, Response } from 'express'
import { AGE_COOKIE_NAME } from '#app/domain/age-gate.ts'
import { AUTH_REFERRER_COOKIE } from '#app/domain/auth-screen.ts'
import { isCrawler } from '#app/domain/crawlers.ts'
import { GEO_COOKIE_NAME } from '#app/domain/geolocation.ts'
import { browserLanguage, LANGUAGE_STORAGE_KEY } from '#app/domain/language.ts'
import { geolocateCity } from '#app/modules/location/geolocation.server.ts'

// DESIGN.md: anonymous GET pages may be kept until the next minute boundary, since the fair
// rotation changes once a minute. Only responses that are the same for everyone with the same
// URL, language, geolocation and age-gate cookies (and crawler or not) are kept: no other
// cookie in the request, and no cookie in the answer but the language one, or the geolocation
// one when the visitor's city is part of the key (a first visit to the home page).
//
// A kept page is sent compressed without compressing it again: each stretch between its CSP
// nonces is deflated once, when kept, and every answer is assembled as one gzip stream of those
// stretches with its own fresh nonce in between (stored uncompressed), and a checksum combined
// from the stretches' own: a hit costs a few thousand operations, not a compression of the page.

/** Cookies a cached page may depend on; any other cookie (a session) bypasses the cache. */
const KEY_COOKIES = new Set([LANGUAGE_STORAGE_KEY, GEO_COOKIE_NAME, AGE_COOKIE_NAME])
/** Cookies no cached page reads (/auth's back button; /auth itself is never kept). */
const IGNORED_COOKIES = new Set([AUTH_REFERRER_COOKIE])
/** Longest wait for the same page rendered for another request before rendering it again. */
const RENDER_WAIT_MS = 3000
const CACHEABLE_TYPES = /^(text\/html|text\/x-script|application\/json)/
const KEPT_HEADERS = ['content-type', 'cache-control', 'x-robots-tag', 'vary', 'set-cookie']

/**
 * Whether a response's cookies may be sent again to others with the same key: the language
 * cookie, whose value follows from the URL and the request's own language cookie (both in the
 * key), and the geolocation cookie of `geoCity` when the visitor's city is in the key. Any other
 * cookie, or a geolocation cookie without the city in the key, is personal: the answer is not kept.
 */
function replayableCookies(
  header: string | number | string[] | undefined,
  geoCity: string | undefined,
): boolean {
  if (header === undefined) return true
  const cookies = Array.isArray(header) ? header : [String(header)]
  return cookies.every(
    (cookie) =>
      cookie.startsWith(`${LANGUAGE_STORAGE_KEY}=`) ||
      (geoCity !== undefined && cookie.startsWith(`${GEO_COOKIE_NAME}=${geoCity};`)),
  )
}

/** Whether the response sets the geolocation cookie (it then depends on the visitor's city). */
function setsGeoCookie(header: string | number | string[] | undefined): boolean {
  if (header === undefined) return false
  const cookies = Array.isArray(header) ? header : [String(header)]
  return cookies.some((cookie) => cookie.startsWith(`${GEO_COOKIE_NAME}=`))
}

interface Entry {
  status: number
  headers: [string, string][]
  /** The body split at its CSP nonce (one part without one). */
  parts: Buffer[]
  /** Each part as raw deflate ending on a byte boundary (sync flush), to join into one stream. */
  deflated: Buffer[]
  nonce: string | undefined
  /** Length of the nonce attribute the deflated parts were made for (see deflateParts). */
  attributeLength: number
  /** CRC-32 of each part, and the operator that appends its length (see crc32Append). */
  crcs: number[]
  shifts: number[]
  expires: number
  bytes: number
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
    const cookies = parseCookies(req.headers.cookie)
    if (!cookies) return next()
    const key = [
      req.originalUrl,
      cookies.get(LANGUAGE_STORAGE_KEY) ?? '',
      cookies.get(GEO_COOKIE_NAME) ?? '',
      browserLanguage(req.headers['accept-language']),
      // The age gate shows unless confirmed (cookie) or the visitor is a crawler.
      cookies.get(AGE_COOKIE_NAME) ?? '',
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
    if (hit) return serve(req, res, hit, nonce)
    const currentMinute = minute
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
        const attribute = Buffer.from(`nonce="${nonce}"`)
        const parts = nonce ? split(body, attribute) : [body]
        const deflated = deflateParts(parts, attribute.length, !body.includes(0))
        const entry: Entry = {
          status,
          headers: KEPT_HEADERS.flatMap((name) => {
            const value = res.getHeader(name)
            if (value === undefined) return []
            return (Array.isArray(value) ? value : [String(value)]).map(
              (one) => [name, one] as [string, string],
            )
          }),
          parts,
          deflated,
          nonce: parts.length > 1 ? nonce : undefined,
          attributeLength: attribute.length,
          crcs: parts.map((part) => zlib.crc32(part)),
          shifts: parts.map((part) => x8nModP(part.length)),
          expires: (currentMinute + 1) * 60_000,
          bytes: body.length + deflated.reduce((sum, part) => sum + part.length, 0),
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
    },
  }
}

/** The visitor's city as the home page's loader finds it (the same inputs: headers, address). */
function visitorCity(req: Request): string | undefined {
  try {
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value)
    }
    return geolocateCity({ headers } as globalThis.Request, {
      secure: false,
      clientIp: req.socket.remoteAddress,
    }).citySlug
  } catch {
    return undefined
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

/** `body` cut at every occurrence of `separator`, which is dropped. */
function split(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = []
  let start = 0
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, start)) {
    parts.push(body.subarray(start, at))
    start = at + separator.length
  }
  parts.push(body.subarray(start))
  return parts
}

/**
 * The parts as raw deflate blocks that join into one stream with an attribute of
 * `attributeLength` bytes between them. Each part may refer back to the parts before it (a
 * preset dictionary, as good as compressing the page whole) but never to the attribute's bytes,
 * which differ in every answer: they stand as NUL bytes in the dictionary, and a page without
 * NUL bytes has nothing that could match them. A page with NUL bytes is deflated part by part.
 */
function deflateParts(parts: Buffer[], attributeLength: number, chain: boolean): Buffer[] {
  const placeholder = Buffer.alloc(attributeLength)
  let history = Buffer.alloc(0)
  return parts.map((part) => {
    const deflated = zlib.deflateRawSync(part, {
      level: 9,
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
      ...(chain && history.length > 0 ? { dictionary: history } : {}),
    })
    history = Buffer.concat([history, part, placeholder]).subarray(-WINDOW_BYTES)
    // A copy of its own size: zlib's answer is a view into a 16 KB buffer, which a page of 40
    // parts would otherwise keep whole 40 times.
    return Buffer.from(deflated)
  })
}

/** Whether the request's Accept-Encoding allows gzip (explicitly or through `*`, with q > 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  let gzip: number | undefined
  let any: number | undefined
  for (const item of String(header ?? '').split(',')) {
    const [name = '', ...params] = item.trim().toLowerCase().split(';')
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean)
    const weight = q === undefined ? 1 : Number(q)
    if (name === 'gzip' || name === 'x-gzip') gzip = weight
    else if (name === '*') any = weight
  }
  return (gzip ?? any ?? 0) > 0
}

/** How far back deflate may refer (windowBits 15, what every browser inflates with). */
const WINDOW_BYTES = 32 * 1024
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
/** An empty stored block with BFINAL set: the end of the deflate stream. */
const DEFLATE_END = Buffer.from([1, 0, 0, 0xff, 0xff])

/**
 * One gzip member: the parts' deflate blocks with the nonce attribute between them as a stored
 * (uncompressed) block, then the checksum and length of the whole.
 */
function gzipWithNonce(entry: Entry, attribute: Buffer): Buffer {
  const stored = Buffer.alloc(5 + attribute.length)
  stored.writeUInt16LE(attribute.length, 1)
  stored.writeUInt16LE(~attribute.length & 0xffff, 3)
  attribute.copy(stored, 5)
  const chunks: Buffer[] = [GZIP_HEADER]
  const attributeCrc = zlib.crc32(attribute)
  const attributeShift = x8nModP(attribute.length)
  let crc = 0
  let size = 0
  entry.parts.forEach((part, i) => {
    if (i > 0) {
      chunks.push(stored)
      crc = crc32Append(crc, attributeCrc, attributeShift)
      size += attribute.length
    }
    chunks.push(entry.deflated[i] as Buffer)
    crc = crc32Append(crc, entry.crcs[i] as number, entry.shifts[i] as number)
    size += part.length
  })
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(size % 2 ** 32, 4)
  chunks.push(DEFLATE_END, trailer)
  return Buffer.concat(chunks)
}

// The CRC-32 of the whole answer from the CRCs of its parts, as zlib's crc32_combine does it
// (polynomial arithmetic modulo the CRC polynomial): a few thousand operations instead of a
// pass over the page's 100 KB.
const CRC_POLYNOMIAL = 0xedb88320

/** a·b modulo the CRC polynomial (bit-reflected, as CRC-32 values are). */
function multModP(a: number, b: number): number {
  let m = 0x80000000
  let product = 0
  let factor = b
  for (;;) {
    if (a & m) {
      product ^= factor
      if ((a & (m - 1)) === 0) break
    }
    m >>>= 1
    factor = factor & 1 ? (factor >>> 1) ^ CRC_POLYNOMIAL : factor >>> 1
  }
  return product >>> 0
}

/** x^(2^k) modulo the polynomial, for k = 0…31. */
const X2N = (() => {
  const table: number[] = []
  let power = 0x40000000 // x^1
  for (let k = 0; k < 32; k++) {
    table.push(power)
    power = multModP(power, power)
  }
  return table
})()

/** x^(8n) modulo the polynomial: appending n bytes shifts a CRC by this. */
function x8nModP(n: number): number {
  let power = 0x80000000 // x^0
  let k = 3
  for (let rest = n; rest > 0; rest = Math.floor(rest / 2), k++) {
    if (rest % 2 === 1) power = multModP(X2N[k % 32] as number, power)
  }
  return power
}

/** CRC-32 of A followed by B, from CRC(A), CRC(B) and x8nModP(length of B). */
function crc32Append(crcA: number, crcB: number, shiftB: number): number {
  return (multModP(shiftB, crcA) ^ crcB) >>> 0
}

/** Sends a kept response, compressed when the client takes gzip, with this response's nonce. */
function serve(req: Request, res: Response, entry: Entry, nonce: string) {
  res.status(entry.status)
  for (const [name, value] of entry.headers) res.appendHeader(name, value)
  res.setHeader('X-Cache', 'HIT')
  const attribute = Buffer.from(`nonce="${nonce || entry.nonce}"`)
  res.vary('Accept-Encoding')
  // A nonce of another length would move what the parts refer back to: compressed on the way.
  if (acceptsGzip(req.headers['accept-encoding']) && attribute.length === entry.attributeLength) {
    const gzipped = gzipWithNonce(entry, attribute)
    res.setHeader('Content-Encoding', 'gzip')
    res.setHeader('Content-Length', gzipped.length)
    return res.end(gzipped)
  }
  const body: Buffer[] = []
  entry.parts.forEach((part, i) => {
    if (i > 0) body.push(attribute)
    body.push(part)
  })
  const plain = Buffer.concat(body)
  res.setHeader('Content-Length', plain.length)
  res.end(plain)
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
