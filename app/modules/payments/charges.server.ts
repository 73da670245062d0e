import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import { dynamicBrCode } from '#app/domain/br-code.ts'
import {
  CHARGE_MINUTES,
  type ChargeError,
  type ChargePurpose,
  PAID_TIERS,
  type PaidTier,
  PLAN_DAYS,
  type PlanPrices,
} from '#app/domain/plans.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { type Database, db, type Transaction } from '#db/client.server.ts'
import { profileSanctions } from '#db/schema/moderation.ts'
import { pixCharges, planPrices } from '#db/schema/payments.ts'
import { profiles } from '#db/schema/profiles.ts'
import { type PixCharge, PixUnavailable } from './pix-api.server.ts'
import { pixClient, pixEnabled, randomId } from './pix-client.server.ts'

// What a provider pays by Pix (issue 21): the plans' prices, and the charges she starts for a
// plan or for her suspension's return fee, made at the institution and then recorded.

// ---------------------------------------------------------------------------------------------
// Prices

/** The price of every plan with one, as read in `tx` (one query). */
export async function planPricesIn(tx: Database | Transaction): Promise<PlanPrices> {
  const rows = await tx.select().from(planPrices)
  return Object.fromEntries(rows.map((row) => [row.tier, row.priceCents])) as PlanPrices
}

/** The current price of every paid plan (one query). */
export async function currentPlanPrices(): Promise<PlanPrices> {
  const prices = await planPricesIn(db())
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
