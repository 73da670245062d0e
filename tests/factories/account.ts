import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Role } from '#app/domain/account.ts'
import type { AccountSetup } from '#app/modules/auth/account-setup.server.ts'
import { openAccount, signIn } from '#app/modules/auth/accounts.server.ts'
import { settleAuthTasks } from '#app/modules/auth/auth.server.ts'
import { startEnrolment, verifyCode } from '#app/modules/auth/two-factor.server.ts'
import { db } from '#db/client.server.ts'
import { session, sessionAssurance, twoFactor, user } from '#db/schema/auth.ts'
import { TEST_BASE_URL } from '#tests/support/test-server.ts'
import { nextCode, totpCode } from '#tests/support/totp.ts'

export const TEST_PASSWORD = 'senha-forte-123'

const setupOf = (role: Role, name: string): AccountSetup =>
  role === 'provider'
    ? { role, workingName: name }
    : role === 'client'
      ? { role, about: 'Gosto de conversar.', dateOfBirth: '1990-05-20' }
      : { role }

/**
 * Opens an account the way /auth does (role and role data in the sign-up transaction) and, unless
 * `confirmed: false`, confirms its e-mail as the link does in the browser that signed up (issue
 * 30: confirmed, and signed in with its password, now). Its confirmation e-mail goes to the outbox.
 */
export async function createAccount(
  options: { role?: Role; email?: string; name?: string; confirmed?: boolean } = {},
) {
  const role = options.role ?? 'client'
  const email = options.email ?? `${role}-${randomUUID().slice(0, 8)}@example.com`
  const name = options.name ?? (role === 'provider' ? 'Luna Clara' : 'Cliente Teste')
  await openAccount({ email, password: TEST_PASSWORD, name }, setupOf(role, name), {
    language: 'pt',
    clientIp: '192.0.2.1',
    userAgent: 'vitest',
  })
  await settleAuthTasks()
  if (options.confirmed !== false) {
    const now = new Date()
    await db()
      .update(user)
      .set({ emailVerified: true, confirmedAt: now, passwordSignInAt: now })
      .where(eq(user.email, email))
  }
  const [row] = await db().select().from(user).where(eq(user.email, email))
  if (!row) throw new Error(`account ${email} was not created`)
  return { ...row, role, password: TEST_PASSWORD }
}

/** The Cookie header of a fresh session of `email` (remember me on). */
export async function sessionCookie(email: string, password = TEST_PASSWORD): Promise<string> {
  const result = await signIn(
    { email, password, rememberMe: true },
    { language: 'pt', clientIp: '192.0.2.1', userAgent: 'vitest' },
  )
  if (result.kind !== 'signed-in') throw new Error(`cannot sign in ${email}: ${result.kind}`)
  return result.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

const TEST_CALLER = { language: 'pt', clientIp: '192.0.2.1', userAgent: 'vitest' } as const

/** The Cookie header after `setCookies` replaced some of `cookie`'s values. */
export function updatedCookie(cookie: string, setCookies: string[]): string {
  const jar = new Map(cookie.split('; ').map((pair) => [pair.split('=')[0], pair] as const))
  for (const line of setCookies) {
    const pair = line.split(';')[0] ?? ''
    const name = pair.split('=')[0] ?? ''
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name)
    else jar.set(name, pair)
  }
  return [...jar.values()].join('; ')
}

/**
 * Sets up two-step verification on the signed-in account of `cookie` as the security page does
 * (issue 23), answering with a test authenticator: the new session's cookie, the key (base32)
 * and the backup codes.
 */
export async function enrolTwoFactor(cookie: string, password = TEST_PASSWORD) {
  const request = (body = '') =>
    new Request(`${TEST_BASE_URL}/account/security`, { method: 'POST', headers: { cookie }, body })
  const started = await startEnrolment(request(), TEST_CALLER, password)
  if (!started.ok) throw new Error(`two-factor set-up refused: ${started.reason}`)
  const secret = started.enrolment.secret.replaceAll(' ', '')
  const verified = await verifyCode(request(), TEST_CALLER, await nextCode(secret))
  if (!verified.ok) throw new Error(`two-factor set-up not confirmed: ${verified.reason}`)
  return {
    cookie: updatedCookie(cookie, verified.headers.getSetCookie()),
    secret,
    backupCodes: started.enrolment.backupCodes,
  }
}

/**
 * A new account of `role` with the Cookie header of a fresh session. An admin's account has
 * two-step verification, as every admin must (issue 23), and its session has passed it.
 */
export async function signedIn(role: Role) {
  const account = await createAccount({ role })
  const cookie = await sessionCookie(account.email)
  if (role !== 'admin') return { ...account, cookie, totpSecret: undefined }
  const enrolled = await enrolTwoFactor(cookie)
  return { ...account, cookie: enrolled.cookie, totpSecret: enrolled.secret }
}

/** The id of the session whose cookie is `cookie`. */
export async function sessionIdOf(cookie: string): Promise<string> {
  const token = decodeURIComponent(/session_token=([^.;]+)/.exec(cookie)?.[1] ?? '')
  const [row] = await db().select({ id: session.id }).from(session).where(eq(session.token, token))
  if (!row) throw new Error('no session for the cookie')
  return row.id
}

/**
 * Makes the session of `cookie` look as if its last proof of who is there was 11 minutes ago
 * (a step-up asks again, issue 23); its id.
 */
export async function makeStale(cookie: string): Promise<string> {
  const id = await sessionIdOf(cookie)
  const past = sql`now() - interval '11 minutes'`
  await db().update(session).set({ createdAt: past }).where(eq(session.id, id))
  await db()
    .update(sessionAssurance)
    .set({
      confirmedAt: past,
      secondFactorAt: sql`case when ${sessionAssurance.secondFactorAt} is null then null else ${past} end`,
    })
    .where(eq(sessionAssurance.sessionId, id))
  return id
}

/**
 * The app's code of `account` now, its last accepted step forgotten first, as if its last code
 * had been typed minutes ago: for tests that sign one account in many times in a few seconds and
 * are not about a code working once (a site accepts each step once: one-time-codes.test.ts).
 */
export async function codeFor(account: { id: string; totpSecret?: string }): Promise<string> {
  if (!account.totpSecret) throw new Error('the account has no authenticator')
  await db()
    .update(twoFactor)
    .set({ lastAcceptedStep: null })
    .where(eq(twoFactor.userId, account.id))
  return totpCode(account.totpSecret)
}
