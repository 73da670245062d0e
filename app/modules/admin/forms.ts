import { z } from 'zod'
import { EMAIL_MAX_LENGTH, isEmailAddress } from '#app/domain/account.ts'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import type { Language } from '#app/domain/language.ts'
import { MEMBERSHIP_TIERS } from '#app/domain/membership.ts'
import {
  FLAG_RESOLUTIONS,
  MAX_BATCH,
  REASON_LENGTH,
  REJECTION_REASONS,
  REPORT_RESOLUTIONS,
  RETURN_FEE_LIMITS_CENTS,
  SUSPENSION_DAYS,
} from '#app/domain/moderation.ts'
import { formatBrlCents, parseReais } from '#app/domain/money.ts'
import {
  isEndToEndId,
  isPaidTier,
  type PaidTier,
  PIX_REFUND_DAYS,
  PLAN_PRICE_LIMITS_CENTS,
  REFUND_PLAN_CHOICES,
  type RefundPlanChoice,
} from '#app/domain/plans.ts'
import { REVIEW_MODERATION_REASONS } from '#app/domain/reviews.ts'
import { isUsername, USERNAME_LENGTH } from '#app/domain/username.ts'
import { isUuid } from '#app/domain/uuid.ts'
import type { Dictionary } from '#app/i18n/pt.ts'
import { list, orderedForm } from '#app/modules/forms/checks.ts'
import { attributesOfField, type FieldAttributes, field } from '#app/modules/forms/fields.ts'
import type { AdminIntent } from './answer.ts'

// The admin screens' forms (issue 8), read like every other form of the site: each field in
// order, the first problem reported. Their messages are the admin dictionary's errors; the id
// of what a form is about comes first, and a form about nothing that exists is a 404.

/** A problem of an admin form: a message of the admin dictionary, or no such subject (404). */
export type AdminProblem = keyof Dictionary['admin']['errors'] | 'noSubject'

/** The values the admin messages name ({min} and {max}). */
export const ADMIN_MESSAGE_VALUES: Partial<Record<AdminProblem, Record<string, number>>> = {
  reason: REASON_LENGTH,
  days: SUSPENSION_DAYS,
  feeReason: REASON_LENGTH,
  selection: { max: MAX_BATCH },
  giftTooOld: { days: PIX_REFUND_DAYS },
}

/** The values of the message of `problem` in `language` (prices as money in that language). */
export function adminMessageValues(
  problem: AdminProblem,
  language: Language,
): Record<string, string | number> {
  if (problem === 'planPrice') {
    return {
      min: formatBrlCents(PLAN_PRICE_LIMITS_CENTS.min, language),
      max: formatBrlCents(PLAN_PRICE_LIMITS_CENTS.max, language),
    }
  }
  if (problem === 'fee') {
    return {
      min: formatBrlCents(RETURN_FEE_LIMITS_CENTS.min, language),
      max: formatBrlCents(RETURN_FEE_LIMITS_CENTS.max, language),
    }
  }
  return ADMIN_MESSAGE_VALUES[problem] ?? {}
}

/** A date typed in a date field, as the end of that day in Brazil. */
export function endOfBrazilDay(text: string): Date | null {
  // Years 2000 to 2999: a date field can send 9999-12-31, which PostgreSQL cannot store in UTC.
  if (!/^2\d{3}-\d{2}-\d{2}$/.test(text)) return null
  // Brazil keeps UTC−3 all year since 2019; checked against the zone's own name.
  const end = new Date(`${text}T23:59:59.999-03:00`)
  if (Number.isNaN(end.getTime())) return null
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: BRAZIL_TIME_ZONE }).format(end)
  return day === text ? end : null
}

/** What an admin typed, trimmed; NUL cannot be stored in PostgreSQL text and is dropped. */
const cleaned = (value: string) => value.replaceAll('\u0000', '').trim()

/** An admin field: `rule` and `keep` see the cleaned value. */
const adminField = <Out>(
  rule: (value: string) => AdminProblem | undefined,
  keep: (value: string) => Out,
  attributes?: FieldAttributes,
) =>
  field<Out, AdminProblem>(
    (value) => rule(cleaned(value)),
    (value) => keep(cleaned(value)),
    attributes,
  )

const same = (value: string) => value

/** The row a form is about: `valid`, or no such row. */
const subject = (valid: (value: string) => boolean) =>
  adminField((value) => (valid(value) ? undefined : 'noSubject'), same)

const uuid = () => subject(isUuid)

const choice = <T extends string>(options: readonly T[]) =>
  adminField(
    (value) => (options.includes(value as T) ? undefined : 'choice'),
    (value) => value as T,
  )

