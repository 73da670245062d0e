import { type PAYMENT_FIELDS, PAYOUT_INSTITUTIONS, pixVariablesSet } from './payments.ts'
import { flag, type Issue, optional, type Parsed } from './shared.ts'

// Gifts and withdrawals (issue 22): GIFTS=1, only with Pix and its payout API configured.

export const GIFT_FIELDS = {
  GIFTS: optional(flag()),
}

export function giftIssues(env: Parsed<typeof GIFT_FIELDS & typeof PAYMENT_FIELDS>): Issue[] {
  if (env.GIFTS !== '1') return []
  if (pixVariablesSet(env).length === 0) {
    return [
      {
        path: ['GIFTS'],
        message: "'1' needs Pix: set the PIX_* variables too (gifts are paid and withdrawn by Pix)",
      },
    ]
  }
  if (!env.PIX_PAYOUTS) {
    return [
      {
        path: ['PIX_PAYOUTS'],
        message: `must be set with GIFTS=1: withdrawals are sent through the institution's payout API (${PAYOUT_INSTITUTIONS.join(', ')})`,
      },
    ]
  }
  return []
}

export interface GiftEnv {
  /** Gifts and withdrawals (issue 22): GIFTS=1, only with Pix configured. */
  gifts: boolean
}

export function giftEnv(env: Parsed<typeof GIFT_FIELDS>): GiftEnv {
  return { gifts: env.GIFTS === '1' }
}
