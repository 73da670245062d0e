import type { MembershipTier } from './membership.ts'

// Plans paid by Pix (issue 21; ADR 0019): what a plan costs, how long it lasts and what a payment
// does to the plan a profile has. Pure rules; the payments module applies them.

/** The tiers a provider can buy, cheapest first (SPEC §3's ranks, free excluded). */
export const PAID_TIERS = ['basico', 'bronze', 'prata', 'ouro', 'vip_plus'] as const
export type PaidTier = (typeof PAID_TIERS)[number]

export function isPaidTier(value: string): value is PaidTier {
  return (PAID_TIERS as readonly string[]).includes(value)
}

/** A plan is bought for this many days at a time; its price is per this period. */
export const PLAN_DAYS = 30
/** A Pix charge can be paid for this long (the `calendario.expiracao` sent to the institution). */
export const CHARGE_MINUTES = 30
/** The provider is reminded by e-mail this many days before her plan ends. */
export const PLAN_REMINDER_DAYS = 3
/**
 * A charge past its time is still asked about this long (a Pix settled at its last second may be
 * on its way) before it is closed as unpaid.
 */
export const CHARGE_GRACE_MS = 60_000
/** While a charge is open, its page asks for news this often. */
export const CHARGE_POLL_MS = 3_000

/**
 * A received Pix can be sent back (devolução) for this many days after it was paid: the Pix
 * rules' window, past which the institution refuses the refund.
 */
export const PIX_REFUND_DAYS = 90

/** A charge's page asks the institution itself at most this often while the charge is open. */
export const OWN_CHECK_MS = 10_000

/** Why a charge cannot be started, as a key of the provider dictionary's plan errors. */
export type ChargeError =
  | 'noPix'
  | 'noProfile'
  | 'notApproved'
  | 'notSuspended'
  | 'noFee'
  | 'unavailable'

/** Prices the migration starts with; the team sets the real ones on /admin/plans (audited). */
export const DEFAULT_PLAN_PRICES_CENTS: Record<PaidTier, number> = {
  basico: 4_900,
  bronze: 7_900,
  prata: 11_900,
  ouro: 17_900,
  vip_plus: 24_900,
}

/** What a price may be: R$ 1,00 to R$ 10.000,00 per 30 days (a typo guard, not a policy). */
export const PLAN_PRICE_LIMITS_CENTS = { min: 100, max: 1_000_000 } as const

export type PlanPrices = Record<PaidTier, number>

const DAY_MS = 86_400_000

/** A plan's value per day in centavos, rounded: the return fee's daily value (SPEC §4). */
export function dailyValueCents(priceCents: number): number {
  return Math.round(priceCents / PLAN_DAYS)
}

export interface PlanChange {
  /** When the plan bought now ends. */
  expiresAt: Date
  /** Whole days the unused time of another plan added (0 when none). */
  creditedDays: number
}

/**
 * What a paid plan of `bought` does to the current plan, at `now` (issue 21 point 3):
 * - the same plan, still running: its end moves PLAN_DAYS later;
 * - another paid plan, still running: the new one starts now for PLAN_DAYS, plus the unused time
 *   of the old one converted at the two plans' prices (an upgrade credits the old plan's unused
 *   days; a cheaper plan gets more days for the same value);
 * - free, or a plan whose time is up: PLAN_DAYS from now.
 */
export function planChange(
  current: { tier: MembershipTier; expiresAt: Date | null },
  bought: PaidTier,
  prices: PlanPrices,
  now: Date,
): PlanChange {
  const fresh = now.getTime() + PLAN_DAYS * DAY_MS
  if (!isRunning(current, now) || !isPaidTier(current.tier) || !current.expiresAt) {
    return { expiresAt: new Date(fresh), creditedDays: 0 }
  }
  const running = current.expiresAt.getTime() - now.getTime()
  const creditMs =
    current.tier === bought
      ? running
      : Math.floor((running * prices[current.tier]) / prices[bought])
  return { expiresAt: new Date(fresh + creditMs), creditedDays: Math.floor(creditMs / DAY_MS) }
}

/** What buying a plan is to the provider: a first plan, more of hers, or another one. */
export type PurchaseKind = 'new' | 'renew' | 'change'

/** The kind of purchase `bought` is for a profile on `current` at `now` (as planChange sees it). */
export function purchaseKind(
  current: { tier: MembershipTier; expiresAt: Date | null },
  bought: PaidTier,
  now: Date,
): PurchaseKind {
  if (!isRunning(current, now)) return 'new'
  return current.tier === bought ? 'renew' : 'change'
}

/** Whether a paid plan runs at `now` (free, or a plan whose time is up, does not). */
export function isRunning(current: { tier: string; expiresAt: Date | null }, now: Date): boolean {
  return isPaidTier(current.tier) && current.expiresAt !== null && current.expiresAt > now
}

