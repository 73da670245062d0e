import { setTimeout as sleep } from 'node:timers/promises'
import { fixedWindowLimiter, visitorKey } from '#app/modules/security/rate-limit.server.ts'

// Abuse limits of the account forms (issue 6). Each action is limited per visitor address
// (IPv6 by /64) and per account (the e-mail typed). Per visitor the limit is looser: in Brazil
// many mobile customers share one address (CGNAT). Per account, sign-in counts failures only,
// so a stranger cannot lock someone out by signing in as them, only by failing as them. The
// counters are shared by every instance and survive restarts (rate-limit.server.ts).

export const AUTH_LIMIT_WINDOW_MS = 15 * 60 * 1000
export const AUTH_LIMIT_PER_ACCOUNT = 10
export const AUTH_LIMIT_PER_VISITOR = 30

export type AuthAction =
  | 'sign-in'
  | 'sign-up'
  | 'resend'
  | 'reset'
  | 'change-email'
  | 'change-password'
  /** A second factor's code, at sign-in or on a signed-in session (issue 23). */
  | 'second-factor'
  /** The password or a code typed again before a sensitive action (issue 23). */
  | 'confirm'

const limiters = {
  account: fixedWindowLimiter({
    name: 'auth-account',
    limit: AUTH_LIMIT_PER_ACCOUNT,
    windowMs: AUTH_LIMIT_WINDOW_MS,
  }),
  visitor: fixedWindowLimiter({
    name: 'auth-visitor',
    limit: AUTH_LIMIT_PER_VISITOR,
    windowMs: AUTH_LIMIT_WINDOW_MS,
  }),
}

const accountKey = (action: AuthAction, email: string) => `${action}\n${email.trim().toLowerCase()}`

/**
 * Counts one attempt at `action` by this visitor for this e-mail; undefined when allowed, else
 * the seconds to wait.
 */
export async function limitAuthAttempt(
  action: AuthAction,
  context: { clientIp?: string } | undefined,
  email: string | undefined,
): Promise<number | undefined> {
  const [byVisitor, byAccount] = await Promise.all([
    limiters.visitor.hit(`${action}\n${visitorKey(context)}`),
    email
      ? action === 'sign-in'
        ? limiters.account.peek(accountKey(action, email))
        : limiters.account.hit(accountKey(action, email))
      : undefined,
  ])
  const refused = [byVisitor, byAccount].filter((result) => result && !result.allowed)
  if (refused.length === 0) return undefined
  return Math.max(...refused.map((result) => result?.retryAfterS ?? 1))
}

/** Counts a failed sign-in against the account's limit. */
export async function countFailedSignIn(email: string): Promise<void> {
  await limiters.account.hit(accountKey('sign-in', email))
}

/**
 * Answers that must not tell whether an address has an account (sign-up, forgot password,
 * resend) take at least this long, so the extra work of a new account or a sent e-mail does
 * not show in the time they take.
 */
export const EVEN_ANSWER_MS = 400

/** Runs `work` and answers no sooner than EVEN_ANSWER_MS after starting. */
export async function evenAnswer<T>(work: () => Promise<T>): Promise<T> {
  const floor = sleep(EVEN_ANSWER_MS)
  try {
    return await work()
  } finally {
    await floor
  }
}
