import { createHmac, timingSafeEqual } from 'node:crypto'
import { CONFIRMATION_LINK_HOURS } from '#app/domain/account.ts'
import { cookieValue } from '#app/domain/cookies.ts'
import { ownCookie } from '#app/modules/http/cookies.server.ts'
import { serverEnv } from '#app/platform/env.server.ts'

// The browser that signed up (issue 30 point 2). Its sign-up answer leaves an httpOnly cookie
// naming the new account by a MAC only (made with the auth secret, so nobody can forge one for
// another account); a confirmation link opened in that browser needs no password, since whoever
// is there typed it a moment ago. Anywhere else the link asks for the password.

const SIGN_UP_COOKIE = 'aprova-sign-up'
const LIFETIME_S = CONFIRMATION_LINK_HOURS * 60 * 60

const mac = (accountId: string, issuedAtS: number) =>
  createHmac('sha256', serverEnv().authSecret)
    .update(`sign-up\n${accountId}\n${issuedAtS}`)
    .digest('base64url')

/** The Set-Cookie value binding this browser to the account `accountId` it just opened. */
export function signUpBindingCookie(accountId: string, now = Date.now()): string {
  const issuedAtS = Math.floor(now / 1000)
  return ownCookie(SIGN_UP_COOKIE, `${issuedAtS}.${mac(accountId, issuedAtS)}`, LIFETIME_S)
}

/** The Set-Cookie value that forgets the binding (its account is confirmed). */
export const forgetSignUpBinding = () => ownCookie(SIGN_UP_COOKIE, '', 0)

/** Whether the request's cookies show the browser that opened `accountId`, within a link's life. */
export function isSignUpBrowser(
  cookieHeader: string | null | undefined,
  accountId: string,
  now = Date.now(),
): boolean {
  const [issued = '', given = ''] = (cookieValue(cookieHeader, SIGN_UP_COOKIE) ?? '').split('.')
  const issuedAtS = /^\d{1,12}$/.test(issued) ? Number(issued) : Number.NaN
  const age = now / 1000 - issuedAtS
  if (!(age >= -60 && age <= LIFETIME_S)) return false
  const expected = Buffer.from(mac(accountId, issuedAtS))
  const typed = Buffer.from(given)
  return typed.length === expected.length && timingSafeEqual(typed, expected)
}
