import { and, eq, isNull } from 'drizzle-orm'
import type { FreezeCause } from '#app/domain/gifts.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import type { Transaction } from '#db/client.server.ts'
import { balanceFreezes, gifts } from '#db/schema/gifts.ts'
import { type Actor, auditProfile } from './kernel.server.ts'

// Freezing a provider's gift balance (issue 22 point 4; ADR 0020): a ban, a 'minor suspected'
// report that hides her profile, or the team by hand stops her withdrawals until the team
// releases it. Gifts keep maturing meanwhile. It lives here, beside the ban and the report's
// hide, because those open it in their own transaction (payments imports moderation, never
// the other way round).

/**
 * Opens a freeze of the profile's balance in `tx`, audited, unless one is open already; true
 * when it opened one. The caller holds the profile's row lock, which every opener takes, so
 * two at once open one. It takes no balance lock: a freeze moves no money, and a withdrawal
 * that read no freeze before this commits was asked first (taking the balance lock after the
 * profile's would deadlock with a withdrawal's row, which locks in the other order).
 * Without gifts (GIFTS=1, which needs Pix) a ban or a report freezes only a profile that was
 * ever given one: there is no balance to hold otherwise.
 */
export async function freezeInside(
  tx: Transaction,
  actor: Actor,
  profile: { id: string; name: string; username: string },
  cause: FreezeCause,
  note: string | null = null,
): Promise<boolean> {
  if (cause !== 'team' && !serverEnv().gifts) {
    const [given] = await tx
      .select({ id: gifts.id })
      .from(gifts)
      .where(eq(gifts.profileId, profile.id))
      .limit(1)
    if (!given) return false
  }
  const [open] = await tx
    .select({ id: balanceFreezes.id })
    .from(balanceFreezes)
    .where(and(eq(balanceFreezes.profileId, profile.id), isNull(balanceFreezes.releasedAt)))
    .limit(1)
  if (open) return false
  const [freeze] = await tx
    .insert(balanceFreezes)
    .values({ profileId: profile.id, cause, note })
    .returning({ id: balanceFreezes.id })
  await auditProfile(tx, actor, profile, {
    action: 'balance_freeze',
    reason: note,
    details: { cause, freezeId: freeze?.id },
  })
  return true
}
