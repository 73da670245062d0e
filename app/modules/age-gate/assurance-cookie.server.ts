import { createHmac, timingSafeEqual } from 'node:crypto'
import {
  AGE_CHECK_PATH,
  AGE_FLOW_COOKIE_NAME,
  AGE_FLOW_MINUTES,
  AGE_OUTCOME_COOKIE_NAME,
  AGE_VERIFIED_COOKIE_NAME,
  AGE_VERIFIED_HOURS,
  type AgeOutcome,
  verifiedUntil,
} from '#app/domain/age-assurance.ts'
import { ownCookie } from '#app/modules/http/cookies.server.ts'
import { isHttpsSite, serverEnv } from '#app/platform/env.server.ts'

// The age gate's own cookies (ADR 0021), signed with a key drawn from AUTH_SECRET for this use
// alone: 'over 18 until …' (what a verification leaves), and the short-lived flow of one under way.

const VERIFIED_PREFIX = 'over18-until-'
/** '2026-05-02T15:00Z': the hour a verification stops admitting, in UTC. */
const UNTIL = /^(\d{4}-\d{2}-\d{2}T\d{2}:00Z)$/

/** HMAC-SHA-256 of `text` under a key kept for `purpose`, base64url. */
function signature(purpose: string, text: string): string {
  const key = createHmac('sha256', serverEnv().authSecret).update(`aprova ${purpose}`).digest()
  return createHmac('sha256', key).update(text).digest('base64url')
}

/** Constant-time comparison of two strings. */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** `text` with its signature, and the text back from a signed value (undefined: not ours). */
function signed(purpose: string, text: string): string {
  return `${text}.${signature(purpose, text)}`
}
function unsigned(purpose: string, value: string): string | undefined {
  const dot = value.lastIndexOf('.')
  if (dot <= 0) return undefined
  const text = value.slice(0, dot)
  return sameText(value.slice(dot + 1), signature(purpose, text)) ? text : undefined
}

/**
 * Set-Cookie value recording that the visitor is over 18 until AGE_VERIFIED_HOURS from `now`
 * (down to the hour): the value names nothing but that instant, and lasts as long as it.
 */
export function verifiedCookie(now = new Date()): string {
  const until = verifiedUntil(now)
  const text = `${VERIFIED_PREFIX}${until.toISOString().slice(0, 13)}:00Z`
  const seconds = Math.max(0, Math.floor((until.getTime() - now.getTime()) / 1000))
  return ownCookie(AGE_VERIFIED_COOKIE_NAME, signed('age-verified', text), seconds)
}

/**
 * Whether a verified cookie's value is ours and still admits at `now`: signed by this site, and
 * its instant in the future but no further than a verification made now would reach (a shorter
 * AGE_VERIFIED_HOURS applies at once to cookies given before).
 */
export function isVerified(value: string | undefined, now = new Date()): boolean {
  if (!value) return false
  const text = unsigned('age-verified', value)
  const until = text?.startsWith(VERIFIED_PREFIX) && UNTIL.exec(text.slice(VERIFIED_PREFIX.length))
  if (!until) return false
  const ends = Date.parse(until[1] ?? '')
  return ends > now.getTime() && ends <= now.getTime() + AGE_VERIFIED_HOURS * 3_600_000
}

/** A verification under way: what the callback checks, and where the visitor returns. */
export interface AgeFlow {
  state: string
  nonce: string
  verifier: string
  /** The local path the visitor was on. */
  to: string
  /** Milliseconds since the epoch after which the answer is not taken. */
  expires: number
}

/** The flow cookie: only sent to the callback, gone after AGE_FLOW_MINUTES. */
function flowCookieOf(value: string, maxAgeS: number): string {
  return `${AGE_FLOW_COOKIE_NAME}=${value}; Path=${AGE_CHECK_PATH}; Max-Age=${maxAgeS}; SameSite=Lax; HttpOnly${isHttpsSite() ? '; Secure' : ''}`
}

/** Set-Cookie value binding `flow` to this browser. */
export function flowCookie(flow: Omit<AgeFlow, 'expires'>, now = new Date()): string {
  const expires = now.getTime() + AGE_FLOW_MINUTES * 60_000
  const text = Buffer.from(JSON.stringify({ ...flow, expires })).toString('base64url')
  return flowCookieOf(signed('age-flow', text), AGE_FLOW_MINUTES * 60)
}

/** Set-Cookie value that ends the flow (each one is answered once). */
export function clearedFlowCookie(): string {
  return flowCookieOf('', 0)
}

/** The flow a cookie's value holds, if this site signed it and it has not expired. */
export function readFlow(value: string | undefined, now = new Date()): AgeFlow | undefined {
  const text = value && unsigned('age-flow', value)
  if (!text) return undefined
  try {
    const flow = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<AgeFlow>
    const strings = [flow.state, flow.nonce, flow.verifier, flow.to]
    if (!strings.every((one) => typeof one === 'string' && one.length > 0)) return undefined
    if (typeof flow.expires !== 'number' || flow.expires <= now.getTime()) return undefined
    return flow as AgeFlow
  } catch {
    return undefined
  }
}

/** Set-Cookie value that shows `outcome` on the gate of the next page, within a minute. */
export function outcomeCookie(outcome: AgeOutcome): string {
  return ownCookie(AGE_OUTCOME_COOKIE_NAME, outcome, 60)
}

/** Set-Cookie value that clears the outcome once shown. */
export function clearedOutcomeCookie(): string {
  return ownCookie(AGE_OUTCOME_COOKIE_NAME, '', 0)
}
