import { and, eq, isNotNull, lte, sql } from 'drizzle-orm'
import { db } from '#db/client.server.ts'
import { profiles, reservedUsernames } from '#db/schema/profiles.ts'
import { type Actor, type AdminResult, audit, inTransaction, Refusal } from './kernel.server.ts'

// Reserved usernames: names no profile may take, old names that lead to their profile, and the
// names of deleted profiles, held for 90 days (issue 30 point 11: migration 0020's trigger).

/**
 * Reserves a username for good (no profile may take it) with the reason; refused when a profile
 * or a reservation has it. A name held after a deletion (or whose hold ran out) becomes reserved.
 */
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
      .onConflictDoUpdate({
        target: reservedUsernames.username,
        set: { reason, heldUntil: null, createdAt: sql`now()` },
        setWhere: isNotNull(reservedUsernames.heldUntil),
      })
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

/** Frees a reserved username (an old one stops redirecting to its profile, a held one is free). */
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

/** Deletes the holds on deleted profiles' names that ran out (they no longer count anyway). */
export async function forgetExpiredHolds(): Promise<number> {
  const gone = await db()
    .delete(reservedUsernames)
    .where(
      and(isNotNull(reservedUsernames.heldUntil), lte(reservedUsernames.heldUntil, sql`now()`)),
    )
    .returning({ username: reservedUsernames.username })
  return gone.length
}
