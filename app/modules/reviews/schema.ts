import {
  RATINGS,
  REPLY_LENGTH,
  REVIEW_LENGTH,
  REVIEW_REPORT_LENGTH,
  REVIEW_REPORT_REASONS,
  reviewTextProblem,
} from '#app/domain/reviews.ts'
import { withoutControlCharacters } from '#app/domain/text.ts'
import { orderedForm } from '#app/modules/forms/checks.ts'
import { checkbox, choice, field, text } from '#app/modules/forms/fields.ts'

// The review forms (issue 20), checked the same way in the browser and in the action.

const clean = (value: string) => withoutControlCharacters(value).trim()

/** A text of `length` characters that passes the review rules (no contact data, nothing explicit…). */
const reviewText = (
  length: { min: number; max: number },
  tooShort: 'reviewTooShort' | 'replyTooShort',
  tooLong: 'reviewTooLong' | 'replyTooLong',
) => {
  const counted = text({ length, tooShort, tooLong, clean })
  return field(
    (value) => {
      const result = counted.safeParse(value)
      if (!result.success) return result.error.issues[0]?.message as typeof tooShort
      return reviewTextProblem(result.data)
    },
    clean,
    { maxLength: length.max, minLength: length.min, required: true },
  )
}

/** A review: stars, whether the photos match, the text, and leave to quote it. */
export const reviewSchema = orderedForm(
  {
    rating: choice(
      RATINGS.map((r) => String(r)),
      'ratingRequired',
    ),
    photosMatch: choice(['yes', 'no'], 'photosMatchRequired'),
    body: reviewText(REVIEW_LENGTH, 'reviewTooShort', 'reviewTooLong'),
    quotable: checkbox(),
  },
  {
    output: (v) => ({
      rating: Number(v.rating),
      photosMatch: v.photosMatch === 'yes',
      body: v.body,
      quotable: v.quotable,
    }),
  },
)

/** The provider's one public reply. */
export const replySchema = orderedForm({
  reply: reviewText(REPLY_LENGTH, 'replyTooShort', 'replyTooLong'),
})

/** The provider's report of a review to the team: a reason, and words (required for 'other'). */
export const reviewReportSchema = orderedForm(
  {
    reason: choice(REVIEW_REPORT_REASONS, 'reportReasonRequired'),
    details: text({
      length: REVIEW_REPORT_LENGTH,
      tooShort: 'reportDetailsTooShort',
      tooLong: 'reviewReportTooLong',
      optional: true,
      clean,
    }),
  },
  {
    rules: {
      details: (typed) =>
        typed.reason === 'other' && !clean(typed.details) ? 'reportDetailsRequired' : undefined,
    },
    output: (v) => ({ reason: v.reason, details: v.details || null }),
  },
)
