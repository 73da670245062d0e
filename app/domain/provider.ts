import type { CalendarDate } from './account.ts'
import type { MembershipTier } from './membership.ts'
import type { ProfileStatus, VisibilityStatus } from './profile-status.ts'
import { REGISTRATION_RENEWAL_MONTHS } from './terms.ts'

// The rules of a provider's own profile (issue 7): field limits, photo limits, and what the
// dashboard says about where the profile stands and what to do next. Pure.

/** Description: enough to say something, short enough to read on a phone. */
export const DESCRIPTION_LENGTH = { min: 30, max: 1500 } as const
/** Hourly rate in whole reais. */
export const HOURLY_RATE = { min: 50, max: 10_000 } as const
/** A provider's age (the database allows 18 to 100). */
export const PROVIDER_AGE = { min: 18, max: 100 } as const
/** Photos a profile may hold, and at least one to go public. */
export const MAX_PROFILE_PHOTOS = 20
export const MIN_PROFILE_PHOTOS = 1

/** Accepted photos: the type read from the file's bytes, never from its name. */
export const PHOTO_TYPES = ['jpeg', 'png', 'webp', 'heic'] as const
export type PhotoType = (typeof PHOTO_TYPES)[number]
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024
export const MAX_PHOTO_PIXELS = 40_000_000
/** Widths of the WebP variants written for an uploaded photo (never wider than the photo). */
export const PHOTO_VARIANT_WIDTHS = [320, 640, 1080, 1600] as const

/** Photos a profile may upload each month, by membership tier (SPEC §3 monthly counter). */
export const MONTHLY_PHOTO_UPLOADS: Record<MembershipTier, number> = {
  free: 10,
  basico: 20,
  bronze: 30,
  prata: 40,
  ouro: 60,
  vip_plus: 100,
}

/** The hour over which the caps on decoding below are counted. */
export const DECODE_ATTEMPT_WINDOW_MS = 60 * 60 * 1000

/**
 * Photo uploads of one provider that may reach the decoder in an hour, read or not (issue 30
 * point 10): an upload that fails to decode is not counted against the month's allowance, so
 * without this a provider could keep a core busy decoding broken 40-megapixel pictures back to
 * back. Filling a profile is MAX_PROFILE_PHOTOS (20) uploads and replacing every photo 20 more;
 * 60 leaves room for a third round and for pictures her phone sent broken, while a loop of
 * 40-megapixel pictures (half a second of CPU each) gets 30 s of CPU an hour. The largest month's
 * allowance (100, MONTHLY_PHOTO_UPLOADS below) then takes two sittings, not one.
 */
export const PHOTO_DECODE_ATTEMPTS_PER_HOUR = 60

/**
 * Identity-document submissions of one provider that may reach the decoder in an hour (three
 * pictures each), read or not: a provider sends one, or a few more when a picture is refused as
 * unreadable or too large; ten an hour is never reached by her, and caps a loop of broken
 * submissions at thirty decodes an hour.
 */
export const DOCUMENT_DECODE_ATTEMPTS_PER_HOUR = 10

/** The first day of the month after `today`: when the monthly upload counter starts over. */
export function nextUploadReset(today: CalendarDate): CalendarDate {
  return today.month === 12
    ? { year: today.year + 1, month: 1, day: 1 }
    : { year: today.year, month: today.month + 1, day: 1 }
}

const dayNumber = ({ year, month, day }: CalendarDate) => year * 10_000 + month * 100 + day

/**
 * The month's upload allowance of a profile: the stored counter holds until its reset date; on
 * or after it, the month starts over at zero.
 */
export function uploadAllowance(input: {
  tier: MembershipTier
  used: number
  resetOn: CalendarDate | null
  today: CalendarDate
}): { used: number; limit: number; remaining: number; resetOn: CalendarDate } {
  const limit = MONTHLY_PHOTO_UPLOADS[input.tier]
  const current = input.resetOn && dayNumber(input.today) < dayNumber(input.resetOn)
  const used = current ? input.used : 0
  const resetOn = current && input.resetOn ? input.resetOn : nextUploadReset(input.today)
  return { used, limit, remaining: Math.max(0, limit - used), resetOn }
}

