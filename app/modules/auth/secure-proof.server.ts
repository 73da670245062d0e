import { randomBytes, randomUUID } from 'node:crypto'
import { and, eq, gt, isNotNull } from 'drizzle-orm'
import { fixedWindowLimiter } from '#app/modules/security/rate-limit.server.ts'
import { db } from '#db/client.server.ts'
import { account, user, verification } from '#db/schema/auth.ts'
import { auth } from './auth.server.ts'
import { claimCode, spendBackupCode } from './one-time-codes.server.ts'
import { disputeKey, hashed, PROOF_MS, proofKey } from './secure-account.server.ts'
import { tellOwner } from './security-notices.server.ts'
import { backupCodesLeft, codeKind } from './two-factor.server.ts'

// Issue 30 point 5: after the link of a change notice has secured the account, a new password is
// offered only to whoever proves it is the account's: its current password, or a code of its
// second factor (the app's, once per step, or a backup code, once). The screen lasts an hour and
// takes PROOF_TRIES wrong answers; the password and codes typed here also count as guesses on
// the account (limits.server.ts, applied by the action). The proof ends the address's dispute:
// the person holding the old mailbox is the owner.

/** Wrong answers the proof screen takes before it ends. */
export const PROOF_TRIES = 5

/** Our reset links last an hour (auth.server.ts resetPasswordTokenExpiresIn). */
const RESET_LINK_MS = 60 * 60 * 1000

const wrongAnswers = fixedWindowLimiter({
  name: 'secure-proof',
  limit: PROOF_TRIES,
  windowMs: PROOF_MS,
})

/** The account a proof token is for, while it lasts, and the ways it can prove itself. */
export interface ProofAccount {
  userId: string
  email: string
  password: boolean
  code: boolean
}

/** The account of the proof screen's `token`; undefined once it is used, ended or past its hour. */
export async function proofAccount(token: string): Promise<ProofAccount | undefined> {
  if (!token) return undefined
  const [row] = await db()
    .select({
      userId: user.id,
      email: user.email,
      code: user.twoFactorEnabled,
      password: account.password,
    })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .leftJoin(
      account,
      and(
        eq(account.userId, user.id),
        eq(account.providerId, 'credential'),
        isNotNull(account.password),
      ),
    )
    .where(
      and(eq(verification.identifier, proofKey(token)), gt(verification.expiresAt, new Date())),
    )
  if (!row) return undefined
  return { userId: row.userId, email: row.email, password: Boolean(row.password), code: row.code }
}

async function passwordMatches(userId: string, password: string): Promise<boolean> {
  const [row] = await db()
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
  if (!row?.hash) return false
  return (await auth().$context).password.verify({ hash: row.hash, password })
}

/**
 * A code of the account's second factor, used up when it matches (one-time-codes.server.ts); a
 * backup code used is told to the owner (issue 33 point 11).
 */
async function codeMatches(userId: string, code: string, from: NoticeFrom): Promise<boolean> {
  if (codeKind(code) === 'totp') return (await claimCode(userId, code)) === 'claimed'
  if (!(await spendBackupCode(userId, code.toLowerCase()))) return false
  await tellOwner('backupCodeUsed', userId, from, await backupCodesLeft(userId))
  return true
}

/** Who answered the proof screen: the request's browser and address. */
type NoticeFrom = Parameters<typeof tellOwner>[2]

export type ProofResult =
  /** Proved: the token of the reset screen, where the new password is set. */
  | { ok: true; resetToken: string }
  /** Wrong: type it again (until PROOF_TRIES). */
  | { ok: false; reason: 'wrong' }
  /** The screen is over (used, past its hour or its tries): the link is gone too. */
  | { ok: false; reason: 'expired' }

/** Checks the answer of the proof screen and, when right, hands out a reset token. */
export async function proveOwner(
  token: string,
  answer: { password: string } | { code: string },
  from: NoticeFrom = {},
): Promise<ProofResult> {
  const owner = await proofAccount(token)
  if (!owner) return { ok: false, reason: 'expired' }
  const end = () =>
    db()
      .delete(verification)
      .where(eq(verification.identifier, proofKey(token)))
  if ((await wrongAnswers.peek(hashed(token))).count >= PROOF_TRIES) {
    await end()
    return { ok: false, reason: 'expired' }
  }
  const right =
    'password' in answer
      ? owner.password && (await passwordMatches(owner.userId, answer.password))
      : owner.code && (await codeMatches(owner.userId, answer.code, from))
  if (!right) {
    if ((await wrongAnswers.hit(hashed(token))).count >= PROOF_TRIES) await end()
    return { ok: false, reason: 'wrong' }
  }
  const resetToken = randomBytes(24).toString('base64url')
  const now = new Date()
  const proved = await db().transaction(async (tx) => {
    // Used once, even by two right answers at the same moment.
    const [used] = await tx
      .delete(verification)
      .where(eq(verification.identifier, proofKey(token)))
      .returning({ id: verification.id })
    if (!used) return false
    await tx.delete(verification).where(eq(verification.identifier, disputeKey(owner.userId)))
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: `reset-password:${resetToken}`,
      value: owner.userId,
      expiresAt: new Date(now.getTime() + RESET_LINK_MS),
    })
    return true
  })
  return proved ? { ok: true, resetToken } : { ok: false, reason: 'expired' }
}
