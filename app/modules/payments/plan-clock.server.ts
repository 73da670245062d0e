import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import { isPaidTier, PLAN_REMINDER_DAYS } from '#app/domain/plans.ts'
import { dictionary } from '#app/i18n/i18n.ts'
import { tellProvider } from '#app/modules/moderation/kernel.server.ts'
import { returnInside } from '#app/modules/moderation/sanctions.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { db } from '#db/client.server.ts'
import { profileSanctions } from '#db/schema/moderation.ts'
import { profiles } from '#db/schema/profiles.ts'
import { longDate } from './mail-user.server.ts'
import { tellUser } from './payment-emails.server.ts'
import { pixEnabled } from './pix-client.server.ts'

// The clock's work on plans and suspensions: suspended profiles return when their time is up and
// their fee settled (SPEC §4), and a plan's end is announced before it comes.

/**
 * Suspensions whose time is up and whose return fee is settled (paid, waived, or none) end:
 * the profile returns (SPEC §4). Hourly, and at once when a fee is paid after the end.
 */
export async function returnSuspendedProfiles(now = new Date()): Promise<number> {
  const due = await db()
    .select({ profileId: profileSanctions.profileId })
    .from(profileSanctions)
    .innerJoin(profiles, eq(profiles.id, profileSanctions.profileId))
    .where(
      and(
        eq(profileSanctions.kind, 'suspension'),
        isNull(profileSanctions.liftedAt),
        lte(profileSanctions.endsAt, now),
        eq(profiles.status, 'suspended'),
        sql`(coalesce(${profileSanctions.feeCents}, 0) = 0 or ${profileSanctions.feePaidAt} is not null or ${profileSanctions.feeWaivedAt} is not null)`,
      ),
    )
  let returned = 0
  for (const { profileId } of due) {
    const online = await db().transaction((tx) => returnInside(tx, profileId, 'time_up'))
    if (online) {
      returned++
      await tellProvider(profileId, 'restored')
    }
  }
  if (returned > 0) log.info('suspensions ended', { count: returned })
  return returned
}

/** The provider is reminded PLAN_REMINDER_DAYS before her plan ends, once per end. */
export async function remindPlanEnds(now = new Date()): Promise<number> {
  if (!pixEnabled()) return 0
  const soon = await db()
    .update(profiles)
    .set({ tierReminderFor: sql`${profiles.tierExpiresAt}` })
    .where(
      and(
        sql`${profiles.membershipTier} <> 'free'`,
        gt(profiles.tierExpiresAt, now),
        lte(profiles.tierExpiresAt, new Date(now.getTime() + PLAN_REMINDER_DAYS * 86_400_000)),
        sql`${profiles.tierReminderFor} is distinct from ${profiles.tierExpiresAt}`,
        sql`${profiles.userId} is not null`,
        // A suspended profile's plan stands still (issue 33 point 5): no reminder of its end.
        sql`${profiles.status} <> 'suspended'`,
      ),
    )
    .returning({
      userId: profiles.userId,
      expiresAt: profiles.tierExpiresAt,
      tier: profiles.membershipTier,
    })
  for (const one of soon) {
    if (!one.userId) continue
    await tellUser(one.userId, 'planReminder', (language) => ({
      tier: isPaidTier(one.tier) ? dictionary(language).tiers[one.tier] : one.tier,
      date: longDate(one.expiresAt, language),
    }))
  }
  return soon.length
}
