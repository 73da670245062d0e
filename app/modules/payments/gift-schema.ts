import { GIFT_LIMITS_CENTS, GIFT_MESSAGE_LENGTH } from '#app/domain/gifts.ts'
import { parseReais } from '#app/domain/money.ts'
import { reviewTextProblem } from '#app/domain/reviews.ts'
import { withoutControlCharacters } from '#app/domain/text.ts'
import { orderedForm } from '#app/modules/forms/checks.ts'
import { field, plain, text } from '#app/modules/forms/fields.ts'

// A client's gift form (issue 22 point 1), checked the same way in the browser and in the action.

/** The amounts offered with one tap, in reais; any other is typed. */
export const GIFT_QUICK_REAIS = [20, 50, 100] as const

/** The choice that says the amount is typed. */
export const OTHER_AMOUNT = 'other'

const AMOUNT_CHOICES = [...GIFT_QUICK_REAIS.map(String), OTHER_AMOUNT]

const clean = (value: string) => withoutControlCharacters(value).trim()

/** The message's length rule (the review checks come after it). */
const messageLength = text({
  length: GIFT_MESSAGE_LENGTH,
  tooLong: 'giftMessageTooLong',
  optional: true,
  clean,
})

/** A typed amount in centavos, or null when it is no amount. */
const typedCents = (typed: string) => parseReais(typed.trim())

/**
 * A gift: one of the quick amounts or a typed one (R$10 to R$1,000, the Brazilian or the English
 * way), and an optional message with the review checks (no contact data, nothing explicit).
 */
export const giftSchema = orderedForm(
  {
    amount: field(
      (value) => (AMOUNT_CHOICES.includes(value) ? undefined : 'giftAmountRequired'),
      (value) => value,
    ),
    // At most 'R$ 1.000,00' and some room: nothing longer is an amount.
    otherAmount: plain({ maxLength: 16 }),
    message: field(
      (value) => {
        const counted = messageLength.safeParse(value)
        if (!counted.success) return 'giftMessageTooLong'
        return counted.data ? reviewTextProblem(counted.data) : undefined
      },
      clean,
      { maxLength: GIFT_MESSAGE_LENGTH.max },
    ),
  },
  {
    rules: {
      otherAmount: (typed) => {
        if (typed.amount !== OTHER_AMOUNT) return undefined
        if (!typed.otherAmount.trim()) return 'giftAmountMissing'
        const cents = typedCents(typed.otherAmount)
        if (cents === null) return 'giftAmountInvalid'
        return cents < GIFT_LIMITS_CENTS.min || cents > GIFT_LIMITS_CENTS.max
          ? 'giftAmountRange'
          : undefined
      },
    },
    output: (values) => ({
      amountCents:
        values.amount === OTHER_AMOUNT
          ? (typedCents(values.otherAmount) ?? 0)
          : Number(values.amount) * 100,
      message: values.message,
    }),
  },
)
