import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type {
  ChargePurpose,
  PaidTier,
  PaymentOutcome,
  RefundReason,
  RefundStatus,
} from '#app/domain/plans.ts'
import { db } from '#db/client.server.ts'
import { pixCharges, pixPayments } from '#db/schema/payments.ts'

// Her payments as her bank statement has them (issue 33 point 4): every Pix she sent for her
// plans and return fees, one row per Pix, whether it was credited or sent back (a second Pix for
// a paid charge, a late one, one of another amount), and the state of its refund.

/** A refund of one of her Pix: why, and where it stands at the institution. */
export interface PixRefundView {
  reason: RefundReason
  status: RefundStatus
}

/** One Pix she sent, as her history and her receipt show it. */
export interface PixHistoryEntry {
  endToEndId: string
  chargeId: string
  purpose: Extract<ChargePurpose, 'plan' | 'return_fee'>
  tier: PaidTier | null
  days: number | null
  amountCents: number
  paidAt: Date
  outcome: PaymentOutcome
  /** The plan's end the Pix gave (a credited plan's only). */
  planExpiresAt: Date | null
  /** Its latest refund, if it was sent back. */
  refund: PixRefundView | null
}

/**
 * The latest refund of the Pix (the team may refund a credited Pix; an automatic one is its only
 * refund). Written out: the payment's column is qualified by the join.
 */
const latestRefund = sql<PixRefundView | null>`(
  select json_build_object('reason', r.reason, 'status', r.status)
  from pix_refunds r where r.end_to_end_id = ${pixPayments.endToEndId}
  order by r.requested_at desc limit 1)`

export const historyColumns = {
  endToEndId: pixPayments.endToEndId,
  chargeId: pixCharges.id,
  purpose: pixCharges.purpose,
  tier: pixCharges.tier,
  days: pixCharges.days,
  amountCents: pixPayments.amountCents,
  paidAt: pixPayments.paidAt,
  outcome: pixPayments.outcome,
  planExpiresAt: pixCharges.planExpiresAt,
  refund: latestRefund,
}

/** Plans and return fees: a gift's Pix is the client's (his gifts page and receipts). */
const HER_PURPOSES = ['plan', 'return_fee'] as const

/** Every Pix the user sent for her plans and return fees, newest first (one query). */
export async function paymentHistory(userId: string, limit = 50): Promise<PixHistoryEntry[]> {
  const rows = await db()
    .select(historyColumns)
    .from(pixPayments)
    .innerJoin(pixCharges, eq(pixCharges.id, pixPayments.chargeId))
    .where(and(eq(pixCharges.userId, userId), inArray(pixCharges.purpose, HER_PURPOSES)))
    .orderBy(desc(pixPayments.paidAt), desc(pixPayments.endToEndId))
    .limit(limit)
  return rows.map(asEntry)
}

/** One Pix of hers by its end-to-end id; undefined when it is not hers (or not a plan's). */
export async function ownPix(userId: string, endToEndId: string) {
  const [row] = await db()
    .select({ ...historyColumns, txid: pixCharges.txid })
    .from(pixPayments)
    .innerJoin(pixCharges, eq(pixCharges.id, pixPayments.chargeId))
    .where(
      and(
        eq(pixPayments.endToEndId, endToEndId),
        eq(pixCharges.userId, userId),
        inArray(pixCharges.purpose, HER_PURPOSES),
      ),
    )
  return row ? { ...asEntry(row), txid: row.txid } : undefined
}

/** The charge's plan end is the Pix's only when this Pix is the one that paid it. */
function asEntry<T extends Omit<PixHistoryEntry, 'purpose'> & { purpose: ChargePurpose }>(
  row: T,
): T & PixHistoryEntry {
  return {
    ...row,
    purpose: row.purpose === 'plan' ? 'plan' : 'return_fee',
    planExpiresAt: row.outcome === 'credited' ? row.planExpiresAt : null,
  }
}
