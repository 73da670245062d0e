import { and, eq } from 'drizzle-orm'
import { LEDGER_ACCOUNTS } from '#app/domain/gifts.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { PIX_REFUND_DAYS } from '#app/domain/plans.ts'
import { freezeInside } from '#app/modules/moderation/freezes.server.ts'
import {
  type Actor,
  type AdminResult,
  audit,
  done,
  inTransaction,
  lockProfile,
  profileLabel,
  Refusal,
} from '#app/modules/moderation/kernel.server.ts'
import { balanceFreezes, gifts } from '#db/schema/gifts.ts'
import { pixPayments, pixRefunds } from '#db/schema/payments.ts'
import { profiles } from '#db/schema/profiles.ts'
import { tellGiftRefunded } from './gift-credit.server.ts'
import { lockBalance, providerBalance, transfer } from './ledger.server.ts'
import { refundId } from './pix-client.server.ts'
import { sendRefund } from './refunds.server.ts'

// What the team does with gifts and balances (issue 22 point 4; ADR 0020): sends a gift back
// while her balance still holds it, freezes a balance by hand and releases a freeze, each with
// its reason and audited in the same transaction. The routes check the admin role first.

/**
 * Sends a paid gift back to its giver (a complaint, a mistake) while it is pending or available
 * and her balance still holds it: its amount leaves her balance, its Pix is refunded in full
 * and the giver is told. Refused once she has withdrawn what would pay for it.
 */
export async function refundGift(actor: Actor, giftId: string, note: string): Promise<AdminResult> {
  const result = await inTransaction(async (tx) => {
    const [gift] = await tx.select().from(gifts).where(eq(gifts.id, giftId)).for('update')
    if (!gift) throw new Refusal('notFound')
    const { profileId } = gift
    if (
      (gift.status !== 'pending' && gift.status !== 'available') ||
      !profileId ||
      !gift.chargeId
    ) {
      throw new Refusal('giftNotRefundable')
    }
    const [payment] = await tx
      .select({ endToEndId: pixPayments.endToEndId, txid: pixPayments.txid })
      .from(pixPayments)
      .where(and(eq(pixPayments.chargeId, gift.chargeId), eq(pixPayments.outcome, 'credited')))
      .for('update')
    if (!payment) throw new Refusal('giftNotRefundable')
    // The institution would refuse it after her balance gave the amount up.
    if (!gift.paidAt || gift.paidAt.getTime() < Date.now() - PIX_REFUND_DAYS * 86_400_000) {
      throw new Refusal('giftTooOld')
    }
    // No withdrawal, maturing or payout moves her balance until this commits.
    await lockBalance(tx, profileId)
    const from =
      gift.status === 'pending'
        ? LEDGER_ACCOUNTS.pending(profileId)
        : LEDGER_ACCOUNTS.available(profileId)
    const balance = await providerBalance(profileId, tx)
    const held = gift.status === 'pending' ? balance.pendingCents : balance.availableCents
    if (held < gift.amountCents) throw new Refusal('giftWithdrawn')
    await transfer(tx, {
      from,
      to: LEDGER_ACCOUNTS.world,
      amountCents: gift.amountCents,
      kind: 'gift_refunded',
      giftId: gift.id,
    })
    await tx
      .update(gifts)
      .set({ status: 'refunded', refundedAt: new Date() })
      .where(eq(gifts.id, gift.id))
    const id = refundId()
    await tx.insert(pixRefunds).values({
      id,
      endToEndId: payment.endToEndId,
      amountCents: gift.amountCents,
      reason: 'team',
      note,
      requestedBy: actor.id,
    })
    await tx
      .update(pixPayments)
      .set({ outcome: 'refunded' })
      .where(eq(pixPayments.endToEndId, payment.endToEndId))
    const [profile] = await tx
      .select({ name: profiles.name, username: profiles.username })
      .from(profiles)
      .where(eq(profiles.id, profileId))
    await audit(tx, actor, {
      action: 'gift_refund',
      targetType: 'gift',
      targetId: gift.id,
      targetLabel: `${formatBrlCents(gift.amountCents, 'pt')} · ${profile ? profileLabel(profile) : profileId}`,
      reason: note,
      details: {
        amountCents: gift.amountCents,
        from: gift.status,
        endToEndId: payment.endToEndId,
        refundId: id,
      },
    })
    return id
  })
  if (!result.ok) return result
  await sendRefund(result.value)
  await tellGiftRefunded(giftId)
  return done(undefined)
}

/** The team freezes a profile's balance by hand, with a reason (audited); once while open. */
export async function freezeBalance(
  actor: Actor,
  profileId: string,
  reason: string,
): Promise<AdminResult> {
  return inTransaction(async (tx) => {
    const profile = await lockProfile(tx, profileId)
    if (!(await freezeInside(tx, actor, profile, 'team', reason))) {
      throw new Refusal('alreadyFrozen')
    }
  })
}

/** The team releases a freeze, with a reason (audited): her withdrawals are possible again. */
export async function releaseFreeze(
  actor: Actor,
  freezeId: string,
  reason: string,
): Promise<AdminResult> {
  return inTransaction(async (tx) => {
    const [seen] = await tx
      .select({ profileId: balanceFreezes.profileId })
      .from(balanceFreezes)
      .where(eq(balanceFreezes.id, freezeId))
    if (!seen) throw new Refusal('notFound')
    // The profile's row first, as every freeze's opener takes it: a ban at this moment waits,
    // then finds this freeze released and opens its own.
    const profile = await lockProfile(tx, seen.profileId)
    const [freeze] = await tx
      .select()
      .from(balanceFreezes)
      .where(eq(balanceFreezes.id, freezeId))
      .for('update')
    if (!freeze) throw new Refusal('notFound')
    if (freeze.releasedAt) throw new Refusal('alreadyReleased')
    await tx
      .update(balanceFreezes)
      .set({ releasedAt: new Date(), releasedBy: actor.id, releaseNote: reason })
      .where(eq(balanceFreezes.id, freeze.id))
    await audit(tx, actor, {
      action: 'balance_release',
      targetType: 'profile',
      targetId: freeze.profileId,
      targetLabel: profileLabel(profile),
      reason,
      details: { cause: freeze.cause, freezeId: freeze.id },
    })
  })
}
