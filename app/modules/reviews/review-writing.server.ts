import { randomBytes } from 'node:crypto'
import { and, eq, gte, isNotNull, lt, ne, or, sql } from 'drizzle-orm'
import { cookieValue } from '#app/domain/cookies.ts'
import { asLanguage } from '#app/domain/language.ts'
import {
  type Ineligibility,
  nearIdentical,
  RATINGS,
  REVIEW_DEVICE_COOKIE,
  REVIEW_RULES,
  SUSPICION,
  type SuspicionSignal,
} from '#app/domain/reviews.ts'
import { inBackground } from '#app/modules/auth/auth.server.ts'
import { mailer } from '#app/modules/email/mailer.server.ts'
import { newReviewEmail } from '#app/modules/email/messages.ts'
import { profileOwner } from '#app/modules/email/recipients.server.ts'
import { ownCookie } from '#app/modules/http/cookies.server.ts'
import { hashedKey, networkKey } from '#app/modules/security/network-key.server.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { db, type Transaction } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { reviews } from '#db/schema/reviews.ts'
import { type Reviewer, type ReviewTarget, reviewEligibility } from './review-eligibility.server.ts'

// Writing a client review (SPEC §6, issue 20): the browser's device cookie, the eligibility
// checked again under lock, the suspicion rules, the provider's e-mail, and forgetting the
// hashed network and device of old reviews.

const HOUR_MS = 60 * 60_000
const DAY_MS = 24 * HOUR_MS

/** Where a review is written from: the address and the browser (a cookie of its own). */
export interface ReviewOrigin {
  clientIp: string | undefined
  /** The device cookie's value, when the browser sent one. */
  deviceId: string | undefined
}

const REVIEW_DEVICE_COOKIE_DAYS = 400

/**
 * The browser's own identifier for the device rule (a random value in an httpOnly cookie, kept
 * only as an HMAC on reviews) and the Set-Cookie to send when the browser had none.
 */
export function deviceOf(request: Request): { deviceId: string; setCookie?: string } {
  const sent = cookieValue(request.headers.get('cookie'), REVIEW_DEVICE_COOKIE)
  if (sent && /^[\w-]{16,64}$/.test(sent)) return { deviceId: sent }
  const deviceId = randomBytes(18).toString('base64url')
  return {
    deviceId,
    setCookie: ownCookie(REVIEW_DEVICE_COOKIE, deviceId, REVIEW_DEVICE_COOKIE_DAYS * 24 * 60 * 60),
  }
}

export type SubmitResult =
  | { ok: true; id: string; published: boolean }
  | { ok: false; reason: Ineligibility; from?: Date }

/**
 * Writes `who`'s review of `target` (the form already checked: review schema). The eligibility
 * rules are checked again inside a transaction that holds the author's lock, so two sends at
 * once cannot both pass the limits. A review that trips a suspicion rule waits for the team
 * ('pending'); any other is published at once and the provider is e-mailed in her language.
 */
export async function submitReview(
  who: Reviewer,
  target: ReviewTarget,
  input: { rating: number; photosMatch: boolean; body: string; quotable: boolean },
  origin: ReviewOrigin,
  now = new Date(),
): Promise<SubmitResult> {
  if (!RATINGS.includes(input.rating as (typeof RATINGS)[number])) {
    throw new Error('rating out of range: the form is checked before')
  }
  const keys = {
    // Without a known address (a misconfigured proxy) no network is shared with anyone.
    networkKey: origin.clientIp?.trim() ? networkKey('review', origin.clientIp) : null,
    deviceKey: origin.deviceId ? hashedKey('review-device', origin.deviceId) : null,
  }
  const result = await db().transaction(async (tx): Promise<SubmitResult> => {
    // The author's lock holds the author's limits, the profile's the rules that count other
    // accounts' reviews of it (network, device, burst): two at once see each other. Always in
    // this order, so two writers never wait for each other in a circle.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`review:${who.id}`}))`)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`review-profile:${target.id}`}))`)
    const eligible = await reviewEligibility(who, target, now, tx)
    if (!eligible.ok) return eligible
    const signals = await suspicionSignals(tx, who.id, target.id, input.body, keys, now)
    const published = signals.length === 0
    const [row] = await tx
      .insert(reviews)
      .values({
        profileId: target.id,
        authorId: who.id,
        rating: input.rating,
        photosMatch: input.photosMatch,
        body: input.body,
        quotable: input.quotable,
        status: published ? 'published' : 'pending',
        signals,
        ...keys,
        createdAt: now,
        publishedAt: published ? now : null,
      })
      .returning({ id: reviews.id })
    if (!row) throw new Error('review not written')
    return { ok: true, id: row.id, published }
  })
  if (result.ok && result.published) {
    inBackground(tellProviderOfReview(target.id, input.rating), 'review e-mail not sent')
  }
  return result
}

