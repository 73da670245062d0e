import { fixedWindowLimiter, visitorKey } from '#app/modules/security/rate-limit.server.ts'

// Abuse limits of the account forms (issue 6): each action is limited per account (the e-mail
// typed) and per visitor (the address, IPv6 by /64). Per visitor the limit is looser: in Brazil
// many mobile customers share one address (CGNAT), and one of them guessing passwords must not
// lock the others out for long.

export const AUTH_LIMIT_WINDOW_MS = 15 * 60 * 1000
export const AUTH_LIMIT_PER_ACCOUNT = 10
export const AUTH_LIMIT_PER_VISITOR = 30

export type AuthAction = 'sign-in' | 'sign-up' | 'resend' | 'reset'

const limiters = {
  account: fixedWindowLimiter({ limit: AUTH_LIMIT_PER_ACCOUNT, windowMs: AUTH_LIMIT_WINDOW_MS }),
  visitor: fixedWindowLimiter({ limit: AUTH_LIMIT_PER_VISITOR, windowMs: AUTH_LIMIT_WINDOW_MS }),
}

/**
 * Counts one attempt at `action` by this visitor for this e-mail; undefined when allowed, else
 * the seconds to wait.
 */
export function limitAuthAttempt(
  action: AuthAction,
  context: { clientIp?: string } | undefined,
  email: string | undefined,
): number | undefined {
  const byVisitor = limiters.visitor.hit(`${action}\n${visitorKey(context)}`)
  const byAccount = email
    ? limiters.account.hit(`${action}\n${email.trim().toLowerCase()}`)
    : undefined
  const refused = [byVisitor, byAccount].filter((result) => result && !result.allowed)
  if (refused.length === 0) return undefined
  return Math.max(...refused.map((result) => result?.retryAfterS ?? 1))
}
