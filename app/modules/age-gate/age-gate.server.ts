import {
  AGE_OUTCOME_COOKIE_NAME,
  AGE_VERIFIED_COOKIE_NAME,
  type AgeAssuranceMode,
  type AgeGateView,
  asAgeOutcome,
} from '#app/domain/age-assurance.ts'
import { AGE_COOKIE_MAX_AGE_S, AGE_COOKIE_NAME, isAccountPage } from '#app/domain/age-gate.ts'
import { cookieValue } from '#app/domain/cookies.ts'
import { isCrawler } from '#app/domain/crawlers.ts'
import { FEATURES } from '#app/domain/flags.ts'
import { ownCookie } from '#app/modules/http/cookies.server.ts'
import { ageOidcSettings } from '#app/platform/env.server.ts'
import { clearedOutcomeCookie, isVerified } from './assurance-cookie.server.ts'

/** How this site's gate admits visitors: AGE_ASSURANCE (issue 23); a click before start-up. */
export function ageAssuranceMode(): AgeAssuranceMode {
  return ageOidcSettings() ? 'oidc' : 'click'
}

/**
 * Whether a request's cookies answer the age gate: a verification's signed 'over 18 until' that
 * has not ended, in either mode; the click's '1' only with the click gate (ADR 0021).
 */
export function ageGateAnswered(cookieHeader: string | null | undefined): boolean {
  if (ageAssuranceMode() === 'click' && cookieValue(cookieHeader, AGE_COOKIE_NAME) === '1') {
    return true
  }
  return isVerified(cookieValue(cookieHeader, AGE_VERIFIED_COOKIE_NAME))
}

/**
 * Whether this request's page must show the age gate: not answered, not a crawler, not an
 * account page.
 */
export function needsAgeGate(request: Request): boolean {
  if (!FEATURES.ageGate) return false
  if (isAccountPage(new URL(request.url).pathname)) return false
  if (ageGateAnswered(request.headers.get('cookie'))) return false
  return !isCrawler(request.headers.get('user-agent'))
}

/**
 * The gate this request's page shows, if any: its mode and why the last verification did not
 * admit the visitor; and the Set-Cookie value that clears that outcome once read.
 */
export function ageGateOf(request: Request): { gate: AgeGateView | null; clear?: string } {
  const outcome = cookieValue(request.headers.get('cookie'), AGE_OUTCOME_COOKIE_NAME)
  const clear = outcome === undefined ? undefined : clearedOutcomeCookie()
  if (!needsAgeGate(request)) return { gate: null, clear }
  const mode = ageAssuranceMode()
  const shown = mode === 'oidc' ? asAgeOutcome(outcome) : undefined
  return { gate: shown ? { mode, outcome: shown } : { mode }, clear }
}

/**
 * Set-Cookie value recording a click's confirmation, or a sign-up's 18+ declaration (httpOnly;
 * Secure on an https site). With AGE_ASSURANCE=oidc it is still set but admits no one.
 */
export function ageCookie(): string {
  return ownCookie(AGE_COOKIE_NAME, '1', AGE_COOKIE_MAX_AGE_S)
}
