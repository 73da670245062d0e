import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { hashPassword } from 'better-auth/crypto'
import { and, eq, gt } from 'drizzle-orm'
import { serverEnv } from '#app/platform/env.server.ts'
import { db } from '#db/client.server.ts'
import { account, session, user, verification } from '#db/schema/auth.ts'
import { sendAccountEmail } from './auth.server.ts'

// Issue 19 point 15: a change of e-mail address is told to the OLD address, with a link that
// secures the account. Following it (and pressing the button it opens: mail scanners follow
// links, only people press buttons) ends every session of the account, keeps the account on the
// old address (a change already confirmed is undone, a pending one can no longer be confirmed)
// and opens the password-reset screen with a fresh reset token.

/** How long the link of the notice works: a week, once. */
export const SECURE_LINK_DAYS = 7
/** Our confirmation links of a new address last a day (auth.server.ts emailVerification). */
const CHANGE_LINK_MS = 24 * 60 * 60 * 1000
/** better-auth's reset links last an hour (auth.server.ts resetPasswordTokenExpiresIn). */
const RESET_LINK_MS = 60 * 60 * 1000

const hashed = (token: string) => createHash('sha256').update(token).digest('base64url')
const linkKey = (token: string) => `secure-account:${hashed(token)}`
const blockKey = (userId: string) => `email-change-blocked:${userId}`

/** The page the notice's link opens. */
export const secureAccountUrl = (token: string) =>
  `${serverEnv().baseUrl}/auth?mode=secure&token=${encodeURIComponent(token)}`

/**
 * Tells the account's current (old) address, in the account's language, that a change to
 * `newEmail` was asked for, with the link that secures the account.
 */
export async function sendEmailChangeNotice(userId: string, newEmail: string): Promise<void> {
  const [owner] = await db()
    .select({ email: user.email, name: user.name, language: user.language })
    .from(user)
    .where(eq(user.id, userId))
  if (!owner || owner.email === newEmail.toLowerCase()) return
  const token = randomBytes(32).toString('base64url')
  await db()
    .insert(verification)
    .values({
      id: randomUUID(),
      identifier: linkKey(token),
      value: JSON.stringify({ userId, email: owner.email }),
      expiresAt: new Date(Date.now() + SECURE_LINK_DAYS * 24 * 60 * 60 * 1000),
    })
  sendAccountEmail('changeNotice', owner, secureAccountUrl(token), undefined, {
    newEmail: newEmail.toLowerCase(),
    days: SECURE_LINK_DAYS,
  })
}

/**
 * Secures the account of a notice's link: used up, every session ended, the old address back
 * (when no other account took it meanwhile), pending changes refused, and a reset token for the
 * password screen. `invalid` when the link is unknown, used or past its week.
 */
export async function secureAccount(
  token: string,
): Promise<{ ok: true; resetToken: string } | { ok: false }> {
  if (!token) return { ok: false }
  const now = new Date()
  return db().transaction(async (tx) => {
    const [link] = await tx
      .delete(verification)
      .where(and(eq(verification.identifier, linkKey(token)), gt(verification.expiresAt, now)))
      .returning({ value: verification.value })
    if (!link) return { ok: false as const }
    const { userId, email } = JSON.parse(link.value) as { userId: string; email: string }
    const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId))
    if (!owner) return { ok: false as const }
    if (owner.email !== email) {
      const [holder] = await tx
        .select({ id: user.id, verified: user.emailVerified })
        .from(user)
        .where(eq(user.email, email))
      // Whoever changed the address may have opened a second account on the freed one to keep
      // it: unconfirmed, it never signed in and holds nothing but a draft, so it goes and the
      // address comes back. A confirmed one was confirmed from that mailbox: it stays.
      if (holder && !holder.verified) await tx.delete(user).where(eq(user.id, holder.id))
      if (!holder?.verified) {
        await tx
          .update(user)
          .set({ email, emailVerified: true, updatedAt: now })
          .where(eq(user.id, userId))
      }
    }
    await tx.delete(session).where(eq(session.userId, userId))
    // The password known until now no longer signs in: only the new one set on the next screen.
    await tx
      .update(account)
      .set({ password: await hashPassword(randomBytes(32).toString('base64url')), updatedAt: now })
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
    // Confirmation links of a new address sent before now no longer count (they carry their
    // time of issue; e-mail confirmation checks this row).
    await tx.delete(verification).where(eq(verification.identifier, blockKey(userId)))
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: blockKey(userId),
      value: String(now.getTime()),
      expiresAt: new Date(now.getTime() + CHANGE_LINK_MS),
    })
    const resetToken = randomBytes(24).toString('base64url')
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: `reset-password:${resetToken}`,
      value: userId,
      expiresAt: new Date(now.getTime() + RESET_LINK_MS),
    })
    return { ok: true as const, resetToken }
  })
}

/**
 * Whether a confirmation link is for a new address of an account secured after the link was
 * sent (its JWT's issue time is before the account was secured): such a link changes nothing.
 */
export async function emailChangeRefused(token: string): Promise<boolean> {
  let payload: { updateTo?: unknown; userId?: unknown; iat?: unknown }
  try {
    payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))
  } catch {
    return false
  }
  if (typeof payload.updateTo !== 'string' || typeof payload.userId !== 'string') return false
  const [block] = await db()
    .select({ value: verification.value })
    .from(verification)
    .where(
      and(
        eq(verification.identifier, blockKey(payload.userId)),
        gt(verification.expiresAt, new Date()),
      ),
    )
  if (!block) return false
  const issuedMs = typeof payload.iat === 'number' ? payload.iat * 1000 : 0
  return issuedMs <= Number(block.value)
}
