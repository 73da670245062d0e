import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { cardClass } from '#app/components/ui/card.tsx'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import type { MembershipTier } from '#app/domain/membership.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { SUPPORT_EMAIL } from '#app/domain/site.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import type { Receipt } from '#app/modules/payments/receipt-view.ts'

// A printable receipt of one Pix (issue 33 point 10): the seller and its CNPJ, the payer, what
// was paid, the amount, when in Brazil time, the txid and end-to-end id, and its state (a Pix
// sent back says so plainly). Printed, the page is this card alone: the site's header, footer,
// the area's tabs and the buttons are hidden (print:hidden).

/** A receipt as the page has it: its date serialised or not. */
export type ReceiptView = Receipt<Date | string>

export function ReceiptCard({
  receipt,
  back,
}: {
  receipt: ReceiptView
  back: { to: string; label: string }
}) {
  const t = useT()
  const r = t.receipt
  const lang = useLanguage()
  const when = new Intl.DateTimeFormat(lang === 'pt' ? 'pt-BR' : 'en', {
    dateStyle: 'long',
    timeStyle: 'medium',
    timeZone: BRAZIL_TIME_ZONE,
  })
  const { what, refund } = receipt
  const description =
    what.kind === 'plan'
      ? format(r.plan, {
          tier: what.tier ? t.tiers[what.tier as MembershipTier] : '',
          days: what.days ?? '',
        })
      : what.kind === 'return_fee'
        ? r.returnFee
        : what.profile
          ? format(r.gift, { profile: what.profile })
          : r.giftNoProfile
  const rows: [string, string][] = [
    [r.seller, receipt.seller.name],
    [r.taxId, receipt.seller.taxId],
    [r.payer, receipt.payer],
    [r.what, description],
    [r.amount, formatBrlCents(receipt.amountCents, lang)],
    [r.paidAt, format(r.brazilTime, { date: when.format(new Date(receipt.paidAt)) })],
    [r.txid, receipt.txid],
    [r.endToEndId, receipt.endToEndId],
  ]
  return (
    <section
      aria-labelledby="receipt-title"
      className={`${cardClass} max-w-2xl print:max-w-none print:border-0 print:p-0`}
    >
      <h2 id="receipt-title" className="text-xl font-semibold">
        {r.title}
      </h2>
      <dl className="mt-4 divide-y divide-stone-100 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 py-2 sm:grid-cols-3 sm:gap-4">
            <dt className="font-medium text-stone-600">{label}</dt>
            <dd className="break-words sm:col-span-2">{value}</dd>
          </div>
        ))}
        <div className="grid gap-1 py-2 sm:grid-cols-3 sm:gap-4">
          <dt className="font-medium text-stone-600">{r.state}</dt>
          <dd className="sm:col-span-2" data-testid="receipt-state">
            {refund ? (
              <>
                <strong className="font-semibold text-red-800">
                  {r.refundStatus[refund.status]}
                </strong>
                <span className="block text-stone-700">{r.reasons[refund.reason]}</span>
                {refund.status === 'failed' ? (
                  <span className="block text-stone-700">
                    {format(r.failedHelp, { email: SUPPORT_EMAIL })}
                  </span>
                ) : null}
              </>
            ) : (
              <strong className="font-semibold text-emerald-800">{r.paid}</strong>
            )}
          </dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap gap-3 print:hidden">
        <Button onClick={() => window.print()}>{r.print}</Button>
        <ButtonLink to={back.to} tone="secondary">
          {back.label}
        </ButtonLink>
      </div>
    </section>
  )
}
