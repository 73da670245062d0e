// The age gate of SPEC §2: a first visit asks to confirm 18+; the answer is kept in local
// storage (SPEC) and in an httpOnly cookie (so the server renders the next pages without it).

export const AGE_COOKIE_NAME = 'aprova-age'
export const AGE_STORAGE_KEY = 'aprova-age-confirmed'
/** Where 'I am under 18 – Exit' leads. */
export const AGE_EXIT_URL = 'https://www.google.com/'
/** Kept for a year, like the language. */
export const AGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60
