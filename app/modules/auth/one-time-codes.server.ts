import { createHmac, timingSafeEqual } from 'node:crypto'
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto'
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { log } from '#app/platform/logger.server.ts'
import { db } from '#db/client.server.ts'
import { twoFactor } from '#db/schema/auth.ts'
import { auth } from './auth.server.ts'

// Issue 30 point 6: a code from the authenticator app opens one door once (RFC 6238 §5.2).
// better-auth's plugin checks a code against the steps around now and keeps nothing, so the same
// code, seconds apart, opened two sessions. Before a code reaches better-auth we work out which
// time step it belongs to and claim that step for the account in one conditional UPDATE: a
// step at or before the last one accepted is refused, and of two requests carrying one code at
// the same moment only one gets the row. better-auth then checks the code again and opens the
// session. Backup codes are single-use in better-auth already (a compare-and-swap on the list);
// the proof screen of a secured account checks them here the same way (secure-proof.server.ts).

/** The app's codes: 6 digits, a new one every 30 seconds (better-auth's and every app's default). */
export const TOTP_PERIOD_S = 30
const TOTP_DIGITS = 6
/** Steps either side of now a code may come from: better-auth's verify window (a clock 30 s off). */
const TOTP_WINDOW = 1

/** The TOTP time step of `time`: unix seconds over the period. */
export const totpStep = (time = Date.now()) => Math.floor(time / 1000 / TOTP_PERIOD_S)

/** RFC 4226 HOTP of `step` with HMAC-SHA-1, as better-auth computes it (@better-auth/utils/otp). */
function hotp(key: Buffer, step: number): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const digest = createHmac('sha1', key).update(counter).digest()
  const offset = (digest.at(-1) ?? 0) & 0x0f
  const binary = digest.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0')
}

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * The step within the window around `time` whose code is `code`, or undefined. Should two steps
 * give the same code (one chance in a million), the later one: claiming it refuses more.
 */
export function stepOfCode(key: Buffer, code: string, time = Date.now()): number | undefined {
  const now = totpStep(time)
  let found: number | undefined
  // Every step is computed, so the time taken does not say which one matched.
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (sameText(hotp(key, step), code)) found = step
  }
  return found
}

/** The secret better-auth keeps for the account's authenticator, as its HMAC key; undefined without one. */
async function authenticatorKey(userId: string): Promise<Buffer | undefined> {
  const [row] = await db()
    .select({ secret: twoFactor.secret })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId))
  if (!row) return undefined
  const { secretConfig } = await auth().$context
  const secret = await symmetricDecrypt({ key: secretConfig, data: row.secret })
  // Secrets imported from another provider are stored as 'base32:…' by better-auth; this site
  // only makes its own (used as UTF-8 bytes), so such a row would be a bug: nothing is accepted.
  if (secret.startsWith('base32:')) {
    log.error('authenticator secret in a form this site never writes', { userId })
    return undefined
  }
  return Buffer.from(secret, 'utf8')
}

/**
 * Takes `step` as the account's last accepted step, unless that step or a later one was taken
 * already; atomic (one conditional UPDATE), so of two requests with one code only one gets it.
 */
export async function claimStep(userId: string, step: number): Promise<boolean> {
  const claimed = await db()
    .update(twoFactor)
    .set({ lastAcceptedStep: step })
    .where(
      and(
        eq(twoFactor.userId, userId),
        or(isNull(twoFactor.lastAcceptedStep), lt(twoFactor.lastAcceptedStep, step)),
      ),
    )
    .returning({ id: twoFactor.id })
  return claimed.length > 0
}

export type CodeClaim =
  /** The app's code of a step not used before: the step is now taken. */
  | 'claimed'
  /** The app's code, but of a step already used (the same code again, or an older one). */
  | 'used'
  /** Not the app's code for now (a wrong code), or the account has no authenticator. */
  | 'wrong'

/** Checks a 6-digit code against the account's authenticator and claims its step (see above). */
export async function claimCode(
  userId: string,
  code: string,
  time = Date.now(),
): Promise<CodeClaim> {
  const key = await authenticatorKey(userId)
  const step = key ? stepOfCode(key, code, time) : undefined
  if (step === undefined) return 'wrong'
  return (await claimStep(userId, step)) ? 'claimed' : 'used'
}

/**
 * Uses up one of the account's backup codes, as better-auth does: the encrypted list is written
 * back without it only if nobody changed it meanwhile, so a code works once even twice at once.
 */
export async function spendBackupCode(userId: string, code: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: twoFactor.id, backupCodes: twoFactor.backupCodes })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId))
  if (!row) return false
  const { secretConfig } = await auth().$context
  let codes: unknown
  try {
    codes = JSON.parse(await symmetricDecrypt({ key: secretConfig, data: row.backupCodes }))
  } catch {
    return false
  }
  if (!Array.isArray(codes) || !codes.some((one) => typeof one === 'string' && sameText(one, code)))
    return false
  const left = codes.filter((one) => one !== code)
  const written = await db()
    .update(twoFactor)
    .set({ backupCodes: await symmetricEncrypt({ key: secretConfig, data: JSON.stringify(left) }) })
    .where(and(eq(twoFactor.id, row.id), eq(twoFactor.backupCodes, row.backupCodes)))
    .returning({ id: twoFactor.id })
  return written.length > 0
}
