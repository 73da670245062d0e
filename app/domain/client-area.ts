import type { ReportReason } from './moderation.ts'

// The client's area and the report form (issue 9): limits shared by the server and the screens.

/** Profiles a client may keep as favourites. */
export const FAVORITES_MAX = 500

/** Profiles the history keeps, newest first. */
export const HISTORY_SIZE = 50

/** Free text of a report: optional, except for 'other', which says what is wrong. */
export const REPORT_DETAILS_LENGTH = { min: 10, max: 1000 } as const

/** Reasons whose free text is required. */
export const REPORT_DETAILS_REQUIRED: readonly ReportReason[] = ['other']

/**
 * Reports one client or one visitor's address may file: enough for anyone who meets several
 * bad profiles in an evening, too few to hide profiles at will with 'minor' reports.
 */
export const REPORT_LIMITS = { perHour: 5, perDay: 10 } as const

/**
 * 'Minor suspected' reports that may hide a profile at once (issue 9): a few a day per reporter
 * (by account and by address), a few dozen an hour on the whole site. Past them a report is
 * still filed, first in the team's queue, and the team is e-mailed, but nothing is hidden until
 * an admin looks: one person cannot take the directory offline.
 */
export const MINOR_HIDES = { perReporterPerDay: 2, sitePerHour: 20 } as const

/** Days a reporter's hashed address stays on a report (the daily limit needs one). */
export const REPORTER_KEY_DAYS = 7

/** What /api/me answers: a client's favourite profile ids; null for anyone else (issue 17). */
export interface PersonalState {
  favoriteIds: string[] | null
}

/** Why /api/favorites did not save or remove. */
export const FAVORITE_ERRORS = [
  'signIn',
  'notClient',
  'full',
  'notPublic',
  'tooMany',
  'bad',
] as const
export type FavoriteError = (typeof FAVORITE_ERRORS)[number]

/**
 * What /api/favorites answers a heart (with JavaScript). Taking over the device's list says how
 * many were kept and how many were left out (not public now), so the answer never claims more.
 */
export type FavoriteAnswer =
  | { ok: true; saved: boolean; kept?: number; left?: number }
  | { ok: false; error: FavoriteError }
