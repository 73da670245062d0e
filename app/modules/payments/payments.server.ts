import { timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { dynamicBrCode } from '#app/domain/br-code.ts'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import { asLanguage, type Language } from '#app/domain/language.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { paths } from '#app/domain/paths.ts'
import {
  CHARGE_GRACE_MS,
  CHARGE_MINUTES,
  CHARGE_POLL_MS,
  type ChargeError,
  type ChargePurpose,
  type ChargeStatus,
  isPaidTier,
  OWN_CHECK_MS,
  PAID_TIERS,
  PAYMENT_RECORD_YEARS,
  type PaidTier,
  PLAN_DAYS,
  PLAN_REMINDER_DAYS,
  type PlanPrices,
  planChange,
  type RefundPlanOutcome,
  type RefundReason,
  type RefundStatus,
} from '#app/domain/plans.ts'
import { dictionary } from '#app/i18n/i18n.ts'
import { mailer } from '#app/modules/email/mailer.server.ts'
import { type PaymentEmail, paymentEmail } from '#app/modules/email/messages.ts'
import { tellProvider } from '#app/modules/moderation/kernel.server.ts'
import { returnInside } from '#app/modules/moderation/sanctions.server.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { db, type Transaction } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { profileSanctions } from '#db/schema/moderation.ts'
import { pixCharges, pixPayments, pixRefunds, planPrices } from '#db/schema/payments.ts'
import { profiles } from '#db/schema/profiles.ts'
import { creditGift, tellGiftPaid } from './gift-credit.server.ts'
import {
  END_TO_END_ID_PATTERN,
  type PixCharge,
  PixNotFound,
  PixRefused,
  PixUnavailable,
  type ReceivedPix,
} from './pix-api.server.ts'

// Plans and return fees paid by Pix (issue 21; ADR 0019). Money is never lost or doubled:
// - every charge, received Pix and refund is a row, amounts in centavos;
// - a received Pix is recorded once, by its end-to-end id, whoever reports it first (the webhook,
//   the page's own check, reconciliation) and however often;
// - nothing is credited on the webhook's word: the Pix is read back from the institution's API;
// - a Pix for one of our charges that pays nothing we can credit (expired, already paid, a wrong
//   amount) is refunded automatically; a refund is followed until the institution settles it;
// - a Pix that is not ours (no txid of ours, another key) is left alone and shown to the team.

// The client, the ids, and the refunds live in their own files; callers of this module keep
// importing them from here.
export { pixClient, pixEnabled, refundId } from './pix-client.server.ts'
export { sendRefund } from './refunds.server.ts'

import { pixClient, pixEnabled, randomId, refundId } from './pix-client.server.ts'
import { sellerValues } from './receipts.server.ts'
import { recordRefundStates, sendRefund } from './refunds.server.ts'

// ---------------------------------------------------------------------------------------------
// Prices

/** The current price of every paid plan (one query). */
export async function currentPlanPrices(): Promise<PlanPrices> {
  const rows = await db().select().from(planPrices)
  const prices = Object.fromEntries(rows.map((row) => [row.tier, row.priceCents]))
  for (const tier of PAID_TIERS) {
    if (typeof prices[tier] !== 'number') throw new Error(`plan ${tier} has no price`)
  }
  return prices as PlanPrices
}

// ---------------------------------------------------------------------------------------------
// Charges a provider starts

export type ChargeStart = { ok: true; chargeId: string } | { ok: false; error: ChargeError }

/** A charge still open this long is offered again rather than a new one made. */
const REUSE_MIN_MS = 5 * 60_000

async function providerProfile(userId: string) {
  const [profile] = await db()
    .select({
      id: profiles.id,
      status: profiles.status,
      name: profiles.name,
      username: profiles.username,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1)
  return profile
}

/** An open charge of the profile for the same thing and amount, still open long enough. */
async function reusableCharge(
  profileId: string,
  purpose: ChargePurpose,
  amountCents: number,
  match: { tier?: PaidTier; sanctionId?: string },
): Promise<string | undefined> {
  const [open] = await db()
    .select({ id: pixCharges.id })
    .from(pixCharges)
    .where(
      and(
        eq(pixCharges.profileId, profileId),
        eq(pixCharges.purpose, purpose),
        eq(pixCharges.status, 'active'),
        eq(pixCharges.amountCents, amountCents),
        match.tier ? eq(pixCharges.tier, match.tier) : undefined,
        match.sanctionId ? eq(pixCharges.sanctionId, match.sanctionId) : undefined,
        gt(pixCharges.expiresAt, new Date(Date.now() + REUSE_MIN_MS)),
      ),
    )
    .orderBy(desc(pixCharges.createdAt))
    .limit(1)
  return open?.id
}

/** Creates the charge at the institution, then its row. */
export async function createCharge(input: {
  purpose: ChargePurpose
  userId: string
  profileId: string
  amountCents: number
  tier?: PaidTier
  sanctionId?: string
  description: string
}): Promise<ChargeStart> {
  const api = pixClient()
  if (!api) return { ok: false, error: 'noPix' }
  const txid = randomId(32)
  const expiresAt = new Date(Date.now() + CHARGE_MINUTES * 60_000)
  let brCode: string
  try {
    const charge = await api.createCharge({
      txid,
      amountCents: input.amountCents,
      expiresInSeconds: CHARGE_MINUTES * 60,
      description: input.description,
    })
    brCode = chargeCode(charge, { txid, amountCents: input.amountCents })
  } catch (error) {
    log.error('Pix charge not created', { error: String(error) })
    return { ok: false, error: 'unavailable' }
  }
  // A row that fails to be written leaves a charge we do not know: if it is paid anyway, the
  // Pix is refunded as one for an unknown charge.
  const [row] = await db()
    .insert(pixCharges)
    .values({
      txid,
      purpose: input.purpose,
      userId: input.userId,
      profileId: input.profileId,
      tier: input.tier ?? null,
      days: input.purpose === 'plan' ? PLAN_DAYS : null,
      sanctionId: input.sanctionId ?? null,
      amountCents: input.amountCents,
      brCode,
      expiresAt,
    })
    .returning({ id: pixCharges.id })
  if (!row) throw new Error('charge row not written')
  return { ok: true, chargeId: row.id }
}

/** The institution answered a charge other than the one asked for (issue 31 point 5). */
class ChargeMismatch extends PixUnavailable {
  override name = 'ChargeMismatch'
}

/**
 * The BR Code to show for the charge the institution made, once it is checked to be the one asked
 * for: the same txid, amount and receiving key (a charge of another amount or to another key is
 * never shown). Its `pixCopiaECola`, or, when the institution left it out (it is optional in the
 * API Pix), the code built from the charge's location (issue 31 point 4).
 */
function chargeCode(charge: PixCharge, asked: { txid: string; amountCents: number }): string {
  const config = serverEnv().pix
  const wrong = [
    charge.txid !== asked.txid && 'txid',
    charge.amountCents !== asked.amountCents && 'valor.original',
    charge.key !== config?.key && 'chave',
  ].filter(Boolean)
  if (wrong.length > 0) {
    throw new ChargeMismatch(`the institution answered another charge: ${wrong.join(', ')}`)
  }
  if (charge.brCode) return charge.brCode
  if (!charge.location || !config) throw new PixUnavailable('a charge with no code and no location')
  return dynamicBrCode({
    location: charge.location,
    merchantName: config.merchantName,
    merchantCity: config.merchantCity,
  })
}

/** A provider buys `tier` for PLAN_DAYS: a charge of its current price (issue 21 point 3). */
export async function startPlanCharge(userId: string, tier: PaidTier): Promise<ChargeStart> {
  if (!pixEnabled()) return { ok: false, error: 'noPix' }
  const profile = await providerProfile(userId)
  if (!profile) return { ok: false, error: 'noProfile' }
  if (profile.status !== 'approved') return { ok: false, error: 'notApproved' }
  const prices = await currentPlanPrices()
  const amountCents = prices[tier]
  const reused = await reusableCharge(profile.id, 'plan', amountCents, { tier })
  if (reused) return { ok: true, chargeId: reused }
  return createCharge({
    purpose: 'plan',
    userId,
    profileId: profile.id,
    amountCents,
    tier,
    description: `Aprova: plano ${tier} (${PLAN_DAYS} dias) para ${profile.username}`,
  })
}

/** The running suspension of the profile and its return fee, if any. */
async function unpaidSuspension(profileId: string) {
  const [sanction] = await db()
    .select({
      id: profileSanctions.id,
      days: profileSanctions.days,
      dailyValueCents: profileSanctions.dailyValueCents,
      feeCents: profileSanctions.feeCents,
      endsAt: profileSanctions.endsAt,
      feePaidAt: profileSanctions.feePaidAt,
      feeWaivedAt: profileSanctions.feeWaivedAt,
    })
    .from(profileSanctions)
    .where(
      and(
        eq(profileSanctions.profileId, profileId),
        eq(profileSanctions.kind, 'suspension'),
        isNull(profileSanctions.liftedAt),
      ),
    )
    .orderBy(desc(profileSanctions.startsAt))
    .limit(1)
  return sanction
}

/** A running suspension's return fee, as the provider's plan page shows it. */
export interface ReturnFee {
  feeCents: number
  days: number | null
  dailyValueCents: number | null
  /** When the suspension's time is up (the profile returns then if the fee is settled). */
  endsAt: Date | null
  settled: 'due' | 'paid' | 'waived'
}

/** The return fee of the profile's running suspension; null when it has none to speak of. */
export async function returnFeeOf(profileId: string): Promise<ReturnFee | null> {
  const sanction = await unpaidSuspension(profileId)
  if (!sanction?.feeCents) return null
  return {
    feeCents: sanction.feeCents,
    days: sanction.days,
    dailyValueCents: sanction.dailyValueCents,
    endsAt: sanction.endsAt,
    settled: sanction.feePaidAt ? 'paid' : sanction.feeWaivedAt ? 'waived' : 'due',
  }
}

/** A suspended provider pays her return fee (issue 21 point 4; SPEC §4). */
export async function startReturnFeeCharge(userId: string): Promise<ChargeStart> {
  if (!pixEnabled()) return { ok: false, error: 'noPix' }
  const profile = await providerProfile(userId)
  if (!profile) return { ok: false, error: 'noProfile' }
  if (profile.status !== 'suspended') return { ok: false, error: 'notSuspended' }
  const sanction = await unpaidSuspension(profile.id)
  if (!sanction?.feeCents || sanction.feePaidAt || sanction.feeWaivedAt) {
    return { ok: false, error: 'noFee' }
  }
  const reused = await reusableCharge(profile.id, 'return_fee', sanction.feeCents, {
    sanctionId: sanction.id,
  })
  if (reused) return { ok: true, chargeId: reused }
  return createCharge({
    purpose: 'return_fee',
    userId,
    profileId: profile.id,
    amountCents: sanction.feeCents,
    sanctionId: sanction.id,
    description: `Aprova: taxa de retorno de ${profile.username}`,
  })
}

export interface ChargeView {
  id: string
  purpose: ChargePurpose
  tier: PaidTier | null
  days: number | null
  amountCents: number
  status: ChargeStatus
  brCode: string
  createdAt: Date
  expiresAt: Date
  paidAt: Date | null
  planExpiresAt: Date | null
  creditedDays: number | null
  /** When the institution was last asked about it. */
  checkedAt: Date | null
  /** The refund of the Pix that paid it (or came for it too late, or of another amount). */
  refund: ChargeRefund | null
}

/** A refund as the provider is told of it: why, and whether the money is back yet. */
export interface ChargeRefund {
  reason: RefundReason
  status: RefundStatus
}

/**
 * The latest refund of a Pix received for the charge, leaving out a second Pix for a paid charge
 * (refunded as 'already_paid': the charge's own payment stands). Written out in full: a column
 * of the one table selected from is rendered unqualified, and `id` would name the refund's.
 */
const chargeRefund = sql<ChargeRefund | null>`(
  select json_build_object('reason', r.reason, 'status', r.status)
  from pix_refunds r join pix_payments p on p.end_to_end_id = r.end_to_end_id
  where p.charge_id = pix_charges.id and r.reason <> 'already_paid'
  order by r.requested_at desc limit 1)`

const chargeColumns = {
  id: pixCharges.id,
  purpose: pixCharges.purpose,
  tier: pixCharges.tier,
  days: pixCharges.days,
  amountCents: pixCharges.amountCents,
  status: pixCharges.status,
  brCode: pixCharges.brCode,
  createdAt: pixCharges.createdAt,
  expiresAt: pixCharges.expiresAt,
  paidAt: pixCharges.paidAt,
  planExpiresAt: pixCharges.planExpiresAt,
  creditedDays: pixCharges.creditedDays,
  refund: chargeRefund,
  checkedAt: pixCharges.checkedAt,
  txid: pixCharges.txid,
}

/**
 * A charge of the user's, as her payment page shows it. While it is open, the institution is
 * asked about it (at most every OWN_CHECK_MS; at each of the page's polls in the grace after its
 * time), so the page learns of the payment even when the webhook is late or never comes. The
 * check is claimed first, so tabs polling at once, or an institution that does not answer, never
 * make more than one call per interval.
 */
export async function ownCharge(userId: string, chargeId: string): Promise<ChargeView | null> {
  const read = async () => {
    const [row] = await db()
      .select(chargeColumns)
      .from(pixCharges)
      .where(and(eq(pixCharges.id, chargeId), eq(pixCharges.userId, userId)))
    return row
  }
  let row = await read()
  if (!row) return null
  const now = Date.now()
  const closing = now >= row.expiresAt.getTime()
  if (row.status === 'active' && now < row.expiresAt.getTime() + CHARGE_GRACE_MS) {
    const interval = closing ? CHARGE_POLL_MS - 500 : OWN_CHECK_MS
    const claimed = await db()
      .update(pixCharges)
      .set({ checkedAt: new Date(now) })
      .where(
        and(
          eq(pixCharges.id, row.id),
          eq(pixCharges.status, 'active'),
          or(isNull(pixCharges.checkedAt), lt(pixCharges.checkedAt, new Date(now - interval))),
        ),
      )
      .returning({ id: pixCharges.id })
    if (claimed.length > 0) {
      await checkCharge(row.txid).catch((error: unknown) =>
        log.warn('Pix charge check failed', { error: String(error) }),
      )
      row = (await read()) ?? row
    }
  }
  const { txid: _txid, ...view } = row
  return view
}

/** Asks the institution about one charge and records what it was paid with. */
export async function checkCharge(txid: string): Promise<void> {
  const api = pixClient()
  if (!api) return
  const charge = await api.getCharge(txid)
  for (const pix of charge.pix) {
    // The charge's own list names it; a Pix listed without its txid is still this charge's.
    await recordReceivedPix({ ...pix, txid: pix.txid ?? txid })
  }
  const now = new Date()
  await db()
    .update(pixCharges)
    .set({
      checkedAt: now,
      // Unpaid past its time (a grace for a Pix on its way): closed.
      ...(charge.pix.length === 0 && charge.status !== 'CONCLUIDA'
        ? {
            status: sql`case when ${pixCharges.status} = 'active' and ${pixCharges.expiresAt} < ${new Date(now.getTime() - CHARGE_GRACE_MS)} then 'expired' else ${pixCharges.status} end`,
          }
        : {}),
    })
    .where(eq(pixCharges.txid, txid))
}

// ---------------------------------------------------------------------------------------------
// Received Pix

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
  const prices = { ...(await currentPlanPricesIn(tx)), [charge.tier]: charge.amountCents }
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

async function currentPlanPricesIn(tx: Transaction): Promise<PlanPrices> {
  const rows = await tx.select().from(planPrices)
  return Object.fromEntries(rows.map((row) => [row.tier, row.priceCents])) as PlanPrices
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

// ---------------------------------------------------------------------------------------------
// Refunds

// ---------------------------------------------------------------------------------------------
// The webhook

/** Whether the secret in the webhook's address is ours (constant time). */
export function webhookSecretMatches(given: string): boolean {
  const expected = serverEnv().pix?.webhookSecret
  if (!expected) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * The institution tells of received Pix (POST {webhookUrl}/pix with `{ pix: [...] }`), grouped as
 * it likes (issue 31 point 7): each item with a valid end-to-end id is taken, the others logged.
 * Only end-to-end ids are taken from the call: each Pix is read back from the API, so a forged or
 * replayed call credits nothing; the Pix read back carries its refunds (`devolucoes`), whose end
 * is recorded too. Answers 503 when the API cannot be asked, so the institution calls again (and
 * reconciliation finds it anyway).
 */
export async function receiveWebhook(body: unknown): Promise<{ status: number }> {
  const api = pixClient()
  if (!api) return { status: 404 }
  const list = (body as { pix?: unknown } | null)?.pix
  if (!Array.isArray(list)) return { status: 400 }
  const ids = new Set<string>()
  let malformed = 0
  for (const item of list) {
    const id = (item as { endToEndId?: unknown } | null)?.endToEndId
    if (typeof id === 'string' && END_TO_END_ID_PATTERN.test(id)) ids.add(id)
    else malformed++
  }
  if (malformed > 0) log.warn('webhook items without a valid end-to-end id left out', { malformed })
  // Nothing in it could be taken: the call itself is wrong.
  if (ids.size === 0 && malformed > 0) return { status: 400 }
  let unavailable = false
  for (const id of ids) {
    try {
      const pix = await api.getPix(id)
      await recordReceivedPix(pix)
      await recordRefundStates([pix])
    } catch (error) {
      if (error instanceof PixNotFound || error instanceof PixRefused) {
        // Not a Pix received (an institution may tell of its payouts on the same webhook): the
        // API will not describe it, and asking again would not change that.
        log.warn('webhook named a Pix the institution does not describe', {
          endToEndId: id,
          error: String(error),
        })
      } else if (error instanceof PixUnavailable) {
        unavailable = true
      } else {
        throw error
      }
    }
  }
  return { status: unavailable ? 503 : 200 }
}

/** The address the institution calls; the secret in it authenticates the call. */
export function webhookUrl(): string | undefined {
  const pix = serverEnv().pix
  return pix ? `${pix.webhook.baseUrl}/webhooks/pix/${pix.webhookSecret}` : undefined
}

/** The configuration the webhook was registered for by this process. */
let registeredFor: unknown

/**
 * Tells the institution where to call (PUT /webhook/{key}): at start-up, and by reconciliation
 * until it succeeds.
 */
export async function registerWebhook(): Promise<void> {
  const api = pixClient()
  const url = webhookUrl()
  const config = serverEnv().pix
  if (!api || !url || registeredFor === config) return
  await api.registerWebhook(url)
  registeredFor = config
  log.info('Pix webhook registered')
}

// ---------------------------------------------------------------------------------------------
// Reconciliation and the clock

/** Open charges younger than this are asked about; older ones are closed. */
const RECONCILE_CHARGES_MS = 48 * 3_600_000
/** Received Pix of this window are compared with ours (strays: unknown charges, no charge). */
const RECONCILE_PIX_MS = 24 * 3_600_000

/**
 * Every few minutes (issue 21 point 5): asks about every open charge and records what paid it,
 * closes the expired ones, records Pix received that no webhook told of (a Pix not ours is
 * recorded as such and left alone), records the end of refunds the institution lists, and asks
 * about refunds not yet settled. Safe to run on every instance at once.
 */
export async function reconcilePix(now = new Date()): Promise<{ recorded: number }> {
  const api = pixClient()
  if (!api) return { recorded: 0 }
  await registerWebhook().catch((error: unknown) =>
    log.warn('Pix webhook not registered yet', { error: String(error) }),
  )
  let recorded = 0
  const open = await db()
    .select({ txid: pixCharges.txid })
    .from(pixCharges)
    .where(
      and(
        eq(pixCharges.status, 'active'),
        gt(pixCharges.createdAt, new Date(now.getTime() - RECONCILE_CHARGES_MS)),
      ),
    )
  for (const { txid } of open) await checkCharge(txid)
  await db()
    .update(pixCharges)
    .set({ status: 'expired' })
    .where(
      and(
        eq(pixCharges.status, 'active'),
        lte(pixCharges.createdAt, new Date(now.getTime() - RECONCILE_CHARGES_MS)),
      ),
    )
  const received = await api.listPix(new Date(now.getTime() - RECONCILE_PIX_MS), now)
  if (received.length > 0) {
    const ids = received.map((pix) => pix.endToEndId)
    const known = new Set(
      (
        await db()
          .select({ id: pixPayments.endToEndId })
          .from(pixPayments)
          .where(inArray(pixPayments.endToEndId, ids))
      ).map((row) => row.id),
    )
    for (const pix of received) {
      if (known.has(pix.endToEndId)) continue
      if ((await recordReceivedPix(pix)) !== 'known') recorded++
    }
    await recordRefundStates(received)
  }
  const waiting = await db()
    .select({ id: pixRefunds.id })
    .from(pixRefunds)
    .where(eq(pixRefunds.status, 'requested'))
  for (const { id } of waiting) await sendRefund(id)
  return { recorded }
}

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

// ---------------------------------------------------------------------------------------------
// E-mails

function longDate(date: Date | null, language: Language): string {
  if (!date) return ''
  return new Intl.DateTimeFormat(language === 'pt' ? 'pt-BR' : 'en', {
    dateStyle: 'long',
    timeZone: BRAZIL_TIME_ZONE,
  }).format(date)
}

async function tellUser(
  userId: string,
  kind: PaymentEmail,
  values: (language: Language) => Record<string, string>,
  path: string = paths.dashboardPlan,
): Promise<void> {
  try {
    const [owner] = await db()
      .select({ email: user.email, name: user.name, language: user.language })
      .from(user)
      .where(eq(user.id, userId))
    if (!owner) return
    const language = asLanguage(owner.language) ?? 'pt'
    await mailer().send(
      paymentEmail(kind, language, {
        to: owner.email,
        name: owner.name,
        url: `${serverEnv().baseUrl}${path}`,
        values: values(language),
      }),
    )
  } catch (error) {
    log.error('payment e-mail not sent', { kind, error: String(error) })
  }
}

/** What a refund notice says: why, how much went back, the team's words, the plan after it. */
interface RefundNotice {
  reason: RefundReason
  amountCents: number
  note?: string
  plan?: RefundPlanOutcome
}

/** An e-mail about a charge to send once its transaction is committed. */
interface Tell {
  userId: string
  kind: PaymentEmail
  chargeId: string
  refund?: RefundNotice
}

/**
 * Tells the payer that the team sent a payment of hers back (issue 33 point 1): with the team's
 * words, and what became of the plan it paid.
 */
export async function notifyRefund(
  userId: string,
  chargeId: string,
  team: { note: string; plan?: RefundPlanOutcome },
): Promise<void> {
  const [charge] = await db()
    .select({ amountCents: pixCharges.amountCents })
    .from(pixCharges)
    .where(eq(pixCharges.id, chargeId))
  if (!charge) return
  await tellPayer({
    userId,
    kind: 'refunded',
    chargeId,
    refund: { reason: 'team', amountCents: charge.amountCents, ...team },
  })
}

interface Tell {
  userId: string
  kind: PaymentEmail
  chargeId: string
  /** The Pix it is about: a receipt links to its printable page (issue 33 point 10). */
  endToEndId?: string
}

/** The receipt (or the refund notice) of a charge, in the payer's language. */
async function tellPayer(tell: Tell) {
  const [charge] = await db().select().from(pixCharges).where(eq(pixCharges.id, tell.chargeId))
  if (!charge) return
  const { refund } = tell
  const receipt = tell.kind === 'planReceipt' || tell.kind === 'returnFeeReceipt'
  await tellUser(
    tell.userId,
    tell.kind,
    (language) => {
      const tierName = (tier: string | null) =>
        tier && isPaidTier(tier) ? dictionary(language).tiers[tier] : ''
      const plan = refund?.plan
      return {
        amount: formatBrlCents(refund?.amountCents ?? charge.amountCents, language),
        charged: formatBrlCents(charge.amountCents, language),
        tier: tierName(charge.tier),
        date: longDate(charge.planExpiresAt, language),
        paidAt: longDate(charge.paidAt, language),
        txid: charge.txid,
        ...sellerValues(),
        ...(refund ? { why: refund.reason, reason: refund.note ?? '' } : {}),
        ...(plan
          ? {
              plan: plan.kind,
              planTier: plan.kind === 'free' ? '' : tierName(plan.tier),
              planDate: plan.kind === 'free' ? '' : longDate(plan.expiresAt, language),
            }
          : {}),
      }
    },
    receipt && tell.endToEndId
      ? paths.dashboardReceipt(tell.endToEndId)
      : // A gift's Pix sent back is the client's: his gifts page, not her plan's.
        charge.purpose === 'gift'
        ? paths.clientGifts
        : paths.dashboardPlan,
  )
}

// ---------------------------------------------------------------------------------------------
// The account's export

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