/** The reason every moderation action asks for. */
const reason = () =>
  adminField(
    (value) =>
      value.length < REASON_LENGTH.min || value.length > REASON_LENGTH.max ? 'reason' : undefined,
    same,
    { maxLength: REASON_LENGTH.max, minLength: REASON_LENGTH.min },
  )

/** A note that may stay empty. */
const optionalNote = () =>
  adminField((value) => (value.length > REASON_LENGTH.max ? 'reason' : undefined), same, {
    maxLength: REASON_LENGTH.max,
  })

/** The textarea of a reason or a note (the limit they share; a note may stay empty). */
export const REASON_ATTRIBUTES = attributesOfField(optionalNote())

const suspensionDays = () =>
  adminField(
    (value) => {
      const days = Number(value)
      return Number.isInteger(days) && days >= SUSPENSION_DAYS.min && days <= SUSPENSION_DAYS.max
        ? undefined
        : 'days'
    },
    Number,
    { min: SUSPENSION_DAYS.min, max: SUSPENSION_DAYS.max },
  )

/**
 * A return fee the team sets instead of the plan's (issue 33 point 5): empty, or reais as typed
 * in Brazil ('89,90') within RETURN_FEE_LIMITS_CENTS (the action reads it with feeOverrideCents).
 */
/** The centavos of a checked fee override; null when none was typed. */
export function feeOverrideCents(value: string): number | null {
  return value === '' ? null : parseReais(value)
}

const feeOverride = () =>
  adminField(
    (value) => {
      if (value === '') return undefined
      const cents = parseReais(value)
      return cents === null ||
        cents < RETURN_FEE_LIMITS_CENTS.min ||
        cents > RETURN_FEE_LIMITS_CENTS.max
        ? 'fee'
        : undefined
    },
    same,
    { maxLength: 20 },
  )

/** A plan's price per PLAN_DAYS in reais, within PLAN_PRICE_LIMITS_CENTS; kept as centavos. */
const planPrice = () =>
  adminField(
    (value) => {
      const cents = parseReais(value)
      return cents === null ||
        cents < PLAN_PRICE_LIMITS_CENTS.min ||
        cents > PLAN_PRICE_LIMITS_CENTS.max
        ? 'planPrice'
        : undefined
    },
    (value) => parseReais(value) ?? 0,
    { maxLength: 20 },
  )

const profileForm = () => ({ profileId: uuid() })

/** The ticked rows of a bulk decision: 1 to MAX_BATCH ids (one that cannot be an id is a 404). */
const subjects = () =>
  list(
    z
      .array(z.string())
      .superRefine((values, ctx) => {
        const problem: AdminProblem | undefined =
          values.length === 0 || new Set(values).size > MAX_BATCH
            ? 'selection'
            : values.some((value) => !isUuid(value))
              ? 'noSubject'
              : undefined
        if (problem) ctx.addIssue({ code: 'custom', message: problem })
      })
      .transform((values) => [...new Set(values)]),
  )

/** A decision on one review (issue 20): its id only. */
const reviewForm = () => orderedForm({ subject: uuid() })

/** Hiding or removing a review: a listed reason, and words when it is 'other'. */
const reviewReasonForm = () =>
  orderedForm(
    { subject: uuid(), reason: choice(REVIEW_MODERATION_REASONS), note: optionalNote() },
    {
      rules: {
        note: (typed): AdminProblem | undefined =>
          cleaned(typed.reason) === 'other' && cleaned(typed.note).length < REASON_LENGTH.min
            ? 'rejectNote'
            : undefined,
      },
    },
  )

