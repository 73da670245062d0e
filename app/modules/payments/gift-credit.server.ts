import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import { shownDisplayName } from '#app/domain/account.ts'
import { availableAfterBusinessDays } from '#app/domain/business-days.ts'
import {
  GIFT_CAP_CENTS,
  GIFT_CAP_DAYS,
  LEDGER_ACCOUNTS,
  withdrawalFeeTerms,
} from '#app/domain/gifts.ts'
import type { Language } from '#app/domain/language.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { paths } from '#app/domain/paths.ts'
import { GIFT_CREDIT_BUSINESS_DAYS } from '#app/domain/terms.ts'
import { type GiftEmail, giftEmail } from '#app/modules/email/messages.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { db, type Transaction } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { gifts } from '#db/schema/gifts.ts'
import { pixCharges } from '#db/schema/payments.ts'
import { profiles } from '#db/schema/profiles.ts'
import { lockBalance, transfer } from './ledger.server.ts'
import { longDate, mailUser } from './mail-user.server.ts'
import { sellerValues } from './receipts.server.ts'

// A gift's money (issue 22; ADR 0020): its Pix credits her pending balance in the payment's
// transaction, a business day later it becomes available, and both sides are told. Called by
// received-pix.server.ts when a gift charge is paid, and by the clock.

const capWindowStart = (now: Date) => new Date(now.getTime() - GIFT_CAP_DAYS * 86_400_000)

/**
 * What the client has given in paid gifts within the cap's window (gifts sent back do not
 * count), in `tx` or the database.
 */
export async function paidGiftsCents(
  clientId: string,
  now = new Date(),
  executor: Pick<Transaction, 'select'> = db(),
  exceptGiftId?: string,
): Promise<number> {
  const [row] = await executor
    .select({ cents: sql<string>`coalesce(sum(${gifts.amountCents}), 0)` })
    .from(gifts)
    .where(
      and(
        eq(gifts.clientId, clientId),
        inArray(gifts.status, ['pending', 'available']),
        gt(gifts.paidAt, capWindowStart(now)),
        exceptGiftId ? sql`${gifts.id} <> ${exceptGiftId}` : undefined,
      ),
    )
  return Number(row?.cents ?? 0)
}

/**
 * A gift charge is paid: the gift becomes pending and its amount moves from the world to her
 * pending balance, once. 'paid' when the gift was paid already, 'cap' when it would take the
 * giver over his two-week cap (the Pix is refunded either way).
 */
export async function creditGift(
  tx: Transaction,
  charge: { id: string; amountCents: number },
  paidAt: Date,
): Promise<{ giftId: string } | 'paid' | 'cap'> {
  const [gift] = await tx.select().from(gifts).where(eq(gifts.chargeId, charge.id)).for('update')
  if (gift?.status !== 'awaiting_payment' || !gift.profileId) return 'paid'
  if (gift.clientId) {
    // Two gifts started within the cap may both be paid: the second that goes over is refunded.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`gifts:${gift.clientId}`}, 0))`,
    )
    const given = await paidGiftsCents(gift.clientId, paidAt, tx, gift.id)
    if (given + gift.amountCents > GIFT_CAP_CENTS) {
      await tx
        .update(gifts)
        .set({ status: 'refunded', refundedAt: paidAt })
        .where(eq(gifts.id, gift.id))
      return 'cap'
    }
  }
  await lockBalance(tx, gift.profileId)
  await transfer(tx, {
    from: LEDGER_ACCOUNTS.world,
    to: LEDGER_ACCOUNTS.pending(gift.profileId),
    amountCents: charge.amountCents,
    kind: 'gift_paid',
    giftId: gift.id,
  })
  await tx
    .update(gifts)
    .set({
      status: 'pending',
      paidAt,
      // The sandbox's money is not real: nothing to wait for before she can try a withdrawal.
      availableAt: serverEnv().pix?.sandbox
        ? paidAt
        : availableAfterBusinessDays(paidAt, GIFT_CREDIT_BUSINESS_DAYS),
    })
    .where(eq(gifts.id, gift.id))
  return { giftId: gift.id }
}

