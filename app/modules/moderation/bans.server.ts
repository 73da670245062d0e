import { and, eq, isNull, sql } from 'drizzle-orm'
import { identifierHash } from '#app/modules/security/ban-list.server.ts'
import type { Transaction } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { bannedIdentifiers, profileSanctions } from '#db/schema/moderation.ts'
import { profiles, verificationSubmissions } from '#db/schema/profiles.ts'
import { freezeInside } from './freezes.server.ts'
import {
  type Actor,
  type AdminResult,
  auditProfile,
  done,
  inTransaction,
  type LockedProfile,
  lockProfile,
  Refusal,
  tellProvider,
} from './kernel.server.ts'

// Banning and hiding a profile (SPEC §4): a ban for good, with its identifiers blocked, and
// hiding a profile from every public page (or showing it again).

/** The ban itself, inside the caller's transaction: status, history, ban list, audit entry. */
export async function banInside(
  tx: Transaction,
  actor: Actor,
  profile: LockedProfile,
  reason: string,
  automatic?: { automatic: true; streak: number },
): Promise<void> {
  if (profile.status === 'banned') throw new Refusal('wrongState')
  await tx
    .update(profileSanctions)
    .set({ liftedAt: sql`now()` })
    .where(and(eq(profileSanctions.profileId, profile.id), isNull(profileSanctions.liftedAt)))
  await tx.insert(profileSanctions).values({
    profileId: profile.id,
    kind: 'ban',
    reason,
    actorId: actor.id,
    automatic: Boolean(automatic),
  })
  await tx
    .update(profiles)
    .set({ status: 'banned', statusReason: reason, suspendedUntil: null, updatedAt: sql`now()` })
    .where(eq(profiles.id, profile.id))
  // What she may not come back with (item 3): her address, her number, her documents.
  const identifiers: { kind: 'email' | 'phone' | 'document'; hash: string }[] = []
  if (profile.userId) {
    const [owner] = await tx
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, profile.userId))
    if (owner) identifiers.push({ kind: 'email', hash: identifierHash(owner.email) })
  }
  if (profile.whatsapp) identifiers.push({ kind: 'phone', hash: identifierHash(profile.whatsapp) })
  const documents = await tx
    .select({
      front: verificationSubmissions.documentFrontHash,
      back: verificationSubmissions.documentBackHash,
    })
    .from(verificationSubmissions)
    .where(eq(verificationSubmissions.profileId, profile.id))
  for (const one of documents) {
    identifiers.push({ kind: 'document', hash: one.front }, { kind: 'document', hash: one.back })
  }
  if (identifiers.length > 0) {
    await tx
      .insert(bannedIdentifiers)
      .values(identifiers.map((one) => ({ ...one, profileId: profile.id })))
      .onConflictDoNothing()
  }
  await auditProfile(tx, actor, profile, {
    action: 'ban',
    reason,
    details: automatic
      ? { automatic: true, consecutiveSuspensions: automatic.streak }
      : { automatic: false },
  })
  // Her gift balance waits for the team's decision (issue 22 point 4).
  await freezeInside(tx, actor, profile, 'ban', reason)
}

/** Bans a profile for good (SPEC §4): it leaves the site and its identifiers are blocked. */
export async function banProfile(
  actor: Actor,
  profileId: string,
  reason: string,
): Promise<AdminResult> {
  const result = await inTransaction(async (tx) => {
    await banInside(tx, actor, await lockProfile(tx, profileId), reason)
  })
  if (result.ok) await tellProvider(profileId, 'banned', { reason })
  return result
}

/** Hides a profile (it leaves every public page) or shows it again, with the reason. */
export async function setHidden(
  actor: Actor,
  profileId: string,
  hidden: boolean,
  reason: string,
): Promise<AdminResult> {
  const result = await inTransaction(async (tx) => {
    const profile = await lockProfile(tx, profileId)
    if (hidden === (profile.visibilityStatus === 'hidden')) throw new Refusal('wrongState')
    await hideInside(tx, actor, profile, hidden, reason)
    return profile.status === 'approved'
  })
  // Shown again, a profile is back online only if it is approved.
  if (result.ok && (hidden || result.value))
    await tellProvider(profileId, hidden ? 'hidden' : 'restored', { reason })
  return result.ok ? done(undefined) : result
}

export async function hideInside(
  tx: Transaction,
  actor: Actor,
  profile: LockedProfile,
  hidden: boolean,
  reason: string,
): Promise<void> {
  await tx
    .update(profiles)
    .set(
      hidden
        ? {
            visibilityStatus: 'hidden',
            hiddenAt: sql`now()`,
            hiddenBy: actor.id,
            hiddenReason: reason,
            updatedAt: sql`now()`,
          }
        : {
            visibilityStatus: 'active',
            hiddenAt: null,
            hiddenBy: null,
            hiddenReason: null,
            updatedAt: sql`now()`,
          },
    )
    .where(eq(profiles.id, profile.id))
  await auditProfile(tx, actor, profile, {
    action: hidden ? 'hide' : 'unhide',
    reason,
  })
}
