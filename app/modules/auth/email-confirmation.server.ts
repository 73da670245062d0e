import { hashPassword } from 'better-auth/crypto'
import { and, eq, isNotNull, ne } from 'drizzle-orm'
import { jwtVerify } from 'jose'
import { areaOf, type Role } from '#app/domain/account.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { db } from '#db/client.server.ts'
import { account as login, session, twoFactor, user } from '#db/schema/auth.ts'
import { authHeaders, type Caller, cookiesOf, roleOf } from './accounts.server.ts'
import { auth, inAuthTransaction, withAuthCall } from './auth.server.ts'
import { emailChangeRefused } from './secure-account.server.ts'
import { forgetSignUpBinding, isSignUpBrowser } from './sign-up-binding.server.ts'

// The confirmation link (SPEC §2 screen, issue 30 points 1 and 2). A link proves the mailbox;
// confirming an account also needs proof that the confirmer chose its password, else whoever
// signed up first with someone's address would hold the password of the account she confirms:
// the link opened in the browser that signed up (its cookie), the password typed on the screen,
// or a new password set there (the old one discarded). A link never signs a browser into its
// account over another account's session.

/** What the confirmer brings besides the link. */
export type ConfirmationProof =
  /** A form that did not pass its checks: only what the screen must ask, nothing confirmed. */
  | { kind: 'none' }
  /** Nothing typed: the link, and whatever the browser holds (the sign-up's cookie, a session). */
  | { kind: 'link' }
  /** The account's password, typed on the screen. */
  | { kind: 'password'; password: string }
  /** 'Not my password': a new one, which replaces it (the sign-up rules, checked by the form). */
  | { kind: 'new-password'; password: string }

export type ConfirmationResult =
  /** Confirmed and signed in here (SPEC §2: on to the area). */
  | { kind: 'confirmed'; email: string; role: Role | null; area: string; headers: Headers }
  /**
   * Confirmed, but not signed in here: the browser is signed in to another account, which stays
   * ('other-account'), or a new password was set, to sign in with ('new-password').
   */
  | {
      kind: 'confirmed-apart'
      email: string
      role: Role | null
      why: 'other-account' | 'new-password'
      headers: Headers
    }
  /** A new address of an account now counts. */
  | { kind: 'changed'; email: string; headers: Headers }
  /**
   * The screen asks for the password: of a new `account` (or a new one instead), or of the
   * account whose new `address` this is (`hasPassword` false: sign in first, Google only).
   */
  | {
      kind: 'prove'
      target: 'account' | 'address'
      email: string
      role: Role | null
      hasPassword: boolean
      /** The password typed was not the account's, or too many were: seconds to wait. */
      refused?: 'wrong-password' | { retryAfterS: number }
    }
  | { kind: 'error'; reason: 'session' | 'expired' | 'failed' }

type Refusal = 'wrong-password' | { retryAfterS: number }

/** Checks before a typed password is compared: undefined to go on, else the seconds to wait. */
export interface PasswordLimits {
  before: (email: string) => Promise<number | undefined>
  failed: (email: string) => Promise<void>
}

interface LinkClaims {
  email: string
  userId: string
  /** A new address of the account (better-auth's change-of-e-mail link). */
  updateTo?: string
}

/** The claims of a link better-auth signed, unexpired; undefined for anything else. */
async function readLink(token: string): Promise<LinkClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(serverEnv().authSecret), {
      algorithms: ['HS256'],
    })
    const { email, userId, updateTo } = payload as Record<string, unknown>
    // Every link we send names its account: one made for an account since replaced (a new
    // sign-up on the address) names an account that no longer exists.
    if (typeof email !== 'string' || typeof userId !== 'string') return undefined
    return { email, userId, ...(typeof updateTo === 'string' ? { updateTo } : {}) }
  } catch {
    return undefined
  }
}

/** The account a link names, when it still holds the address the link was sent for. */
async function accountOf(claims: LinkClaims) {
  const [row] = await db()
    .select({
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      password: login.password,
    })
    .from(user)
    .leftJoin(
      login,
      and(eq(login.userId, user.id), eq(login.providerId, 'credential'), isNotNull(login.password)),
    )
    .where(eq(user.id, claims.userId))
  return row && row.email === claims.email.toLowerCase() ? row : undefined
}

