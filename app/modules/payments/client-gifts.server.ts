import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import { GIFT_CAP_DAYS } from '#app/domain/gifts.ts'
import { db } from '#db/client.server.ts'
import { gifts } from '#db/schema/gifts.ts'
import { pixCharges } from '#db/schema/payments.ts'
import { profiles } from '#db/schema/profiles.ts'
import { giftableProfile } from './gifts.server.ts'

// The client's side of gifts (issue 22 point 1): the profile a gift form is for, the gifts he
// gave as his area and his charge pages show them, and what his data export holds of them.

/** Whether a profile row is public (a gift's profile is named with a link only then). */
const isPublic = sql<boolean>`coalesce(${profiles.status} = 'approved' and ${profiles.visibilityStatus} = 'active', false)`

/** A gift form's profile: a public one by username, and whether it may receive gifts now. */
export async function giftTarget(username: string) {
  if (!username || username.length > 60 || username.includes('\0')) return undefined
  const [profile] = await db()
    .select({ id: profiles.id, name: profiles.name, username: profiles.username })
    .from(profiles)
    .where(
      and(
        eq(profiles.username, username.toLowerCase()),
        eq(profiles.status, 'approved'),
        eq(profiles.visibilityStatus, 'active'),
      ),
    )
  if (!profile) return undefined
  // The rule startGift applies, in one place.
  return { ...profile, giftable: Boolean(await giftableProfile(profile.id)) }
}

/**
 * When the client's two-week cap next grows: the oldest paid gift that counts against it leaves
 * its window then. Null when none counts.
 */
export async function capGrowsAt(clientId: string, now = new Date()): Promise<Date | null> {
  const windowStart = new Date(now.getTime() - GIFT_CAP_DAYS * 86_400_000)
  const [oldest] = await db()
    .select({ paidAt: gifts.paidAt })
    .from(gifts)
    .where(
      and(
        eq(gifts.clientId, clientId),
        inArray(gifts.status, ['pending', 'available']),
        gt(gifts.paidAt, windowStart),
      ),
    )
    .orderBy(asc(gifts.paidAt))
    .limit(1)
  return oldest?.paidAt ? new Date(oldest.paidAt.getTime() + GIFT_CAP_DAYS * 86_400_000) : null
}

/** How many gifts his area lists (newest first): five a day at most makes this weeks of them. */
export const GIFTS_LISTED = 100

/** The gifts a client gave, newest first, each with its profile and its charge's state. */
export async function giftsGivenBy(clientId: string, limit = GIFTS_LISTED) {
  return db()
    .select({
      id: gifts.id,
      amountCents: gifts.amountCents,
      message: gifts.message,
      status: gifts.status,
      createdAt: gifts.createdAt,
      paidAt: gifts.paidAt,
      availableAt: gifts.availableAt,
      refundedAt: gifts.refundedAt,
      chargeId: gifts.chargeId,
      chargeStatus: pixCharges.status,
      chargeExpiresAt: pixCharges.expiresAt,
      profileName: profiles.name,
      profileUsername: profiles.username,
      profilePublic: isPublic,
    })
    .from(gifts)
    .leftJoin(profiles, eq(profiles.id, gifts.profileId))
    .leftJoin(pixCharges, eq(pixCharges.id, gifts.chargeId))
    .where(eq(gifts.clientId, clientId))
    .orderBy(desc(gifts.createdAt), desc(gifts.id))
    .limit(limit)
}

/** The gift one of his charges pays for (his charge page), or undefined. */
export async function giftOfCharge(clientId: string, chargeId: string) {
  const [gift] = await db()
    .select({
      status: gifts.status,
      availableAt: gifts.availableAt,
      profileName: profiles.name,
      profileUsername: profiles.username,
      profilePublic: isPublic,
    })
    .from(gifts)
    .leftJoin(profiles, eq(profiles.id, gifts.profileId))
    .where(and(eq(gifts.clientId, clientId), eq(gifts.chargeId, chargeId)))
  return gift
}

/** The gifts a client gave, as his data export holds them (LGPD art. 18). */
export async function giftRecordsOf(clientId: string) {
  return db()
    .select({
      amountCents: gifts.amountCents,
      profileUsername: profiles.username,
      status: gifts.status,
      message: gifts.message,
      createdAt: gifts.createdAt,
      paidAt: gifts.paidAt,
      availableAt: gifts.availableAt,
      refundedAt: gifts.refundedAt,
    })
    .from(gifts)
    .leftJoin(profiles, eq(profiles.id, gifts.profileId))
    .where(eq(gifts.clientId, clientId))
    .orderBy(desc(gifts.createdAt))
}
