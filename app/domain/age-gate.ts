// The age gate of SPEC §2: a first visit asks to confirm 18+; the answer is kept in local
// storage (SPEC) and in an httpOnly cookie (so the server renders the next pages without it).

export const AGE_COOKIE_NAME = 'aprova-age'
export const AGE_STORAGE_KEY = 'aprova-age-confirmed'
/** Where 'I am under 18 – Exit' leads. */
export const AGE_EXIT_URL = 'https://www.google.com/'
/** Kept for a year, like the language. */
export const AGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60

/**
 * Account pages show no listing and carry their own 18+ declaration (sign-up, role choice), and
 * a confirmation link must work on a device that never passed the gate: no gate there.
 */
const ACCOUNT_PATHS = ['/auth', '/account', '/dashboard', '/client-dashboard', '/admin']

/** Whether the page at `pathname` is an account page, which the age gate leaves alone. */
export function isAccountPage(pathname: string): boolean {
  return (
    pathname === '/' ||
    ACCOUNT_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`))
  )
}
