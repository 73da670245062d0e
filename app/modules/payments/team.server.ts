import { and, eq, ne, sql } from 'drizzle-orm'
import { formatBrlCents } from '#app/domain/money.ts'
import type { PaidTier } from '#app/domain/plans.ts'
import {
  type Actor,
  type AdminResult,
  audit,
  done,
  inTransaction,
  Refusal,
} from '#app/modules/moderation/kernel.server.ts'
import { pixCharges, pixPayments, pixRefunds, planPrices } from '#db/schema/payments.ts'
import { notifyRefund, refundId, sendRefund } from './payments.server.ts'

// What the team does with money (issue 21): sets plan prices and sends a payment back, each
// audited with its reason in the same transaction. The routes check the admin role first.

/** Sets a plan's price per PLAN_DAYS; charges already made keep theirs. */
export async function setPlanPrice(
  actor: Actor,
  tier: PaidTier,
  priceCents: number,
  reason: string,
): Promise<AdminResult> {
  return inTransaction(async (tx) => {
    const [before] = await tx
      .select({ priceCents: planPrices.priceCents })
      .from(planPrices)
      .where(eq(planPrices.tier, tier))
      .for('update')
    if (before?.priceCents === priceCents) throw new Refusal('samePrice')
    await tx
      .insert(planPrices)
      .values({ tier, priceCents })
      .onConflictDoUpdate({
        target: planPrices.tier,
        set: { priceCents, updatedAt: sql`now()` },
      })
    await audit(tx, actor, {
      action: 'plan_price',
      targetType: 'plan',
      targetId: tier,
      targetLabel: tier,
      reason,
      details: { from: before?.priceCents ?? null, to: priceCents },
    })
  })
}

/**
 * Sends a credited payment back in full, with the team's reason (a mistake, a complaint), or a Pix
 * that was not ours, once, when the team finds it came by mistake. The plan or fee it paid is not
 * undone here: the team changes the plan on the profile's page if it
 * must. The refund is asked of the institution after the commit, and again by reconciliation
 * until it answers.
 */
export async function refundPayment(
  actor: Actor,
  endToEndId: string,
  note: string,
): Promise<AdminResult> {
  const result = await inTransaction(async (tx) => {
    const [payment] = await tx
      .select({
        amountCents: pixPayments.amountCents,
        outcome: pixPayments.outcome,
        txid: pixPayments.txid,
        userId: pixCharges.userId,
        chargeId: pixCharges.id,
        purpose: pixCharges.purpose,
      })
      .from(pixPayments)
      .leftJoin(pixCharges, eq(pixCharges.id, pixPayments.chargeId))
      .where(eq(pixPayments.endToEndId, endToEndId))
      .for('update', { of: pixPayments })
    if (!payment) throw new Refusal('notFound')
    if (payment.outcome === 'refunded') throw new Refusal('alreadyRefunded')
    // A Pix not ours (issue 31) stays so; it goes back once, if the team decides it must.
    if (payment.outcome === 'foreign') {
      const [earlier] = await tx
        .select({ id: pixRefunds.id })
        .from(pixRefunds)
        .where(and(eq(pixRefunds.endToEndId, endToEndId), ne(pixRefunds.status, 'failed')))
        .limit(1)
      if (earlier) throw new Refusal('alreadyRefunded')
    }
    // A gift's Pix goes back from /admin/gifts, which takes its amount out of her balance too.
    if (payment.purpose === 'gift') throw new Refusal('giftPayment')
    const id = refundId()
    await tx.insert(pixRefunds).values({
      id,
      endToEndId,
      amountCents: payment.amountCents,
      reason: 'team',
      note,
      requestedBy: actor.id,
    })
    await tx
      .update(pixPayments)
      .set({ outcome: 'refunded' })
      .where(and(eq(pixPayments.endToEndId, endToEndId), eq(pixPayments.outcome, 'credited')))
    await audit(tx, actor, {
      action: 'payment_refund',
      targetType: 'payment',
      targetId: endToEndId,
      targetLabel: `${formatBrlCents(payment.amountCents, 'pt')} (${payment.txid ?? endToEndId})`,
      reason: note,
      details: { amountCents: payment.amountCents, refundId: id },
    })
    return { id, userId: payment.userId, chargeId: payment.chargeId }
  })
  if (!result.ok) return result
  await sendRefund(result.value.id)
  if (result.value.userId && result.value.chargeId) {
    await notifyRefund(result.value.userId, result.value.chargeId)
  }
  return done(undefined)
}
