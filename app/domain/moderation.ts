// The admin area's vocabulary (issue 8): what the team can do, why, and how it is recorded.
// Shared by the server (checks, audit log) and the screens (choices, labels).

/** Every admin action the audit log records (DESIGN.md: who, when and why). */
export const ADMIN_ACTIONS = [
  'verification_approve',
  'verification_reject',
  'changes_approve',
  'changes_reject',
  'suspend',
  'lift_suspension',
  'ban',
  'hide',
  'unhide',
  'set_tier',
  'report_resolve',
  /** A 'minor suspected' report hid the profile until review (actor 'system'; issue 9). */
  'report_hide',
  'flag_resolve',
  'reserve_username',
  'release_username',
  'grant_admin',
  'revoke_admin',
  /** Reviews (issue 20): a held one published, one hidden, shown again or removed, a */
  /** provider's report of one closed, one chosen or no longer chosen as a testimonial. */
  'review_publish',
  'review_hide',
  'review_restore',
  'review_remove',
  'review_report_close',
  'review_feature',
  'review_unfeature',
  /** A review withdrawn by its own author (issue 33): the row goes, the entry keeps when it */
  /** was written, so it still counts for the author's one review of the profile in 90 days. */
  'review_withdraw',
  /** Plans by Pix (issue 21): a plan's price set, a payment sent back, a return fee waived; a */
  /** suspension ended with its fee settled (actor 'system'). */
  'plan_price',
  'payment_refund',
  /** A refund the institution did not make, sent again with a new id (issue 33 point 14). */
  'payment_refund_retry',
  'return_fee_waive',
  'suspension_end',
  /** Gifts and withdrawals (issue 22): each step of a withdrawal (asked by the provider; paid */
  /** or failed, actor 'system'), a gift sent back, a balance frozen (by a ban, a 'minor' */
  /** report or the team) and released by the team. */
  'withdrawal_request',
  'withdrawal_paid',
  'withdrawal_failed',
  'gift_refund',
  'balance_freeze',
  'balance_release',
  /** Two-factor sign-in (issue 23): a provider's or client's lost authenticator reset by the */
  /** team, so she signs in with her password and enrols again. */
  'two_factor_reset',
] as const
export type AdminAction = (typeof ADMIN_ACTIONS)[number]

/** The audit log's actor (id and address) of what the site does by itself. */
export const SYSTEM_ACTOR_ID = 'system'

/** What an audit entry is about. */
export const AUDIT_TARGETS = [
  'profile',
  'user',
  'username',
  'report',
  'photo_flag',
  'review',
  'plan',
  'payment',
  'gift',
  'withdrawal',
] as const
export type AuditTarget = (typeof AUDIT_TARGETS)[number]

/** Why the team refuses an identity check; 'other' needs the free text. */
export const REJECTION_REASONS = [
  'unreadable',
  'selfie_mismatch',
  'document_expired',
  'underage',
  'third_party',
  'incomplete_profile',
  'other',
] as const
export type RejectionReason = (typeof REJECTION_REASONS)[number]

/** Why a client or visitor reports a profile (issue 9 files them; the team resolves them). */
export const REPORT_REASONS = [
  'fake_photos',
  'not_the_person',
  'advance_payment',
  'threats',
  'minor',
  'other',
] as const
export type ReportReason = (typeof REPORT_REASONS)[number]

/** How the team closes a report or a duplicate-photo flag; the actions are carried out. */
export const REPORT_RESOLUTIONS = ['no_action', 'hide_profile', 'ban_profile', 'handled'] as const
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number]

export const FLAG_RESOLUTIONS = [
  'no_action',
  'remove_photo',
  'hide_profile',
  'ban_profile',
  'handled',
] as const
export type FlagResolution = (typeof FLAG_RESOLUTIONS)[number]

/** Days a suspension may last (SPEC §4: temporary, for a set number of days). */
export const SUSPENSION_DAYS = { min: 1, max: 365 } as const

/**
 * A return fee the team sets instead of the plan's (issue 33 point 5), in centavos: R$ 0,00 to
 * R$ 150.000,00 (a typo guard; the plan's own fee tops out near R$ 122.000,00).
 */
export const RETURN_FEE_LIMITS_CENTS = { min: 0, max: 15_000_000 } as const

/**
 * Suspensions are consecutive (SPEC §4: the third becomes a ban) while each one starts within
 * this many months of the end of the one before: one registration period (SPEC §6) of good
 * standing breaks the sequence.
 */
export const CONSECUTIVE_SUSPENSION_WINDOW_MONTHS = 6

/** Return fee of a suspension (SPEC §4): days × the daily value of the plan, in centavos. */
export function returnFeeCents(days: number, dailyValueCents: number): number {
  return days * dailyValueCents
}

/**
 * How many suspensions in a row a new one at `now` would make, itself included: going back
 * from the newest, each earlier suspension counts while the next one started within the window
 * of its end (or of its lifting, when the team ended it early).
 */
export function suspensionStreak(
  history: { startsAt: Date; endsAt: Date | null; liftedAt: Date | null }[],
  now: Date,
): number {
  const newestFirst = [...history].sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime())
  let streak = 1
  let next = now
  for (const one of newestFirst) {
    const ended = one.liftedAt ?? one.endsAt ?? one.startsAt
    const windowEnd = new Date(ended)
    windowEnd.setUTCMonth(windowEnd.getUTCMonth() + CONSECUTIVE_SUSPENSION_WINDOW_MONTHS)
    if (next > windowEnd) break
    streak++
    next = one.startsAt
  }
  return streak
}

/** Lengths of the free texts the team writes. */
export const REASON_LENGTH = { min: 3, max: 500 } as const

/** Reports or flags one bulk decision may close at once (issue 19 point 21). */
export const MAX_BATCH = 100

/** Rows per page of the admin lists. */
export const ADMIN_PAGE_SIZE = 50

/** The account types the admin search filters by. */
export const ADMIN_ROLE_FILTERS = ['provider', 'client', 'admin'] as const
export type RoleFilter = (typeof ADMIN_ROLE_FILTERS)[number]