/** Hamming distance of two 64-bit perceptual hashes written as 16 hex digits. */
export function hashDistance(a: string, b: string): number {
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`)
  let bits = 0
  while (diff > 0n) {
    bits += Number(diff & 1n)
    diff >>= 1n
  }
  return bits
}

/** Photos this close (of 64 bits) to a photo of another profile are flagged for the team. */
export const DUPLICATE_PHOTO_DISTANCE = 10

/** The three photos of an identity check: the document's two sides and a selfie holding it. */
export const DOCUMENT_PARTS = ['documentFront', 'documentBack', 'selfie'] as const
export type DocumentPart = (typeof DOCUMENT_PARTS)[number]

/** An identity check holds this long (SPEC §6); a reminder goes out this many days before. */
export const VERIFICATION_VALID_MONTHS = REGISTRATION_RENEWAL_MONTHS
export const VERIFICATION_REMINDER_DAYS = 15

/**
 * When a verification made at `verifiedAt` lapses: 6 calendar months later in UTC, a day that
 * the month lacks falling back to its last (31 August → 28 February), as PostgreSQL's
 * `timestamp + interval '6 months'` counts it in the calendar job.
 */
export function verificationEndsAt(verifiedAt: Date): Date {
  const ends = new Date(verifiedAt)
  const day = ends.getUTCDate()
  ends.setUTCDate(1)
  ends.setUTCMonth(ends.getUTCMonth() + VERIFICATION_VALID_MONTHS)
  const lastDay = new Date(Date.UTC(ends.getUTCFullYear(), ends.getUTCMonth() + 1, 0)).getUTCDate()
  ends.setUTCDate(Math.min(day, lastDay))
  return ends
}

/** What a profile needs before the team can review it. */
export const PROFILE_ITEMS = [
  'workingName',
  'age',
  'city',
  'description',
  'contact',
  'photos',
  'documents',
] as const
export type ProfileItem = (typeof PROFILE_ITEMS)[number]

export interface OwnProfileFacts {
  status: ProfileStatus
  visibility: VisibilityStatus
  statusReason: string | null
  /** Why the team hid the profile. */
  hiddenReason?: string | null
  suspendedUntil: Date | null
  verifiedAt: Date | null
  changesSubmittedAt: Date | null
  workingName: string | null
  age: number | null
  citySlug: string | null
  description: string | null
  contacts: number
  photos: number
  /** A verification is waiting for the team. */
  documentsPending: boolean
}

/** The items of PROFILE_ITEMS still missing. */
export function missingItems(profile: OwnProfileFacts): ProfileItem[] {
  const has: Record<ProfileItem, boolean> = {
    workingName: Boolean(profile.workingName),
    age: profile.age !== null,
    city: profile.citySlug !== null,
    description: (profile.description?.trim().length ?? 0) >= DESCRIPTION_LENGTH.min,
    contact: profile.contacts > 0,
    photos: profile.photos >= MIN_PROFILE_PHOTOS,
    documents: profile.documentsPending || profile.status === 'approved',
  }
  return PROFILE_ITEMS.filter((item) => !has[item])
}

/** Where a profile stands, as the dashboard's banner tells its provider. */
export type ProviderStanding =
  | { kind: 'draft'; missing: ProfileItem[]; lapsed: boolean }
  | { kind: 'pending' }
  | {
      kind: 'approved'
      visibility: VisibilityStatus
      reason: string | null
      changesPending: boolean
      verificationEndsAt: Date | null
      /** The verification lapses within VERIFICATION_REMINDER_DAYS. */
      renewSoon: boolean
      documentsPending: boolean
    }
  | { kind: 'rejected'; reason: string | null; missing: ProfileItem[] }
  | { kind: 'suspended'; until: Date | null; reason: string | null }
  | { kind: 'banned'; reason: string | null }

/** Reason kept on a profile whose verification lapsed (the expiry job sets it). */
export const LAPSED_VERIFICATION_REASON = 'verification_expired'

/**
 * The hidden reason of a profile a 'minor suspected' report hid (issue 9 item 2) until the team
 * reviews it; the provider reads a text of the site's instead.
 */
export const REPORT_REVIEW_REASON = 'report_under_review'

export function providerStanding(profile: OwnProfileFacts, now: Date): ProviderStanding {
  switch (profile.status) {
    case 'draft':
      return {
        kind: 'draft',
        missing: missingItems(profile),
        lapsed: profile.statusReason === LAPSED_VERIFICATION_REASON,
      }
    case 'pending':
      return { kind: 'pending' }
    case 'rejected':
      return { kind: 'rejected', reason: profile.statusReason, missing: missingItems(profile) }
    case 'suspended':
      return { kind: 'suspended', until: profile.suspendedUntil, reason: profile.statusReason }
    case 'banned':
      return { kind: 'banned', reason: profile.statusReason }
    case 'approved': {
      const ends = profile.verifiedAt ? verificationEndsAt(profile.verifiedAt) : null
      const reminderFrom = ends
        ? ends.getTime() - VERIFICATION_REMINDER_DAYS * 24 * 60 * 60 * 1000
        : Number.POSITIVE_INFINITY
      return {
        kind: 'approved',
        visibility: profile.visibility,
        reason: profile.visibility === 'hidden' ? (profile.hiddenReason ?? null) : null,
        changesPending: profile.changesSubmittedAt !== null,
        verificationEndsAt: ends,
        renewSoon: now.getTime() >= reminderFrom,
        documentsPending: profile.documentsPending,
      }
    }
  }
}
