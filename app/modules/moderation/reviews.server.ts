import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { ContactChannel } from '#app/domain/contact.ts'
import type { ReviewModerationReason } from '#app/domain/reviews.ts'
import { tellProviderOfReview } from '#app/modules/reviews/reviews.server.ts'
import { db, type Transaction } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { profiles } from '#db/schema/profiles.ts'
import { profileContacts, reviews } from '#db/schema/reviews.ts'
import {
  type Actor,
  type AdminResult,
  audit,
  done,
  inTransaction,
  profileLabel,
  Refusal,
} from './kernel.server.ts'

// The team's side of client reviews (issue 20 points 3 and 5): the reviews a suspicion rule
// held, the ones their provider reported, the recent published ones; and the decisions on them,
// each audited in the transaction that makes it. A provider's report stays on the row
// (reported_at); it is open until the team decides on the review after it (moderated_at at or
// after reported_at): closing the report, hiding, restoring or publishing all count.

/** Recent reviews a page of the team's list shows. */
export const ADMIN_REVIEWS_PAGE_SIZE = 20

/** Reviews held or reported the queue shows at most (oldest first). */
const QUEUE_LIMIT = 50

/** A report not yet answered by a decision of the team. */
const reportOpen = and(
  isNotNull(reviews.reportedAt),
  or(isNull(reviews.moderatedAt), lt(reviews.moderatedAt, reviews.reportedAt)),
)

const authorOther = sql<number>`(select count(*)::int from reviews o
  where o.author_id = ${reviews.authorId} and o.id <> ${reviews.id})`

/** The author's contact with the profile through the site, as the contact route kept it. */
const contactOf = (column: 'first_at' | 'last_at' | 'first_channel') =>
  sql.raw(`(select c.${column} from profile_contacts c
    where c.user_id = reviews.author_id and c.profile_id = reviews.profile_id)`)

const shown = {
  id: reviews.id,
  rating: reviews.rating,
  photosMatch: reviews.photosMatch,
  body: reviews.body,
  quotable: reviews.quotable,
  featured: reviews.featured,
  status: reviews.status,
  signals: reviews.signals,
  reply: reviews.reply,
  createdAt: reviews.createdAt,
  publishedAt: reviews.publishedAt,
  editedAt: reviews.editedAt,
  reportedAt: reviews.reportedAt,
  reportReason: reviews.reportReason,
  reportDetails: reviews.reportDetails,
  moderatedAt: reviews.moderatedAt,
  moderationReason: reviews.moderationReason,
  reportClosed: sql<boolean>`(${reviews.reportedAt} is not null
    and ${reviews.moderatedAt} is not null and ${reviews.moderatedAt} >= ${reviews.reportedAt})`,
  authorName: user.name,
  authorEmail: user.email,
  authorSince: user.createdAt,
  authorOtherReviews: authorOther,
  // Whether and when the author opened her contact through the site (issue 33 point 6): the
  // fact a "never met" report turns on.
  contactFirstAt: sql<Date | null>`${contactOf('first_at')}`.mapWith(profileContacts.firstAt),
  contactLastAt: sql<Date | null>`${contactOf('last_at')}`.mapWith(profileContacts.lastAt),
  contactChannel: sql<ContactChannel | null>`${contactOf('first_channel')}`,
  profileId: profiles.id,
  profileName: profiles.name,
  profileUsername: profiles.username,
}

function reviewRows() {
  return db()
    .select(shown)
    .from(reviews)
    .innerJoin(user, eq(user.id, reviews.authorId))
    .innerJoin(profiles, eq(profiles.id, reviews.profileId))
}

export type AdminReviewRow = Awaited<ReturnType<typeof reviewRows>>[number]

/**
 * What the team's reviews page shows: held reviews (with their signals and their author's
 * name, e-mail, account age, contact through the site and other reviews), reviews their
 * provider reported and the team has not answered yet, and a page (1-based) of the recent
 * published or hidden reviews.
 */
export async function reviewQueue(page = 1) {
  const current = Math.max(1, Math.floor(Number.isFinite(page) ? page : 1))
  const [pending, reported, recent, [total]] = await Promise.all([
    reviewRows()
      .where(eq(reviews.status, 'pending'))
      .orderBy(asc(reviews.createdAt))
      .limit(QUEUE_LIMIT),
    reviewRows()
      .where(and(reportOpen, inArray(reviews.status, ['published', 'hidden'])))
      .orderBy(asc(reviews.reportedAt))
      .limit(QUEUE_LIMIT),
    reviewRows()
      .where(inArray(reviews.status, ['published', 'hidden']))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(ADMIN_REVIEWS_PAGE_SIZE)
      .offset((current - 1) * ADMIN_REVIEWS_PAGE_SIZE),
    db()
      .select({ count: sql<number>`count(*)::int` })
      .from(reviews)
      .where(inArray(reviews.status, ['published', 'hidden'])),
  ])
  return {
    pending,
    reported,
    recent,
    page: current,
    pageCount: Math.max(1, Math.ceil((total?.count ?? 0) / ADMIN_REVIEWS_PAGE_SIZE)),
  }
}