/** The account the browser is signed in to, if any. */
async function signedInAccount(caller: Caller, cookie: string | null | undefined) {
  if (!cookie?.includes('session_token=')) return undefined
  const current = await auth().api.getSession({ headers: authHeaders(caller, cookie) })
  return current?.user.id
}

/** better-auth's check of a password against a stored hash. */
async function passwordMatches(hash: string | null, password: string): Promise<boolean> {
  if (!hash) return false
  const { password: hasher } = await auth().$context
  return hasher.verify({ hash, password })
}

/** Has better-auth confirm the link; its answer (a session's cookie, a changed address). */
function verifyLink(token: string, caller: Caller, cookie?: string | null) {
  return withAuthCall({ language: caller.language }, () =>
    auth().api.verifyEmail({
      query: { token },
      headers: authHeaders(caller, cookie),
      asResponse: true,
    }),
  )
}

/**
 * Confirms the address of a link with `proof` (SPEC §2 confirmation screen). The three failures
 * of SPEC §8: the session cannot be read, the link expired, is invalid or was used, or anything
 * else. `limits` count the passwords typed here like those of the login.
 */
export async function confirmEmail(
  token: string,
  proof: ConfirmationProof,
  caller: Caller,
  cookie: string | null | undefined,
  limits: PasswordLimits,
): Promise<ConfirmationResult> {
  try {
    // A new address asked for before the account was secured from the old one changes nothing.
    if (await emailChangeRefused(token)) return { kind: 'error', reason: 'expired' }
    const claims = await readLink(token)
    const owner = claims ? await accountOf(claims) : undefined
    if (!claims || !owner) return { kind: 'error', reason: 'expired' }
    let current: string | undefined
    try {
      current = await signedInAccount(caller, cookie)
    } catch (error) {
      log.error('session unreadable at e-mail confirmation', { error: String(error) })
      return { kind: 'error', reason: 'session' }
    }
    if (claims.updateTo)
      return await confirmNewAddress(token, claims.updateTo, owner, proof, {
        caller,
        cookie,
        current,
        limits,
      })
    // A used link, or an account confirmed since (SPEC §8: expired or invalid).
    if (owner.emailVerified) return { kind: 'error', reason: 'expired' }
    const role = await roleOf(owner.id)
    const ask = (refused?: Refusal): ConfirmationResult => ({
      kind: 'prove',
      target: 'account',
      email: owner.email,
      role,
      hasPassword: Boolean(owner.password),
      ...(refused ? { refused } : {}),
    })
    if (proof.kind === 'new-password') {
      if (!(await replacePassword(owner.id, proof.password)))
        return { kind: 'error', reason: 'expired' }
      return apart(owner.email, role, 'new-password')
    }
    if (proof.kind === 'password') {
      const seconds = await limits.before(owner.email)
      if (seconds !== undefined) return ask({ retryAfterS: seconds })
      if (!(await passwordMatches(owner.password, proof.password))) {
        await limits.failed(owner.email)
        return ask('wrong-password')
      }
    } else if (proof.kind === 'none' || !isSignUpBrowser(cookie, owner.id)) {
      return ask()
    }
    // Proved. Another account's session in this browser stays as it is: confirmed, not swapped.
    if (current && current !== owner.id) {
      if (!(await markConfirmed(owner.id))) return { kind: 'error', reason: 'expired' }
      return apart(owner.email, role, 'other-account')
    }
    // better-auth confirms the address and opens a session, which no cookie of this browser
    // could change (none is sent).
    const response = await verifyLink(token, caller)
    const headers = cookiesOf(response)
    if (!response.ok || !headers.getSetCookie().some((line) => line.includes('session_token=')))
      return { kind: 'error', reason: 'expired' }
    const now = new Date()
    await db()
      .update(user)
      .set({ confirmedAt: now, passwordSignInAt: now })
      .where(eq(user.id, owner.id))
    headers.append('Set-Cookie', forgetSignUpBinding())
    return { kind: 'confirmed', email: owner.email, role, area: areaOf(role), headers }
  } catch (error) {
    log.error('e-mail confirmation failed', { error: String(error) })
    return { kind: 'error', reason: 'failed' }
  }
}

/** Confirmed without signing this browser in. */
function apart(
  email: string,
  role: Role | null,
  why: 'other-account' | 'new-password',
): ConfirmationResult {
  const headers = new Headers({ 'Set-Cookie': forgetSignUpBinding() })
  return { kind: 'confirmed-apart', email, role, why, headers }
}

