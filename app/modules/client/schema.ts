import { REPORT_DETAILS_LENGTH, REPORT_DETAILS_REQUIRED } from '#app/domain/client-area.ts'
import { REPORT_REASONS, type ReportReason } from '#app/domain/moderation.ts'
import { withoutControlCharacters } from '#app/domain/text.ts'
import { aboutText, displayName } from '#app/modules/auth/schema.ts'
import { orderedForm } from '#app/modules/forms/checks.ts'
import { choice, text } from '#app/modules/forms/fields.ts'

// The client area's forms and the report form (issue 9), checked the same way in the browser
// and in the action.

/** Display name and about, with the sign-up rules (SPEC §5). */
export const clientDetailsSchema = orderedForm({
  displayName: displayName(),
  about: aboutText(),
})

/** A report: a reason from the list, and words about it (required for 'other'). */
export const reportSchema = orderedForm(
  {
    reason: choice(REPORT_REASONS, 'reportReasonRequired'),
    details: text({
      length: REPORT_DETAILS_LENGTH,
      tooShort: 'reportDetailsTooShort',
      tooLong: 'reportDetailsTooLong',
      optional: true,
      clean: (value) => withoutControlCharacters(value).trim(),
    }),
  },
  {
    rules: {
      // Nothing typed (which the details' own rules allow) for a reason that needs words.
      details: (typed) =>
        REPORT_DETAILS_REQUIRED.includes(typed.reason as ReportReason) &&
        !withoutControlCharacters(typed.details).trim()
          ? 'reportDetailsRequired'
          : undefined,
    },
    output: (v) => ({ reason: v.reason, details: v.details || null }),
  },
)
