import { data, redirect } from 'react-router'
import { areaOf, type Role, type SignUpRole } from '#app/domain/account.ts'
import {
  AUTH_REFERRER_COOKIE,
  type AuthScreen,
  authReferrer,
  authScreen,
  storesAuthReferrer,
} from '#app/domain/auth-screen.ts'
import { cookieValue } from '#app/domain/cookies.ts'
import type { Flash } from '#app/domain/flash.ts'
import { localPath, paths } from '#app/domain/paths.ts'
import { takeFlash } from '#app/modules/flash/flash.server.ts'
import { ownCookie } from '#app/modules/http/cookies.server.ts'
import { requestLanguage } from '#app/modules/i18n/request-language.server.ts'
import { placeSlugs } from '#app/modules/seo/known-slugs.server.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { proofAccount } from './secure-proof.server.ts'
import { currentUser } from './session.server.ts'

// What the /auth page's loader shows (SPEC §2 auth page, §4 auth states), and where a signed-in
// account goes from it.

/**
 * Where a signed-in account goes from /auth: the page it asked for; else, for a client, the page
 * it came to /auth from (a client signs in to go on browsing: save a favourite, see a profile),
 * while providers and admins sign in to work in their own area; else its own area.
 */
export function destinationAfterSignIn(
  role: Role,
  next: string | null | undefined,
  cameFrom?: string,
): string {
  const usable = (value: string | null | undefined) => {
    const path = localPath(value)
    return path && !/^\/auth(?:[/?#]|$)/.test(path) ? path : undefined
  }
  return usable(next) ?? (role === 'client' ? usable(cameFrom) : undefined) ?? areaOf(role)
}

const referrerCookie = (path: string) => ownCookie(AUTH_REFERRER_COOKIE, encodeURIComponent(path))

export interface AuthPageData {
  screen: AuthScreen
  /** The account type named in the address, if any (words the login card). */
  type?: SignUpRole
  /** Where the back button goes. */
  backTo: string
  /** The page the visitor came from, when known (backTo without the home fallback). */
  cameFrom?: string
  /** The page to open after signing in, when a protected page sent the visitor here. */
  next?: string
  google: boolean
  /** Google sign-in came back with an error. */
  googleFailed: boolean
  /** The reset link's token (reset screen), or the notice's link (secure screen). */
  token?: string
  /**
   * After the notice's link secured the account (issue 30): the proof screen's token and the
   * ways the account can prove itself; `expired` once it is over.
   */
  proof?: { token: string; password: boolean; code: boolean } | { expired: true }
  /** City and neighbourhood slugs a working name may not be (provider sign-up). */
  placeSlugs?: string[]
  /** A Google account without a role yet: the account-type dialog (SPEC §4). */
  roleChoice?: { email: string }
  /** A message from the previous step (account created, password changed). */
  flash?: Flash
}

/** SPEC §4: a signed-in account with a role is sent to its area; everyone else gets a card. */
export async function authPageLoader(request: Request) {
  const url = new URL(request.url)
  const mode = url.searchParams.get('mode')
  const typeParam = url.searchParams.get('type')
  const { screen, type } = authScreen(mode, typeParam)
  const next = localPath(url.searchParams.get('next'))
  const user = await currentUser(request)
  if (user?.role && screen !== 'reset' && screen !== 'secure')
    throw redirect(destinationAfterSignIn(user.role, next))

  const headers = new Headers({ 'Cache-Control': 'no-store' })
  const referer = authReferrer(request.headers.get('referer'), url.origin)
  const stored = authReferrer(
    cookieValue(request.headers.get('cookie'), AUTH_REFERRER_COOKIE),
    url.origin,
  )
  // The header's Entrar and Cadastrar name the page they were pressed on (?from=, a local path
  // only); otherwise the Referer of a bare /auth (SPEC §4), else the one stored before.
  const from = authReferrer(url.searchParams.get('from'), url.origin)
  const storing = from ?? (storesAuthReferrer(mode, typeParam) ? referer : undefined)
  if (storing) headers.append('Set-Cookie', referrerCookie(storing))
  const cameFrom = storing ?? stored
  const pageData: AuthPageData = {
    screen,
    ...(type ? { type } : {}),
    backTo: cameFrom ?? paths.home(requestLanguage(request).language),
    cameFrom,
    next,
    google: Boolean(serverEnv().google),
    googleFailed: url.searchParams.has('error'),
    token:
      screen === 'reset' || screen === 'secure' ? (url.searchParams.get('token') ?? '') : undefined,
    proof: screen === 'secure' ? await proofScreen(url.searchParams.get('proof')) : undefined,
    placeSlugs: screen === 'provider-sign-up' ? [...placeSlugs()] : undefined,
    roleChoice: user && !user.role ? { email: user.email } : undefined,
    flash: takeFlash(request).flash,
  }
  return data(pageData, { headers })
}

/** The proof screen of a secured account, when the address carries its token. */
async function proofScreen(token: string | null): Promise<AuthPageData['proof']> {
  if (token === null) return undefined
  const owner = await proofAccount(token)
  return owner ? { token, password: owner.password, code: owner.code } : { expired: true }
}
