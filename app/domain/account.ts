import { normalizeSlug } from './slug.ts'
import { MINIMUM_AGE, PROFILE_NAME_LENGTH } from './terms.ts'

// Account rules of SPEC §5, §6 and §9: roles, where each goes, and the limits of the sign-up
// fields. Pure, so the sign-up forms and the server check the same thing.

/** Roles a visitor can open an account as; admin is given only from the command line. */
export const SIGN_UP_ROLES = ['provider', 'client'] as const
export type SignUpRole = (typeof SIGN_UP_ROLES)[number]
export const ROLES = [...SIGN_UP_ROLES, 'admin'] as const
export type Role = (typeof ROLES)[number]

/** Narrows any string to a sign-up role, or undefined. */
export function asSignUpRole(value: string | null | undefined): SignUpRole | undefined {
  return value === 'provider' || value === 'client' ? value : undefined
}

/** SPEC §9: remember me keeps the session 14 days. */
export const REMEMBER_ME_DAYS = 14

/**
 * Issue 23: sensitive actions (identity documents, an identity decision, the admin team, a ban,
 * the e-mail or password, deleting an account, a withdrawal) ask for the password or a second
 * factor again once the last one is older than this.
 */
export const STEP_UP_MINUTES = 10
/** SPEC §9 passwords at least 8; the upper bound is better-auth's default. */
export const PASSWORD_LENGTH = { min: 8, max: 128 } as const
/** SPEC §9 display name at least 2; the upper bound keeps it a name. */
export const DISPLAY_NAME_LENGTH = { min: 2, max: 40 } as const
/**
 * Issue 30: a confirmation link is valid this long, and so is the cookie that binds it to the
 * browser that signed up.
 */
export const CONFIRMATION_LINK_HOURS = 24
/** Issue 30: an account whose address nobody confirmed within this many days is removed. */
export const UNCONFIRMED_ACCOUNT_DAYS = 7
/** SPEC §9 about: 10 to 300 characters after trimming. */
export const ABOUT_LENGTH = { min: 10, max: 300 } as const
/** SPEC §9 client age 18 to 100. */
export const CLIENT_AGE = { min: MINIMUM_AGE, max: 100 } as const
/**
 * Account e-mails (confirmation, reset, address change) one address may receive in an hour:
 * enough for real use, too few to flood an inbox through the forms.
 */
export const ACCOUNT_EMAILS_PER_HOUR = 5
/** Longest e-mail address accepted (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254

/** Each role's own area (SPEC §2 dashboard destination; no role goes to /dashboard). */
export function areaOf(role: Role | null): string {
  return role === 'client' ? '/client-dashboard' : role === 'admin' ? '/admin' : '/dashboard'
}

/** SPEC §5 "email simple pattern": something@something.tld, no spaces. */
export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)
}

/** A typed name as kept: NFC, trimmed, runs of spaces as one. */
export function normalizeName(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/g, ' ')
}

export type DisplayNameProblem = 'characters' | 'link'

/**
 * What is wrong with a client's display name besides its length (issue 30 point 9): letters of
 * any script (with their accents), digits, spaces and . , ' ’ - only, and no web address: the name
 * is greeted in e-mails and shown to others, so it must not carry markup, links or a 'pay here'.
 */
export function displayNameProblem(name: string): DisplayNameProblem | undefined {
  if (!/^[\p{L}\p{M}\p{Nd} .,'’-]*$/u.test(name)) return 'characters'
  // 'evil.example', 'x.com': a dot between a word and two or more letters or digits; initials
  // ('J.R. Souza', 'A. C.') stay allowed.
  if (/[\p{L}\p{Nd}]\.[\p{L}\p{Nd}]{2,}/u.test(name)) return 'link'
  return undefined
}

/** The name shown for a client whose stored name has nothing usable left (see shownDisplayName). */
export const FALLBACK_DISPLAY_NAME = 'Cliente'

/**
 * A display name as it may be shown to others or greeted in an e-mail: names typed on our forms
 * pass as they are; one from elsewhere (Google's profile) or stored before the rule of issue 30
 * point 9 loses what the rule refuses (markup, symbols), has a web address broken apart ('evil.
 * example') and is cut to DISPLAY_NAME_LENGTH.max; with less than DISPLAY_NAME_LENGTH.min left,
 * FALLBACK_DISPLAY_NAME.
 */
export function shownDisplayName(name: string): string {
  const cleaned = [
    ...name
      .replace(/[^\p{L}\p{M}\p{Nd} .,'’-]/gu, ' ')
      .replace(/([\p{L}\p{Nd}])\.(?=[\p{L}\p{Nd}]{2,})/gu, '$1. ')
      .replace(/\s+/g, ' ')
      .trim(),
  ]
    .slice(0, DISPLAY_NAME_LENGTH.max)
    .join('')
    .trim()
  return [...cleaned].length >= DISPLAY_NAME_LENGTH.min && !displayNameProblem(cleaned)
    ? cleaned
    : FALLBACK_DISPLAY_NAME
}

export type WorkingNameProblem = 'required' | 'length' | 'characters' | 'place'

/**
 * What is wrong with a provider's working name, if anything (SPEC §5, §9 terms): present after
 * trimming (checked as `normalizeName` keeps it), 5 to 18 characters, letters and single spaces only (no digits, symbols or emojis),
 * and not a place. A place is the whole name being a city or neighbourhood ("Copacabana"), or a
 * place of several words inside it ("Ana Barra da Tijuca"). One-word places inside a longer name
 * are allowed: many are women's names too (Vitória, Lourdes, Madalena, Graças).
 */
export function workingNameProblem(
  name: string,
  placeSlugs: ReadonlySet<string>,
): WorkingNameProblem | undefined {
  const normalized = normalizeName(name)
  if (!normalized) return 'required'
  const length = [...normalized].length
  if (length < PROFILE_NAME_LENGTH.min || length > PROFILE_NAME_LENGTH.max) return 'length'
  if (!/^\p{L}+(?: \p{L}+)*$/u.test(normalized)) return 'characters'
  const slug = normalizeSlug(normalized)
  if (placeSlugs.has(slug)) return 'place'
  for (const place of placeSlugs) {
    if (place.includes('-') && `-${slug}-`.includes(`-${place}-`)) return 'place'
  }
  return undefined
}

export interface CalendarDate {
  year: number
  month: number
  day: number
}

/** A date of birth as typed: dd/mm/yyyy. */
export const BIRTH_DATE_LENGTH = 'dd/mm/yyyy'.length

/** A date typed as dd/mm/yyyy (SPEC §2 client sign-up), or undefined when it is not a real day. */
export function parseBirthDate(value: string): CalendarDate | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim())
  if (!match) return undefined
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  return real ? { year, month, day } : undefined
}

/** Whole years from `birth` to `today` (a birthday counts on its day; 29 Feb on 1 Mar). */
export function ageOn(birth: CalendarDate, today: CalendarDate): number {
  const hadBirthday =
    today.month > birth.month || (today.month === birth.month && today.day >= birth.day)
  return today.year - birth.year - (hadBirthday ? 0 : 1)
}

/** A YYYY-MM-DD string as a calendar date. */
export function calendarDate(isoDay: string): CalendarDate {
  const [year = 0, month = 0, day = 0] = isoDay.split('-').map(Number)
  return { year, month, day }
}

/** A calendar date as YYYY-MM-DD (the database's date format). */
export function isoDay({ year, month, day }: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0')
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`
}

/** What is typed in a dd/mm/yyyy field, kept in that shape: digits only, slashes added. */
export function birthDateTyping(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 8)
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/')
}
