import { and, desc, eq, isNotNull } from 'drizzle-orm'
import { shownDisplayName } from '#app/domain/account.ts'
import {
  type RatingSummary,
  REVIEWS_PAGE_SIZE,
  ratingSummary,
  testimonialExcerpt,
} from '#app/domain/reviews.ts'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { profiles } from '#db/schema/profiles.ts'
import { profileContacts, profileReviewStats, reviews } from '#db/schema/reviews.ts'
import type { PublicReview, ReviewPage, Testimonial } from './review-types.ts'

// What the public pages and the account's export read of reviews (SPEC §6, issue 20): a
// profile's ratings and published reviews, the home page's testimonials.

/** A review as a list shows it: its author's name, rating, text, date and the reply. */
export const REVIEW_COLUMNS = {
  id: reviews.id,
  authorName: user.name,
  rating: reviews.rating,
  photosMatch: reviews.photosMatch,
  body: reviews.body,
  createdAt: reviews.createdAt,
  reply: reviews.reply,
  repliedAt: reviews.repliedAt,
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
      .select(REVIEW_COLUMNS)
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
