import { and, count, desc, eq } from 'drizzle-orm'
import {
  REVIEWS_PAGE_SIZE,
  type ReviewReportReason,
  type ReviewStatus,
} from '#app/domain/reviews.ts'
import { db, type Transaction } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { profiles } from '#db/schema/profiles.ts'
import { reviews } from '#db/schema/reviews.ts'
import { REVIEW_COLUMNS } from './review-reading.server.ts'

// The provider's side of reviews (issue 20 point 3): the reviews of her own profile, her one
// public reply, and her one report of a review to the team. She can never delete or hide a
// review: there is no such action here, only the team decides (modules/moderation).

/** A review of the provider's own profile, as her dashboard shows it. */
export interface OwnReview {
  id: string
  /** The author's display name only. */
  authorName: string
  rating: number
  photosMatch: boolean
  body: string
  /** published: on the profile; pending: the team is looking at it; hidden: hidden by the team. */
  status: ReviewStatus
  /** ISO dates. */
  createdAt: string
  reply: string | null
  repliedAt: string | null
  reportedAt: string | null
  reportReason: ReviewReportReason | null
}

export interface OwnReviewPage {
  reviews: OwnReview[]
  /** Every review of her profile, whatever its status. */
  total: number
  page: number
  pageCount: number
}

/** The provider's profile id, or undefined. */
async function ownProfileId(userId: string): Promise<string | undefined> {
  const [row] = await db()
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.userId, userId))
  return row?.id
}

/**
 * A page (1-based, REVIEWS_PAGE_SIZE long) of the reviews of `userId`'s own profile, newest
 * first, whatever their status. Pages past the last are empty.
 */
export async function ownReviews(userId: string, page = 1): Promise<OwnReviewPage> {
  const current = Math.max(1, Math.floor(Number.isFinite(page) ? page : 1))
  const profileId = await ownProfileId(userId)
  if (!profileId) return { reviews: [], total: 0, page: current, pageCount: 1 }
  const [rows, [counted]] = await Promise.all([
    db()
      .select({
        ...REVIEW_COLUMNS,
        status: reviews.status,
        reportedAt: reviews.reportedAt,
        reportReason: reviews.reportReason,
      })
      .from(reviews)
      .innerJoin(user, eq(user.id, reviews.authorId))
      .where(eq(reviews.profileId, profileId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(REVIEWS_PAGE_SIZE)
      .offset((current - 1) * REVIEWS_PAGE_SIZE),
    db().select({ total: count() }).from(reviews).where(eq(reviews.profileId, profileId)),
  ])
  const total = counted?.total ?? 0
  return {
    reviews: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      repliedAt: row.repliedAt?.toISOString() ?? null,
      reportedAt: row.reportedAt?.toISOString() ?? null,
    })),
    total,
    page: current,
    pageCount: Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE)),
  }
}

/** Why a reply or a report was refused (notFound: no review of her own profile by that id). */
export type ReviewActionRefusal = 'notFound' | 'notPublished' | 'alreadyReplied' | 'alreadyReported'

export type ReviewActionResult = { ok: true } | { ok: false; error: ReviewActionRefusal }

/**
 * Runs `work` on the review `reviewId` of `userId`'s own profile, its row locked (`for update`)
 * until the transaction ends, so two sends at once see each other's result.
 */
async function withOwnReview(
  userId: string,
  reviewId: string,
  work: (
    review: { id: string; status: ReviewStatus; reply: string | null; reportedAt: Date | null },
    tx: Transaction,
  ) => Promise<ReviewActionResult>,
): Promise<ReviewActionResult> {
  return db().transaction(async (tx) => {
    const [review] = await tx
      .select({
        id: reviews.id,
        status: reviews.status,
        reply: reviews.reply,
        reportedAt: reviews.reportedAt,
      })
      .from(reviews)
      .innerJoin(profiles, eq(profiles.id, reviews.profileId))
      .where(and(eq(reviews.id, reviewId), eq(profiles.userId, userId)))
      .for('update', { of: reviews })
    if (!review) return { ok: false, error: 'notFound' }
    return work(review, tx)
  })
}

/**
 * The provider's one public reply to a published review of her own profile (the text checked
 * by replySchema: the review rules). A second reply is refused, as is one to a review that is
 * not published (pending or hidden) or of another profile.
 */
export async function replyToReview(
  userId: string,
  reviewId: string,
  reply: string,
  now = new Date(),
): Promise<ReviewActionResult> {
  return withOwnReview(userId, reviewId, async (review, tx) => {
    if (review.status !== 'published') return { ok: false, error: 'notPublished' }
    if (review.reply !== null) return { ok: false, error: 'alreadyReplied' }
    await tx.update(reviews).set({ reply, repliedAt: now }).where(eq(reviews.id, review.id))
    return { ok: true }
  })
}

/**
 * The provider's report of a review of her own profile to the team (once): it joins the team's
 * queue (reported_at is not null) until the team decides. A hidden review is already out of
 * sight; reporting it is refused.
 */
export async function reportReview(
  userId: string,
  reviewId: string,
  report: { reason: ReviewReportReason; details: string | null },
  now = new Date(),
): Promise<ReviewActionResult> {
  return withOwnReview(userId, reviewId, async (review, tx) => {
    if (review.reportedAt !== null) return { ok: false, error: 'alreadyReported' }
    if (review.status === 'hidden') return { ok: false, error: 'notPublished' }
    await tx
      .update(reviews)
      .set({ reportedAt: now, reportReason: report.reason, reportDetails: report.details })
      .where(eq(reviews.id, review.id))
    return { ok: true }
  })
}