/** Why the team hides or removes a review: a listed reason and, for 'other', words. */
export interface ReviewReason {
  reason: ReviewModerationReason
  note: string
}

export type ReviewDecision =
  | { kind: 'publish' }
  | ({ kind: 'hide' } & ReviewReason)
  | { kind: 'restore' }
  | ({ kind: 'remove' } & ReviewReason)
  | { kind: 'close-report'; note: string }
  | { kind: 'feature' }
  | { kind: 'unfeature' }

const ACTIONS = {
  publish: 'review_publish',
  hide: 'review_hide',
  restore: 'review_restore',
  remove: 'review_remove',
  'close-report': 'review_report_close',
  feature: 'review_feature',
  unfeature: 'review_unfeature',
} as const

/** The review row, locked until the transaction ends, with what its label needs. */
async function lockReview(tx: Transaction, reviewId: string) {
  const [row] = await tx
    .select({
      id: reviews.id,
      status: reviews.status,
      quotable: reviews.quotable,
      featured: reviews.featured,
      rating: reviews.rating,
      reportedAt: reviews.reportedAt,
      publishedAt: reviews.publishedAt,
      createdAt: reviews.createdAt,
      reportOpen: sql<boolean>`coalesce(${reportOpen}, false)`,
      authorId: reviews.authorId,
      authorName: user.name,
      profileId: profiles.id,
      profileName: profiles.name,
      profileUsername: profiles.username,
    })
    .from(reviews)
    .innerJoin(user, eq(user.id, reviews.authorId))
    .innerJoin(profiles, eq(profiles.id, reviews.profileId))
    .where(eq(reviews.id, reviewId))
    .for('update', { of: reviews })
  if (!row) throw new Refusal('notFound')
  return row
}

/** The words of a hiding or a removal in the audit log: the listed reason, then the note. */
const auditReason = (input: { reason?: string; note?: string }) =>
  [input.reason, input.note?.trim()].filter(Boolean).join(': ') || null

/**
 * One decision of the team on a review, audited in its transaction. A decision on a state that
 * changed meanwhile is refused ('wrongState'), a review that is gone is 'notFound'. Publishing a
 * held review e-mails the provider once it committed.
 */
export async function decideReview(
  actor: Actor,
  reviewId: string,
  decision: ReviewDecision,
): Promise<AdminResult> {
  const result = await inTransaction(async (tx) => {
    const review = await lockReview(tx, reviewId)
    const moderated = { moderatedAt: sql`now()`, moderatedBy: actor.id }
    const where = eq(reviews.id, reviewId)
    switch (decision.kind) {
      case 'publish':
        // A held review, or one hidden while it was held (never public yet).
        if (!(review.status === 'pending' || (review.status === 'hidden' && !review.publishedAt)))
          throw new Refusal('wrongState')
        await tx
          .update(reviews)
          .set({ status: 'published', publishedAt: sql`now()`, ...moderated })
          .where(where)
        break
      case 'hide':
        if (review.status === 'hidden') throw new Refusal('wrongState')
        await tx
          .update(reviews)
          .set({
            status: 'hidden',
            featured: false,
            moderationReason: decision.reason,
            ...moderated,
          })
          .where(where)
        break
      case 'restore':
        // A held review hidden before it was ever published is published with 'publish', which
        // tells the provider; 'restore' only shows again what was public before.
        if (review.status !== 'hidden' || !review.publishedAt) throw new Refusal('wrongState')
        await tx
          .update(reviews)
          .set({
            status: 'published',
            publishedAt: review.publishedAt,
            moderationReason: null,
            ...moderated,
          })
          .where(where)
        break
      case 'remove':
        await tx.delete(reviews).where(where)
        break
      case 'close-report':
        if (!review.reportOpen) throw new Refusal('wrongState')
        await tx.update(reviews).set(moderated).where(where)
        break
      case 'feature':
        if (review.status !== 'published' || !review.quotable || review.featured)
          throw new Refusal('wrongState')
        await tx.update(reviews).set({ featured: true }).where(where)
        break
      case 'unfeature':
        if (!review.featured) throw new Refusal('wrongState')
        await tx.update(reviews).set({ featured: false }).where(where)
        break
    }
    await audit(tx, actor, {
      action: ACTIONS[decision.kind],
      targetType: 'review',
      targetId: reviewId,
      targetLabel: `${profileLabel({ name: review.profileName, username: review.profileUsername })} – ${review.authorName}`,
      reason:
        decision.kind === 'hide' || decision.kind === 'remove'
          ? auditReason(decision)
          : decision.kind === 'close-report'
            ? auditReason({ note: decision.note })
            : null,
      details: {
        profileId: review.profileId,
        authorId: review.authorId,
        status: review.status,
        rating: review.rating,
        // When it was written: a removed review still counts for its author's 90 days.
        writtenAt: review.createdAt.toISOString(),
        ...(decision.kind === 'hide' || decision.kind === 'remove'
          ? { reason: decision.reason }
          : {}),
      },
    })
    return review
  })
  if (!result.ok) return result
  if (decision.kind === 'publish')
    await tellProviderOfReview(result.value.profileId, result.value.rating)
  return done(undefined)
}
