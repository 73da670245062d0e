import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, gt, inArray } from 'drizzle-orm'
import { SUPPORT_EMAIL } from '#app/domain/site.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { db } from '#db/client.server.ts'
import { session, user, verification } from '#db/schema/auth.ts'
import { sendAccountEmail } from './auth.server.ts'

// Issue 19 point 15: a change of e-mail address is told to the OLD address, with a link that
// secures the account. Following it (and pressing the button it opens: mail scanners follow
// links, only people press buttons) ends every session of the account and keeps the account on
// the old address (a change already confirmed is undone, a pending one can no longer be
// confirmed); the new address is told.
//
// Issue 30 point 5: people change address because the old one is lost, shared or recycled, so
// the old mailbox alone proves little. The link no longer hands out a password: a new one is set
// only after the account's current password or second factor (secure-proof.server.ts). Until
// then, for DISPUTE_DAYS, the address brought back this way is disputed: a forgotten-password
// request to it sends no reset link, and a later change away from it is told to it without a
// link to undo it. The owner who lost the mailbox signs in with her password and moves the
// account again; the team settles anything else (ADR 0026).

/** How long the link of the notice works: a week, once. */
export const SECURE_LINK_DAYS = 7
/** How long an address brought back by the link, without the account's proof, is disputed. */
export const DISPUTE_DAYS = 30
/** Our confirmation links of a new address last a day (auth.server.ts emailVerification). */
const CHANGE_LINK_MS = 24 * 60 * 60 * 1000
/** The proof screen after the link lasts an hour. */
export const PROOF_MS = 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

export const hashed = (token: string) => createHash('sha256').update(token).digest('base64url')
const linkKey = (token: string) => `secure-account:${hashed(token)}`
const blockKey = (userId: string) => `email-change-blocked:${userId}`
export const proofKey = (token: string) => `secure-proof:${hashed(token)}`
export const disputeKey = (userId: string) => `secure-dispute:${userId}`

/** The page the notice's link opens. */
export const secureAccountUrl = (token: string) =>
  `${serverEnv().baseUrl}/auth?mode=secure&token=${encodeURIComponent(token)}`

/** Whether `email`, the account's address, came back by the link without the account's proof. */
async function disputed(userId: string, email: string): Promise<boolean> {
  const [row] = await db()
    .select({ value: verification.value })
    .from(verification)
    .where(
      and(eq(verification.identifier, disputeKey(userId)), gt(verification.expiresAt, new Date())),
    )
  return row?.value === email
}

/**
 * Tells the account's current (old) address, in the account's language, that a change to
 * `newEmail` was asked for, with the link that secures the account; a disputed address is told
 * without a link (it can no longer undo a change).
 */
export async function sendEmailChangeNotice(userId: string, newEmail: string): Promise<void> {
  const [owner] = await db()
    .select({ email: user.email, name: user.name, language: user.language })
    .from(user)
    .where(eq(user.id, userId))
  const to = newEmail.toLowerCase()
  if (!owner || owner.email === to) return
  if (await disputed(userId, owner.email)) {
    sendAccountEmail('changeNoticeHeld', owner, `mailto:${SUPPORT_EMAIL}`, undefined, {
      newEmail: to,
      days: DISPUTE_DAYS,
      support: SUPPORT_EMAIL,
    })
    return
  }
  const token = randomBytes(32).toString('base64url')
  await db()
    .insert(verification)
    .values({
      id: randomUUID(),
      identifier: linkKey(token),
      value: JSON.stringify({ userId, email: owner.email, newEmail: to }),
      expiresAt: new Date(Date.now() + SECURE_LINK_DAYS * DAY_MS),
    })
  sendAccountEmail('changeNotice', owner, secureAccountUrl(token), undefined, {
    newEmail: to,
    days: SECURE_LINK_DAYS,
  })
}

/**
 * Secures the account of a notice's link: used up, every session ended, the old address back
 * (when no other account took it meanwhile), pending changes refused, the address disputed, and
 * the new address told. Answers the token of the proof screen (an hour); `ok: false` when the
 * link is unknown, used or past its week.
 */
export async function secureAccount(
  token: string,
): Promise<{ ok: true; proof: string } | { ok: false }> {
  if (!token) return { ok: false }
  const now = new Date()
  const proof = randomBytes(24).toString('base64url')
  const secured = await db().transaction(async (tx) => {
    const [link] = await tx
      .delete(verification)
      .where(and(eq(verification.identifier, linkKey(token)), gt(verification.expiresAt, now)))
      .returning({ value: verification.value })
    if (!link) return undefined
    const { userId, email, newEmail } = JSON.parse(link.value) as {
      userId: string
      email: string
      newEmail?: string
    }
    const [owner] = await tx
      .select({ email: user.email, name: user.name, language: user.language })
      .from(user)
      .where(eq(user.id, userId))
    if (!owner) return undefined
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
    // The password is left as it is: whoever holds the old mailbox may not be the owner (a
    // recycled address), and the owner who knows it must still be able to sign in.
    // Confirmation links of a new address sent before now no longer count (they carry their
    // time of issue; e-mail confirmation checks this row).
    await tx
      .delete(verification)
      .where(inArray(verification.identifier, [blockKey(userId), disputeKey(userId)]))
    await tx.insert(verification).values([
      {
        id: randomUUID(),
        identifier: blockKey(userId),
        value: String(now.getTime()),
        expiresAt: new Date(now.getTime() + CHANGE_LINK_MS),
      },
      {
        id: randomUUID(),
        identifier: disputeKey(userId),
        value: email,
        expiresAt: new Date(now.getTime() + DISPUTE_DAYS * DAY_MS),
      },
      {
        id: randomUUID(),
        identifier: proofKey(proof),
        value: userId,
        expiresAt: new Date(now.getTime() + PROOF_MS),
      },
    ])
    // The address the account was moving to (older links did not keep it: the current one).
    return { owner, told: newEmail ?? (owner.email !== email ? owner.email : undefined), email }
  })
  if (!secured) return { ok: false }
  const { owner, told, email } = secured
  if (told && told !== email) {
    sendAccountEmail(
      'secured',
      { email: told, name: owner.name, language: owner.language },
      `${serverEnv().baseUrl}/auth?mode=login`,
      undefined,
      { days: DISPUTE_DAYS, support: SUPPORT_EMAIL },
    )
  }
  return { ok: true, proof }
}

/**
 * A forgotten-password request for `email`: when it is the disputed address of its account, no
 * reset link goes out; the address is told why instead, and true is answered.
 */
export async function resetHeld(email: string): Promise<boolean> {
  const [owner] = await db()
    .select({ id: user.id, email: user.email, name: user.name, language: user.language })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()))
  if (!owner || !(await disputed(owner.id, owner.email))) return false
  sendAccountEmail('resetHeld', owner, `${serverEnv().baseUrl}/auth?mode=login`, undefined, {
    days: DISPUTE_DAYS,
    support: SUPPORT_EMAIL,
  })
  return true
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
