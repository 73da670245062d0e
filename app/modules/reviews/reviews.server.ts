import { randomBytes } from 'node:crypto'
import { and, desc, eq, gte, isNotNull, lt, ne, or, sql } from 'drizzle-orm'
import { shownDisplayName } from '#app/domain/account.ts'
import type { ContactChannel } from '#app/domain/contact.ts'
import { cookieValue } from '#app/domain/cookies.ts'
import { asLanguage } from '#app/domain/language.ts'
import {
  type EligibilityFacts,
  firstUnmetRule,
  type RuleState,
  reviewRuleStates,
} from '#app/domain/review-rules.ts'
import {
  type Ineligibility,
  nearIdentical,
  RATINGS,
  type RatingSummary,
  REVIEW_DEVICE_COOKIE,
  REVIEW_RULES,
  REVIEWS_PAGE_SIZE,
  ratingSummary,
  SUSPICION,
  type SuspicionSignal,
  testimonialExcerpt,
} from '#app/domain/reviews.ts'
import { inBackground } from '#app/modules/auth/auth.server.ts'
import type { SignedInUser } from '#app/modules/auth/session.server.ts'

/** What deciding on a review needs to know of its author. */
type Reviewer = Pick<SignedInUser, 'id' | 'role' | 'emailVerified'>

import { mailer } from '#app/modules/email/mailer.server.ts'
import { newReviewEmail } from '#app/modules/email/messages.ts'
import { ownCookie } from '#app/modules/http/cookies.server.ts'
import { hashedKey, networkKey } from '#app/modules/security/network-key.server.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { db, type Transaction } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { auditLog } from '#db/schema/moderation.ts'
import { profiles } from '#db/schema/profiles.ts'
import { profileContacts, profileReviewStats, reviews } from '#db/schema/reviews.ts'
import type { PublicReview, ReviewPage, Testimonial } from './review-types.ts'

// Client reviews (SPEC §6, issue 20; ADR 0018): who may write one, writing it, and what the
// public pages show. The team's decisions live in modules/moderation/reviews.server.ts and the
// provider's reply and report in provider-replies.server.ts.

const HOUR_MS = 60 * 60_000
const DAY_MS = 24 * HOUR_MS

/** A public profile that may be reviewed: approved, active, and not a demonstration. */
export interface ReviewTarget {
  id: string
  name: string
  username: string
  userId: string | null
  isDemo: boolean
}

/** A public profile by username (a review form's target), or undefined. */
export async function reviewTarget(username: string): Promise<ReviewTarget | undefined> {
  if (!username || username.length > 60 || username.includes('\0')) return undefined
  const [profile] = await db()
    .select({
      id: profiles.id,
      name: profiles.name,
      username: profiles.username,
      userId: profiles.userId,
      isDemo: profiles.isDemo,
    })
    .from(profiles)
    .where(
      and(
        eq(profiles.username, username.toLowerCase()),
        eq(profiles.status, 'approved'),
        eq(profiles.visibilityStatus, 'active'),
      ),
    )
  return profile
}

export type Eligibility = { ok: true } | { ok: false; reason: Ineligibility; from?: Date }

/** Reasons that stop a visitor before any rule of the list is read (who they are). */
function whoCannotReview(who: Reviewer | null, target: ReviewTarget): Eligibility | undefined {
  if (!who) return { ok: false, reason: 'signed_out' }
  if (who.role !== 'client' || target.userId === who.id) return { ok: false, reason: 'not_client' }
  if (target.isDemo) return { ok: false, reason: 'not_reviewable' }
  return undefined
}

/**
 * What the rules of who may review read of `authorId` and `profileId`, in one query: the
 * account's age, the kept contact, the last review of the profile (a removed or withdrawn one
 * included), the reviews of the last 24 hours. Undefined for an account that is gone.
 */
