import { ABOUT_LENGTH, DISPLAY_NAME_LENGTH, normalizeName } from '#app/domain/account.ts'
import { REPORT_DETAILS_LENGTH, REPORT_DETAILS_REQUIRED } from '#app/domain/client-area.ts'
import { REPORT_REASONS, type ReportReason } from '#app/domain/moderation.ts'
import { withoutControlCharacters } from '#app/domain/text.ts'
import { type FieldError, orderedForm } from '#app/modules/forms/checks.ts'

// The client area's forms and the report form (issue 9), checked the same way in the browser
// and in the action.

const clean = withoutControlCharacters
const length = (value: string) => [...value].length

/** Display name and about, with the sign-up rules (SPEC §5). */
export const clientDetailsSchema = orderedForm(
  { fields: ['displayName', 'about'] as const },
  (v): FieldError | undefined => {
    const name = length(normalizeName(clean(v.displayName)))
    const about = length(clean(v.about).trim())
    if (name < DISPLAY_NAME_LENGTH.min)
      return { field: 'displayName', message: 'displayNameTooShort' }
    if (name > DISPLAY_NAME_LENGTH.max)
      return { field: 'displayName', message: 'displayNameTooLong' }
    if (about < ABOUT_LENGTH.min) return { field: 'about', message: 'aboutTooShort' }
    if (about > ABOUT_LENGTH.max) return { field: 'about', message: 'aboutTooLong' }
    return undefined
  },
  (v) => ({ displayName: normalizeName(clean(v.displayName)), about: clean(v.about).trim() }),
)

const isReason = (value: string): value is ReportReason =>
  (REPORT_REASONS as readonly string[]).includes(value)

/** A report: a reason from the list, and words about it (required for 'other'). */
export const reportSchema = orderedForm(
  { fields: ['reason', 'details'] as const },
  (v): FieldError | undefined => {
    if (!isReason(v.reason)) return { field: 'reason', message: 'reportReasonRequired' }
    const details = length(clean(v.details).trim())
    if (details === 0 && REPORT_DETAILS_REQUIRED.includes(v.reason))
      return { field: 'details', message: 'reportDetailsRequired' }
    if (details > 0 && details < REPORT_DETAILS_LENGTH.min)
      return { field: 'details', message: 'reportDetailsTooShort' }
    if (details > REPORT_DETAILS_LENGTH.max)
      return { field: 'details', message: 'reportDetailsTooLong' }
    return undefined
  },
  (v) => ({
    reason: v.reason as ReportReason,
    details: clean(v.details).trim() || null,
  }),
)
