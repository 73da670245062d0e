import { normalizeSlug } from '#app/domain/slug.ts'
import { cookieValue, siteCookie } from './cookies.ts'

/** Cities that geolocation may pick for a visitor; São Paulo first, as the default. */
export const GEO_CITY_SLUGS = [
  'sao-paulo',
  'rio-de-janeiro',
  'belo-horizonte',
  'salvador',
  'fortaleza',
  'porto-alegre',
  'brasilia',
  'recife',
  'curitiba',
  'goiania',
] as const
export type GeoCitySlug = (typeof GEO_CITY_SLUGS)[number]
/** City used when the visitor's city is unknown, not one of the ten, or on any failure. */
export const DEFAULT_GEO_CITY: GeoCitySlug = 'sao-paulo'
/** How long a geolocated city is kept, in seconds. */
export const GEO_CACHE_SECONDS = 3600
/** Name of the cookie that keeps the geolocated city. */
export const GEO_COOKIE_NAME = 'aprova-geo'

/**
 * State (ISO 3166-2:BR code) of each city and the state's names as geolocation sources write
 * them (Portuguese or English, in slug form), to tell the city from namesakes elsewhere.
 */
const CITY_STATES: Record<GeoCitySlug, readonly string[]> = {
  'sao-paulo': ['sp', 'sao-paulo'],
  'rio-de-janeiro': ['rj', 'rio-de-janeiro'],
  'belo-horizonte': ['mg', 'minas-gerais'],
  salvador: ['ba', 'bahia'],
  fortaleza: ['ce', 'ceara'],
  'porto-alegre': ['rs', 'rio-grande-do-sul'],
  brasilia: ['df', 'distrito-federal', 'federal-district'],
  recife: ['pe', 'pernambuco'],
  curitiba: ['pr', 'parana'],
  goiania: ['go', 'goias'],
}

const COUNTRY_NAMES = new Set(['br', 'bra', 'brazil', 'brasil'])
const SLUGS: ReadonlySet<string> = new Set(GEO_CITY_SLUGS)
// Longer values are not city names; they are refused before any work is done on them.
const MAX_NAME_LENGTH = 100
const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Narrows any value to one of the ten city slugs, or false. */
export function isGeoCitySlug(value: unknown): value is GeoCitySlug {
  return typeof value === 'string' && SLUGS.has(value)
}

/** True when a country code or name is Brazil, or is missing (unknown is not refused). */
export function isGeoCountry(country: string | null | undefined): boolean {
  const value = country?.trim()
  return !value || COUNTRY_NAMES.has(normalizeSlug(value))
}

/** Slug of one of the ten cities from a CDN's or GeoIP database's city name, else undefined. */
export function geoCityFromName(
  name: string | null | undefined,
  state?: string | null,
): GeoCitySlug | undefined {
  // Any case, accents or none, URL-encoded or raw UTF-8 read as Latin-1. A state, when given
  // (a code like 'SP' or 'BR-SP', or a name), must be the city's own: Fortaleza, SC is refused.
  if (typeof name !== 'string' || !name || name.length > MAX_NAME_LENGTH) return undefined
  const slug = normalizeSlug(repairUtf8(decodeName(name)))
  if (!isGeoCitySlug(slug)) return undefined
  return typeof state === 'string' && state.trim() && !isCityState(slug, state) ? undefined : slug
}

function isCityState(city: GeoCitySlug, state: string): boolean {
  if (state.length > MAX_NAME_LENGTH) return false
  const value = normalizeSlug(repairUtf8(decodeName(state))).replace(/^br-(?=[a-z]{2}$)/, '')
  return CITY_STATES[city].includes(value)
}

// Percent-decodes a value ('S%C3%A3o%20Paulo'); a Latin-1 encoding ('S%E3o') is read byte by byte.
function decodeName(value: string): string {
  const spaced = value.replaceAll('+', ' ')
  if (!spaced.includes('%')) return spaced
  try {
    return decodeURIComponent(spaced)
  } catch {
    return spaced.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    )
  }
}

// HTTP header values reach Node as Latin-1, so a raw UTF-8 'São' arrives as 'SÃ£o': decodes it back
// when the characters form valid UTF-8 (real Latin-1 text almost never does).
function repairUtf8(value: string): string {
  if (!/[\u0080-\u00ff]/.test(value) || /[\u0100-\uffff]/.test(value)) return value
  try {
    return utf8.decode(Uint8Array.from(value, (char) => char.charCodeAt(0)))
  } catch {
    return value
  }
}

/** The city kept in an aprova-geo cookie value, or undefined when the value is anything else. */
export function parseGeoCookie(value: unknown): GeoCitySlug | undefined {
  return isGeoCitySlug(value) ? value : undefined
}

/** Raw value of the first aprova-geo cookie in a Cookie header, or undefined. */
export function geoCookieValue(cookieHeader: string | null | undefined): string | undefined {
  return cookieValue(cookieHeader, GEO_COOKIE_NAME)
}

/** Set-Cookie value that keeps the geolocated city for an hour (Secure when asked). */
export function geoCookie(slug: GeoCitySlug, secure: boolean): string {
  const value = parseGeoCookie(slug) ?? DEFAULT_GEO_CITY
  return siteCookie(GEO_COOKIE_NAME, value, { maxAgeS: GEO_CACHE_SECONDS, secure })
}
