import { htmlLang, type Language } from './language.ts'
import { formatBrlCents } from './money.ts'
import {
  GIFT_AMOUNT,
  GIFT_BIWEEKLY_CAP_PER_CLIENT,
  WITHDRAWAL_AMOUNT,
  WITHDRAWAL_FEE,
} from './terms.ts'

// Gifts and withdrawals by Pix (issue 22; ADR 0020): the rules the terms promise, in centavos,
// and the accounts of the ledger every balance is computed from. Pure.

/** A gift's amount, in centavos (the terms' R$10 to R$1,000). */
export const GIFT_LIMITS_CENTS = { min: GIFT_AMOUNT.min * 100, max: GIFT_AMOUNT.max * 100 } as const

/** What a client may give in gifts within any GIFT_CAP_DAYS, in centavos (paid gifts count). */
export const GIFT_CAP_CENTS = GIFT_BIWEEKLY_CAP_PER_CLIENT * 100
export const GIFT_CAP_DAYS = 14

/** A client starts at most this many gifts a day (a limit per day on the giving side). */
export const GIFTS_PER_DAY = 5

/** A gift's optional message (the review checks apply: no contact data, nothing explicit). */
export const GIFT_MESSAGE_LENGTH = { max: 140 } as const

/** A withdrawal's amount, in centavos (the terms' R$50 to R$1,000). */
export const WITHDRAWAL_LIMITS_CENTS = {
  min: WITHDRAWAL_AMOUNT.min * 100,
  max: WITHDRAWAL_AMOUNT.max * 100,
} as const

/** A provider asks for at most this many withdrawals a day (a limit per day on her side). */
export const WITHDRAWALS_PER_DAY = 1

/**
 * The withdrawal fee: 0.39% of the amount, at least R$0.65 (the terms: "from R$0.65 to 0.39%"),
 * rounded to the centavo. The site keeps it; a gift itself reaches her balance whole.
 */
export function withdrawalFeeCents(amountCents: number): number {
  const percent = Math.round((amountCents * WITHDRAWAL_FEE.upToPercent) / 100)
  return Math.max(Math.round(WITHDRAWAL_FEE.fromReais * 100), percent)
}

/**
 * The fee as every text about money states it (issue 33 point 3): the percent ('0,39' or '0.39')
 * and the floor in reais, for the dictionaries' {percent} and {minFee}.
 */
export function withdrawalFeeTerms(language: Language): { percent: string; minFee: string } {
  return {
    percent: WITHDRAWAL_FEE.upToPercent.toLocaleString(htmlLang(language)),
    minFee: formatBrlCents(Math.round(WITHDRAWAL_FEE.fromReais * 100), language),
  }
}

/** A CPF's 11 digits from what was typed ('123.456.789-09' or digits), or null. */
export function cpfDigits(typed: string): string | null {
  const digits = typed.replace(/[.\-\s]/g, '')
  return /^\d{11}$/.test(digits) ? digits : null
}

/** Whether 11 digits are a valid CPF (its two check digits; eleven equal digits are not one). */
export function isValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false
  const check = (length: number) => {
    let sum = 0
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i)
    const rest = (sum * 10) % 11
    return rest === 10 ? 0 : rest
  }
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10])
}

/** A CPF as people write it: 123.456.789-09. */
export function formatCpf(digits: string): string {
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`
}

/** A CPF key shown where it need not be whole (lists, e-mails, the export): ***.***.***-09. */
export function maskedCpf(digits: string): string {
  return `***.***.***-${digits.slice(-2)}`
}

/** A gift's life: made (a charge waits), paid and pending, available, or sent back. */
export const GIFT_STATUSES = ['awaiting_payment', 'pending', 'available', 'refunded'] as const
export type GiftStatus = (typeof GIFT_STATUSES)[number]

/** A withdrawal's life: asked, sent to the institution, paid out, or failed (money back). */
export const WITHDRAWAL_STATUSES = ['requested', 'sent', 'paid', 'failed'] as const
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number]

/**
 * Why a balance is frozen (withdrawals refused until the team releases it): a ban, a 'minor
 * suspected' report that hid the profile, or the team by hand.
 */
export const FREEZE_CAUSES = ['ban', 'minor_report', 'team'] as const
export type FreezeCause = (typeof FREEZE_CAUSES)[number]

/**
 * The ledger's accounts. Every movement is a transfer of a positive amount from one account to
 * another, so the ledger always balances; an account's balance is what came in minus what went
 * out, computed, never stored. 'world' is money outside (payers, payees, the institution).
 */
export const LEDGER_ACCOUNTS = {
  world: 'world',
  /** What the site kept: withdrawal fees, which cover the Pix cost of payouts. */
  fees: 'site:fees',
  /** A gift paid, not yet available (1 business day). */
  pending: (profileId: string) => `provider:${profileId}:pending`,
  /** What she may withdraw. */
  available: (profileId: string) => `provider:${profileId}:available`,
  /** A withdrawal on its way to her key. */
  payout: (profileId: string) => `provider:${profileId}:payout`,
} as const

/** What a ledger transfer records. */
export const LEDGER_KINDS = [
  /** A client's Pix for a gift: world → pending. */
  'gift_paid',
  /** A business day later: pending → available. */
  'gift_available',
  /** The team sends a gift back: pending or available → world. */
  'gift_refunded',
  /** She asks for a withdrawal: available → payout. */
  'withdrawal_requested',
  /** The payout went out: payout → world (the amount less the fee). */
  'withdrawal_paid',
  /** Its fee: payout → site:fees. */
  'withdrawal_fee',
  /** The payout failed: payout → available. */
  'withdrawal_failed',
] as const
export type LedgerKind = (typeof LEDGER_KINDS)[number]
