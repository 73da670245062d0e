// One-time messages shown as a toast on the page a redirect lands on (SPEC §8 success messages).

/** Cookie that carries a message kind to the next page; never any text. */
export const FLASH_COOKIE = 'aprova-flash'

export const FLASHES = [
  'account-created',
  'password-changed',
  'signed-out',
  'setup-complete',
  'account-deleted',
] as const
export type Flash = (typeof FLASHES)[number]

/** Narrows any string to a known message kind, or undefined. */
export function asFlash(value: string | null | undefined): Flash | undefined {
  return (FLASHES as readonly string[]).includes(value ?? '') ? (value as Flash) : undefined
}
