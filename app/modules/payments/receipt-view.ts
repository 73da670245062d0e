import type { RefundReason, RefundStatus } from '#app/domain/plans.ts'

/**
 * A receipt of one Pix (issue 33 point 10) as receipts.server.ts reads it (`paidAt` a Date) and
 * the printable page shows it (a Date or, once serialised, a string).
 */
export interface Receipt<When = Date> {
  seller: { name: string; taxId: string }
  payer: string
  what:
    | { kind: 'plan'; tier: string | null; days: number | null }
    | { kind: 'return_fee' }
    | { kind: 'gift'; profile: string | null }
  amountCents: number
  paidAt: When
  txid: string
  endToEndId: string
  /** Sent back: why, and where its refund stands. Null: credited. */
  refund: { reason: RefundReason; status: RefundStatus } | null
}
