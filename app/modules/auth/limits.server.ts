import { setTimeout as sleep } from 'node:timers/promises'
import {
  allowanceFor,
  FAILURE_BURST,
  GUESS_WINDOW_MS,
  waitAfterFailures,
} from '#app/domain/guess-backoff.ts'
import type { FormAnswer } from '#app/modules/forms/checks.ts'
import { networkOf } from '#app/modules/security/network-key.server.ts'
import {
  type Counting,
  fixedWindowLimiter,
  visitorKey,
  waitGate,
} from '#app/modules/security/rate-limit.server.ts'

// Abuse limits of the account forms (issue 6). Each action is limited per visitor address
// (IPv6 by /64) and, but for guesses, per account (the e-mail typed). Per visitor the limit is
// looser: in Brazil many mobile customers share one address (CGNAT). The counters are shared by
// every instance and survive restarts (rate-limit.server.ts).
//
// Guesses (a password at sign-in, a code of the second factor) are limited so that nobody can
// lock the owner out (issue 30 point 4, app/domain/guess-backoff.ts): the password is checked
// unless the visitor's network itself is refused. Per (account, network), failures make that
// network wait longer and longer and then refuse it for the window; a network that has not
// failed on the account is never slowed, however many failures others made. Per account, every
// failure counts toward a burst, which tells the owner (once per window) and tightens the
// allowance of networks that failed. A code of the second factor can only be typed by someone
// holding the password or a session of the account, so its failures are also capped per
// account (a six-digit code must not be guessed from many networks at once).

export const AUTH_LIMIT_WINDOW_MS = 15 * 60 * 1000
export const AUTH_LIMIT_PER_ACCOUNT = 10
export const AUTH_LIMIT_PER_VISITOR = 30

export type AuthAction =
  | 'sign-up'
  | 'resend'
  | 'reset'
  | 'change-email'
  | 'change-password'
  /** The password or a code typed again before a sensitive action (issue 23). */
  | 'confirm'

/** What is guessed: the password at sign-in, or a code of the second factor (issue 23). */
export type Guess = 'sign-in' | 'second-factor'

const visitorLimiter = (counting: Counting) =>
  fixedWindowLimiter({
    ...counting,
    name: 'auth-visitor',
    limit: AUTH_LIMIT_PER_VISITOR,
    windowMs: AUTH_LIMIT_WINDOW_MS,
  })

const limiters = {
  account: fixedWindowLimiter({
    name: 'auth-account',
    limit: AUTH_LIMIT_PER_ACCOUNT,
    windowMs: AUTH_LIMIT_WINDOW_MS,
  }),
  visitor: visitorLimiter({}),
}

const accountKey = (action: string, email: string) => `${action}\n${email.trim().toLowerCase()}`

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
    email ? limiters.account.hit(accountKey(action, email)) : undefined,
  ])
  const refused = [byVisitor, byAccount].filter((result) => result && !result.allowed)
  if (refused.length === 0) return undefined
  return Math.max(...refused.map((result) => result?.retryAfterS ?? 1))
}

export interface GuessLimits {
  /**
   * Before a guess for `account` (an e-mail, or an account's id) is checked: counts the
   * visitor's attempt; undefined to go on, else the seconds to wait. Without an account (no
   * sign-in challenge) only the visitor's limit applies.
   */
  before(
    guess: Guess,
    context: { clientIp?: string } | undefined,
    account: string | undefined,
  ): Promise<number | undefined>
  /**
   * After a wrong guess: the network waits before its next one. `burst` is true for the
   * failure that makes the account's burst, once per window.
   */
  failed(
    guess: Guess,
    context: { clientIp?: string } | undefined,
    account: string,
  ): Promise<{ burst: boolean }>
}

/** The guess limits, on the site's shared counters unless a test says otherwise. */
export function guessLimits(counting: Counting = {}): GuessLimits {
  const visitor = visitorLimiter(counting)
  // The limits of these two only decide `allowed`, which the backoff does not read: it reads
  // the counts (guess-backoff.ts) and the windows' ends.
  const byNetwork = fixedWindowLimiter({
    ...counting,
    name: 'guess-network',
    limit: FAILURE_BURST,
    windowMs: GUESS_WINDOW_MS,
  })
  const byAccount = fixedWindowLimiter({
    ...counting,
    name: 'guess-account',
    limit: FAILURE_BURST,
    windowMs: GUESS_WINDOW_MS,
  })
  const waits = waitGate({ ...counting, name: 'guess-wait' })
  const keys = (guess: Guess, context: { clientIp?: string } | undefined, account: string) => {
    const ofAccount = accountKey(guess, account)
    return { ofAccount, ofNetwork: `${ofAccount}\n${networkOf(context?.clientIp)}` }
  }
  return {
    async before(guess, context, account) {
      const byVisitor = await visitor.hit(`${guess}\n${visitorKey(context)}`)
      if (!byVisitor.allowed) return byVisitor.retryAfterS
      if (!account) return undefined
      const { ofAccount, ofNetwork } = keys(guess, context, account)
      const [network, everywhere] = await Promise.all([
        byNetwork.peek(ofNetwork),
        byAccount.peek(ofAccount),
      ])
      if (guess === 'second-factor' && everywhere.count >= FAILURE_BURST)
        return everywhere.retryAfterS
      const wait = waitAfterFailures(network.count, allowanceFor(everywhere.count))
      if (wait === 'refused') return network.retryAfterS
      if (wait === 0) return undefined
      // The wait started at the last failure; once it is over, this guess starts it again, so
      // that a second guess sent at the same moment waits too.
      const gate = await waits.pass(`${ofNetwork}\n${network.count}`, wait)
      return gate.allowed ? undefined : gate.retryAfterS
    },
    async failed(guess, context, account) {
      const { ofAccount, ofNetwork } = keys(guess, context, account)
      const [network, everywhere] = await Promise.all([
        byNetwork.hit(ofNetwork),
        byAccount.hit(ofAccount),
      ])
      const wait = waitAfterFailures(network.count, allowanceFor(everywhere.count))
      if (typeof wait === 'number' && wait > 0)
        await waits.pass(`${ofNetwork}\n${network.count}`, wait)
      return { burst: everywhere.count === FAILURE_BURST }
    },
  }
}

/** The site's guess limits (sign-in, second factor). */
export const guesses = guessLimits()

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

/** The alert of a 429 answer, in the visitor's language: the wait in seconds under a minute. */
export function waitAlert(seconds: number): NonNullable<FormAnswer['alert']> {
  return seconds < 60
    ? { title: 'tooManyAttempts', text: 'tryAgainInSeconds', seconds }
    : { title: 'tooManyAttempts', text: 'tryAgainIn', minutes: Math.ceil(seconds / 60) }
}
