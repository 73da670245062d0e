import { describe, expect, it } from 'vitest'
import { chargeState } from '#app/domain/charge-state.ts'
import { CHARGE_GRACE_MS } from '#app/domain/plans.ts'

// Where a Pix charge stands on its page (the provider's plans, the client's gifts): one rule.

const NOW = Date.UTC(2026, 2, 10, 15, 0)
const at = (offsetMs: number) => new Date(NOW + offsetMs)
const refund = { reason: 'team', status: 'done' }

describe('chargeState', () => {
  it.each([
    ['active, before its time', { status: 'active', expiresAt: at(60_000), refund: null }, 'open'],
    [
      'active, just past its time',
      { status: 'active', expiresAt: at(-1), refund: null },
      'closing',
    ],
    [
      'active, at the end of the grace',
      { status: 'active', expiresAt: at(-CHARGE_GRACE_MS), refund: null },
      'expired',
    ],
    ['closed unpaid', { status: 'expired', expiresAt: at(60_000), refund: null }, 'expired'],
    ['paid', { status: 'paid', expiresAt: at(-600_000), refund: null }, 'paid'],
    ['paid, then sent back', { status: 'paid', expiresAt: at(-600_000), refund }, 'refunded'],
    ['a late Pix sent back', { status: 'expired', expiresAt: at(-600_000), refund }, 'refunded'],
  ])('%s: %s', (_, charge, state) => {
    expect(chargeState(charge, NOW)).toBe(state)
  })
})
