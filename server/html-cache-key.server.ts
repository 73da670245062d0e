// What a kept page's key is made of (server/html-cache.server.ts): the cookies a public page may
// depend on, the ones no kept page reads, whether an answer's cookies may be sent to others, the
// path as React Router resolves it and the visitor's city as the home page finds it.
import type { Request } from 'express'
import { AGE_VERIFIED_COOKIE_NAME } from '#app/domain/age-assurance.ts'
import { AGE_COOKIE_NAME } from '#app/domain/age-gate.ts'
import { AUTH_REFERRER_COOKIE } from '#app/domain/auth-screen.ts'
import { GEO_COOKIE_NAME } from '#app/domain/geolocation.ts'
import { LANGUAGE_STORAGE_KEY } from '#app/domain/language.ts'
import { REVIEW_DEVICE_COOKIE } from '#app/domain/reviews.ts'
import {
  SESSION_COOKIES as SESSION_COOKIE_NAMES,
  SESSION_SIDE_COOKIES,
} from '#app/modules/auth/audience.server.ts'
import { geolocateCity } from '#app/modules/location/geolocation.server.ts'
import { clientAddress } from './client-address.server.ts'

/** Cookies a cached page may depend on; any other cookie (a flash message…) bypasses the cache. */
const KEY_COOKIES = new Set([
  LANGUAGE_STORAGE_KEY,
  GEO_COOKIE_NAME,
  AGE_COOKIE_NAME,
  AGE_VERIFIED_COOKIE_NAME,
])
/**
 * Cookies no cached page reads (/auth's back button; /auth itself is never kept; better-auth's
 * cookies beside the session's; a reviewer's device cookie, read only by the review form).
 */
const IGNORED_COOKIES = new Set([
  AUTH_REFERRER_COOKIE,
  REVIEW_DEVICE_COOKIE,
  ...SESSION_SIDE_COOKIES,
])
/** The session cookie: the page depends on the audience it stands for, nothing else of it. */
const SESSION_COOKIES = new Set(SESSION_COOKIE_NAMES)
/**
 * Whether a response's cookies may be sent again to others with the same key: the language
 * cookie, whose value follows from the URL and the request's own language cookie (both in the
 * key), and the geolocation cookie of `geoCity` when the visitor's city is in the key. Any other
 * cookie, or a geolocation cookie without the city in the key, is personal: the answer is not kept.
 */
export function replayableCookies(
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
export function setsGeoCookie(header: string | number | string[] | undefined): boolean {
  if (header === undefined) return false
  const cookies = Array.isArray(header) ? header : [String(header)]
  return cookies.some((cookie) => cookie.startsWith(`${GEO_COOKIE_NAME}=`))
}

export function parseCookies(
  header: string | undefined,
): { cookies: Map<string, string>; session: string | undefined } | undefined {
  const cookies = new Map<string, string>()
  let session: string | undefined
  for (const part of header?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=')
    if (!name || IGNORED_COOKIES.has(name)) continue
    if (SESSION_COOKIES.has(name)) {
      // The first one, as the app reads it.
      session ??= value.join('=')
      continue
    }
    // Another cookie (a session), or a key cookie twice (the app reads the first, a map the
    // last): not a request whose answer may be shared.
    if (!KEY_COOKIES.has(name) || cookies.has(name)) return undefined
    cookies.set(name, value.join('='))
  }
  return { cookies, session }
}

/** The path as React Router resolves it (dot segments, encoded ones too, removed). */
export function resolvedPath(url: string): string {
  try {
    return new URL(url, 'http://localhost').pathname
  } catch {
    return url
  }
}

/** The visitor's city as the home page's loader finds it (the same inputs: headers, address). */
export function visitorCity(req: Request): string | undefined {
  try {
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value)
    }
    return geolocateCity({ headers } as globalThis.Request, {
      secure: false,
      clientIp: clientAddress(req),
    }).citySlug
  } catch {
    return undefined
  }
}
