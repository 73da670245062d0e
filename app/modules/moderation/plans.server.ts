import { and, eq, lte, ne, sql } from 'drizzle-orm'
import type { MembershipTier } from '#app/domain/membership.ts'
import { log } from '#app/platform/logger.server.ts'
import { db } from '#db/client.server.ts'
import { profiles } from '#db/schema/profiles.ts'
import {
  type Actor,
  type AdminResult,
  auditProfile,
  inTransaction,
  lockProfile,
} from './kernel.server.ts'

// Membership tiers (issue 8 item 5): set by the team, expired by the clock.

/** Sets the membership tier (issue 8 item 5); paid tiers need an expiry, free has none. */
export async function setTier(
  actor: Actor,
  profileId: string,
  input: { tier: MembershipTier; expiresAt: Date | null; reason: string },
): Promise<AdminResult> {
  return inTransaction(async (tx) => {
    const profile = await lockProfile(tx, profileId)
    const free = input.tier === 'free'
    await tx
      .update(profiles)
      .set({
        membershipTier: input.tier,
        tierExpiresAt: free ? null : input.expiresAt,
        ...(free ? {} : { tierUpgradedAt: sql`now()` }),
        isPremium: !free,
        premiumExpiresAt: free ? null : input.expiresAt,
        updatedAt: sql`now()`,
      })
      .where(eq(profiles.id, profileId))
    await auditProfile(tx, actor, profile, {
      action: 'set_tier',
      reason: input.reason,
      details: {
        from: profile.membershipTier,
        to: input.tier,
        expiresAt: free ? null : (input.expiresAt?.toISOString() ?? null),
      },
    })
  })
}

/**
 * Paid tiers whose time is up fall back to free (hourly, with the verification calendar). A
 * suspended profile's plan does not run (issue 33 point 5): its end moves on when she returns.
 */
export async function expireTiers(now = new Date()): Promise<number> {
  const expired = await db()
    .update(profiles)
    .set({
      membershipTier: 'free',
      tierExpiresAt: null,
      isPremium: false,
      premiumExpiresAt: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        sql`${profiles.membershipTier} <> 'free'`,
        lte(profiles.tierExpiresAt, now),
        ne(profiles.status, 'suspended'),
      ),
    )
    .returning({ id: profiles.id })
  if (expired.length > 0) log.info('membership tiers expired', { count: expired.length })
  return expired.length
}