async function eligibilityFacts(
  authorId: string,
  profileId: string,
  now: Date,
  tx: Transaction | ReturnType<typeof db>,
): Promise<EligibilityFacts | undefined> {
  const [facts] = await tx
    .select({
      createdAt: user.createdAt,
      contact: sql<{ at: string; channel: ContactChannel | null } | null>`(
        select json_build_object('at', ${profileContacts.firstAt}, 'channel', ${profileContacts.firstChannel})
        from ${profileContacts}
        where ${profileContacts.userId} = ${authorId} and ${profileContacts.profileId} = ${profileId}
          and ${profileContacts.lastAt} >= ${new Date(now.getTime() - REVIEW_RULES.contactKeepDays * DAY_MS)}
      )`,
      // A review the team removed, or its author withdrew, still counts (its row is gone; the
      // audit entry keeps when it was written): removing a review must not invite another at once.
      lastReview: sql<Date | string | null>`greatest(
        (select max(${reviews.createdAt}) from ${reviews}
          where ${reviews.authorId} = ${authorId} and ${reviews.profileId} = ${profileId}),
        (select max((${auditLog.details}->>'writtenAt')::timestamptz) from ${auditLog}
          where ${auditLog.action} in ('review_remove', 'review_withdraw')
            and ${auditLog.createdAt} > ${new Date(now.getTime() - REVIEW_RULES.perProfileDays * DAY_MS)}
            and ${auditLog.details}->>'authorId' = ${authorId}
            and ${auditLog.details}->>'profileId' = ${profileId})
      )`,
      ownReview: sql<string | null>`(
        select ${reviews.id}::text from ${reviews}
        where ${reviews.authorId} = ${authorId} and ${reviews.profileId} = ${profileId}
        order by ${reviews.createdAt} desc limit 1
      )`,
      today: sql<number>`(
        select count(*)::int from ${reviews}
        where ${reviews.authorId} = ${authorId} and ${reviews.createdAt} > ${new Date(now.getTime() - DAY_MS)}
      )`,
      firstToday: sql<Date | string | null>`(
        select min(${reviews.createdAt}) from ${reviews}
        where ${reviews.authorId} = ${authorId} and ${reviews.createdAt} > ${new Date(now.getTime() - DAY_MS)}
      )`,
    })
    .from(user)
    .where(eq(user.id, authorId))
  if (!facts) return undefined
  const date = (value: Date | string | null) => (value ? new Date(value) : null)
  // PGlite hands json back parsed, node-postgres too; a string only from an older driver.
  const contact =
    typeof facts.contact === 'string'
      ? (JSON.parse(facts.contact) as { at: string; channel: ContactChannel | null })
      : facts.contact
  return {
    accountCreatedAt: new Date(facts.createdAt),
    contact: contact ? { firstAt: new Date(contact.at), channel: contact.channel } : null,
    lastReviewAt: date(facts.lastReview),
    ownReviewId: facts.ownReview,
    today: facts.today,
    firstToday: date(facts.firstToday),
  }
}

/**
 * Whether `who` may review `target` now (issue 20 point 1), and if not why, with the moment it
 * becomes possible where there is one: a confirmed client account at least 7 days old, that
 * opened the profile's contact at least 24 hours before, no review of this profile in 90 days,
 * fewer than 5 reviews in the last 24 hours. Never a demonstration profile, never the author's
 * own (a provider's account is not a client's anyway).
 */
export async function reviewEligibility(
  who: Reviewer | null,
  target: ReviewTarget,
  now = new Date(),
  tx: Transaction | ReturnType<typeof db> = db(),
): Promise<Eligibility> {
  return (await reviewChecklist(who, target, now, tx)).eligibility
}

/**
 * The eligibility and, for a client, every rule with its state and fact (issue 33 point 7):
 * what the review page lists, so he learns every rule at once, not one at a time.
 */
export async function reviewChecklist(
  who: Reviewer | null,
  target: ReviewTarget,
  now = new Date(),
  tx: Transaction | ReturnType<typeof db> = db(),
): Promise<{ eligibility: Eligibility; rules: RuleState[] | null }> {
  const stopped = whoCannotReview(who, target)
  if (stopped || !who)
    return { eligibility: stopped ?? { ok: false, reason: 'signed_out' }, rules: null }
  const facts = await eligibilityFacts(who.id, target.id, now, tx)
  if (!facts) return { eligibility: { ok: false, reason: 'signed_out' }, rules: null }
  const rules = reviewRuleStates(facts, now)
  if (!who.emailVerified) return { eligibility: { ok: false, reason: 'unconfirmed' }, rules }
  const unmet = firstUnmetRule(rules)
  return { eligibility: unmet ? { ok: false, ...unmet } : { ok: true }, rules }
}

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
    const [owner] = await db()
      .select({ email: user.email, name: user.name, language: user.language })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(eq(profiles.id, profileId))
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

/** A profile's ratings as its page and cards show them (from the kept sums). */
export async function ratingsOf(profileId: string): Promise<RatingSummary> {
  const [row] = await db()
    .select()
    .from(profileReviewStats)
    .where(eq(profileReviewStats.profileId, profileId))
  return ratingSummary(row?.reviewCount ?? 0, row?.ratingSum ?? 0, row?.photosMatchCount ?? 0)
}

