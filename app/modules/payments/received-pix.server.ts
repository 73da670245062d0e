import { eq, sql } from 'drizzle-orm'
import { isPaidTier, planChange, type RefundReason } from '#app/domain/plans.ts'
import { tellProvider } from '#app/modules/moderation/kernel.server.ts'
import { returnInside } from '#app/modules/moderation/sanctions.server.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { db, type Transaction } from '#db/client.server.ts'
import { profileSanctions } from '#db/schema/moderation.ts'
import { pixCharges, pixPayments, pixRefunds } from '#db/schema/payments.ts'
import { profiles } from '#db/schema/profiles.ts'
import { planPricesIn } from './charges.server.ts'
import { creditGift, tellGiftPaid } from './gift-credit.server.ts'
import { type Tell, tellPayer } from './payment-emails.server.ts'
import type { ReceivedPix } from './pix-api.server.ts'
import { refundId } from './pix-client.server.ts'
import { sendRefund } from './refunds.server.ts'

// A received Pix, however it is learnt of (the webhook, the page's own check, reconciliation):
// recorded once by its end-to-end id, then credited to its charge (a plan, a return fee, a gift),
// refunded, or left alone when it is not ours (issue 21 point 5, issue 31 point 6).

export type RecordOutcome = 'credited' | 'refunded' | 'foreign' | 'known'

interface Decision {
  outcome: 'credited' | 'refunded' | 'foreign'
  refundReason?: RefundReason
  chargeId: string | null
  /** Who to e-mail once it is committed, and about what. */
  tell?: Tell
  /** A profile the payment brought back online (its return fee paid after the end). */
  restored?: string
  /** A gift the payment delivered (issue 22): she and the giver are told once it is committed. */
  gift?: string
}

/**
 * Records a Pix the institution confirmed: credits its charge, or refunds it. Idempotent by the
 * end-to-end id; concurrent reports of one Pix, or of two Pix for one charge, are serialised by
 * the charge's row lock.
 */
export async function recordReceivedPix(pix: ReceivedPix): Promise<RecordOutcome> {
  const result = await db()
    .transaction(
      async (
        tx,
      ): Promise<{ kind: 'known' } | { kind: 'new'; decision: Decision; refundId?: string }> => {
        const [charge] = pix.txid
          ? await tx.select().from(pixCharges).where(eq(pixCharges.txid, pix.txid)).for('update')
          : []
        const [known] = await tx
          .select({ id: pixPayments.endToEndId })
          .from(pixPayments)
          .where(eq(pixPayments.endToEndId, pix.endToEndId))
        if (known) return { kind: 'known' }
        const decision = await decide(tx, pix, charge)
        const inserted = await tx
          .insert(pixPayments)
          .values({
            endToEndId: pix.endToEndId,
            txid: pix.txid,
            chargeId: decision.chargeId,
            amountCents: pix.amountCents,
            paidAt: pix.paidAt,
            outcome: decision.outcome,
            key: toAnotherKey(pix) ? pix.key : null,
          })
          .onConflictDoNothing()
          .returning({ id: pixPayments.endToEndId })
        // Another transaction recorded this Pix a moment ago (a Pix with no charge takes no lock).
        if (inserted.length === 0) throw new AlreadyRecorded()
        if (decision.outcome !== 'refunded') return { kind: 'new', decision }
        const id = refundId()
        await tx.insert(pixRefunds).values({
          id,
          endToEndId: pix.endToEndId,
          amountCents: pix.amountCents,
          reason: decision.refundReason ?? 'unknown_charge',
        })
        return { kind: 'new', decision, refundId: id }
      },
    )
    .catch((error: unknown) => {
      if (error instanceof AlreadyRecorded) return { kind: 'known' as const }
      throw error
    })
  if (result.kind === 'known') return 'known'
  const { decision } = result
  if (decision.outcome === 'foreign') {
    // Not the site's to credit or to send back: the team sees it on /admin/payments.
    log.warn('Pix not ours left alone', {
      endToEndId: pix.endToEndId,
      txid: pix.txid,
      toAnotherKey: toAnotherKey(pix),
    })
    return 'foreign'
  }
  log.info('Pix received', {
    endToEndId: pix.endToEndId,
    outcome: decision.outcome,
    reason: decision.refundReason,
  })
  if (result.refundId) await sendRefund(result.refundId)
  if (decision.tell) await tellPayer({ ...decision.tell, endToEndId: pix.endToEndId })
  if (decision.restored) await tellProvider(decision.restored, 'restored')
  if (decision.gift) await tellGiftPaid(decision.gift)
  return decision.outcome
}

class AlreadyRecorded extends Error {}

/**
 * Whether the institution says the Pix went to another key of the account than the site's. Keys
 * are compared as the directory keeps them (random keys and e-mails in any case, spaces around
 * dropped), so a key written differently is not taken for another; a Pix that names none is
 * judged by its txid alone.
 */
function toAnotherKey(pix: ReceivedPix): boolean {
  const ours = serverEnv().pix?.key
  const normal = (key: string) => key.trim().toLowerCase()
  return pix.key !== null && (!ours || normal(pix.key) !== normal(ours))
}

type ChargeRow = typeof pixCharges.$inferSelect

