import { randomUUID } from 'node:crypto'
import { and, eq, ne } from 'drizzle-orm'
import type { Role, SignUpRole } from '#app/domain/account.ts'
import type { Language } from '#app/domain/language.ts'
import { requestLanguage } from '#app/modules/i18n/request-language.server.ts'
import { isBannedIdentifier } from '#app/modules/security/ban-list.server.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { db } from '#db/client.server.ts'
import { user, userRoles, verification } from '#db/schema/auth.ts'
import { type AccountSetup, writeAccountSetup } from './account-setup.server.ts'
import { auth, inAuthTransaction, sendAccountEmail, withAuthCall } from './auth.server.ts'
import { GOOGLE_PROVIDER_ID } from './google.server.ts'
import { dropPendingAccount } from './pending-accounts.server.ts'
import { resetHeld } from './secure-account.server.ts'
import { tellOwner } from './security-notices.server.ts'

// The account actions of the /auth screens, on better-auth's server API. Each answers with what
// the screen needs to say; none tells whether an address has an account (no enumeration).

/** Who is asking: the address the host saw and the browser, recorded with each session. */
export interface Caller {
  clientIp?: string
  userAgent?: string | null
  language: Language
}

/** The caller of a request: the host's client address, the browser, the SPEC §2 language. */
export function callerOf(request: Request, context: { clientIp?: string } | undefined): Caller {
  return {
    clientIp: context?.clientIp,
    userAgent: request.headers.get('user-agent'),
    language: requestLanguage(request).language,
  }
}

/** The headers better-auth reads for a session: address and browser, and the request's cookies. */
export function authHeaders(caller: Caller, cookie?: string | null): Headers {
  const headers = new Headers()
  if (caller.clientIp) headers.set('x-forwarded-for', caller.clientIp)
  if (caller.userAgent) headers.set('user-agent', caller.userAgent)
  if (cookie) headers.set('cookie', cookie)
  return headers
}

/** The Set-Cookie headers of a better-auth answer, to pass on with our own. */
export function cookiesOf(response: Response): Headers {
  const headers = new Headers()
  for (const cookie of response.headers.getSetCookie()) headers.append('set-cookie', cookie)
  return headers
}

export async function errorCode(response: Response): Promise<string | undefined> {
  try {
    return ((await response.json()) as { code?: string }).code
  } catch {
    return undefined
  }
}

/** The role of an account, or null when it has none yet (after a first Google sign-in). */
export async function roleOf(userId: string): Promise<Role | null> {
  const [row] = await db()
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
  return row?.role ?? null
}

/**
 * Notes a completed sign-in with the account's own password (its second factor passed, where it
 * has one): granting admin asks for one since the address was confirmed (issue 30).
 */
export async function markPasswordSignIn(userId: string, at = new Date()): Promise<void> {
  await db().update(user).set({ passwordSignInAt: at }).where(eq(user.id, userId))
}

export type SignInResult =
  | { kind: 'signed-in'; role: Role | null; headers: Headers }
  /** The password was right; the account's second factor comes next (its cookie in headers). */
  | { kind: 'second-factor'; headers: Headers }
  | { kind: 'invalid' }
  | { kind: 'unconfirmed' }

/** SPEC §2 login: a session that lasts 14 days with remember me, else the browser session. */
export async function signIn(
  input: { email: string; password: string; rememberMe: boolean },
  caller: Caller,
): Promise<SignInResult> {
  const response = await withAuthCall({ language: caller.language }, () =>
    auth().api.signInEmail({ body: input, headers: authHeaders(caller), asResponse: true }),
  )
  if (response.ok) {
    const body = (await response.json()) as { user?: { id: string }; twoFactorRedirect?: boolean }
    if (body.twoFactorRedirect) return { kind: 'second-factor', headers: cookiesOf(response) }
    if (!body.user) throw new Error('sign-in answered without an account')
    await markPasswordSignIn(body.user.id)
    return { kind: 'signed-in', role: await roleOf(body.user.id), headers: cookiesOf(response) }
  }
  if (response.status === 403 && (await errorCode(response)) === 'EMAIL_NOT_VERIFIED') {
    return { kind: 'unconfirmed' }
  }
  if (response.status === 401 || response.status === 400) return { kind: 'invalid' }
  throw new Error(`sign-in answered ${response.status}`)
}

/**
 * Opens an account with its role and role data in one transaction and sends the confirmation
 * e-mail (SPEC §4 sign-up). An address that has an account already gets the same answer, and
 * its owner an e-mail saying so. An account nobody confirmed on the address is replaced, in that
 * same transaction, by this one (its password, name, role and data; issue 30): its links stop
 * working (they name its id) and only this one's is sent. Answers the new account's id (for
 * another sign-up's answer, an id nobody has), which the browser is bound to.
 */
