import { cardClass } from '#app/components/ui/card.tsx'
import { Gift } from '#app/components/ui/icons.tsx'
import type { GiftStatus, WithdrawalStatus } from '#app/domain/gifts.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { useLongDate } from './standing-banner.tsx'

/** A gift she received, as /dashboard/gifts lists it (payments/provider-gifts.server.ts). */
export interface ReceivedGift {
  id: string
  amountCents: number
  message: string | null
  status: GiftStatus
  paidAt: Date | string | null
  availableAt: Date | string | null
}

/** One of her withdrawals, its key masked. */
export interface WithdrawalEntry {
  id: string
  amountCents: number
  feeCents: number
  netCents: number
  key: string
  status: WithdrawalStatus
  failure: string | null
  requestedAt: Date | string
  settledAt: Date | string | null
}

/** What the institution says when it gives no reason of its own. */
const NO_REASON = 'NAO_REALIZADO'

/** The gifts she received, newest first: amount, date, the client's words, status. */
export function ReceivedGifts({ gifts, limit }: { gifts: ReceivedGift[]; limit: number }) {
  const t = useT()
  const g = t.providerGifts
  const lang = useLanguage()
  const longDate = useLongDate()
  const statusOf = (gift: ReceivedGift) =>
    format(g.giftStatus[gift.status], {
      date: gift.availableAt ? longDate(gift.availableAt) : '',
    })
  return (
    <section aria-labelledby="gifts-title" className={cardClass}>
      <h2 id="gifts-title" className="font-semibold">
        {g.giftsTitle}
      </h2>
      {gifts.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{g.giftsEmpty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100">
          {gifts.map((gift) => (
            <li key={gift.id} className="flex gap-3 py-3">
              <Gift aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-rose-800" />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-semibold">{formatBrlCents(gift.amountCents, lang)}</span>
                  <span className="text-sm text-stone-700">{statusOf(gift)}</span>
                </p>
                {gift.paidAt ? (
                  <p className="text-xs text-stone-600">
                    {format(g.giftPaid, { date: longDate(gift.paidAt) })}
                  </p>
                ) : null}
                <p className="mt-1 text-sm break-words text-stone-800">
                  {gift.message ? (
                    format(g.message, { message: gift.message })
                  ) : (
                    <span className="text-stone-500">{g.noMessage}</span>
                  )}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {gifts.length >= limit ? (
        <p className="mt-2 text-xs text-stone-600">{format(g.giftsLimit, { count: limit })}</p>
      ) : null}
    </section>
  )
}

const STATUS_TONES: Record<WithdrawalStatus, string> = {
  requested: 'bg-amber-50 text-amber-900 border-amber-200',
  sent: 'bg-sky-50 text-sky-900 border-sky-200',
  paid: 'bg-emerald-50 text-emerald-900 border-emerald-200',
  failed: 'bg-red-50 text-red-900 border-red-200',
}

/** Her withdrawals, newest first: amount, fee, what reached her key, status and why it failed. */
export function WithdrawalList({ withdrawals }: { withdrawals: WithdrawalEntry[] }) {
  const t = useT()
  const g = t.providerGifts
  const lang = useLanguage()
  const longDate = useLongDate()
  const money = (cents: number) => formatBrlCents(cents, lang)
  return (
    <section aria-labelledby="withdrawals-title" className={cardClass}>
      <h2 id="withdrawals-title" className="font-semibold">
        {g.withdrawalsTitle}
      </h2>
      {withdrawals.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{g.withdrawalsEmpty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-stone-100">
          {withdrawals.map((one) => (
            <li key={one.id} className="py-3">
              <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <span className="font-semibold">{money(one.amountCents)}</span>
                <span
                  className={`rounded-md border px-2 py-0.5 text-xs font-medium ${STATUS_TONES[one.status]}`}
                >
                  {format(g.withdrawalStatus[one.status], {
                    date: one.settledAt ? longDate(one.settledAt) : '',
                  })}
                </span>
              </p>
              <p className="mt-1 text-sm text-stone-700">
                {format(one.status === 'failed' ? g.withdrawalLineFailed : g.withdrawalLine, {
                  amount: money(one.amountCents),
                  fee: money(one.feeCents),
                  net: money(one.netCents),
                  key: one.key,
                })}
              </p>
              <p className="text-xs text-stone-600">
                {format(g.withdrawalAsked, { date: longDate(one.requestedAt) })}
              </p>
              {one.status === 'failed' && one.failure && one.failure !== NO_REASON ? (
                <p className="mt-1 text-sm text-red-800">
                  {format(g.failureReason, { reason: one.failure })}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
