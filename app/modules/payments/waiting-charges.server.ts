import { and, asc, eq, gt, inArray } from 'drizzle-orm'
import type { PaidTier } from '#app/domain/plans.ts'
import { db } from '#db/client.server.ts'
import { pixCharges } from '#db/schema/payments.ts'

// Charges a provider started and may still pay (issue 33 point 9): her plan page says so and
// links to each, so a code closed by mistake is found again rather than paid for twice.

export interface WaitingCharge {
  id: string
  purpose: 'plan' | 'return_fee'
  tier: PaidTier | null
  amountCents: number
  expiresAt: Date
}

/** Her open plan and return-fee charges still inside their time, soonest to end first. */
export async function waitingCharges(userId: string, now = new Date()): Promise<WaitingCharge[]> {
  const rows = await db()
    .select({
      id: pixCharges.id,
      purpose: pixCharges.purpose,
      tier: pixCharges.tier,
      amountCents: pixCharges.amountCents,
      expiresAt: pixCharges.expiresAt,
    })
    .from(pixCharges)
    .where(
      and(
        eq(pixCharges.userId, userId),
        eq(pixCharges.status, 'active'),
        inArray(pixCharges.purpose, ['plan', 'return_fee']),
        gt(pixCharges.expiresAt, now),
      ),
    )
    .orderBy(asc(pixCharges.expiresAt))
    .limit(5)
  return rows as WaitingCharge[]
}
