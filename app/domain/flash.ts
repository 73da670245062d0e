// One-time messages shown as a toast on the page a redirect lands on (SPEC §8 success messages).

/** Cookie that carries a message kind to the next page; never any text. */
export const FLASH_COOKIE = 'aprova-flash'

/** What a heart pressed without JavaScript did (the answer of /api/favorites). */
export const FAVORITE_FLASHES = [
  'favorite-saved',
  'favorite-removed',
  'favorite-notClient',
  'favorite-full',
  'favorite-notPublic',
  'favorite-tooMany',
  'favorite-bad',
] as const

export const FLASHES = [
  'account-created',
  'password-changed',
  'signed-out',
  'setup-complete',
  'account-deleted',
  /** The security page's own results (issue 23), shown in the page itself. */
  'two-factor-on',
  'two-factor-off',
  'session-ended',
  'others-ended',
  ...FAVORITE_FLASHES,
] as const
export type Flash = (typeof FLASHES)[number]

/** Narrows any string to a known message kind, or undefined. */
export function asFlash(value: string | null | undefined): Flash | undefined {
  return (FLASHES as readonly string[]).includes(value ?? '') ? (value as Flash) : undefined
}
