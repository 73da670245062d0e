import { type FormEvent, useId, useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { FormAlert } from '#app/components/ui/alert.tsx'
import { SubmitButton } from '#app/components/ui/button.tsx'
import { inputClass } from '#app/components/ui/field.tsx'
import { formatCpf, WITHDRAWAL_LIMITS_CENTS } from '#app/domain/gifts.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { paths } from '#app/domain/paths.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { check } from '#app/modules/forms/checks.ts'
import {
  CPF_KEY_MAX_LENGTH,
  refusalField,
  typedAmount,
  type WithdrawalAnswer,
  type WithdrawalFormProblem,
  type WithdrawalRefusal,
  withdrawalForm,
} from '#app/modules/payments/withdrawal-form.ts'

// The withdrawal of /dashboard/gifts (issue 22 point 3), in two steps that work without
// JavaScript: the amount and her CPF key ('quote'), then what leaves her balance, the fee and
// what reaches her key, to confirm ('confirm'). Nothing happens before the confirmation.

/** The messages of a refusal, with the limits and her balance filled in. */
function useRefusalText(availableCents: number) {
  const t = useT()
  const lang = useLanguage()
  return (refusal: WithdrawalRefusal) =>
    format(t.providerGifts.errors[refusal], {
      min: formatBrlCents(WITHDRAWAL_LIMITS_CENTS.min, lang),
      max: formatBrlCents(WITHDRAWAL_LIMITS_CENTS.max, lang),
      available: formatBrlCents(availableCents, lang),
    })
}

const sending = (navigation: ReturnType<typeof useNavigation>, intent: string) =>
  navigation.state !== 'idle' && navigation.formData?.get('intent') === intent

/** The form, or its confirmation once the action answered with a quote. */
export function WithdrawalForm({
  availableCents,
  answer,
}: {
  availableCents: number
  answer: WithdrawalAnswer | undefined
}) {
  if (answer?.intent === 'quote' && answer.quote && !answer.error) {
    return <WithdrawalConfirmation quote={answer.quote} />
  }
  return <WithdrawalAsk availableCents={availableCents} answer={answer} />
}

function WithdrawalAsk({
  availableCents,
  answer,
}: {
  availableCents: number
  answer: WithdrawalAnswer | undefined
}) {
  const t = useT()
  const g = t.providerGifts
  const lang = useLanguage()
  const id = useId()
  const navigation = useNavigation()
  const refusalText = useRefusalText(availableCents)
  // The browser's own finding holds until the server answers again.
  const [browser, setBrowser] = useState<{ problem?: WithdrawalFormProblem; answer?: object }>({})
  const problem = browser.answer === answer ? browser.problem : undefined
  const refusal: WithdrawalRefusal | undefined = problem ?? answer?.error
  const field = refusal ? refusalField(refusal) : undefined
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const checked = check<unknown, WithdrawalFormProblem>(
      withdrawalForm,
      new FormData(event.currentTarget),
    )
    const found = checked.ok ? undefined : checked.error
    setBrowser({ problem: found?.message, answer })
    if (!found) return
    event.preventDefault()
    const input = event.currentTarget.elements.namedItem(found.field)
    if (input instanceof HTMLElement) input.focus()
  }
  const message = (name: 'amount' | 'key') =>
    refusal && field === name ? (
      <p id={`${id}-${name}-error`} role="alert" className="mt-1 text-sm text-red-700">
        {refusalText(refusal)}
      </p>
    ) : null
  const described = (name: 'amount' | 'key') =>
    refusal && field === name ? `${id}-${name}-error` : `${id}-${name}-hint`
  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
      <input type="hidden" name="intent" value="quote" />
      {refusal && field === 'form' ? (
        <FormAlert tone="error" title={refusalText(refusal)} reveal={answer} />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-amount`} className="mb-1 block text-sm font-medium">
            {g.amount}
          </label>
          <input
            id={`${id}-amount`}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            required
            maxLength={12}
            defaultValue={answer?.values?.amount}
            aria-invalid={field === 'amount' ? true : undefined}
            aria-describedby={described('amount')}
            className={inputClass}
          />
          {message('amount') ?? (
            <p id={`${id}-amount-hint`} className="mt-1 text-sm text-stone-600">
              {format(g.amountHint, {
                min: formatBrlCents(WITHDRAWAL_LIMITS_CENTS.min, lang),
                max: formatBrlCents(WITHDRAWAL_LIMITS_CENTS.max, lang),
                available: formatBrlCents(availableCents, lang),
              })}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-key`} className="mb-1 block text-sm font-medium">
            {g.key}
          </label>
          <input
            id={`${id}-key`}
            name="key"
            inputMode="numeric"
            autoComplete="off"
            required
            maxLength={CPF_KEY_MAX_LENGTH}
            placeholder="000.000.000-00"
            defaultValue={answer?.values?.key}
            aria-invalid={field === 'key' ? true : undefined}
            aria-describedby={described('key')}
            className={inputClass}
          />
          {message('key') ?? (
            <p id={`${id}-key-hint`} className="mt-1 text-sm text-stone-600">
              {g.keyHint}
            </p>
          )}
        </div>
      </div>
      <div className="sm:max-w-xs">
        <SubmitButton
          label={g.quote}
          pendingLabel={g.quoting}
          pending={sending(navigation, 'quote')}
        />
      </div>
    </Form>
  )
}

/** The second step: the amounts in words and figures, then confirm or change. */
function WithdrawalConfirmation({ quote }: { quote: NonNullable<WithdrawalAnswer['quote']> }) {
  const t = useT()
  const g = t.providerGifts
  const lang = useLanguage()
  const navigation = useNavigation()
  const money = (cents: number) => formatBrlCents(cents, lang)
  const rows = [
    [g.confirmAmount, money(quote.amountCents)],
    [g.confirmFee, `− ${money(quote.feeCents)}`],
    [g.confirmNet, money(quote.netCents)],
    [g.confirmKey, formatCpf(quote.key)],
  ] as const
  return (
    <section
      aria-labelledby="confirm-title"
      className="rounded-md border border-rose-200 bg-rose-50/40 p-4"
    >
      <h3 id="confirm-title" className="font-semibold">
        {g.confirmTitle}
      </h3>
      <p className="mt-1 text-sm text-stone-700">{g.confirmIntro}</p>
      <dl className="mt-3 divide-y divide-rose-100 text-sm">
        {rows.map(([label, value], index) => (
          <div key={label} className="flex items-baseline justify-between gap-3 py-2">
            <dt className={index === 2 ? 'font-semibold' : 'text-stone-700'}>{label}</dt>
            <dd className={index === 2 ? 'text-lg font-bold text-rose-900' : 'font-medium'}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <Form method="post" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="amount" value={typedAmount(quote.amountCents)} />
        <input type="hidden" name="key" value={quote.key} />
        <div className="sm:w-64">
          <SubmitButton
            label={g.confirm}
            pendingLabel={g.confirming}
            pending={sending(navigation, 'confirm')}
          />
        </div>
        <Link to={paths.dashboardGifts} className="text-center text-sm text-rose-900 underline">
          {g.change}
        </Link>
      </Form>
    </section>
  )
}
