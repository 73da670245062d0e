// Outbound contact links (SPEC §7): wa.me with the number and a prefilled text, or
// {host}/{handle} for Telegram and X. Default country code +55 for numbers without a plus.

export const CONTACT_CHANNELS = ['whatsapp', 'telegram', 'x'] as const
export type ContactChannel = (typeof CONTACT_CHANNELS)[number]

export function asContactChannel(value: string | undefined): ContactChannel | undefined {
  return CONTACT_CHANNELS.find((channel) => channel === value)
}

export const DEFAULT_COUNTRY_CODE = '55'

/**
 * The most a contact field may hold as typed: a number with its spaces and punctuation
 * ('+55 (11) 99999-0000'), a handle with the site's address in front
 * ('https://telegram.me/' and 32 characters; 'https://twitter.com/' and 15).
 */
export const CONTACT_INPUT_LENGTH = { whatsapp: 30, telegram: 60, x: 40 } as const

/**
 * The digits wa.me expects for a stored number: as written when it starts with '+', else with
 * Brazil's +55 in front (SPEC §7). Undefined when what is left cannot be a phone number
 * (E.164: at most 15 digits; 10 is the shortest that the Brazilian +55 form can have).
 */
export function whatsappDigits(stored: string): string | undefined {
  const trimmed = stored.trim()
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return undefined
  const digits = trimmed.replace(/\D/g, '')
  const full = trimmed.startsWith('+') ? digits : `${DEFAULT_COUNTRY_CODE}${digits}`
  return /^[1-9]\d{9,14}$/.test(full) ? full : undefined
}

export function whatsappUrl(stored: string, text: string): string | undefined {
  const digits = whatsappDigits(stored)
  return digits ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : undefined
}

// Telegram usernames: 5-32 of a-z, 0-9 and underscore, starting with a letter. X: 1-15 of the
// same set. A leading '@' is accepted and dropped.
const HANDLE_RULES = {
  telegram: { host: 'https://t.me', pattern: /^[A-Za-z][A-Za-z0-9_]{4,31}$/ },
  x: { host: 'https://x.com', pattern: /^[A-Za-z0-9_]{1,15}$/ },
} as const

/**
 * A Telegram or X handle as typed ('@luna_azul', 'https://t.me/luna_azul'), without '@' or the
 * site's address, or undefined when the site would not accept it.
 */
export function contactHandle(channel: 'telegram' | 'x', typed: string): string | undefined {
  const rule = HANDLE_RULES[channel]
  const handle = typed
    .trim()
    .replace(/^https?:\/\/(?:www\.)?(?:t\.me|telegram\.me|x\.com|twitter\.com)\//i, '')
    .replace(/^@/, '')
    .replace(/\/+$/, '')
  return rule.pattern.test(handle) ? handle : undefined
}

export function handleUrl(channel: 'telegram' | 'x', stored: string): string | undefined {
  const handle = stored.trim().replace(/^@/, '')
  const rule = HANDLE_RULES[channel]
  return rule.pattern.test(handle) ? `${rule.host}/${handle}` : undefined
}

/** Where a contact button leads for a profile's stored value, or undefined when it cannot. */
export function contactUrl(
  channel: ContactChannel,
  stored: string | null | undefined,
  prefilledText: string,
): string | undefined {
  if (!stored) return undefined
  return channel === 'whatsapp' ? whatsappUrl(stored, prefilledText) : handleUrl(channel, stored)
}
