import { AGE_COOKIE_MAX_AGE_S, AGE_COOKIE_NAME, isAccountPage } from '#app/domain/age-gate.ts'
import { cookieValue } from '#app/domain/cookies.ts'
import { isCrawler } from '#app/domain/crawlers.ts'
import { FEATURES } from '#app/domain/flags.ts'
import { ownCookie } from '#app/modules/http/cookies.server.ts'

/**
 * Whether this request's page must show the age gate: not confirmed, not a crawler, not an
 * account page.
 */
export function needsAgeGate(request: Request): boolean {
  if (!FEATURES.ageGate) return false
  if (isAccountPage(new URL(request.url).pathname)) return false
  if (cookieValue(request.headers.get('cookie'), AGE_COOKIE_NAME) === '1') return false
  return !isCrawler(request.headers.get('user-agent'))
}

/** Set-Cookie value recording the confirmation (httpOnly; Secure on an https site). */
export function ageCookie(): string {
  return ownCookie(AGE_COOKIE_NAME, '1', AGE_COOKIE_MAX_AGE_S)
}
