import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core'
import {
  ADMIN_ACTIONS,
  AUDIT_TARGETS,
  REPORT_REASONS,
  REPORT_RESOLUTIONS,
} from '#app/domain/moderation.ts'
import { VISIBILITY_STATUSES } from '#app/domain/profile-status.ts'
import { user } from './auth.ts'
import { inList, timestamptz } from './columns.ts'
import { profiles } from './profiles.ts'

/**
 * Every admin action (issue 8 item 8; DESIGN.md: who, when and why). Append-only: a trigger
 * (migration 0008) refuses UPDATE and DELETE, and nothing references other rows, so deleting an
 * admin's or a provider's account leaves the entries (with the names they had) in place.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** The admin's user id and e-mail at the time (no foreign key: the entry outlives both). */
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action', { enum: ADMIN_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGETS }).notNull(),
    targetId: text('target_id').notNull(),
    /** What the target was called then (profile name and username, e-mail, reserved name). */
    targetLabel: text('target_label').notNull(),
    reason: text('reason'),
    /** The action's figures: days, fee, tier and expiry, resolution… */
    details: jsonb('details'),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
    index('audit_log_target_idx').on(t.targetId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    check('audit_log_action_check', sql`${t.action} in (${inList(ADMIN_ACTIONS)})`),
    check('audit_log_target_check', sql`${t.targetType} in (${inList(AUDIT_TARGETS)})`),
  ],
)

/** A profile's suspensions and ban (SPEC §4), the history the consecutive-suspension rule reads. */
export const profileSanctions = pgTable(
  'profile_sanctions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['suspension', 'ban'] }).notNull(),
    reason: text('reason').notNull(),
    /** A suspension's length, the plan's daily value and the return fee (days × value). */
    days: integer('days'),
    dailyValueCents: integer('daily_value_cents'),
    feeCents: integer('fee_cents'),
    startsAt: timestamptz('starts_at').notNull().defaultNow(),
    /** A suspension's planned end; null for a ban. */
    endsAt: timestamptz('ends_at'),
    /** When an admin lifted the suspension. */
    liftedAt: timestamptz('lifted_at'),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    /** A ban that the third consecutive suspension turned into (SPEC §4). */
    automatic: boolean('automatic').notNull().default(false),
    /** The return fee paid by Pix (issue 21 point 4), or waived by the team with a reason. */
    feePaidAt: timestamptz('fee_paid_at'),
    feeWaivedAt: timestamptz('fee_waived_at'),
    feeWaivedBy: text('fee_waived_by'),
    feeWaiveReason: text('fee_waive_reason'),
  },
  (t) => [
    index('profile_sanctions_profile_idx').on(t.profileId, t.startsAt),
    // The suspensions still running, which the return sweep reads.
    index('profile_sanctions_running_idx')
      .on(t.endsAt)
      .where(sql`${t.kind} = 'suspension' and ${t.liftedAt} is null`),
    check('profile_sanctions_kind_check', sql`${t.kind} in ('suspension', 'ban')`),
  ],
)

/**
 * What a banned provider may not register with again (issue 8 item 3): her e-mail address,
 * phone number and identity documents, each kept only as a sha256 (of the lower-case address,
 * the E.164 number, the document file), never readable. No foreign key: a ban outlives the
 * account it came from.
 */
export const bannedIdentifiers = pgTable(
  'banned_identifiers',
  {
    kind: text('kind', { enum: ['email', 'phone', 'document'] }).notNull(),
    hash: text('hash').notNull(),
    profileId: uuid('profile_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.hash] }),
    check('banned_identifiers_kind_check', sql`${t.kind} in ('email', 'phone', 'document')`),
  ],
)

/** A report about a profile, filed by a client or a visitor (issue 9), resolved by the team. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** The client who filed it; null for a visitor. Never shown to the provider. */
    reporterId: text('reporter_id').references(() => user.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details'),
    /**
     * A visitor's address as an HMAC (keyed with the site secret), for the rate limit only;
     * cleared after a week. Null for a client, who is limited by account.
     */
    reporterKey: text('reporter_key'),
    /** The profile's visibility before this 'minor' report hid it ('active'); null when it hid nothing. */
    hidFrom: text('hid_from', { enum: VISIBILITY_STATUSES }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: text('resolved_by').references(() => user.id, { onDelete: 'set null' }),
    resolution: text('resolution', { enum: REPORT_RESOLUTIONS }),
    note: text('note'),
  },
  (t) => [
    index('reports_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} is null`),
    index('reports_profile_idx').on(t.profileId),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
    index('reports_reporter_key_idx').on(t.reporterKey, t.createdAt),
    check('reports_reason_check', sql`${t.reason} in (${inList(REPORT_REASONS)})`),
    check(
      'reports_hid_from_check',
      sql`${t.hidFrom} is null or ${t.hidFrom} in (${inList(VISIBILITY_STATUSES)})`,
    ),
  ],
)
