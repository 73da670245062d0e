import { eq, sql } from 'drizzle-orm'
import { returnFeeCents } from '#app/domain/moderation.ts'
import { dailyValueCents, isPaidTier, isRunning, type PaidTier } from '#app/domain/plans.ts'
import { db, type Transaction } from '#db/client.server.ts'
import { planPrices } from '#db/schema/payments.ts'
import { profiles } from '#db/schema/profiles.ts'

// A suspension's return fee as the team sees it before suspending (issue 33 point 5; SPEC §4):
// the daily value of the profile's plan, and what `days` of it would cost.

/** The plan a return fee is counted from: her running paid plan, or none (free: no fee). */
export interface SuspensionDaily {
  tier: PaidTier | null
  /** The plan's current price per PLAN_DAYS (null: free). */
  priceCents: number | null
  /** price / PLAN_DAYS, rounded (SPEC §4); 0 on the free plan. */
  dailyValueCents: number
}

/**
 * The daily value of the profile's plan for a return fee (issue 33 point 5; SPEC §4): the current
 * price of her running paid plan divided by PLAN_DAYS; 0 when she is on the free plan or hers
 * has ended. Read inside the caller's transaction, or on its own.
 */
export async function suspensionDaily(
  reader: Pick<Transaction, 'select'>,
  profileId: string,
  now = new Date(),
): Promise<SuspensionDaily> {
  const [row] = await reader
    .select({
      tier: profiles.membershipTier,
      expiresAt: profiles.tierExpiresAt,
      priceCents: planPrices.priceCents,
    })
    .from(profiles)
    .leftJoin(planPrices, eq(sql`${planPrices.tier}::text`, sql`${profiles.membershipTier}::text`))
    .where(eq(profiles.id, profileId))
  if (!row || !isRunning(row, now) || !isPaidTier(row.tier) || row.priceCents === null) {
    return { tier: null, priceCents: null, dailyValueCents: 0 }
  }
  return {
    tier: row.tier,
    priceCents: row.priceCents,
    dailyValueCents: dailyValueCents(row.priceCents),
  }
}

/** The daily value of the profile's plan, read on its own (the admin profile page). */
export function suspensionDailyOf(profileId: string): Promise<SuspensionDaily> {
  return suspensionDaily(db(), profileId)
}

/** What suspending for `days` would cost her, as the team sees it before confirming. */
export interface SuspensionPreview extends SuspensionDaily {
  days: number
  /** days × the daily value. */
  planFeeCents: number
  /** The fee she will owe: the team's, when it set one, else planFeeCents. */
  feeCents: number
  overridden: boolean
}

/** The return fee a suspension of `days` would record now (issue 33 point 5). */
export async function previewSuspension(
  profileId: string,
  days: number,
  override?: { feeCents: number },
): Promise<SuspensionPreview> {
  const daily = await suspensionDaily(db(), profileId)
  const planFeeCents = returnFeeCents(days, daily.dailyValueCents)
  return {
    ...daily,
    days,
    planFeeCents,
    feeCents: override?.feeCents ?? planFeeCents,
    overridden: override !== undefined,
  }
}