export async function openAccount(
  input: { email: string; password: string; name: string },
  setup: AccountSetup,
  caller: Caller,
): Promise<{ accountId: string }> {
  const email = input.email.trim().toLowerCase()
  const confirmedAccount = async () => {
    const [existing] = await db()
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.email, email), eq(user.emailVerified, true)))
    return existing
  }
  // A banned provider's address opens no advertiser account (issue 8 item 3). The answer is the
  // one every sign-up gets; the address's owner is told by e-mail why nothing was made.
  if (setup.role === 'provider' && (await isBannedIdentifier('email', email))) {
    if (!(await confirmedAccount())) {
      sendAccountEmail(
        'blocked',
        { email, name: input.name, language: caller.language, emailVerified: false },
        `${serverEnv().baseUrl}/${caller.language}/terms`,
      )
      return { accountId: randomUUID() }
    }
  }
  try {
    const opened = await withAuthCall({ language: caller.language, setup }, () =>
      inAuthTransaction(async (tx) => {
        await dropPendingAccount(tx, email)
        return auth().api.signUpEmail({ body: input, headers: authHeaders(caller) })
      }),
    )
    return { accountId: opened.user.id }
  } catch (error) {
    // Two sign-ups with one address at the same moment: the second meets the row of the first
    // and is answered like any sign-up with a registered address.
    const [existing] = await db().select({ id: user.id }).from(user).where(eq(user.email, email))
    if (existing) return { accountId: randomUUID() }
    throw error
  }
}

/** Sends a new confirmation link when the account exists and is not confirmed yet. */
export async function resendConfirmation(email: string, caller: Caller): Promise<void> {
  await withAuthCall({ language: caller.language }, () =>
    auth().api.sendVerificationEmail({ body: { email }, headers: authHeaders(caller) }),
  )
}

/**
 * Sends a password-reset link (valid 1 hour, single use) when the account exists, unless its
 * address came back through a change notice's link without the account's proof (issue 30).
 */
export async function requestPasswordReset(email: string, caller: Caller): Promise<void> {
  if (await resetHeld(email)) return
  await withAuthCall({ language: caller.language }, () =>
    auth().api.requestPasswordReset({ body: { email }, headers: authHeaders(caller) }),
  )
}

/** Sets a new password from a reset link; every session of the account ends; its owner is told. */
export async function resetPassword(
  input: { token: string; password: string },
  caller: Caller,
): Promise<'done' | 'invalid-token'> {
  // Reset tokens are letters, digits, '-' and '_' (better-auth's and secure-account's): anything
  // else (a NUL byte, which PostgreSQL refuses in text) is no token, not a failure.
  if (!/^[\w-]{1,256}$/.test(input.token)) return 'invalid-token'
  // The account the link is for (better-auth's row, used up by the reset): told once it is done.
  const [link] = await db()
    .select({ userId: verification.value })
    .from(verification)
    .where(eq(verification.identifier, `reset-password:${input.token}`))
  const response = await withAuthCall({ language: caller.language }, () =>
    auth().api.resetPassword({
      body: { token: input.token, newPassword: input.password },
      headers: authHeaders(caller),
      asResponse: true,
    }),
  )
  if (response.ok) {
    // Issue 33 point 11: from this browser and address, to the address the link proved.
    if (link) await tellOwner('passwordReset', link.userId, caller)
    return 'done'
  }
  if (response.status === 400) return 'invalid-token'
  throw new Error(`password reset answered ${response.status}`)
}

/**
 * The account type chosen after a first Google sign-in (SPEC §4): assigned once, with its
 * data, in one transaction. Answers the role the account has afterwards (another tab may have
 * chosen first) and whether this choice set it.
 */
export async function chooseRole(
  account: { id: string; name: string },
  role: SignUpRole,
  language: Language,
): Promise<{ role: Role; assigned: boolean }> {
  const setup: AccountSetup =
    role === 'provider' ? { role, workingName: null } : { role, about: null, dateOfBirth: null }
  const assigned = await db().transaction(async (tx) => {
    const written = await writeAccountSetup(tx, account, setup)
    if (written) await tx.update(user).set({ language }).where(eq(user.id, account.id))
    return written
  })
  return { role: assigned ? role : ((await roleOf(account.id)) ?? role), assigned }
}

/**
 * Starts Google sign-in: the provider's address to go to, and the state cookies to keep.
 * `returnTo` is where a known account lands (a step-up's page; else /auth, which sends it on).
 */
export async function startGoogleSignIn(
  caller: Caller,
  returnTo = '/auth',
): Promise<{ url: string; headers: Headers }> {
  const response = await withAuthCall({ language: caller.language }, () =>
    auth().api.signInSocial({
      body: {
        provider: GOOGLE_PROVIDER_ID,
        callbackURL: returnTo,
        newUserCallbackURL: '/auth',
        errorCallbackURL: '/auth?mode=login',
      },
      headers: authHeaders(caller),
      asResponse: true,
    }),
  )
  const body = (await response.json()) as { url?: string }
  if (!response.ok || !body.url) throw new Error(`Google sign-in answered ${response.status}`)
  return { url: body.url, headers: cookiesOf(response) }
}

/** Ends the request's session; the headers clear its cookies. */
export async function signOut(request: Request, caller: Caller): Promise<Headers> {
  const response = await auth().api.signOut({
    headers: authHeaders(caller, request.headers.get('cookie')),
    asResponse: true,
  })
  return cookiesOf(response)
}

/**
 * The language the account's e-mails are written in (issue 19 point 14): set at sign-up from the
 * page's language, and changed when the signed-in account switches the site's language.
 */
export async function rememberAccountLanguage(userId: string, language: Language): Promise<void> {
  await db()
    .update(user)
    .set({ language })
    .where(and(eq(user.id, userId), ne(user.language, language)))
}
