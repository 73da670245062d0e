import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { MEMBERSHIP_TIERS } from '#app/domain/membership.ts'
import {
  PROFILE_STATUSES,
  VERIFICATION_STATES,
  VISIBILITY_STATUSES,
} from '#app/domain/profile-status.ts'
import { user } from './auth.ts'
import { cities, services } from './reference.ts'

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))
const timestamptz = (name: string) => timestamp(name, { withTimezone: true })

/** An advertiser's one public profile (SPEC §3 Profile). */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    workingName: text('working_name'),
    username: text('username').notNull(),
    age: integer('age'),
    /** Display name of the city, as the SPEC's city filter matches on it. */
    city: text('city'),
    citySlug: text('city_slug').references(() => cities.slug),
    neighborhoodSlug: text('neighborhood_slug'),
    description: text('description'),
    /** Whole reais per hour. */
    hourlyRate: integer('hourly_rate'),
    isPremium: boolean('is_premium').notNull().default(false),
    membershipTier: text('membership_tier', { enum: MEMBERSHIP_TIERS }).notNull().default('free'),
    tierExpiresAt: timestamptz('tier_expires_at'),
    tierUpgradedAt: timestamptz('tier_upgraded_at'),
    status: text('status', { enum: PROFILE_STATUSES }).notNull().default('draft'),
    visibilityStatus: text('visibility_status', { enum: VISIBILITY_STATUSES })
      .notNull()
      .default('active'),
    verificationStatus: text('verification_status', { enum: VERIFICATION_STATES })
      .notNull()
      .default('not_submitted'),
    documentVerificationStatus: text('document_verification_status', {
      enum: VERIFICATION_STATES,
    })
      .notNull()
      .default('not_submitted'),
    videoVerificationStatus: text('video_verification_status', { enum: VERIFICATION_STATES })
      .notNull()
      .default('not_submitted'),
    contactVerified: boolean('contact_verified').notNull().default(false),
    /** E.164, e.g. +5511990000001; never rendered in listing HTML. */
    whatsapp: text('whatsapp'),
    telegram: text('telegram'),
    xHandle: text('x_handle'),
    touringAvailable: boolean('touring_available').notNull().default(false),
    showAvailabilityStatus: boolean('show_availability_status').notNull().default(false),
    /** The provider's "available now" switch; shown only with show_availability_status. */
    availableNow: boolean('available_now').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    monthlyPhotoUploads: integer('monthly_photo_uploads').notNull().default(0),
    photoUploadResetDate: date('photo_upload_reset_date'),
    termsAcceptedAt: timestamptz('terms_accepted_at'),
    premiumExpiresAt: timestamptz('premium_expires_at'),
    bulkCreated: boolean('bulk_created').notNull().default(false),
    bulkCreatedAt: timestamptz('bulk_created_at'),
    contactEncrypted: boolean('contact_encrypted').notNull().default(false),
    photoSourceTracking: jsonb('photo_source_tracking'),
    hiddenAt: timestamptz('hidden_at'),
    hiddenBy: text('hidden_by').references(() => user.id, { onDelete: 'set null' }),
    sourceUrl: text('source_url'),
    /** Demonstration profile: exists only in demo mode and is labelled on screen (DESIGN.md). */
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (t) => [
    uniqueIndex('profiles_username_key').on(t.username),
    uniqueIndex('profiles_user_id_key').on(t.userId),
    index('profiles_public_city_idx')
      .on(t.citySlug, t.createdAt)
      .where(sql`${t.status} = 'approved' and ${t.visibilityStatus} = 'active'`),
    index('profiles_public_touring_idx')
      .on(t.createdAt)
      .where(
        sql`${t.status} = 'approved' and ${t.visibilityStatus} = 'active' and ${t.touringAvailable}`,
      ),
    index('profiles_public_neighborhood_idx')
      .on(t.citySlug, t.neighborhoodSlug)
      .where(sql`${t.status} = 'approved' and ${t.visibilityStatus} = 'active'`),
    index('profiles_status_idx').on(t.status, t.visibilityStatus),
    check('profiles_tier_check', sql`${t.membershipTier} in (${inList(MEMBERSHIP_TIERS)})`),
    check('profiles_status_check', sql`${t.status} in (${inList(PROFILE_STATUSES)})`),
    check(
      'profiles_visibility_check',
      sql`${t.visibilityStatus} in (${inList(VISIBILITY_STATUSES)})`,
    ),
    check('profiles_age_check', sql`${t.age} is null or ${t.age} between 18 and 100`),
    check('profiles_rate_check', sql`${t.hourlyRate} is null or ${t.hourlyRate} >= 0`),
  ],
)

/** A photo or video of a profile (SPEC §3 Image). Only verification_type 'profile' is public. */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    isCover: boolean('is_cover').notNull().default(false),
    displayOrder: integer('display_order').notNull().default(0),
    mediaType: text('media_type', { enum: ['image', 'video'] })
      .notNull()
      .default('image'),
    verificationType: text('verification_type', { enum: ['profile', 'document', 'selfie'] })
      .notNull()
      .default('profile'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** Seconds, for videos. */
    duration: integer('duration'),
    /** sha256 of the stored original, hex. */
    fileHash: text('file_hash'),
    fileSize: bigint('file_size', { mode: 'number' }),
    integrityVerified: boolean('integrity_verified').notNull().default(false),
    lastIntegrityCheck: timestamptz('last_integrity_check'),
    storagePath: text('storage_path'),
    mimeType: text('mime_type'),
    width: integer('width'),
    height: integer('height'),
    /** Perceptual hash (hex) used to flag the same photo on two profiles. */
    perceptualHash: text('perceptual_hash'),
    /** Widths of the WebP variants stored beside url, for srcset. */
    variantWidths: integer('variant_widths').array().notNull().default([]),
  },
  (t) => [index('images_profile_order_idx').on(t.profileId, t.displayOrder)],
)

/** The services a provider offers (DESIGN.md: service pages filter by them). */
export const profileServices = pgTable(
  'profile_services',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    serviceSlug: text('service_slug')
      .notNull()
      .references(() => services.slug, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.serviceSlug] }),
    index('profile_services_service_idx').on(t.serviceSlug),
  ],
)

/** Old or protected usernames; a row pointing at a profile redirects to its current username. */
export const reservedUsernames = pgTable('reserved_usernames', {
  username: text('username').primaryKey(),
  profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
})
