import { timingSafeEqual } from 'node:crypto'
import { makeSignature } from 'better-auth/crypto'
import { and, eq, isNotNull } from 'drizzle-orm'
import { cookieValue } from '#app/domain/cookies.ts'
import { type QrDrawing, qrDrawing } from '#app/platform/qr-code.server.ts'
import { db } from '#db/client.server.ts'
import { account, session } from '#db/schema/auth.ts'
import { authHeaders, type Caller, cookiesOf, errorCode } from './accounts.server.ts'
import { auth } from './auth.server.ts'
import { claimCode } from './one-time-codes.server.ts'
import { tellOwner } from './security-notices.server.ts'
import {
  awaitingSecondFactor,
  currentUser,
  markSessionConfirmed,
  type SignedInUser,
} from './session.server.ts'

// Two-factor sign-in (issue 23 point 1) on better-auth's plugin: an authenticator app's codes
// (TOTP) and ten single-use backup codes. Our pages call these; better-auth keeps the secret and
// the codes encrypted, counts a sign-in challenge's wrong codes (5, then the challenge ends) and
// locks the factor for 15 minutes after 10 wrong codes in a row. Our own limits (limits.server.ts)
// count every code and password typed, signed in or not. A code from the app is accepted once
// (issue 30: one-time-codes.server.ts claims its time step before better-auth sees it).

/** What the set-up screen shows once: the key for the app, its QR code and the backup codes. */
export interface Enrolment {
  /** The key to type by hand in an app that cannot scan (base32, in groups of four). */
  secret: string
  /** The otpauth:// address the QR code holds. */
  uri: string
  qr: QrDrawing
  backupCodes: string[]
}

/** The request's headers as better-auth reads them: its cookies, address and browser. */
const headersOf = (request: Request, caller: Caller) =>
  authHeaders(caller, request.headers.get('cookie'))

/** Whether the account has a password (a Google-only account has none). */
export async function hasPassword(userId: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: account.id })
    .from(account)
    .where(
      and(
        eq(account.userId, userId),
        eq(account.providerId, 'credential'),
        isNotNull(account.password),
      ),
    )
  return Boolean(row)
}

/**
 * Starts setting up an authenticator: a new secret and backup codes, not in force until the first
 * code from the app is confirmed. 'wrong-password' when the account's password does not match.
 */
export async function startEnrolment(
  request: Request,
  caller: Caller,
  password: string | undefined,
): Promise<{ ok: true; enrolment: Enrolment } | { ok: false; reason: 'wrong-password' | 'on' }> {
  const response = await auth().api.enableTwoFactor({
    body: { password, issuer: 'Aprova' },
    headers: headersOf(request, caller),
    asResponse: true,
  })
  if (!response.ok) {
    const code = await errorCode(response)
    if (code === 'TOTP_ALREADY_ENABLED') return { ok: false, reason: 'on' }
    if (response.status === 400) return { ok: false, reason: 'wrong-password' }
    throw new Error(`two-factor set-up answered ${response.status} ${code}`)
  }
  const body = (await response.json()) as { totpURI: string; backupCodes: string[] }
  const secret = new URL(body.totpURI).searchParams.get('secret') ?? ''
  return {
    ok: true,
    enrolment: {
      secret: secret.replace(/(.{4})(?=.)/g, '$1 '),
      uri: body.totpURI,
      qr: qrDrawing(body.totpURI),
      backupCodes: body.backupCodes,
    },
  }
}

export type CodeRefusal =
  /** Wrong code: type it again. */
  | 'invalid'
  /** The sign-in's challenge ended (10 minutes, or 5 wrong codes): sign in again. */
  | 'expired'
  /** Ten wrong codes in a row: the factor rests for 15 minutes. */
  | 'locked'

/** A code as typed: six digits from the app, or a backup code (letters and digits, a dash). */
export function codeKind(code: string): 'totp' | 'backup' {
  return /^\d{6}$/.test(code) ? 'totp' : 'backup'
}

/** The session a better-auth answer set its cookie to (a new one at sign-in, set-up, turning off). */
function sessionTokenSet(response: Response): string | undefined {
  const token = response.headers
    .getSetCookie()
    .map((line) => /^[^=]*session_token=([^.;]+)/.exec(line)?.[1])
    .find(Boolean)
  return token ? decodeURIComponent(token) : undefined
}

async function sessionIdOf(token: string): Promise<string | undefined> {
  const [row] = await db().select({ id: session.id }).from(session).where(eq(session.token, token))
  return row?.id
}

/**
 * The account of the sign-in challenge whose cookie the request carries (better-auth's signed
 * `two_factor` cookie, set after a right password), while the challenge lasts.
 */
export async function challengeAccount(request: Request): Promise<string | undefined> {
  const context = await auth().$context
  const raw = cookieValue(
    request.headers.get('cookie'),
    context.createAuthCookie('two_factor').name,
  )
  if (!raw) return undefined
  let signed: string
  try {
    signed = decodeURIComponent(raw)
  } catch {
    return undefined
  }
  const dot = signed.lastIndexOf('.')
  const identifier = signed.slice(0, dot)
  const signature = Buffer.from(signed.slice(dot + 1))
  const expected = Buffer.from(await makeSignature(identifier, context.secret))
  if (dot < 1 || signature.length !== expected.length || !timingSafeEqual(signature, expected))
    return undefined
  const challenge = await context.internalAdapter.findVerificationValue(identifier)
  if (!challenge || challenge.expiresAt.getTime() <= Date.now()) return undefined
  return challenge.value
}