/**
 * Confirms a never-confirmed account whose password was proved, without a session: also as
 * signed in with its password now (the proof was that password). False when it was confirmed
 * meanwhile.
 */
async function markConfirmed(userId: string): Promise<boolean> {
  const now = new Date()
  const done = await db()
    .update(user)
    .set({ emailVerified: true, confirmedAt: now, passwordSignInAt: now, updatedAt: now })
    .where(and(eq(user.id, userId), eq(user.emailVerified, false)))
    .returning({ id: user.id })
  return done.length > 0
}

/**
 * 'Not my password': the confirmer of a never-confirmed account sets a new one. Whatever the
 * person who signed up could use goes: the old password, every session, any other sign-in
 * method linked (a Google account that did not prove the address). The account is confirmed;
 * signing in with the new password comes next, as after a password reset. False when it was
 * confirmed meanwhile.
 */
async function replacePassword(userId: string, password: string): Promise<boolean> {
  const hash = await hashPassword(password)
  const now = new Date()
  return inAuthTransaction(async (tx) => {
    const done = await tx
      .update(user)
      .set({ emailVerified: true, confirmedAt: now, twoFactorEnabled: false, updatedAt: now })
      .where(and(eq(user.id, userId), eq(user.emailVerified, false)))
      .returning({ id: user.id })
    if (done.length === 0) return false
    await tx.delete(session).where(eq(session.userId, userId))
    // A second factor the registrant may have set up (before issue 30 an unproven Google login
    // could sign such an account in) would keep its new owner out.
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId))
    await tx.delete(login).where(and(eq(login.userId, userId), ne(login.providerId, 'credential')))
    const updated = await tx
      .update(login)
      .set({ password: hash, updatedAt: now })
      .where(and(eq(login.userId, userId), eq(login.providerId, 'credential')))
      .returning({ id: login.id })
    if (updated.length === 0) {
      const { internalAdapter } = await auth().$context
      await internalAdapter.createAccount({
        userId,
        providerId: 'credential',
        accountId: userId,
        password: hash,
      })
    }
    return true
  })
}

/**
 * A link for a new address of an account (issue 19): it counts when the account itself asks, in
 * a browser signed in to it, or with its password typed here. Otherwise whoever holds the new
 * mailbox would move someone else's account (one that asked for that address to take it) onto
 * it, password and all.
 */
async function confirmNewAddress(
  token: string,
  newEmail: string,
  owner: { id: string; email: string; password: string | null },
  proof: ConfirmationProof,
  browser: {
    caller: Caller
    cookie: string | null | undefined
    /** The account it is signed in to. */
    current: string | undefined
    limits: PasswordLimits
  },
): Promise<ConfirmationResult> {
  const { caller, cookie, current, limits } = browser
  const ask = (refused?: Refusal): ConfirmationResult => ({
    kind: 'prove',
    target: 'address',
    email: newEmail,
    role: null,
    hasPassword: Boolean(owner.password),
    ...(refused ? { refused } : {}),
  })
  // A new password is no proof here: the account has an owner, who knows hers.
  if (proof.kind === 'none' || proof.kind === 'new-password') return ask()
  const ownSession = current === owner.id
  if (!ownSession) {
    if (proof.kind !== 'password') return ask()
    const seconds = await limits.before(owner.email)
    if (seconds !== undefined) return ask({ retryAfterS: seconds })
    if (!(await passwordMatches(owner.password, proof.password))) {
      await limits.failed(owner.email)
      return ask('wrong-password')
    }
  }
  // With the account's own session, better-auth moves it to the new address too; any other
  // session in this browser is left alone (its cookie is not sent).
  const response = await verifyLink(token, caller, ownSession ? cookie : null)
  if (!response.ok) return { kind: 'error', reason: 'expired' }
  const changed = ((await response.json()) as { user?: { email?: string } | null }).user
  if (!changed?.email) return { kind: 'error', reason: 'expired' }
  const now = new Date()
  await db()
    .update(user)
    .set({ confirmedAt: now, ...(ownSession ? {} : { passwordSignInAt: now }) })
    .where(eq(user.id, owner.id))
  return {
    kind: 'changed',
    email: changed.email,
    headers: ownSession ? cookiesOf(response) : new Headers(),
  }
}
