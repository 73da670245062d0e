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
import { inList, timestamptz } from './columns.ts'
import { cities, services } from './reference.ts'

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
    /** The plan end the 3-days reminder was sent for (issue 21), so it goes once per end. */
    tierReminderFor: timestamptz('tier_reminder_for'),
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
    /** Why the team hid the profile (visibility 'hidden'; shown to its provider). */
    hiddenReason: text('hidden_reason'),
    /** Why the team rejected, suspended, banned or hid the profile (shown to its provider). */
    statusReason: text('status_reason'),
    /** End of a suspension. */
    suspendedUntil: timestamptz('suspended_until'),
    /** When the team last approved the provider's identity; it lapses after 6 months (SPEC §6). */
    verifiedAt: timestamptz('verified_at'),
    /** The keyed hash of the CPF of her approved identity check: the only key paid out to. */
    payoutCpfHash: text('payout_cpf_hash'),
    /** When the reminder that the verification is about to lapse was sent. */
    verificationReminderAt: timestamptz('verification_reminder_at'),
    /** A new working name for an approved profile, public once the team approves it. */
    pendingWorkingName: text('pending_working_name'),
    /** Since when an approved profile has changes (name, photos) waiting for review. */
    changesSubmittedAt: timestamptz('changes_submitted_at'),
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
    // Paid tiers the expiry job looks at (issue 8 item 5): the few among many free profiles.
    index('profiles_tier_expiry_idx').on(t.tierExpiresAt).where(sql`${t.membershipTier} <> 'free'`),
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
    // 'profile' photos are public with their profile; 'pending' ones were added to an approved
    // profile and wait for the team's review (the approved gallery stays public meanwhile);
    // 'uploading' and 'deleting' rows own files being written or removed (never shown).
    verificationType: text('verification_type', {
      enum: ['profile', 'pending', 'uploading', 'deleting', 'document', 'selfie'],
    })
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
  (t) => [
    index('images_profile_order_idx').on(t.profileId, t.displayOrder),
    // The same file on another account is refused: found by its sha256.
    index('images_file_hash_idx').on(t.fileHash),
    // /media's decision for a key that is not a profile photo's own (demo and bulk art).
    index('images_storage_path_idx').on(t.storagePath),
    // The sweep of uploads and deletions a dead process left: a handful of rows among millions.
    index('images_unfinished_idx')
      .on(t.createdAt)
      .where(sql`${t.verificationType} in ('uploading', 'deleting')`),
  ],
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
  /**
   * Until when the name stays held (issue 30 point 11: a deleted profile's name for 90 days, so
   * nobody inherits its links and reputation at once); null holds it for good.
   */
  heldUntil: timestamptz('held_until'),
})

/**
 * Whether a reserved username still holds its name: for good, or until a date not yet reached.
 * A hold that ran out is free to take (and swept): every check of a name goes through this.
 */
export const reservationHolds = sql`(${reservedUsernames.heldUntil} is null or ${reservedUsernames.heldUntil} > now())`

/**
 * A new photo that looks like a photo of another profile (perceptual hashes at most 10 bits
 * apart of 64): flagged for the team, which resolves it (issue 8).
 */
export const photoFlags = pgTable(
  'photo_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    matchedImageId: uuid('matched_image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    /** Bits that differ between the two perceptual hashes. */
    distance: integer('distance').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: text('resolved_by').references(() => user.id, { onDelete: 'set null' }),
    resolution: text('resolution'),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('photo_flags_pair_key').on(t.imageId, t.matchedImageId),
    index('photo_flags_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} is null`),
  ],
)

/** 'receiving': files being written (never shown to the team); then waiting, then decided. */
export const VERIFICATION_SUBMISSION_STATES = [
  'receiving',
  'pending',
  'approved',
  'rejected',
] as const

/**
 * An identity check sent by a provider (issue 7): the document's front and back and a selfie
 * holding it, kept privately until the team decides; then the files are deleted and only the
 * decision, its date, the reviewer and the files' hashes stay.
 */
export const verificationSubmissions = pgTable(
  'verification_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    status: text('status', { enum: VERIFICATION_SUBMISSION_STATES }).notNull().default('receiving'),
    /** When the provider agreed to the processing (LGPD art. 11, II, a: consent). */
    consentAt: timestamptz('consent_at').notNull(),
    submittedAt: timestamptz('submitted_at').notNull().defaultNow(),
    /** Private storage keys; null once the files are deleted after the decision. */
    documentFrontKey: text('document_front_key'),
    documentBackKey: text('document_back_key'),
    selfieKey: text('selfie_key'),
    documentFrontHash: text('document_front_hash').notNull(),
    documentBackHash: text('document_back_hash').notNull(),
    selfieHash: text('selfie_hash').notNull(),
    decidedAt: timestamptz('decided_at'),
    reviewerId: text('reviewer_id').references(() => user.id, { onDelete: 'set null' }),
    reason: text('reason'),
    /**
     * The CPF she gave for withdrawals (issue 22), for the team to compare with the document:
     * cleared with the files after the decision; its keyed hash stays (cpfHash).
     */
    cpf: text('cpf'),
    cpfHash: text('cpf_hash'),
  },
  (t) => [
    index('verification_submissions_queue_idx').on(t.status, t.submittedAt),
    index('verification_submissions_profile_idx').on(t.profileId),
    // Decided checks whose documents are not deleted yet (the store was down): the sweep's list.
    index('verification_submissions_undeleted_idx')
      .on(t.id)
      .where(sql`${t.documentFrontKey} is not null and ${t.status} in ('approved', 'rejected')`),
    check(
      'verification_submissions_status_check',
      sql`${t.status} in (${inList(VERIFICATION_SUBMISSION_STATES)})`,
    ),
  ],
)
