import { and, asc, desc, eq, isNotNull } from 'drizzle-orm'
import { maskedCpf, WITHDRAWALS_PER_DAY } from '#app/domain/gifts.ts'
import { db } from '#db/client.server.ts'
import { gifts, withdrawals } from '#db/schema/gifts.ts'
import { profiles } from '#db/schema/profiles.ts'
import { providerBalance } from './ledger.server.ts'
import { openFreeze } from './withdrawals.server.ts'

// The provider's side of gifts (issue 22 point 3): what /dashboard/gifts shows (her balances,
// the gifts she received, her withdrawals, what stops her from withdrawing), what her export
// holds, and whether her account still holds money.

const DAY_MS = 86_400_000

/** How many gifts and withdrawals the page lists (the most recent; the export has them all). */
export const GIFTS_PAGE_ROWS = 50

const receivedGifts = (profileId: string) =>
  db()
    .select({
      id: gifts.id,
      amountCents: gifts.amountCents,
      message: gifts.message,
      status: gifts.status,
      paidAt: gifts.paidAt,
      availableAt: gifts.availableAt,
      refundedAt: gifts.refundedAt,
    })
    .from(gifts)
    // A gift counts once paid: one still waiting for its Pix is the client's alone.
    .where(and(eq(gifts.profileId, profileId), isNotNull(gifts.paidAt)))
    .orderBy(desc(gifts.paidAt))

const withdrawalsOf = (profileId: string) =>
  db()
    .select({
      id: withdrawals.id,
      amountCents: withdrawals.amountCents,
      feeCents: withdrawals.feeCents,
      pixKey: withdrawals.pixKey,
      status: withdrawals.status,
      failure: withdrawals.failure,
      requestedAt: withdrawals.requestedAt,
      settledAt: withdrawals.settledAt,
    })
    .from(withdrawals)
    .where(eq(withdrawals.profileId, profileId))
    .orderBy(desc(withdrawals.requestedAt))

/** Everything /dashboard/gifts shows of a profile. */
export async function giftsPageOf(profileId: string, now = new Date()) {
  const [[profile], balance, freeze, received, asked, [nextPending]] = await Promise.all([
    db()
      .select({
        status: profiles.status,
        verificationStatus: profiles.verificationStatus,
        payoutCpfHash: profiles.payoutCpfHash,
      })
      .from(profiles)
      .where(eq(profiles.id, profileId)),
    providerBalance(profileId),
    openFreeze(profileId),
    receivedGifts(profileId).limit(GIFTS_PAGE_ROWS),
    withdrawalsOf(profileId).limit(GIFTS_PAGE_ROWS),
    nextRelease(profileId),
  ])
  // The per-day limit counts what was asked in the last 24 hours and not failed.
  const counted = asked.filter(
    (one) => one.status !== 'failed' && one.requestedAt.getTime() > now.getTime() - DAY_MS,
  )
  const oldest = counted.at(WITHDRAWALS_PER_DAY - 1)
  return {
    balance,
    nextAvailableAt: nextPending?.availableAt ?? null,
    /** Her profile is approved and verified: she may withdraw. */
    allowed: profile?.status === 'approved' && profile.verificationStatus === 'approved',
    hasCpf: Boolean(profile?.payoutCpfHash),
    freeze: freeze ? { cause: freeze.cause, since: freeze.createdAt } : null,
    /** When the per-day limit lets her ask again, if it holds now. */
    nextWithdrawalAt: oldest ? new Date(oldest.requestedAt.getTime() + DAY_MS) : null,
    gifts: received,
    withdrawals: asked.map(({ pixKey, ...one }) => ({
      ...one,
      netCents: one.amountCents - one.feeCents,
      key: maskedCpf(pixKey),
    })),
  }
}

/** Her pending gift that becomes available first (its availableAt), if any. */
function nextRelease(profileId: string) {
  return db()
    .select({ availableAt: gifts.availableAt })
    .from(gifts)
    .where(and(eq(gifts.profileId, profileId), eq(gifts.status, 'pending')))
    .orderBy(asc(gifts.availableAt))
    .limit(1)
}

/**
 * What her overview says of gifts (issue 33 point 12): the last gift that reached her (amount
 * and when it was paid), what she holds pending (and its next release) and available.
 */
export async function giftSummaryOf(profileId: string) {
  const [balance, [last], [nextPending]] = await Promise.all([
    providerBalance(profileId),
    db()
      .select({ amountCents: gifts.amountCents, paidAt: gifts.paidAt })
      .from(gifts)
      .where(and(eq(gifts.profileId, profileId), isNotNull(gifts.paidAt)))
      .orderBy(desc(gifts.paidAt))
      .limit(1),
    nextRelease(profileId),
  ])
  return {
    pendingCents: balance.pendingCents,
    availableCents: balance.availableCents,
    nextAvailableAt: nextPending?.availableAt ?? null,
    lastGift: last?.paidAt ? { amountCents: last.amountCents, paidAt: last.paidAt } : null,
  }
}

export type GiftSummary = Awaited<ReturnType<typeof giftSummaryOf>>

/** What her export holds of gifts (issue 22): every gift received and every withdrawal. */
export async function giftRecordsOf(profileId: string) {
  const [received, asked] = await Promise.all([receivedGifts(profileId), withdrawalsOf(profileId)])
  return {
    giftsReceived: received.map(({ id: _, ...gift }) => gift),
    withdrawals: asked.map(({ id: _, pixKey, ...one }) => ({ ...one, pixKey: maskedCpf(pixKey) })),
  }
}

/** Whether the provider `userId` has money in any of her accounts (pending, available, out). */
export async function providerHoldsMoney(userId: string): Promise<boolean> {
  const [profile] = await db()
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.userId, userId))
  if (!profile) return false
  const balance = await providerBalance(profile.id)
  return balance.pendingCents > 0 || balance.availableCents > 0 || balance.payoutCents > 0
}