/**
 * The suspicion rules a new review trips (issue 20 point 3): another new account from the same
 * network, or any other account from the same device, reviewed this profile lately; a burst of
 * reviews of this profile; a text near-identical to another review.
 */
async function suspicionSignals(
  tx: Transaction,
  authorId: string,
  profileId: string,
  body: string,
  keys: { networkKey: string | null; deviceKey: string | null },
  now: Date,
): Promise<SuspicionSignal[]> {
  const since = new Date(now.getTime() - SUSPICION.windowDays * DAY_MS)
  const newSince = new Date(now.getTime() - SUSPICION.newAccountDays * DAY_MS)
  const burstSince = new Date(now.getTime() - SUSPICION.burstHours * HOUR_MS)
  const [row] = await tx
    .select({
      authorIsNew: sql<boolean>`(select ${user.createdAt} > ${newSince} from ${user} where ${user.id} = ${authorId})`,
      sameNetworkNew: keys.networkKey
        ? sql<number>`count(*) filter (where ${reviews.networkKey} = ${keys.networkKey} and ${reviews.authorId} <> ${authorId} and ${user.createdAt} > ${newSince})::int`
        : sql<number>`0`,
      sameDevice: keys.deviceKey
        ? sql<number>`count(*) filter (where ${reviews.deviceKey} = ${keys.deviceKey} and ${reviews.authorId} <> ${authorId})::int`
        : sql<number>`0`,
      recent: sql<number>`count(*) filter (where ${reviews.createdAt} > ${burstSince})::int`,
    })
    .from(reviews)
    .innerJoin(user, eq(user.id, reviews.authorId))
    .where(and(eq(reviews.profileId, profileId), gte(reviews.createdAt, since)))
  const signals: SuspicionSignal[] = []
  if (row?.authorIsNew && row.sameNetworkNew > 0) signals.push('same_network')
  if ((row?.sameDevice ?? 0) > 0) signals.push('same_device')
  if ((row?.recent ?? 0) + 1 >= SUSPICION.burstCount) signals.push('burst')
  if (await nearDuplicate(tx, body, now)) signals.push('near_duplicate')
  return signals
}

/**
 * Whether `body` is near-identical to another review of the last SUSPICION.duplicateDays (the
 * review `exceptId` itself left out: an edited review is not its own duplicate).
 */
export async function nearDuplicate(
  tx: Transaction,
  body: string,
  now: Date,
  exceptId?: string,
): Promise<boolean> {
  // Candidates by the trigram index (pg_trgm), then the word-trigram rule of the domain.
  const candidates = await tx
    .select({ body: reviews.body })
    .from(reviews)
    .where(
      and(
        gte(reviews.createdAt, new Date(now.getTime() - SUSPICION.duplicateDays * DAY_MS)),
        sql`${reviews.body} % ${body}`,
        exceptId ? ne(reviews.id, exceptId) : undefined,
      ),
    )
    .orderBy(sql`similarity(${reviews.body}, ${body}) desc`)
    .limit(20)
  return candidates.some((other) => nearIdentical(other.body, body))
}

/** E-mails the profile's owner about a new published review, in her language. */
export async function tellProviderOfReview(profileId: string, rating: number): Promise<void> {
  try {
    const owner = await profileOwner(profileId)
    if (!owner) return
    await mailer().send(
      newReviewEmail(asLanguage(owner.language) ?? 'pt', {
        to: owner.email,
        name: owner.name,
        url: `${serverEnv().baseUrl}/dashboard/reviews`,
        rating,
      }),
    )
  } catch (error) {
    log.error('review e-mail not sent', { profileId, error: String(error) })
  }
}

/** Forgets the hashed network and device of reviews past REVIEW_RULES.networkKeepDays (hourly). */
export async function forgetReviewNetworks(now = new Date()): Promise<number> {
  const cleared = await db()
    .update(reviews)
    .set({ networkKey: null, deviceKey: null })
    .where(
      and(
        or(isNotNull(reviews.networkKey), isNotNull(reviews.deviceKey)),
        lt(reviews.createdAt, new Date(now.getTime() - REVIEW_RULES.networkKeepDays * DAY_MS)),
      ),
    )
    .returning({ id: reviews.id })
  return cleared.length
}