/**
 * Gifts whose business day has come become available (every few minutes, on every instance:
 * each gift moves once, its ledger row being unique). Returns how many moved.
 */
export async function releaseMaturedGifts(now = new Date()): Promise<number> {
  const due = await db()
    .select({ id: gifts.id })
    .from(gifts)
    .where(and(eq(gifts.status, 'pending'), lte(gifts.availableAt, now)))
    .limit(500)
  let moved = 0
  for (const { id } of due) {
    const done = await db().transaction(async (tx) => {
      const [gift] = await tx.select().from(gifts).where(eq(gifts.id, id)).for('update')
      if (gift?.status !== 'pending' || !gift.profileId) return false
      await lockBalance(tx, gift.profileId)
      await transfer(tx, {
        from: LEDGER_ACCOUNTS.pending(gift.profileId),
        to: LEDGER_ACCOUNTS.available(gift.profileId),
        amountCents: gift.amountCents,
        kind: 'gift_available',
        giftId: gift.id,
      })
      await tx.update(gifts).set({ status: 'available' }).where(eq(gifts.id, gift.id))
      return true
    })
    if (done) moved++
  }
  return moved
}

async function send(
  userId: string | null,
  kind: GiftEmail,
  path: string,
  values: (language: Language) => Record<string, string>,
) {
  if (!userId) return
  await mailUser(userId, path, (language, recipient) =>
    giftEmail(kind, language, { ...recipient, values: values(language) }),
  )
}

/** What the gift e-mails say of a gift: its amount and dates, both sides, its charge's txid. */
function giftToTell(giftId: string) {
  return db()
    .select({
      amountCents: gifts.amountCents,
      message: gifts.message,
      paidAt: gifts.paidAt,
      availableAt: gifts.availableAt,
      clientId: gifts.clientId,
      clientName: user.name,
      providerId: profiles.userId,
      profileName: profiles.name,
      txid: pixCharges.txid,
    })
    .from(gifts)
    .leftJoin(user, eq(user.id, gifts.clientId))
    .leftJoin(profiles, eq(profiles.id, gifts.profileId))
    .leftJoin(pixCharges, eq(pixCharges.id, gifts.chargeId))
    .where(eq(gifts.id, giftId))
}

/** After a gift's payment is committed: she is told (with his message), he gets the receipt. */
export async function tellGiftPaid(giftId: string): Promise<void> {
  try {
    const [gift] = await giftToTell(giftId)
    if (!gift) return
    await send(gift.providerId, 'giftReceived', paths.dashboardGifts, (language) => ({
      // Typed before issue 30's rule, or taken from Google: shown as the rule allows.
      client: shownDisplayName(gift.clientName ?? ''),
      amount: formatBrlCents(gift.amountCents, language),
      date: longDate(gift.availableAt, language),
      message: gift.message ?? '',
    }))
    await send(gift.clientId, 'giftReceipt', paths.clientGiftReceipt(giftId), (language) => ({
      profile: gift.profileName ?? '',
      amount: formatBrlCents(gift.amountCents, language),
      paidAt: longDate(gift.paidAt, language),
      txid: gift.txid ?? '',
      ...withdrawalFeeTerms(language),
      ...sellerValues(),
    }))
  } catch (error) {
    log.error('gift e-mail not sent', { giftId, error: String(error) })
  }
}

/** After the team sent a gift back (its refund committed): the giver is told, in his language. */
export async function tellGiftRefunded(giftId: string): Promise<void> {
  try {
    const [gift] = await giftToTell(giftId)
    if (!gift) return
    await send(gift.clientId, 'giftRefunded', paths.clientGifts, (language) => ({
      profile: gift.profileName ?? '',
      amount: formatBrlCents(gift.amountCents, language),
      paidAt: longDate(gift.paidAt, language),
      txid: gift.txid ?? '',
    }))
  } catch (error) {
    log.error('gift e-mail not sent', { giftId, error: String(error) })
  }
}
