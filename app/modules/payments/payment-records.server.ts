import { desc, eq, lte, sql } from 'drizzle-orm'
import { PAYMENT_RECORD_YEARS } from '#app/domain/plans.ts'
import { db } from '#db/client.server.ts'
import { pixCharges, pixPayments } from '#db/schema/payments.ts'

// The payment records kept (issue 21 point 6): given to their owner with her account's export,
// and deleted once their legal keeping time is over.

/** Payment records past their legal keeping time (PAYMENT_RECORD_YEARS) are deleted. */
export async function forgetOldPaymentRecords(now = new Date()): Promise<number> {
  const cutoff = new Date(Date.UTC(now.getUTCFullYear() - PAYMENT_RECORD_YEARS, 0, 1))
  const payments = await db()
    .delete(pixPayments)
    .where(lte(pixPayments.paidAt, cutoff))
    .returning({ id: pixPayments.endToEndId })
  await db().delete(pixCharges).where(lte(pixCharges.createdAt, cutoff))
  return payments.length
}

/**
 * The user's charges with the Pix that paid them and their refunds, for /account/export (issue
 * 21 point 6). Nothing about the payer's bank account is kept, so there is nothing more to give.
 */
export async function paymentRecordsOf(userId: string) {
  const charges = await db()
    .select({
      txid: pixCharges.txid,
      createdAt: pixCharges.createdAt,
      purpose: pixCharges.purpose,
      tier: pixCharges.tier,
      days: pixCharges.days,
      amountCents: pixCharges.amountCents,
      status: pixCharges.status,
      paidAt: pixCharges.paidAt,
      planExpiresAt: pixCharges.planExpiresAt,
      creditedDays: pixCharges.creditedDays,
      payments: sql<unknown[]>`coalesce((
        select json_agg(json_build_object(
          'endToEndId', p.end_to_end_id, 'amountCents', p.amount_cents, 'paidAt', p.paid_at,
          'outcome', p.outcome,
          'refunds', coalesce((select json_agg(json_build_object(
            'amountCents', r.amount_cents, 'reason', r.reason, 'status', r.status,
            'requestedAt', r.requested_at, 'settledAt', r.settled_at) order by r.requested_at)
            from pix_refunds r where r.end_to_end_id = p.end_to_end_id), '[]'::json))
          order by p.paid_at)
        from pix_payments p where p.charge_id = ${pixCharges.id}), '[]'::json)`,
    })
    .from(pixCharges)
    .where(eq(pixCharges.userId, userId))
    .orderBy(desc(pixCharges.createdAt))
  return charges
}
