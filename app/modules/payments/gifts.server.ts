import { and, eq, gt, sql } from 'drizzle-orm'
import {
  GIFT_CAP_CENTS,
  GIFT_LIMITS_CENTS,
  GIFT_MESSAGE_LENGTH,
  GIFTS_PER_DAY,
} from '#app/domain/gifts.ts'
import { type ReviewTextProblem, reviewTextProblem } from '#app/domain/reviews.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { db } from '#db/client.server.ts'
import { userRoles } from '#db/schema/auth.ts'
import { gifts } from '#db/schema/gifts.ts'
import { profiles } from '#db/schema/profiles.ts'
import { createCharge } from './charges.server.ts'
import { paidGiftsCents } from './gift-credit.server.ts'
import { providerBalance } from './ledger.server.ts'
import { pixEnabled } from './pix-client.server.ts'

// Gifts (issue 22 point 1; ADR 0020): a signed-in client gives a public, verified profile an
// amount within the terms' limits, by a Pix charge of its own. Paid gifts count against his
// two-week cap; the crediting is gift-credit.server.ts's.

/** Whether gifts are on: GIFTS=1 with Pix configured. */
export function giftsEnabled(): boolean {
  return serverEnv().gifts && pixEnabled()
}

/**
 * Whether her gifts page and withdrawals are open: gifts on, or, once they are turned off,
 * while she still holds money from them (it can always be withdrawn; it is never stranded).
 */
export async function walletOpen(profileId: string): Promise<boolean> {
  if (!pixEnabled()) return false
  if (giftsEnabled()) return true
  const balance = await providerBalance(profileId)
  return balance.pendingCents + balance.availableCents + balance.payoutCents > 0
}

/** Why a gift cannot be started, as a key of the client dictionary's gift errors. */
export type GiftError =
  | 'off'
  | 'notClient'
  | 'notGiftable'
  | 'amount'
  | 'cap'
  | 'perDay'
  | 'unavailable'
  | ReviewTextProblem
  | 'messageLength'

export type GiftStart =
  | { ok: true; chargeId: string; giftId: string }
  | { ok: false; error: GiftError; capLeftCents?: number }

/** A profile that may receive gifts: public, verified by the team, not a demonstration. */
export async function giftableProfile(profileId: string) {
  const [profile] = await db()
    .select({ id: profiles.id, username: profiles.username, name: profiles.name })
    .from(profiles)
    .where(
      and(
        eq(profiles.id, profileId),
        eq(profiles.status, 'approved'),
        eq(profiles.visibilityStatus, 'active'),
        eq(profiles.verificationStatus, 'approved'),
        eq(profiles.isDemo, false),
      ),
    )
  return profile
}

/** What the client may still give within the cap's window. */
export async function giftCapLeftCents(clientId: string, now = new Date()): Promise<number> {
  return Math.max(0, GIFT_CAP_CENTS - (await paidGiftsCents(clientId, now)))
}

/** The problem of a gift's message (the review checks), if any. */
export function giftMessageProblem(message: string): GiftError | undefined {
  if ([...message].length > GIFT_MESSAGE_LENGTH.max) return 'messageLength'
  return message ? reviewTextProblem(message) : undefined
}

/**
 * A client starts a gift of `amountCents` to a profile: the checks of issue 22 (gifts on, a
 * client, a giftable profile, the amount, the message, gifts started today, the two-week cap),
 * then a Pix charge and the gift waiting for it.
 */
export async function startGift(input: {
  clientId: string
  profileId: string
  amountCents: number
  message: string
  now?: Date
}): Promise<GiftStart> {
  const now = input.now ?? new Date()
  if (!giftsEnabled()) return { ok: false, error: 'off' }
  const [client] = await db()
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, input.clientId), eq(userRoles.role, 'client')))
  if (!client) return { ok: false, error: 'notClient' }
  const profile = await giftableProfile(input.profileId)
  if (!profile) return { ok: false, error: 'notGiftable' }
  const { amountCents } = input
  if (
    !Number.isSafeInteger(amountCents) ||
    amountCents < GIFT_LIMITS_CENTS.min ||
    amountCents > GIFT_LIMITS_CENTS.max
  ) {
    return { ok: false, error: 'amount' }
  }
  const message = input.message.trim()
  const problem = giftMessageProblem(message)
  if (problem) return { ok: false, error: problem }
  const [today] = await db()
    .select({ count: sql<string>`count(*)` })
    .from(gifts)
    .where(
      and(
        eq(gifts.clientId, input.clientId),
        gt(gifts.createdAt, new Date(now.getTime() - 86_400_000)),
      ),
    )
  if (Number(today?.count ?? 0) >= GIFTS_PER_DAY) return { ok: false, error: 'perDay' }
  const capLeftCents = await giftCapLeftCents(input.clientId, now)
  if (amountCents > capLeftCents) return { ok: false, error: 'cap', capLeftCents }
  const charge = await createCharge({
    purpose: 'gift',
    userId: input.clientId,
    profileId: profile.id,
    amountCents,
    // Neutral: his bank shows it, and it is nobody's business whom he gave to.
    description: 'Aprova: presente',
  })
  if (!charge.ok) return { ok: false, error: 'unavailable' }
  const [gift] = await db()
    .insert(gifts)
    .values({
      clientId: input.clientId,
      profileId: profile.id,
      chargeId: charge.chargeId,
      amountCents,
      message: message || null,
    })
    .returning({ id: gifts.id })
  if (!gift) throw new Error('gift row not written')
  return { ok: true, chargeId: charge.chargeId, giftId: gift.id }
}
