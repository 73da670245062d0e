import { asSignUpRole, type SignUpRole } from './account.ts'
import { localPath } from './paths.ts'

// Which card /auth shows (SPEC §2): the query's mode and type, plus the two password screens.

export type AuthScreen =
  | 'choice'
  | 'login'
  | 'provider-sign-up'
  | 'client-sign-up'
  | 'forgot'
  | 'reset'
  | 'secure'

/**
 * SPEC §2: no parameters show the choice screen; mode=login the login card (worded for the type
 * when one is given); mode=signup or only a type the sign-up card of that type (without a type there is
 * nothing to sign up as: the choice screen). mode=forgot and mode=reset are the password screens.
 */
export function authScreen(
  mode: string | null,
  typeParam: string | null,
): { screen: AuthScreen; type?: SignUpRole } {
  const type = asSignUpRole(typeParam)
  if (mode === 'login' || mode === 'forgot' || mode === 'reset') return { screen: mode, type }
  // The link of the notice sent to the old address when the e-mail changes (issue 19 point 15).
  if (mode === 'secure') return { screen: 'secure' }
  if (type) return { screen: type === 'provider' ? 'provider-sign-up' : 'client-sign-up', type }
  return { screen: 'choice' }
}

/**
 * Cookie keeping the page a visitor came to /auth from (SPEC §4 auth referrer). Path=/ because
 * /auth's data requests (/auth.data) must carry it too; no other page reads it.
 */
export const AUTH_REFERRER_COOKIE = 'aprova-auth-from'

/** SPEC §4: the origin path is stored as auth referrer when neither mode nor type is set. */
export function storesAuthReferrer(mode: string | null, type: string | null): boolean {
  return !mode && !type
}

/**
 * A page of this site that /auth may lead back to (SPEC §2 back navigation), from an absolute
 * Referer or a stored path: same origin, and not /auth itself.
 */
export function authReferrer(value: string | null | undefined, origin: string): string | undefined {
  if (!value) return undefined
  let decoded: string
  try {
    decoded = decodeURIComponent(value)
  } catch {
    return undefined
  }
  const url = URL.parse(decoded, origin)
  if (!url || url.origin !== origin) return undefined
  const path = localPath(`${url.pathname}${url.search}`)
  if (!path || path === '/auth' || path.startsWith('/auth?') || path.startsWith('/auth/')) {
    return undefined
  }
  return path
}
