import { siteCookie } from '#app/domain/cookies.ts'
import { isHttpsSite } from '#app/platform/env.server.ts'

/** `siteCookie` with Secure on an https site (BASE_URL). */
export function ownCookie(name: string, value: string, maxAgeS?: number): string {
  return siteCookie(name, value, { maxAgeS, secure: isHttpsSite() })
}
