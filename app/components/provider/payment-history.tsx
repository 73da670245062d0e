import { cardClass } from '#app/components/ui/card.tsx'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import type { MembershipTier } from '#app/domain/membership.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { PLAN_DAYS } from '#app/domain/plans.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { useLongDate } from './standing-banner.tsx'

/** A paid charge of hers, as the plan page's loader reads it (payments.server paymentHistory). */
export interface PaymentEntry {
  id: string
  purpose: 'plan' | 'return_fee' | 'gift'
  tier: string | null
  amountCents: number
  paidAt: Date | string | null
  planExpiresAt: Date | string | null
  /** The refund of its payment, if the team or the rules sent it back. */
  refund: { status: 'requested' | 'done' | 'failed' } | null
}

/** Her payments, newest first (issue 21 point 6): date, what, amount, and whether sent back. */
export function PaymentHistory({ history }: { history: PaymentEntry[] }) {
  const t = useT()
  const p = t.plan
  const lang = useLanguage()
  const longDate = useLongDate()
  const locale = lang === 'pt' ? 'pt-BR' : 'en'
  const when = new Intl.DateTimeFormat(locale, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: BRAZIL_TIME_ZONE,
  })
  return (
    <section aria-labelledby="history-title" className={cardClass}>
      <h2 id="history-title" className="font-semibold">
        {p.historyTitle}
      </h2>
      {history.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{p.historyEmpty}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{p.historyCaption}</caption>
            <thead>
              <tr className="border-b border-stone-200 text-stone-600">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {p.historyColumns.date}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {p.historyColumns.what}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {p.historyColumns.amount}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {p.historyColumns.status}
                </th>
              </tr>
            </thead>
            <tbody>
              {history.map((entry) => (
                <tr key={entry.id} className="border-b border-stone-100 align-top">
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {entry.paidAt ? when.format(new Date(entry.paidAt)) : ''}
                  </td>
                  <td className="py-2 pr-3">
                    {entry.purpose === 'plan' && entry.tier
                      ? format(p.historyPlan, {
                          tier: t.tiers[entry.tier as MembershipTier],
                          days: PLAN_DAYS,
                        })
                      : p.historyReturnFee}
                    {entry.planExpiresAt && !entry.refund ? (
                      <span className="block text-xs text-stone-600">
                        {format(p.historyUntil, { date: longDate(entry.planExpiresAt) })}
                      </span>
                    ) : null}
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {formatBrlCents(entry.amountCents, lang)}
                  </td>
                  <td className="py-2">
                    {!entry.refund
                      ? p.historyPaid
                      : entry.refund.status === 'done'
                        ? p.historyRefunded
                        : p.historyRefunding}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
