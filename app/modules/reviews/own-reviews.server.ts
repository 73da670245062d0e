import { and, desc, eq, sql } from 'drizzle-orm'
import {
  type ReviewEditRefusal,
  type ReviewEditState,
  type ReviewModerationReason,
  type ReviewStatus,
  reviewEditState,
} from '#app/domain/reviews.ts'
import { db } from '#db/client.server.ts'
import { auditLog } from '#db/schema/moderation.ts'
import { profiles } from '#db/schema/profiles.ts'
import { reviews } from '#db/schema/reviews.ts'
import { nearDuplicate } from './review-writing.server.ts'

// The author's side of reviews (issue 33 point 8): his own reviews with their state, an edit
// within the rules the review obeys, and withdrawing one. Only the author: every function takes
// his id and touches no other account's review (another's is 'notFound', as if it did not exist).

/** A review as its author's "My reviews" page shows it. */
export interface AuthoredReview {
  id: string
  profileName: string
  profileUsername: string
  /** Whether the profile is public now (its link leads somewhere). */
  profilePublic: boolean
  rating: number
  photosMatch: boolean
  body: string
  quotable: boolean
  status: ReviewStatus
  /** Why the team hid it (a listed reason; the page says it in words). */
  hiddenFor: ReviewModerationReason | null
  /** ISO dates. */
  createdAt: string
  editedAt: string | null
  reply: string | null
  /** Whether he may edit it now, and if not why; until when (ISO) if he may. */
  edit: { editable: true; until: string } | { editable: false; reason: ReviewEditRefusal }
}

const editView = (state: ReviewEditState): AuthoredReview['edit'] =>
  state.editable
    ? { editable: true, until: state.until.toISOString() }
    : { editable: false, reason: state.reason }

/** Every review `authorId` wrote, newest first, whatever its state. */
export async function reviewsByAuthor(
  authorId: string,
  now = new Date(),
): Promise<AuthoredReview[]> {
  const rows = await db()
    .select({
      id: reviews.id,
      profileName: profiles.name,
      profileUsername: profiles.username,
      profilePublic: sql<boolean>`(${profiles.status} = 'approved' and ${profiles.visibilityStatus} = 'active')`,
      rating: reviews.rating,
      photosMatch: reviews.photosMatch,
      body: reviews.body,
      quotable: reviews.quotable,
      status: reviews.status,
      moderationReason: reviews.moderationReason,
      createdAt: reviews.createdAt,
      editedAt: reviews.editedAt,
      reply: reviews.reply,
    })
    .from(reviews)
    .innerJoin(profiles, eq(profiles.id, reviews.profileId))
    .where(eq(reviews.authorId, authorId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
  return rows.map(({ moderationReason, ...row }) => ({
    ...row,
    hiddenFor: row.status === 'hidden' ? moderationReason : null,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    edit: editView(reviewEditState(row, now)),
  }))
}

export type OwnReviewResult =
  | { ok: true; published?: boolean }
  | { ok: false; error: 'notFound' | ReviewEditRefusal }

/**
 * Changes `authorId`'s review `reviewId` (the form already checked: the review schema, so the
 * same text rules as a new one). Refused once the team hid it, once the provider replied (her
 * public answer is to the words she read) and past REVIEW_RULES.editDays. The new text goes
 * through the near-identical rule again; a held review stays held, and one that trips the rule
 * is held again for the team. A testimonial is no longer one: the team chose the old words.
 */
export async function editOwnReview(
  authorId: string,
  reviewId: string,
  input: { rating: number; photosMatch: boolean; body: string; quotable: boolean },
  now = new Date(),
): Promise<OwnReviewResult> {
  return db().transaction(async (tx): Promise<OwnReviewResult> => {
    // The same locks, in the same order, as writing one: the rules see the edit and a new review.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`review:${authorId}`}))`)
    const [review] = await tx
      .select({
        id: reviews.id,
        profileId: reviews.profileId,
        status: reviews.status,
        reply: reviews.reply,
        createdAt: reviews.createdAt,
        signals: reviews.signals,
      })
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.authorId, authorId)))
    if (!review) return { ok: false, error: 'notFound' }
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`review-profile:${review.profileId}`}))`,
    )
    const allowed = reviewEditState(review, now)
    if (!allowed.editable) return { ok: false, error: allowed.reason }
    const duplicate = await nearDuplicate(tx, input.body, now, review.id)
    const signals = duplicate ? [...new Set([...review.signals, 'near_duplicate'])] : review.signals
    const held = review.status === 'pending' || duplicate
    await tx
      .update(reviews)
      .set({
        rating: input.rating,
        photosMatch: input.photosMatch,
        body: input.body,
        quotable: input.quotable,
        featured: false,
        signals,
        status: held ? 'pending' : 'published',
        editedAt: now,
      })
      .where(eq(reviews.id, review.id))
    return { ok: true, published: !held }
  })
}

/**
 * Withdraws `authorId`'s review `reviewId`: the row goes (off the profile, the sums follow by
 * the trigger, the provider's reply with it) and an audit entry keeps when it was written, so it
 * still counts for his one review of the profile in REVIEW_RULES.perProfileDays: withdrawing a
 * review and writing another must not launder a rating.
 */
export async function withdrawOwnReview(
  author: { id: string; email: string; name: string },
  reviewId: string,
): Promise<OwnReviewResult> {
  return db().transaction(async (tx): Promise<OwnReviewResult> => {
    const [gone] = await tx
      .delete(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.authorId, author.id)))
      .returning({
        profileId: reviews.profileId,
        status: reviews.status,
        rating: reviews.rating,
        createdAt: reviews.createdAt,
      })
    if (!gone) return { ok: false, error: 'notFound' }
    const [profile] = await tx
      .select({ name: profiles.name, username: profiles.username })
      .from(profiles)
      .where(eq(profiles.id, gone.profileId))
    await tx.insert(auditLog).values({
      actorId: author.id,
      actorEmail: author.email,
      action: 'review_withdraw',
      targetType: 'review',
      targetId: reviewId,
      targetLabel: `${profile?.name ?? ''} (${profile?.username ?? ''}) – ${author.name}`,
      details: {
        profileId: gone.profileId,
        authorId: author.id,
        status: gone.status,
        rating: gone.rating,
        writtenAt: gone.createdAt.toISOString(),
      },
    })
    return { ok: true }
  })
}