/**
 * A page of a profile's published reviews, newest first (1-based `page`), with the authors'
 * display names only, and the summary. Pages past the last are empty.
 */
export async function reviewsOfProfile(profileId: string, page = 1): Promise<ReviewPage> {
  const offset = (Math.max(1, Math.floor(page)) - 1) * REVIEWS_PAGE_SIZE
  const [rows, summary] = await Promise.all([
    db()
      .select({
        id: reviews.id,
        authorName: user.name,
        rating: reviews.rating,
        photosMatch: reviews.photosMatch,
        body: reviews.body,
        createdAt: reviews.createdAt,
        reply: reviews.reply,
        repliedAt: reviews.repliedAt,
      })
      .from(reviews)
      .innerJoin(user, eq(user.id, reviews.authorId))
      .where(and(eq(reviews.profileId, profileId), eq(reviews.status, 'published')))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(REVIEWS_PAGE_SIZE)
      .offset(offset),
    ratingsOf(profileId),
  ])
  const list: PublicReview[] = rows.map((row) => ({
    ...row,
    // A name stored before issue 30's rule, or Google's, shown as the rule allows.
    authorName: shownDisplayName(row.authorName),
    createdAt: row.createdAt.toISOString(),
    repliedAt: row.repliedAt?.toISOString() ?? null,
  }))
  return {
    summary,
    reviews: list,
    page: Math.max(1, Math.floor(page)),
    pageCount: Math.max(1, Math.ceil(summary.count / REVIEWS_PAGE_SIZE)),
  }
}

/**
 * The testimonials of the home page (issue 20 point 5): published reviews of public profiles
 * that their authors allowed to be quoted and the team chose, newest first, as excerpts.
 */
export async function testimonials(limit = 6): Promise<Testimonial[]> {
  const rows = await db()
    .select({
      id: reviews.id,
      body: reviews.body,
      rating: reviews.rating,
      authorName: user.name,
      profileName: profiles.name,
      profileUsername: profiles.username,
    })
    .from(reviews)
    .innerJoin(user, eq(user.id, reviews.authorId))
    .innerJoin(profiles, eq(profiles.id, reviews.profileId))
    .where(
      and(
        eq(reviews.featured, true),
        eq(reviews.status, 'published'),
        eq(reviews.quotable, true),
        eq(profiles.status, 'approved'),
        eq(profiles.visibilityStatus, 'active'),
        eq(profiles.isDemo, false),
      ),
    )
    .orderBy(desc(reviews.publishedAt))
    .limit(limit)
  return rows.map(({ body, ...row }) => ({
    ...row,
    authorName: shownDisplayName(row.authorName),
    excerpt: testimonialExcerpt(body),
  }))
}

/**
 * What the account's export holds of reviews: the contacts noted for them and the reviews the
 * account wrote; for a provider (`profileId`, her profile), the replies she wrote.
 */
export async function reviewDataOf(userId: string, profileId?: string) {
  const [contacts, written, replies] = await Promise.all([
    db()
      .select({
        profileId: profileContacts.profileId,
        username: profiles.username,
        firstContactAt: profileContacts.firstAt,
        firstContactChannel: profileContacts.firstChannel,
        lastContactAt: profileContacts.lastAt,
      })
      .from(profileContacts)
      .innerJoin(profiles, eq(profiles.id, profileContacts.profileId))
      .where(eq(profileContacts.userId, userId))
      .orderBy(desc(profileContacts.lastAt)),
    db()
      .select({
        profileId: reviews.profileId,
        username: profiles.username,
        rating: reviews.rating,
        photosMatch: reviews.photosMatch,
        text: reviews.body,
        quotable: reviews.quotable,
        status: reviews.status,
        writtenAt: reviews.createdAt,
        editedAt: reviews.editedAt,
        reply: reviews.reply,
      })
      .from(reviews)
      .innerJoin(profiles, eq(profiles.id, reviews.profileId))
      .where(eq(reviews.authorId, userId))
      .orderBy(desc(reviews.createdAt)),
    profileId
      ? db()
          .select({ reviewId: reviews.id, reply: reviews.reply, repliedAt: reviews.repliedAt })
          .from(reviews)
          .where(and(eq(reviews.profileId, profileId), isNotNull(reviews.reply)))
          .orderBy(desc(reviews.repliedAt))
      : Promise.resolve([]),
  ])
  return { contacts, written, replies }
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
