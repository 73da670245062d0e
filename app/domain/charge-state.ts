import { CHARGE_GRACE_MS } from './plans.ts'

/** Where a Pix charge stands for the one who pays it: each has its own screen. */
export type ChargeState = 'open' | 'closing' | 'paid' | 'refunded' | 'expired'

/**
 * A charge's state at `now`: sent back (its Pix refunded), paid, open until its time, still
 * 'closing' for CHARGE_GRACE_MS after it (a Pix paid at the last second may be on its way),
 * then expired.
 */
export function chargeState(
  charge: { status: string; expiresAt: Date; refund: unknown },
  now: number,
): ChargeState {
  if (charge.refund) return 'refunded'
  if (charge.status === 'paid') return 'paid'
  const expiry = charge.expiresAt.getTime()
  if (charge.status === 'active' && now < expiry) return 'open'
  if (charge.status === 'active' && now < expiry + CHARGE_GRACE_MS) return 'closing'
  return 'expired'
}
