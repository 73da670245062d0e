import { cpfDigits, isValidCpf, WITHDRAWAL_LIMITS_CENTS } from '#app/domain/gifts.ts'
import { parseReais } from '#app/domain/money.ts'
import type { Dictionary } from '#app/i18n/pt.ts'
import { orderedForm } from '#app/modules/forms/checks.ts'
import { field } from '#app/modules/forms/fields.ts'

// The withdrawal form of /dashboard/gifts (issue 22 point 3), shared by the browser and the
// action: the amount in reais and her CPF key. Its problems are keys of the provider
// dictionary's providerGifts.errors, as the refusals of withdrawals.server.ts are.

/** A problem of what was typed: the amount or the key. */
export type WithdrawalFormProblem = 'amount' | 'key'

/** The amount's input: 'R$ 1.000,00' at most. */
const AMOUNT_MAX_LENGTH = 12
/** The key's input: a CPF with its dots and dash. */
export const CPF_KEY_MAX_LENGTH = 14

const centsOf = (typed: string) => parseReais(typed.trim())

const amount = field<number, WithdrawalFormProblem>(
  (typed) => {
    const cents = centsOf(typed)
    return cents !== null &&
      cents >= WITHDRAWAL_LIMITS_CENTS.min &&
      cents <= WITHDRAWAL_LIMITS_CENTS.max
      ? undefined
      : 'amount'
  },
  (typed) => centsOf(typed) ?? 0,
  { maxLength: AMOUNT_MAX_LENGTH, required: true },
)

const key = field<string, WithdrawalFormProblem>(
  (typed) => {
    const digits = cpfDigits(typed.trim())
    return digits && isValidCpf(digits) ? undefined : 'key'
  },
  (typed) => cpfDigits(typed.trim()) ?? '',
  { maxLength: CPF_KEY_MAX_LENGTH, required: true },
)

/** Her withdrawal: the amount (as centavos) and the key (its 11 digits), checked in that order. */
export const withdrawalForm = orderedForm<
  { amount: typeof amount; key: typeof key },
  { amountCents: number; key: string },
  WithdrawalFormProblem
>({ amount, key }, { output: (values) => ({ amountCents: values.amount, key: values.key }) })

/** The amount as the confirmation step sends it back: '1000.00'. */
export const typedAmount = (cents: number) => (cents / 100).toFixed(2)

/** Why a withdrawal is refused: a key of providerGifts.errors (withdrawals.server.ts's errors). */
export type WithdrawalRefusal = keyof Dictionary['providerGifts']['errors']

/** The input a refusal is about ('form': the whole form). */
export function refusalField(refusal: WithdrawalRefusal): 'amount' | 'key' | 'form' {
  if (refusal === 'amount' || refusal === 'balance') return 'amount'
  if (refusal === 'key' || refusal === 'keyMismatch') return 'key'
  return 'form'
}

/** What the action answers the withdrawal form with. */
export interface WithdrawalAnswer {
  intent: 'quote' | 'confirm'
  error?: WithdrawalRefusal
  /** What was typed, to fill the form again (without JavaScript too). */
  values?: { amount: string; key: string }
  /** The confirmation step: what leaves her balance, the fee, what reaches her key. */
  quote?: {
    amountCents: number
    feeCents: number
    netCents: number
    /** The key's 11 digits, sent back by the confirmation. */
    key: string
  }
}
