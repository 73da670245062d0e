import { Link } from 'react-router'
import { cardClass } from '#app/components/ui/card.tsx'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import type { MembershipTier } from '#app/domain/membership.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { paths } from '#app/domain/paths.ts'
import { PLAN_DAYS, type RefundReason, type RefundStatus } from '#app/domain/plans.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { useLongDate } from './standing-banner.tsx'

/** One Pix she sent, as the plan page's loader reads it (history.server paymentHistory). */
export interface PaymentEntry {
  endToEndId: string
  purpose: 'plan' | 'return_fee'
  tier: string | null
  days: number | null
  amountCents: number
  paidAt: Date | string
  planExpiresAt: Date | string | null
  /** Sent back (a repeated, late or wrong Pix, or by the team): why, and where it stands. */
  refund: { reason: RefundReason; status: RefundStatus } | null
}

/**
 * Every Pix she sent, newest first (issue 21 point 6; issue 33 point 4): date, what, amount, and
 * whether it was credited or sent back (with why and the refund's state), each with its receipt.
 */
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
                <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
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
                <tr key={entry.endToEndId} className="border-b border-stone-100 align-top">
                  <td className="hidden py-2 pr-3 whitespace-nowrap sm:table-cell">
                    {when.format(new Date(entry.paidAt))}
                  </td>
                  <td className="py-2 pr-3">
                    {/* A phone has no room for the date's column: it heads the description. */}
                    <span className="block text-xs text-stone-600 sm:hidden">
                      {when.format(new Date(entry.paidAt))}
                    </span>
                    {entry.purpose === 'plan' && entry.tier
                      ? format(p.historyPlan, {
                          tier: t.tiers[entry.tier as MembershipTier],
                          days: entry.days ?? PLAN_DAYS,
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
                    {entry.refund ? (
                      <>
                        <span className="font-medium text-red-800">
                          {t.receipt.refundStatus[entry.refund.status]}
                        </span>
                        <span className="block text-xs text-stone-600">
                          {t.receipt.reasons[entry.refund.reason]}
                        </span>
                      </>
                    ) : (
                      p.historyPaid
                    )}
                    <Link
                      to={paths.dashboardReceipt(entry.endToEndId)}
                      className="mt-1 block text-xs underline"
                      aria-label={format(p.historyReceiptOf, {
                        date: when.format(new Date(entry.paidAt)),
                      })}
                    >
                      {p.historyReceipt}
                    </Link>
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