/** Each admin form by its intent. */
export const ADMIN_FORMS = {
  'approve-check': orderedForm({ submissionId: uuid() }),
  'reject-check': orderedForm(
    { submissionId: uuid(), code: choice(REJECTION_REASONS), note: optionalNote() },
    {
      rules: {
        note: (typed): AdminProblem | undefined =>
          cleaned(typed.code) === 'other' && cleaned(typed.note).length < REASON_LENGTH.min
            ? 'rejectNote'
            : undefined,
      },
    },
  ),
  'approve-changes': orderedForm({ ...profileForm(), note: optionalNote() }),
  'reject-changes': orderedForm({ ...profileForm(), note: reason() }),
  // Issue 33 point 5: the daily value is her plan's (the server reads it); the team may set
  // another fee, with its reason; `preview` asks for the fee to show before confirming.
  suspend: orderedForm(
    {
      ...profileForm(),
      days: suspensionDays(),
      fee: feeOverride(),
      feeReason: optionalNote(),
      reason: reason(),
      preview: adminField(
        () => undefined,
        (value) => value === '1',
      ),
    },
    {
      rules: {
        feeReason: (typed): AdminProblem | undefined =>
          cleaned(typed.fee) !== '' && cleaned(typed.feeReason).length < REASON_LENGTH.min
            ? 'feeReason'
            : undefined,
      },
    },
  ),
  lift: orderedForm({ ...profileForm(), reason: reason() }),
  ban: orderedForm({
    ...profileForm(),
    reason: reason(),
    confirm: adminField(
      (value) => (value === 'on' ? undefined : 'banConfirm'),
      () => true,
    ),
  }),
  hide: orderedForm({ ...profileForm(), reason: reason() }),
  unhide: orderedForm({ ...profileForm(), reason: reason() }),
  tier: orderedForm(
    {
      ...profileForm(),
      tier: choice(MEMBERSHIP_TIERS),
      expires: adminField(() => undefined, endOfBrazilDay),
      reason: reason(),
    },
    {
      rules: {
        expires: (typed): AdminProblem | undefined => {
          if (cleaned(typed.tier) === 'free') return undefined
          const expiresAt = endOfBrazilDay(cleaned(typed.expires))
          return !expiresAt || expiresAt <= new Date() ? 'tierExpiry' : undefined
        },
      },
      output: (v) => ({ ...v, expiresAt: v.tier === 'free' ? null : v.expires }),
    },
  ),
  'resolve-report': orderedForm({
    subject: uuid(),
    resolution: choice(REPORT_RESOLUTIONS),
    note: reason(),
  }),
  'resolve-flag': orderedForm({
    subject: uuid(),
    resolution: choice(FLAG_RESOLUTIONS),
    note: reason(),
  }),
  'resolve-reports': orderedForm({
    subjects: subjects(),
    resolution: choice(REPORT_RESOLUTIONS),
    note: reason(),
  }),
  'resolve-flags': orderedForm({
    subjects: subjects(),
    resolution: choice(FLAG_RESOLUTIONS),
    note: reason(),
  }),
  reserve: orderedForm({
    username: adminField(
      (value) => (isUsername(value.toLowerCase()) ? undefined : 'username'),
      (value) => value.toLowerCase(),
      { maxLength: USERNAME_LENGTH.max },
    ),
    reason: reason(),
  }),
  release: orderedForm({ subject: subject(isUsername), reason: reason() }),
  'grant-admin': orderedForm({
    email: adminField(
      (value) => (isEmailAddress(value.toLowerCase()) ? undefined : 'email'),
      (value) => value.toLowerCase(),
      { maxLength: EMAIL_MAX_LENGTH },
    ),
    reason: reason(),
  }),
  'revoke-admin': orderedForm({
    subject: subject((value) => value.length > 0 && value.length <= 100),
    reason: reason(),
  }),
  'review-publish': reviewForm(),
  'review-hide': reviewReasonForm(),
  'review-restore': reviewForm(),
  'review-remove': reviewReasonForm(),
  'review-close-report': orderedForm({ subject: uuid(), note: optionalNote() }),
  'review-feature': reviewForm(),
  'review-unfeature': reviewForm(),
  // Plans and payments (issue 21): a plan's price (the tier is the subject), a payment sent
  // back (its end-to-end id), a suspension's return fee waived.
  'plan-price': orderedForm({
    subject: adminField(
      (value) => (isPaidTier(value) ? undefined : 'noSubject'),
      (value) => value as PaidTier,
    ),
    price: planPrice(),
    reason: reason(),
  }),
  // Issue 33: a plan's Pix sent back says what happens to the plan (the action requires it for
  // a plan's payment; other payments send none); a failed refund sent again.
  'refund-payment': orderedForm({
    subject: subject(isEndToEndId),
    note: reason(),
    plan: adminField(
      (value) =>
        value === '' || (REFUND_PLAN_CHOICES as readonly string[]).includes(value)
          ? undefined
          : 'planChoice',
      (value) => (value === '' ? undefined : (value as RefundPlanChoice)),
    ),
  }),
  'retry-refund': orderedForm({ subject: subject(isEndToEndId) }),
  'waive-fee': orderedForm({ ...profileForm(), reason: reason() }),
  // Gifts (issue 22): a gift sent back (its id), a profile's balance frozen by hand (the
  // profile's id), a freeze released (its id); each with the team's words.
  'gift-refund': orderedForm({ subject: uuid(), note: reason() }),
  'balance-freeze': orderedForm({ subject: uuid(), reason: reason() }),
  'balance-release': orderedForm({ subject: uuid(), reason: reason() }),
  // Two-factor sign-in (issue 23): a provider who lost her authenticator and her backup codes.
  'reset-two-factor': orderedForm({ ...profileForm(), reason: reason() }),
} satisfies Record<AdminIntent, unknown>