/** What a new Pix does: the checks of issue 21 point 5, then the charge's effect. */
async function decide(
  tx: Transaction,
  pix: ReceivedPix,
  charge: ChargeRow | undefined,
): Promise<Decision> {
  const refund = (refundReason: RefundReason): Decision => ({
    outcome: 'refunded',
    refundReason,
    chargeId: charge?.id ?? null,
    ...(charge?.userId
      ? {
          tell: {
            userId: charge.userId,
            kind: 'refunded' as const,
            chargeId: charge.id,
            refund: { reason: refundReason, amountCents: pix.amountCents },
          },
        }
      : {}),
  })
  // Ours are only Pix to the site's key and with one of its txids (issue 31 point 6): the account
  // also receives the operator's top-ups and Pix to its other keys, which are not ours to return.
  if (!charge || toAnotherKey(pix)) return { outcome: 'foreign', chargeId: null }
  if (charge.status === 'paid') return refund('already_paid')
  if (pix.amountCents !== charge.amountCents) return refund('amount_mismatch')
  // Paid after its time (the institution should refuse it; one that did not is refunded).
  if (charge.status === 'expired' || pix.paidAt.getTime() > charge.expiresAt.getTime()) {
    return refund('charge_expired')
  }
  const now = new Date()
  let restored: string | undefined
  if (charge.purpose === 'plan') {
    const applied = charge.profileId && charge.tier ? await applyPlan(tx, charge, now) : null
    if (!applied) return refund('unknown_charge')
    await tx
      .update(pixCharges)
      .set({
        status: 'paid',
        paidAt: pix.paidAt,
        planExpiresAt: applied.expiresAt,
        creditedDays: applied.creditedDays,
      })
      .where(eq(pixCharges.id, charge.id))
  } else if (charge.purpose === 'gift') {
    // The gift's own e-mails tell both sides; the charge's receipt is not sent.
    const credited = await creditGift(tx, charge, pix.paidAt)
    if (credited === 'paid') return refund('already_paid')
    if (credited === 'cap') return refund('gift_cap')
    await tx
      .update(pixCharges)
      .set({ status: 'paid', paidAt: pix.paidAt })
      .where(eq(pixCharges.id, charge.id))
    return { outcome: 'credited', chargeId: charge.id, gift: credited.giftId }
  } else {
    const settled = await applyReturnFee(tx, charge, now)
    if (!settled) return refund('already_paid')
    if (settled.returned && charge.profileId) restored = charge.profileId
    await tx
      .update(pixCharges)
      .set({ status: 'paid', paidAt: pix.paidAt })
      .where(eq(pixCharges.id, charge.id))
  }
  return {
    outcome: 'credited',
    chargeId: charge.id,
    ...(restored ? { restored } : {}),
    ...(charge.userId
      ? {
          tell: {
            userId: charge.userId,
            kind:
              charge.purpose === 'plan' ? ('planReceipt' as const) : ('returnFeeReceipt' as const),
            chargeId: charge.id,
          },
        }
      : {}),
  }
}

/** The plan starts, or its end moves (domain/plans.ts planChange); listings move at once. */
async function applyPlan(tx: Transaction, charge: ChargeRow, now: Date) {
  if (!charge.profileId || !charge.tier || !isPaidTier(charge.tier)) return null
  const [profile] = await tx
    .select({ tier: profiles.membershipTier, expiresAt: profiles.tierExpiresAt })
    .from(profiles)
    .where(eq(profiles.id, charge.profileId))
    .for('update')
  if (!profile) return null
  // The plan bought counts at the price she paid (the team may have changed it since).
  const prices = { ...(await planPricesIn(tx)), [charge.tier]: charge.amountCents }
  const change = planChange(profile, charge.tier, prices, now)
  await tx
    .update(profiles)
    .set({
      membershipTier: charge.tier,
      tierExpiresAt: change.expiresAt,
      ...(profile.tier !== charge.tier ? { tierUpgradedAt: now } : {}),
      isPremium: true,
      premiumExpiresAt: change.expiresAt,
      tierReminderFor: null,
      updatedAt: sql`now()`,
    })
    .where(eq(profiles.id, charge.profileId))
  return change
}

/**
 * The return fee is settled; a suspension whose time is up ends now. False when the fee was
 * settled already (paid, waived) or the suspension is over: the Pix is refunded.
 */
async function applyReturnFee(
  tx: Transaction,
  charge: ChargeRow,
  now: Date,
): Promise<false | { returned: boolean }> {
  if (!charge.sanctionId || !charge.profileId) return false
  // The profile first, then its suspension: the order the team's actions lock them in.
  await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, charge.profileId))
    .for('update')
  const [sanction] = await tx
    .select()
    .from(profileSanctions)
    .where(eq(profileSanctions.id, charge.sanctionId))
    .for('update')
  if (!sanction || sanction.liftedAt || sanction.feePaidAt || sanction.feeWaivedAt) return false
  await tx
    .update(profileSanctions)
    .set({ feePaidAt: now })
    .where(eq(profileSanctions.id, sanction.id))
  const returned =
    sanction.endsAt !== null &&
    sanction.endsAt <= now &&
    (await returnInside(tx, sanction.profileId, 'fee_paid'))
  return { returned }
}
