// What the plan page and the Pix page share with the payments module, safe for the browser.

/** Why a charge cannot be started, as a key of the provider dictionary's plan errors. */
export type ChargeError =
  | 'noPix'
  | 'noProfile'
  | 'notApproved'
  | 'notSuspended'
  | 'noFee'
  | 'unavailable'

/** The page of one of the provider's charges: its QR code, then its outcome. */
export const chargePath = (chargeId: string) => `/dashboard/plan/pix/${chargeId}`

/** The provider's plan page. */
export const PLAN_PATH = '/dashboard/plan'

/** While a charge is open, its page asks for news this often. */
export const CHARGE_POLL_MS = 3_000
