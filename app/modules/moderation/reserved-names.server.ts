import { eq } from 'drizzle-orm'
import { profiles, reservedUsernames } from '#db/schema/profiles.ts'
import { type Actor, type AdminResult, audit, inTransaction, Refusal } from './kernel.server.ts'

// Reserved usernames: names no profile may take, and old names that lead to their profile.

/** Reserves a username (no profile may take it) with the reason; refused when one has it. */
export async function reserveUsername(
  actor: Actor,
  username: string,
  reason: string,
): Promise<AdminResult> {
  return inTransaction(async (tx) => {
    const [taken] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.username, username))
    if (taken) throw new Refusal('usernameTaken')
    const inserted = await tx
      .insert(reservedUsernames)
      .values({ username, reason })
      .onConflictDoNothing()
      .returning({ username: reservedUsernames.username })
    if (inserted.length === 0) throw new Refusal('usernameTaken')
    await audit(tx, actor, {
      action: 'reserve_username',
      targetType: 'username',
      targetId: username,
      targetLabel: username,
      reason,
    })
  })
}

/** Frees a reserved username (an old one stops redirecting to its profile). */
export async function releaseUsername(
  actor: Actor,
  username: string,
  reason: string,
): Promise<AdminResult> {
  return inTransaction(async (tx) => {
    const removed = await tx
      .delete(reservedUsernames)
      .where(eq(reservedUsernames.username, username))
      .returning({ reason: reservedUsernames.reason, profileId: reservedUsernames.profileId })
    const [row] = removed
    if (!row) throw new Refusal('notFound')
    await audit(tx, actor, {
      action: 'release_username',
      targetType: 'username',
      targetId: username,
      targetLabel: username,
      reason,
      details: { wasReservedFor: row.reason, profileId: row.profileId },
    })
  })
}
