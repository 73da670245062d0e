import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core'
import { CONTACT_CHANNELS } from '#app/domain/contact.ts'
import {
  REVIEW_MODERATION_REASONS,
  REVIEW_REPORT_REASONS,
  REVIEW_STATUSES,
} from '#app/domain/reviews.ts'
import { user } from './auth.ts'
import { inList, timestamptz } from './columns.ts'
import { profiles } from './profiles.ts'

// Client reviews (issue 20; ADR 0018).

/**
 * That a signed-in client opened a profile's contact (the contact route, while signed in): the
 * only proof a review needs, kept for nothing else and for REVIEW_RULES.contactKeepDays after the
 * last contact (the hourly sweep deletes older rows). In the account's export; goes with it.
 */
export const profileContacts = pgTable(
  'profile_contacts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    firstAt: timestamptz('first_at').notNull().defaultNow(),
    lastAt: timestamptz('last_at').notNull().defaultNow(),
    /** The button of the first contact (issue 33): null for contacts noted before it was kept. */
    firstChannel: text('first_channel', { enum: CONTACT_CHANNELS }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.profileId] }),
    index('profile_contacts_last_idx').on(t.lastAt),
    index('profile_contacts_profile_idx').on(t.profileId),
    check(
      'profile_contacts_first_channel_check',
      sql`${t.firstChannel} is null or ${t.firstChannel} in (${inList(CONTACT_CHANNELS)})`,
    ),
  ],
)

/**
 * A client's review of a profile. Deleting the client's account or the profile deletes it; the
 * team's 'remove' deletes it too (the audit log keeps the decision). Shown with the author's
 * display name only.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    photosMatch: boolean('photos_match').notNull(),
    body: text('body').notNull(),
    /** The author allows an excerpt on the home page, should the team choose it. */
    quotable: boolean('quotable').notNull().default(false),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('published'),
    /** The suspicion rules it tripped (SUSPICION_SIGNALS); a pending review waits for the team. */
    signals: text('signals').array().notNull().default(sql`'{}'::text[]`),
    /** HMACs of the author's network and device, cleared after REVIEW_RULES.networkKeepDays. */
    networkKey: text('network_key'),
    deviceKey: text('device_key'),
    /** Chosen by the team as a testimonial for the home page (only a quotable, published one). */
    featured: boolean('featured').notNull().default(false),
    /** The provider's one public reply. */
    reply: text('reply'),
    repliedAt: timestamptz('replied_at'),
    /** The provider's report of the review to the team (one), until the team decides. */
    reportedAt: timestamptz('reported_at'),
    reportReason: text('report_reason', { enum: REVIEW_REPORT_REASONS }),
    reportDetails: text('report_details'),
    /** The team's last decision: who, when and why (hidden, or a report closed). */
    moderatedAt: timestamptz('moderated_at'),
    moderatedBy: text('moderated_by').references(() => user.id, { onDelete: 'set null' }),
    moderationReason: text('moderation_reason', { enum: REVIEW_MODERATION_REASONS }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    publishedAt: timestamptz('published_at'),
    /** When its author last changed it (issue 33); null: as first written. */
    editedAt: timestamptz('edited_at'),
  },
  (t) => [
    index('reviews_profile_published_idx')
      .on(t.profileId, t.createdAt.desc())
      .where(sql`${t.status} = 'published'`),
    index('reviews_author_idx').on(t.authorId, t.profileId, t.createdAt),
    index('reviews_author_created_idx').on(t.authorId, t.createdAt),
    index('reviews_profile_created_idx').on(t.profileId, t.createdAt),
    index('reviews_created_idx').on(t.createdAt),
    index('reviews_queue_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' or ${t.reportedAt} is not null`),
    index('reviews_featured_idx')
      .on(t.publishedAt.desc())
      .where(sql`${t.featured} and ${t.status} = 'published'`),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_status_check', sql`${t.status} in (${inList(REVIEW_STATUSES)})`),
    check(
      'reviews_report_reason_check',
      sql`${t.reportReason} is null or ${t.reportReason} in (${inList(REVIEW_REPORT_REASONS)})`,
    ),
    check(
      'reviews_moderation_reason_check',
      sql`${t.moderationReason} is null or ${t.moderationReason} in (${inList(REVIEW_MODERATION_REASONS)})`,
    ),
    check('reviews_featured_check', sql`not ${t.featured} or ${t.quotable}`),
  ],
)

/**
 * A profile's published reviews summed up, kept by a trigger on reviews (migration 0013): what
 * cards and the profile page show, read with the listing's one query.
 */
export const profileReviewStats = pgTable(
  'profile_review_stats',
  {
    profileId: uuid('profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    reviewCount: integer('review_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    photosMatchCount: integer('photos_match_count').notNull().default(0),
  },
  (t) => [
    check(
      'profile_review_stats_counts_check',
      sql`${t.reviewCount} >= 0 and ${t.ratingSum} >= 0 and ${t.photosMatchCount} >= 0`,
    ),
  ],
)