/**
 * The account a code is typed for, as better-auth will read it: the request's session (signed
 * in, or waiting for its factor), else the sign-in challenge.
 */
export async function codeAccount(request: Request): Promise<string | undefined> {
  return (
    (await currentUser(request))?.id ??
    (await awaitingSecondFactor(request)) ??
    (await challengeAccount(request))
  )
}

/**
 * Checks a code from the app or a backup code: at sign-in (the challenge cookie better-auth set
 * after the password), on a signed-in session waiting for its factor (a Google sign-in), on a
 * step-up, and to finish a set-up. On success the session it leaves (new at sign-in and set-up,
 * the same otherwise) is recorded as having passed its second factor; `headers` carry its cookie.
 * A code from the app is accepted once: its time step is claimed for the account first (issue 30).
 */
export async function verifyCode(
  request: Request,
  caller: Caller,
  code: string,
): Promise<{ ok: true; headers: Headers; userId: string } | { ok: false; reason: CodeRefusal }> {
  const headers = headersOf(request, caller)
  const typed = code.trim()
  const totp = codeKind(typed) === 'totp'
  // Claimed before better-auth opens a session, so a second request with the same code opens
  // none. A wrong code still goes to better-auth, which counts it against the challenge.
  const claimedFor = totp ? await codeAccount(request) : undefined
  if (claimedFor && (await claimCode(claimedFor, typed)) === 'used')
    return { ok: false, reason: 'invalid' }
  const response = totp
    ? await auth().api.verifyTOTP({ body: { code: typed }, headers, asResponse: true })
    : await auth().api.verifyBackupCode({
        // Backup codes are lower case; one typed in capitals (a phone's keyboard) still counts.
        body: { code: typed.toLowerCase() },
        headers,
        asResponse: true,
      })
  if (!response.ok) {
    const reason = await errorCode(response)
    if (reason === 'ACCOUNT_TEMPORARILY_LOCKED') return { ok: false, reason: 'locked' }
    if (
      reason === 'INVALID_TWO_FACTOR_COOKIE' ||
      reason === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' ||
      reason === 'UNAUTHORIZED'
    )
      return { ok: false, reason: 'expired' }
    // 409: the same backup code used by another request at this moment (better-auth's
    // compare-and-swap on the list lost): it is used up, like any code typed twice.
    if (response.status === 401 || response.status === 400 || response.status === 409)
      return { ok: false, reason: 'invalid' }
    throw new Error(`second factor answered ${response.status} ${reason}`)
  }
  const body = (await response.json()) as { token?: string; user: { id: string } }
  if (totp && body.user.id !== claimedFor) {
    // better-auth read another account than we claimed the step for: never let that session be.
    const opened = sessionTokenSet(response) ?? body.token
    if (opened) await db().delete(session).where(eq(session.token, opened))
    throw new Error('second factor passed for an account whose code step was not claimed')
  }
  // A set-up's first code moves the account to a new session (the cookie); else the body names it.
  const token = sessionTokenSet(response) ?? body.token
  const sessionId = token ? await sessionIdOf(token) : undefined
  if (!sessionId) throw new Error('second factor passed without a session')
  await markSessionConfirmed(sessionId, { secondFactor: true })
  // A backup code is told to the owner, with how many are left (issue 33 point 11).
  if (!totp)
    await tellOwner('backupCodeUsed', body.user.id, caller, await backupCodesLeft(body.user.id))
  return { ok: true, headers: cookiesOf(response), userId: body.user.id }
}

/** A step-up with the password: true (and the session recorded as confirmed now) when it matches. */
export async function confirmWithPassword(
  request: Request,
  caller: Caller,
  user: SignedInUser,
  password: string,
): Promise<boolean> {
  const response = await auth().api.verifyPassword({
    body: { password },
    headers: headersOf(request, caller),
    asResponse: true,
  })
  if (!response.ok) return false
  await markSessionConfirmed(user.sessionId, { secondFactor: false })
  return true
}

/** New backup codes in place of the old ones; 'wrong-password' when the password does not match. */
export async function newBackupCodes(
  request: Request,
  caller: Caller,
  password: string | undefined,
): Promise<string[] | 'wrong-password'> {
  const response = await auth().api.generateBackupCodes({
    body: { password },
    headers: headersOf(request, caller),
    asResponse: true,
  })
  if (response.status === 400) return 'wrong-password'
  if (!response.ok) throw new Error(`backup codes answered ${response.status}`)
  return ((await response.json()) as { backupCodes: string[] }).backupCodes
}

/** Turns the second factor off (never an admin's: requireRole asks for it). */
export async function turnOff(
  request: Request,
  caller: Caller,
  password: string | undefined,
): Promise<{ ok: true; headers: Headers } | { ok: false }> {
  const response = await auth().api.disableTwoFactor({
    body: { password },
    headers: headersOf(request, caller),
    asResponse: true,
  })
  if (response.status === 400) return { ok: false }
  if (!response.ok) throw new Error(`turning two-factor off answered ${response.status}`)
  // better-auth moved the account to a new session: it has proved who it is just now.
  const token = sessionTokenSet(response)
  const sessionId = token ? await sessionIdOf(token) : undefined
  if (sessionId) await markSessionConfirmed(sessionId, { secondFactor: false })
  return { ok: true, headers: cookiesOf(response) }
}

/** How many unused backup codes the account has left (0 without a second factor). */
export async function backupCodesLeft(userId: string): Promise<number> {
  const result = await auth()
    .api.viewBackupCodes({ body: { userId } })
    .catch(() => undefined)
  return result?.backupCodes.length ?? 0
}
