import type { FreezeCause, GiftStatus, WithdrawalStatus } from '#app/domain/gifts.ts'
import type { RefundReason, RefundStatus } from '#app/domain/plans.ts'

// The rows of /admin/gifts as its lists show them (issue 22): browser-safe, so the page's
// components and gift-team-queries.server.ts share them.

/** A date as the loader sends it (a Date, or its ISO text inside JSON). */
type When = Date | string

/** An open freeze of a profile's balance, with what the balance holds. */
export interface FreezeView {
  id: string
  profileId: string
  cause: FreezeCause
  note: string | null
  createdAt: When
  name: string
  username: string
  pendingCents: number
  availableCents: number
}

/** A provider's balance from the ledger, with its open freeze. */
export interface BalanceView {
  profileId: string
  /** Null when the profile was deleted: its money stays in the ledger. */
  name: string | null
  username: string | null
  pendingCents: number
  availableCents: number
  payoutCents: number
  freezeId: string | null
  freezeCause: FreezeCause | null
}

/** The last refund of a gift's Pix (the team's, or the automatic one over the cap). */
export interface GiftRefund {
  reason: RefundReason
  status: RefundStatus
  note: string | null
  requestedAt: string
}

/** A gift paid or sent back: giver, profile, amount, status, dates, message, refund. */
export interface GiftView {
  id: string
  amountCents: number
  message: string | null
  status: GiftStatus
  createdAt: When
  paidAt: When | null
  availableAt: When | null
  refundedAt: When | null
  clientId: string | null
  clientName: string | null
  clientEmail: string | null
  profileId: string | null
  profileName: string | null
  username: string | null
  refund: GiftRefund | null
  /** Whether the team can still send it back, or why not (gift-team-queries.server.ts). */
  sendBack: GiftSendBack | null
}

export type GiftSendBack = 'open' | 'withdrawn' | 'tooOld'

/** A withdrawal, its key reduced to its last two digits. */
export interface WithdrawalView {
  id: string
  profileId: string | null
  name: string | null
  username: string | null
  amountCents: number
  feeCents: number
  netCents: number
  keyEnd: string
  status: WithdrawalStatus
  failure: string | null
  requestedAt: When
  sentAt: When | null
  settledAt: When | null
}
