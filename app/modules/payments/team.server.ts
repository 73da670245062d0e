import { and, desc, eq, ne, sql } from 'drizzle-orm'
import { formatBrlCents } from '#app/domain/money.ts'
import {
  isPaidTier,
  isRunning,
  type PaidTier,
  PLAN_DAYS,
  planWithoutDays,
  type RefundPlanChoice,
  type RefundPlanOutcome,
} from '#app/domain/plans.ts'
import {
  type Actor,
  type AdminResult,
  audit,
  done,
  inTransaction,
  Refusal,
} from '#app/modules/moderation/kernel.server.ts'
import type { Transaction } from '#db/client.server.ts'
import { pixCharges, pixPayments, pixRefunds, planPrices } from '#db/schema/payments.ts'
import { profiles } from '#db/schema/profiles.ts'
import { notifyRefund } from './payment-emails.server.ts'
import { refundId } from './pix-client.server.ts'
import { sendRefund } from './refunds.server.ts'

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
 * that was not ours, once, when the team finds it came by mistake. A plan's Pix needs the team's
 * choice (issue 33 point 1): the days it bought are taken back (the plan ends that much earlier,
 * never before now, or goes back to free) or the plan is kept; a return fee's effect stays. The
 * refund is asked of the institution after the commit, and again by reconciliation until it
 * answers; the payer's e-mail carries the team's reason and what became of her plan.
 */
export async function refundPayment(
  actor: Actor,
  endToEndId: string,
  note: string,
  plan?: RefundPlanChoice,
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
        profileId: pixCharges.profileId,
        days: pixCharges.days,
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
    const paidPlan = payment.outcome === 'credited' && payment.purpose === 'plan'
    if (paidPlan && !plan) throw new Refusal('planChoice')
    const planOutcome =
      paidPlan && plan && payment.profileId
        ? await planAfterRefund(tx, payment.profileId, plan, payment.days ?? PLAN_DAYS)
        : null
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
      details: {
        amountCents: payment.amountCents,
        refundId: id,
        ...(paidPlan
          ? {
              plan,
              planAfter: planOutcome
                ? planOutcome.kind === 'free'
                  ? 'free'
                  : { tier: planOutcome.tier, expiresAt: planOutcome.expiresAt.toISOString() }
                : null,
            }
          : {}),
      },
    })
    return { id, userId: payment.userId, chargeId: payment.chargeId, planOutcome }
  })
  if (!result.ok) return result
  await sendRefund(result.value.id)
  const { userId, chargeId, planOutcome } = result.value
  if (userId && chargeId) {
    await notifyRefund(userId, chargeId, { note, plan: planOutcome ?? undefined })
  }
  return done(undefined)
}

/**
 * What the team's refund does to the plan a payment bought, inside its transaction: `take_back`
 * removes the `days` it bought from the running plan (free when nothing is left); `keep` leaves
 * it. Null when no paid plan runs (nothing to take or keep).
 */
async function planAfterRefund(
  tx: Transaction,
  profileId: string,
  choice: RefundPlanChoice,
  days: number,
): Promise<RefundPlanOutcome | null> {
  const [profile] = await tx
    .select({ tier: profiles.membershipTier, expiresAt: profiles.tierExpiresAt })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .for('update')
  if (!profile) return null
  const now = new Date()
  if (choice === 'keep') {
    return isRunning(profile, now) && isPaidTier(profile.tier) && profile.expiresAt
      ? { kind: 'kept', tier: profile.tier, expiresAt: profile.expiresAt }
      : null
  }
  const after = planWithoutDays(profile, days, now)
  if (!after) return null
  if (after.tier === 'free') {
    await tx
      .update(profiles)
      .set({
        membershipTier: 'free',
        tierExpiresAt: null,
        isPremium: false,
        premiumExpiresAt: null,
        tierReminderFor: null,
        updatedAt: sql`now()`,
      })
      .where(eq(profiles.id, profileId))
    return { kind: 'free' }
  }
  await tx
    .update(profiles)
    .set({
      tierExpiresAt: after.expiresAt,
      premiumExpiresAt: after.expiresAt,
      tierReminderFor: null,
      updatedAt: sql`now()`,
    })
    .where(eq(profiles.id, profileId))
  return { kind: 'taken', tier: after.tier, expiresAt: after.expiresAt }
}

/**
 * Sends again a refund the institution did not make (NAO_REALIZADO) or refused (issue 33 point
 * 14): a new refund row with a new id (an id is used once per Pix), the same amount, reason and
 * words, audited. Only when every refund of the Pix is known failed: the payment's row lock makes
 * two retries at once one refund (the second finds the first's row open and is refused).
 */
export async function retryRefund(actor: Actor, endToEndId: string): Promise<AdminResult> {
  const result = await inTransaction(async (tx) => {
    const [payment] = await tx
      .select({
        amountCents: pixPayments.amountCents,
        txid: pixPayments.txid,
        purpose: pixCharges.purpose,
      })
      .from(pixPayments)
      .leftJoin(pixCharges, eq(pixCharges.id, pixPayments.chargeId))
      .where(eq(pixPayments.endToEndId, endToEndId))
      .for('update', { of: pixPayments })
    if (!payment) throw new Refusal('notFound')
    // A gift's refund moves her balance too: /admin/gifts owns it.
    if (payment.purpose === 'gift') throw new Refusal('giftPayment')
    const refunds = await tx
      .select()
      .from(pixRefunds)
      .where(eq(pixRefunds.endToEndId, endToEndId))
      .orderBy(desc(pixRefunds.requestedAt))
    const [failed] = refunds
    if (!failed || refunds.some((one) => one.status !== 'failed')) {
      throw new Refusal('refundNotFailed')
    }
    const id = refundId()
    await tx.insert(pixRefunds).values({
      id,
      endToEndId,
      amountCents: failed.amountCents,
      reason: failed.reason,
      note: failed.note,
      requestedBy: actor.id,
    })
    await audit(tx, actor, {
      action: 'payment_refund_retry',
      targetType: 'payment',
      targetId: endToEndId,
      targetLabel: `${formatBrlCents(failed.amountCents, 'pt')} (${payment.txid ?? endToEndId})`,
      details: { amountCents: failed.amountCents, refundId: id, failedRefundId: failed.id },
    })
    return id
  })
  if (!result.ok) return result
  await sendRefund(result.value)
  return done(undefined)
}
