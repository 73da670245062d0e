import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { LANGUAGES } from '#app/domain/language.ts'
import { inList } from './columns.ts'

// The four tables better-auth's drizzle adapter expects (core schema), with snake_case columns,
// and the account data of our own: the role and a client's sign-up details.

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    /** A provider's working name or a client's display name (the name e-mails greet). */
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    /** Interface language at sign-up, for e-mails sent outside a request (moderation). */
    language: text('language', { enum: LANGUAGES }).notNull().default('pt'),
    /** better-auth's two-factor plugin: set once an authenticator's first code is confirmed. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /**
     * When the owner of the address confirmed it (issue 30): by a link opened together with
     * proof of the account's password (typed, or the browser that signed up), or a new one set.
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The last sign-in with the account's own password (issue 30: granting admin needs one). */
    passwordSignInAt: timestamp('password_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('user_language_check', sql`${t.language} in (${inList(LANGUAGES)})`),
    // Accounts never confirmed go after a week (issue 30): the sweep finds them by this.
    index('user_unconfirmed_idx').on(t.createdAt).where(sql`${t.emailVerified} = false`),
  ],
)

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
)

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
)

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
)

/**
 * better-auth's two-factor plugin (issue 23): the authenticator's secret and the backup codes,
 * both encrypted with the auth secret; `verified` once the first code is confirmed.
 */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /**
     * The TOTP time step (unix seconds / 30) of the last code accepted (RFC 6238 §5.2, issue 30):
     * a code of that step or an earlier one is refused, in sign-in and step-up alike.
     */
    lastAcceptedStep: bigint('last_accepted_step', { mode: 'number' }),
  },
  (t) => [uniqueIndex('two_factor_user_id_idx').on(t.userId)],
)

/**
 * What we know of a session beyond better-auth's row (issue 23): when it passed the second
 * factor, when its owner last confirmed it is them (step-up), and when it was last seen.
 */
export const sessionAssurance = pgTable('session_assurance', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => session.id, { onDelete: 'cascade' }),
  secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
})

/**
 * A form sent while its session had to prove who it is first (issue 30 point 7): kept for the
 * session, a few minutes and once, so the action resumes after the proof with what was typed.
 */
export const stepUpForms = pgTable(
  'step_up_forms',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => session.id, { onDelete: 'cascade' }),
    /** The page whose action the form was sent to (a local path with its query). */
    path: text('path').notNull(),
    /** The form's fields, as [name, value] pairs in order (JSON). */
    fields: text('fields').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('step_up_forms_session_idx').on(t.sessionId)],
)

/**
 * The devices (browser and system, never the address) an account has signed in from, so a sign-in
 * from a new one is told by e-mail (issue 23).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    device: text('device').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.device] })],
)

/** One role per user (SPEC §3 user_roles); assigned on the server at sign-up, changed only by an admin. */
export const userRoles = pgTable('user_roles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  role: text('role', { enum: ['provider', 'client', 'admin'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A client's sign-up details (SPEC §3 sign-up metadata); the display name is user.name. */
export const clientProfiles = pgTable('client_profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  about: text('about'),
  /** Kept to prove the 18+ check at sign-up; never shown to anyone but the client. */
  dateOfBirth: date('date_of_birth'),
  /** Whether the client area keeps the profiles the client opens (issue 9); off clears it. */
  keepHistory: boolean('keep_history').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
