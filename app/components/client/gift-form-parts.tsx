import { useId, useState } from 'react'
import { inputClass } from '#app/components/ui/field.tsx'
import { CalendarClock, CircleAlert, HandCoins, Info, QrCode } from '#app/components/ui/icons.tsx'
import { GIFT_LIMITS_CENTS, withdrawalFeeTerms } from '#app/domain/gifts.ts'
import { formatBrl, formatBrlCents } from '#app/domain/money.ts'
import { CHARGE_MINUTES } from '#app/domain/plans.ts'
import { GIFT_CREDIT_BUSINESS_DAYS } from '#app/domain/terms.ts'
import { format, useCount, useLanguage, useT } from '#app/i18n/i18n.ts'
import type { FormErrorKey } from '#app/modules/forms/checks.ts'
import { fieldAttributes } from '#app/modules/forms/fields.ts'
import { GIFT_QUICK_REAIS, giftSchema, OTHER_AMOUNT } from '#app/modules/payments/gift-schema.ts'

// The parts of a client's gift form (issue 22 point 1): the amount, and what happens once he
// sends it.

const choiceClass =
  'flex min-h-11 items-center gap-2 rounded-md border border-stone-300 bg-white px-2.5 py-2 has-[:checked]:border-rose-700 has-[:checked]:bg-rose-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-rose-700'

/**
 * The amount: a quick choice (those above what his cap leaves are off) or 'other' with the
 * amount typed beside it. Typing chooses 'other'; a quick choice empties the typed amount.
 * Without JavaScript both still work: the choice decides, and the typed amount counts with
 * 'other'.
 */
export function GiftAmountField({
  error,
  choice: initialChoice = '',
  typed: initialTyped = '',
  capLeftCents,
}: {
  /** The field that is wrong ('amount' or 'otherAmount') and its message key. */
  error?: { field: string; message: FormErrorKey }
  choice?: string
  typed?: string
  capLeftCents: number
}) {
  const t = useT()
  const g = t.clientGifts
  const lang = useLanguage()
  const id = useId()
  const [choice, setChoice] = useState(initialChoice)
  const [typed, setTyped] = useState(initialTyped)
  const limits = {
    min: formatBrlCents(GIFT_LIMITS_CENTS.min, lang),
    max: formatBrlCents(GIFT_LIMITS_CENTS.max, lang),
  }
  const messageId = `${id}-message`
  return (
    <fieldset aria-describedby={messageId}>
      <legend className="mb-2 text-sm font-medium text-stone-800">{g.amountLegend}</legend>
      <div className="grid grid-cols-3 gap-2">
        {GIFT_QUICK_REAIS.map((reais) => (
          <label
            key={reais}
            className={`${choiceClass} cursor-pointer has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50`}
          >
            <input
              type="radio"
              name="amount"
              value={String(reais)}
              checked={choice === String(reais)}
              disabled={reais * 100 > capLeftCents}
              onChange={() => {
                setChoice(String(reais))
                setTyped('')
              }}
              className="size-4 shrink-0 accent-rose-800"
            />
            <span className="font-semibold whitespace-nowrap tabular-nums">
              {formatBrl(reais, lang)}
            </span>
          </label>
        ))}
      </div>
      <div className={`${choiceClass} mt-2 flex-wrap gap-x-3`}>
        <label className="flex min-h-9 cursor-pointer items-center gap-2">
          <input
            type="radio"
            name="amount"
            value={OTHER_AMOUNT}
            checked={choice === OTHER_AMOUNT}
            onChange={() => setChoice(OTHER_AMOUNT)}
            className="size-4 shrink-0 accent-rose-800"
          />
          <span>{g.otherAmount}</span>
        </label>
        <div className="relative ml-auto w-full min-[360px]:w-44">
          <label htmlFor={`${id}-other`} className="sr-only">
            {g.otherAmountLabel}
          </label>
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-stone-600"
          >
            R$
          </span>
          <input
            id={`${id}-other`}
            name="otherAmount"
            inputMode="decimal"
            autoComplete="off"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value)
              setChoice(OTHER_AMOUNT)
            }}
            aria-invalid={error?.field === 'otherAmount' ? true : undefined}
            aria-describedby={messageId}
            className={`${inputClass} py-2 pl-10 tabular-nums`}
            {...fieldAttributes(giftSchema, 'otherAmount')}
          />
        </div>
      </div>
      {error ? (
        <p id={messageId} role="alert" className="mt-1 flex items-start gap-1 text-sm text-red-700">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {format(t.formErrors[error.message], limits)}
        </p>
      ) : (
        <p id={messageId} className="mt-1 text-sm text-stone-600">
          {format(g.amountHint, limits)}
        </p>
      )}
    </fieldset>
  )
}

/** What happens once he sends it: the Pix, her business day, the whole gift, no refund after. */
export function GiftSteps() {
  const t = useT()
  const g = t.clientGifts
  const lang = useLanguage()
  const count = useCount()
  const steps = [
    [QrCode, format(g.stepPix, { minutes: CHARGE_MINUTES })],
    [CalendarClock, count(g.stepDelivery, GIFT_CREDIT_BUSINESS_DAYS)],
    [HandCoins, format(g.stepWholeGift, withdrawalFeeTerms(lang))],
    [Info, g.stepNoRefund],
  ] as const
  return (
    <section
      aria-labelledby="gift-steps"
      className="rounded-lg border border-stone-200 bg-stone-50 p-4"
    >
      <h2 id="gift-steps" className="font-semibold">
        {g.stepsTitle}
      </h2>
      <ul className="mt-2 space-y-2 text-sm text-stone-700">
        {steps.map(([Icon, text]) => (
          <li key={text} className="flex gap-2">
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-rose-800" />
            {text}
          </li>
        ))}
      </ul>
    </section>
  )
}
