import { MINIMUM_AGE } from './terms.ts'

// Age assurance beyond a click (issue 23, Lei 15.211/2025 'ECA Digital' art. 9, ADR 0021): with
// AGE_ASSURANCE=oidc the age gate sends the visitor to an OpenID Connect provider, reads one
// claim of its answer and keeps nothing but 'over 18 until' in a signed cookie.

/** How the age gate admits a visitor: a click (SPEC §2) or an OpenID Connect provider's answer. */
export type AgeAssuranceMode = 'click' | 'oidc'

/** Cookie holding 'over 18 until …', signed; never who the visitor is. */
export const AGE_VERIFIED_COOKIE_NAME = 'aprova-age-verified'
/**
 * How long a verification admits the visitor. The law asks for a check 'a cada acesso' (art. 9
 * §1): a day of browsing, and no longer, on a device that may be shared.
 */
export const AGE_VERIFIED_HOURS = 24
/** Cookie binding a verification under way to this browser (state, nonce, PKCE), short-lived. */
export const AGE_FLOW_COOKIE_NAME = 'aprova-age-flow'
/** Time the visitor has at the provider before the answer is no longer taken. */
export const AGE_FLOW_MINUTES = 10
/** Cookie carrying a failed verification's outcome to the gate, a minute at most. */
export const AGE_OUTCOME_COOKIE_NAME = 'aprova-age-outcome'

/** Where the gate's 'Verify my age' leads, and where the provider sends the visitor back. */
export const AGE_CHECK_PATH = '/age-gate/oidc'
export const AGE_CHECK_CALLBACK_PATH = '/age-gate/oidc/callback'

/**
 * Why a visitor was not admitted: the provider said under 18; the visitor (or the provider)
 * declined; the answer held no usable age; or the exchange itself failed.
 */
export const AGE_OUTCOMES = ['minor', 'refused', 'unknown', 'failed'] as const
export type AgeOutcome = (typeof AGE_OUTCOMES)[number]

/** Narrows a cookie's value to an outcome, or undefined. */
export function asAgeOutcome(value: string | null | undefined): AgeOutcome | undefined {
  return AGE_OUTCOMES.find((outcome) => outcome === value)
}

/** What the root sends the gate: how it admits, and why the last attempt did not. */
export interface AgeGateView {
  mode: AgeAssuranceMode
  outcome?: AgeOutcome
}

/** The address that starts a verification and comes back to `returnTo` (a local path). */
export function ageCheckHref(returnTo: string): string {
  return `${AGE_CHECK_PATH}?${new URLSearchParams({ to: returnTo })}`
}

export type AgeVerdict = 'adult' | 'minor' | 'unknown'

const BIRTHDATE = /^(\d{4})-(\d{2})-(\d{2})$/
const AGE_TEXT = /^\d{1,3}$/
/** Above this an 'age' is not one (a year, a typo): no answer rather than a yes. */
const OLDEST_AGE = 150

/**
 * What one claim's value says of the visitor on `today` (YYYY-MM-DD, Brazil's calendar): a full
 * birthdate (YYYY-MM-DD; a year alone, or year 0000, says nothing) is adult from the 18th
 * birthday (29 February: from 1 March, Código Civil art. 132 §3); true / false (or 'true' /
 * 'false') is an over-18 flag; a whole number (or its digits) is an age. Anything else: unknown.
 */
export function ageVerdict(value: unknown, today: string): AgeVerdict {
  if (value === true || value === 'true') return 'adult'
  if (value === false || value === 'false') return 'minor'
  const age =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && AGE_TEXT.test(value)
        ? Number(value)
        : undefined
  if (age !== undefined) {
    if (!Number.isInteger(age) || age < 0 || age > OLDEST_AGE) return 'unknown'
    return age >= MINIMUM_AGE ? 'adult' : 'minor'
  }
  if (typeof value !== 'string') return 'unknown'
  const parts = BIRTHDATE.exec(value)
  if (!parts || !isCalendarDay(value) || parts[1] === '0000') return 'unknown'
  // Not born yet, or not a birthdate at all.
  if (value > today) return 'unknown'
  const year = Number(parts[1])
  if (today.slice(0, 4) > String(year + OLDEST_AGE)) return 'unknown'
  // The 18th birthday as text: '2008-02-29' → '2026-02-29', which sorts after the 28th and
  // before 1 March, as the law counts it.
  const adultFrom = `${String(year + MINIMUM_AGE).padStart(4, '0')}-${parts[2]}-${parts[3]}`
  return today >= adultFrom ? 'adult' : 'minor'
}

/** Whether YYYY-MM-DD names a real day (no 31 April, no 29 February of a common year). */
function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T12:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day
}

/**
 * The instant a verification made at `now` stops admitting: AGE_VERIFIED_HOURS later, down to the
 * hour, so everyone verified in the same hour carries the same cookie (it tells no one apart).
 */
export function verifiedUntil(now: Date): Date {
  const hour = 3_600_000
  return new Date(Math.floor(now.getTime() / hour) * hour + AGE_VERIFIED_HOURS * hour)
}
