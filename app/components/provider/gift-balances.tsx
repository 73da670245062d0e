import { cardClass } from '#app/components/ui/card.tsx'
import { Clock, Send, Wallet } from '#app/components/ui/icons.tsx'
import { WITHDRAWAL_LIMITS_CENTS } from '#app/domain/gifts.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { useLongDate } from './standing-banner.tsx'

/** Her three balances, as the ledger computes them (payments/ledger.server.ts). */
export interface GiftBalance {
  pendingCents: number
  availableCents: number
  payoutCents: number
}

/** Pending (with its next release), available, and on its way to her key. */
export function GiftBalances({
  balance,
  nextAvailableAt,
}: {
  balance: GiftBalance
  nextAvailableAt: Date | string | null
}) {
  const t = useT()
  const g = t.providerGifts
  const lang = useLanguage()
  const longDate = useLongDate()
  const tiles = [
    {
      key: 'available',
      Icon: Wallet,
      label: g.available,
      cents: balance.availableCents,
      note:
        balance.availableCents >= WITHDRAWAL_LIMITS_CENTS.min
          ? g.availableHint
          : balance.availableCents > 0
            ? format(g.availableBelowMin, {
                min: formatBrlCents(WITHDRAWAL_LIMITS_CENTS.min, lang),
              })
            : g.availableNone,
      strong: true,
    },
    {
      key: 'pending',
      Icon: Clock,
      label: g.pending,
      cents: balance.pendingCents,
      note: nextAvailableAt
        ? format(g.pendingNext, { date: longDate(nextAvailableAt) })
        : g.pendingNone,
      strong: false,
    },
    {
      key: 'payout',
      Icon: Send,
      label: g.payout,
      cents: balance.payoutCents,
      note: balance.payoutCents > 0 ? g.payoutHint : g.payoutNone,
      strong: false,
    },
  ]
  return (
    <section aria-labelledby="balances-title" className={cardClass}>
      <h2 id="balances-title" className="font-semibold">
        {g.balancesTitle}
      </h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        {tiles.map(({ key, Icon, label, cents, note, strong }) => (
          <div
            key={key}
            className={`rounded-md border p-3 ${strong ? 'border-rose-200 bg-rose-50' : 'border-stone-200 bg-stone-50'}`}
          >
            <dt className="flex items-center gap-2 text-sm text-stone-700">
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {label}
            </dt>
            <dd className={`mt-1 font-semibold ${strong ? 'text-2xl text-rose-900' : 'text-xl'}`}>
              {formatBrlCents(cents, lang)}
            </dd>
            <dd className="mt-0.5 text-xs text-stone-600">{note}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