/** Centavos as the API Pix writes amounts: '49.00'. */
export function pixAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`bad amount ${cents}`)
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
}

/** An API Pix amount ('49.00') as centavos; null when it is not one. */
export function pixAmountCents(value: unknown): number | null {
  if (typeof value !== 'string') return null
  const match = /^(\d{1,10})\.(\d{2})$/.exec(value)
  if (!match) return null
  const cents = Number(match[1]) * 100 + Number(match[2])
  return Number.isSafeInteger(cents) ? cents : null
}

/** An end-to-end id: 'E' or 'D', the ISPB, the date and a sequence (32 characters). */
export const END_TO_END_ID_PATTERN = /^[ED][0-9A-Za-z]{31}$/

/** Whether `value` can be a received Pix's end-to-end id. */
export function isEndToEndId(value: string): boolean {
  return END_TO_END_ID_PATTERN.test(value)
}

/** What a charge pays for. */
export const CHARGE_PURPOSES = ['plan', 'return_fee', 'gift'] as const
export type ChargePurpose = (typeof CHARGE_PURPOSES)[number]

/** A charge's life: open for payment, paid, or past its time unpaid. */
export const CHARGE_STATUSES = ['active', 'paid', 'expired'] as const
export type ChargeStatus = (typeof CHARGE_STATUSES)[number]

/**
 * What became of a received Pix: credited to what it paid for, or sent back (automatically when
 * it paid nothing we can credit; by the team with a reason).
 */
/**
 * What a received Pix did: credited its charge; sent back; or left alone, as not ours (another
 * key, or no txid of ours: the operator's own top-ups, Pix sent to the key; issue 31 point 6).
 */
export const PAYMENT_OUTCOMES = ['credited', 'refunded', 'foreign'] as const
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number]

/** Why a Pix is sent back. The first four are automatic (issue 21 point 5). */
export const REFUND_REASONS = [
  /** The charge's time was up when the Pix came. */
  'charge_expired',
  /** No charge of ours: a txid we never issued, or a Pix sent to the key directly. */
  'unknown_charge',
  /** The charge was paid already (a second Pix for it). */
  'already_paid',
  /** The Pix's amount is not the charge's. */
  'amount_mismatch',
  /** The team sent it back (a mistake, a complaint), with its own words. */
  'team',
  /** A gift over the giver's two-week cap once paid (issue 22: paid gifts count). */
  'gift_cap',
] as const
export type RefundReason = (typeof REFUND_REASONS)[number]

/**
 * What the team's refund of a plan's Pix does to the plan (issue 33 point 1): the days that
 * payment bought are taken back, or the plan is kept as it is.
 */
export const REFUND_PLAN_CHOICES = ['take_back', 'keep'] as const
export type RefundPlanChoice = (typeof REFUND_PLAN_CHOICES)[number]

/** What a refund did to the payer's plan, as her e-mail says it. */
export type RefundPlanOutcome =
  | { kind: 'taken'; tier: PaidTier; expiresAt: Date }
  | { kind: 'free' }
  | { kind: 'kept'; tier: PaidTier; expiresAt: Date }

/**
 * The plan after a refund takes back `days` of it at `now`: the same plan ending that much
 * earlier, or free when nothing of it would be left (never an end before now). Null when no
 * paid plan runs (nothing to take back).
 */
export function planWithoutDays(
  current: { tier: string; expiresAt: Date | null },
  days: number,
  now: Date,
): { tier: PaidTier; expiresAt: Date } | { tier: 'free' } | null {
  if (!isRunning(current, now) || !current.expiresAt || !isPaidTier(current.tier)) return null
  const end = current.expiresAt.getTime() - days * DAY_MS
  return end > now.getTime() ? { tier: current.tier, expiresAt: new Date(end) } : { tier: 'free' }
}

/** A refund asked of the institution, done, or refused by it (the team is shown which). */
export const REFUND_STATUSES = ['requested', 'done', 'failed'] as const
export type RefundStatus = (typeof REFUND_STATUSES)[number]

/**
 * Payment records are kept for 5 years after the end of the year of the payment (CTN arts. 173
 * and 195: the tax authority may examine books and documents until its right to assess lapses),
 * then deleted; an account's deletion only unlinks them from the person (LGPD art. 16 I).
 */
export const PAYMENT_RECORD_YEARS = 5

/** The first moment payment records of `paidAt` may be deleted. */
export function paymentRecordExpiry(paidAt: Date): Date {
  return new Date(Date.UTC(paidAt.getUTCFullYear() + PAYMENT_RECORD_YEARS + 1, 0, 1))
}
