import { useId } from 'react'
import { data, Link } from 'react-router'
import {
  AdminForm,
  PageAnswer,
  ReasonField,
  useAdminAnswer,
} from '#app/components/admin/admin-form.tsx'
import { Panel, PixOffNotice, SectionTitle } from '#app/components/admin/admin-parts.tsx'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import { ADMIN_PAGE_SIZE } from '#app/domain/moderation.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { paths } from '#app/domain/paths.ts'
import { REFUND_PLAN_CHOICES } from '#app/domain/plans.ts'
import { format, useCount, useLanguage, useT } from '#app/i18n/i18n.ts'
import { adminAction } from '#app/modules/admin/actions.server.ts'
import { adminMeta } from '#app/modules/admin/meta.ts'
import { adminPageOf } from '#app/modules/admin/page-param.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { pixEnabled } from '#app/modules/payments/payments.server.ts'
import {
  type RevenuePeriod,
  receivedPayments,
  revenueBy,
} from '#app/modules/payments/team-queries.server.ts'
import type { Route } from './+types/payments'

// /admin/payments (issue 21): revenue per day (30 days) and per month (12 months) in Brazilian
// time, then every received Pix, newest first, with what it paid and what became of it; a
// credited one can be sent back with a reason (audited).

export const meta = (args: Route.MetaArgs) => adminMeta(args, 'payments')

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'admin')
  const page = adminPageOf(request)
  const [daily, monthly, payments] = await Promise.all([
    revenueBy('day'),
    revenueBy('month'),
    receivedPayments(page),
  ])
  return data(
    {
      daily,
      monthly,
      payments: payments.rows,
      more: payments.more,
      page,
      pixEnabled: pixEnabled(),
    },
    { headers: PRIVATE_NO_STORE },
  )
}

export const headers = passOnHeaders('Cache-Control')

export function action({ request }: Route.ActionArgs) {
  return adminAction(request, ['refund-payment', 'retry-refund'])
}

type Payment = Route.ComponentProps['loaderData']['payments'][number]

export default function Payments({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const p = t.admin.payments
  const { daily, monthly, payments, more, page } = loaderData
  const pageLink = (to: number) =>
    to > 1 ? `${paths.adminPayments}?pagina=${to}` : paths.adminPayments
  return (
    <div className="space-y-6">
      <PageAnswer />
      {loaderData.pixEnabled ? null : <PixOffNotice text={p.noPix} />}
      <div className="grid gap-6 *:min-w-0 lg:grid-cols-2">
        <Panel>
          <SectionTitle title={p.dailyTitle} hint={p.dailyHint} />
          <RevenueTable periods={daily} unit="day" />
        </Panel>
        <Panel>
          <SectionTitle title={p.monthlyTitle} hint={p.monthlyHint} />
          <RevenueTable periods={monthly} unit="month" />
        </Panel>
      </div>
      <Panel>
        <div id="pix">
          <SectionTitle title={p.listTitle} hint={format(p.listHint, { size: ADMIN_PAGE_SIZE })} />
          {payments.length === 0 ? (
            <p className="text-sm text-stone-600">
              {page === 1 ? (
                p.empty
              ) : (
                <>
                  {p.pageEmpty}{' '}
                  <Link to={pageLink(1)} className="underline">
                    {p.firstPage}
                  </Link>
                </>
              )}
            </p>
          ) : (
            <ol className="divide-y divide-stone-200">
              {payments.map((payment) => (
                <PaymentItem key={payment.endToEndId} payment={payment} />
              ))}
            </ol>
          )}
          {page > 1 || more ? (
            <nav aria-label={p.listTitle} className="mt-4 flex items-center gap-4 text-sm">
              {page > 1 ? (
                <Link to={`${pageLink(page - 1)}#pix`} className="underline">
                  {p.previous}
                </Link>
              ) : null}
              <span>{format(p.page, { page })}</span>
              {more ? (
                <Link to={`${pageLink(page + 1)}#pix`} className="underline">
                  {p.next}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </div>
      </Panel>
    </div>
  )
}

/** Days or months, newest first, with their total. */
function RevenueTable({ periods, unit }: { periods: RevenuePeriod[]; unit: 'day' | 'month' }) {
  const t = useT()
  const count = useCount()
  const language = useLanguage()
  const p = t.admin.payments
  if (periods.length === 0) return <p className="text-sm text-stone-600">{p.noRevenue}</p>
  const money = (cents: number) => formatBrlCents(cents, language)
  // The period is a calendar day or month already in Brazil: read at noon UTC, it stays itself.
  const locale = language === 'pt' ? 'pt-BR' : 'en'
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' })
  const date = new Intl.DateTimeFormat(
    locale,
    unit === 'day'
      ? { day: '2-digit', month: '2-digit', timeZone: 'UTC' }
      : { month: 'short', year: 'numeric', timeZone: 'UTC' },
  )
  // The period is a calendar day or month already in Brazil: read at noon UTC, it stays itself.
  const label = (period: string) => {
    const at = new Date(`${period}${unit === 'day' ? '' : '-01'}T12:00:00Z`)
    return unit === 'day' ? (
      <>
        {/* The weekday where there is room for it. */}
        <span className="hidden sm:inline">{weekday.format(at)} </span>
        {date.format(at)}
      </>
    ) : (
      date.format(at)
    )
  }
  const sum = (pick: (one: RevenuePeriod) => number) =>
    periods.reduce((total, one) => total + pick(one), 0)
  const total: RevenuePeriod = {
    period: p.total,
    receivedCents: sum((one) => one.receivedCents),
    receivedCount: sum((one) => one.receivedCount),
    refundedCents: sum((one) => one.refundedCents),
    refundCount: sum((one) => one.refundCount),
    netCents: sum((one) => one.netCents),
  }
  // An amount and how many made it; a dash for none, so the figures that matter stand out.
  const amount = (cents: number, how: number, forms: typeof p.refundCount) =>
    how === 0 ? (
      <span className="text-stone-400">—</span>
    ) : (
      <>
        {money(cents)}
        <span className="block text-xs font-normal text-stone-600">{count(forms, how)}</span>
      </>
    )
  const cells = (one: RevenuePeriod) => (
    <>
      <td className="whitespace-nowrap py-2 pl-1.5 text-right sm:pl-2 tabular-nums">
        {amount(one.receivedCents, one.receivedCount, p.receivedCount)}
      </td>
      <td className="whitespace-nowrap py-2 pl-1.5 text-right sm:pl-2 tabular-nums">
        {amount(one.refundedCents, one.refundCount, p.refundCount)}
      </td>
      <td className="whitespace-nowrap py-2 pl-1.5 text-right sm:pl-2 font-semibold tabular-nums">
        {money(one.netCents)}
      </td>
    </>
  )
  return (
    <div className="-mx-1 overflow-x-auto px-1">
      <table className="w-full text-xs sm:text-sm">
        <thead>
          <tr className="border-b border-stone-200 text-xs text-stone-600">
            <th scope="col" className="py-2 text-left font-medium">
              {unit === 'day' ? p.day : p.month}
            </th>
            <th scope="col" className="py-2 pl-1.5 text-right sm:pl-2 font-medium">
              {p.received}
            </th>
            <th scope="col" className="py-2 pl-1.5 text-right sm:pl-2 font-medium">
              {p.refunded}
            </th>
            <th scope="col" className="py-2 pl-1.5 text-right sm:pl-2 font-medium">
              {p.net}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {periods.map((one) => (
            <tr key={one.period}>
              <th
                scope="row"
                className={`py-2 text-left font-normal ${unit === 'day' ? 'whitespace-nowrap' : ''}`}
              >
                <time dateTime={one.period}>{label(one.period)}</time>
              </th>
              {cells(one)}
            </tr>
          ))}
        </tbody>
        {periods.length > 1 ? (
          <tfoot className="border-t-2 border-stone-200 font-semibold">
            <tr>
              <th scope="row" className="py-2 text-left">
                {p.total}
              </th>
              {cells(total)}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  )
}

/** One received Pix: when, whose, for what, how much, what became of it; a refund form. */
function PaymentItem({ payment }: { payment: Payment }) {
  const t = useT()
  const language = useLanguage()
  const answer = useAdminAnswer()
  const p = t.admin.payments
  const money = (cents: number) => formatBrlCents(cents, language)
  const when = new Intl.DateTimeFormat(language === 'pt' ? 'pt-BR' : 'en', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: BRAZIL_TIME_ZONE,
  })
  const paid =
    payment.purpose === 'plan' && payment.tier
      ? format(p.plan, { tier: t.tiers[payment.tier], days: payment.days ?? 0 })
      : payment.purpose === 'return_fee'
        ? p.returnFee
        : payment.purpose === 'gift'
          ? p.gift
          : p.unknownCharge
  const refused =
    answer?.intent === 'refund-payment' &&
    answer.subject === payment.endToEndId &&
    answer.error !== undefined
  // Every refund of it refused or not made (issue 33 point 14): the team may send it again.
  const retryable =
    payment.purpose !== 'gift' &&
    payment.refunds.length > 0 &&
    payment.refunds.every((refund) => refund.status === 'failed')
  return (
    <li className="grid gap-3 py-4 md:grid-cols-[1fr_minmax(0,20rem)]">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <strong className="text-base tabular-nums">{money(payment.amountCents)}</strong>
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${
              payment.outcome === 'credited'
                ? 'bg-emerald-50 text-emerald-900'
                : payment.outcome === 'foreign'
                  ? 'bg-amber-50 text-amber-900'
                  : 'bg-stone-100 text-stone-800'
            }`}
          >
            {p.outcomes[payment.outcome]}
          </span>
          <time dateTime={new Date(payment.paidAt).toISOString()} className="text-stone-600">
            {when.format(new Date(payment.paidAt))}
          </time>
        </p>
        <p>
          {payment.profileId ? (
            <Link to={`/admin/profiles/${payment.profileId}`} className="font-medium underline">
              {payment.username}
            </Link>
          ) : (
            <span className="text-stone-600">
              {payment.purpose ? p.deletedAccount : p.noProfile}
            </span>
          )}{' '}
          · {paid}
        </p>
        {payment.outcome === 'foreign' ? (
          <p className="text-stone-700">
            {payment.key ? `${format(p.toKey, { key: payment.key })}. ` : null}
            {p.foreignHint}
          </p>
        ) : null}
        {payment.refunds.map((refund) => (
          <div
            key={refund.requestedAt}
            className="rounded-md border border-stone-200 bg-stone-50 p-2 text-stone-800"
          >
            <p className="font-medium">
              {format(p.refundTitle, { reason: p.refundReasons[refund.reason] })}
            </p>
            <p>
              <span className={refund.status === 'failed' ? 'font-medium text-red-800' : undefined}>
                {format(p.refundStatus, { status: p.refundStatuses[refund.status] })}
              </span>{' '}
              ·{' '}
              {refund.requestedBy
                ? format(p.requestedBy, {
                    who: refund.requestedByEmail ?? p.formerAdmin,
                    date: when.format(new Date(refund.requestedAt)),
                  })
                : format(p.automatic, { date: when.format(new Date(refund.requestedAt)) })}
            </p>
            {refund.note ? (
              <p className="whitespace-pre-line break-words text-stone-700">{refund.note}</p>
            ) : null}
          </div>
        ))}
        <p className="break-all text-xs text-stone-500">
          {format(p.endToEndId, { id: payment.endToEndId })}
        </p>
      </div>
      {payment.outcome === 'credited' && payment.purpose === 'gift' ? (
        <p className="text-sm text-stone-700">
          <Link to={`${paths.adminGifts}#presentes`} className="underline">
            {p.giftRefundHint}
          </Link>
        </p>
      ) : payment.outcome === 'credited' ||
        (payment.outcome === 'foreign' &&
          payment.refunds.every((refund) => refund.status === 'failed')) ? (
        <details open={refused || undefined} className="text-sm">
          <summary className="cursor-pointer font-medium text-rose-900 underline">
            {p.refund}
          </summary>
          <p className="my-2 text-xs text-stone-600">{p.refundHint}</p>
          <AdminForm
            intent="refund-payment"
            subject={payment.endToEndId}
            submit={format(p.refundSubmit, { amount: money(payment.amountCents) })}
            tone="danger"
          >
            {(error) => (
              <>
                {payment.outcome === 'credited' && payment.purpose === 'plan' ? (
                  <PlanChoice error={error('plan')} />
                ) : null}
                <ReasonField name="note" error={error('note')} />
              </>
            )}
          </AdminForm>
        </details>
      ) : null}
      {retryable ? (
        <div className="space-y-2 text-sm md:col-start-2">
          <p className="text-xs text-stone-600">{p.retryHint}</p>
          <AdminForm intent="retry-refund" subject={payment.endToEndId} submit={p.retry} />
        </div>
      ) : null}
    </li>
  )
}

/** What the team's refund of a plan's Pix does to the plan: a required choice (issue 33). */
function PlanChoice({ error }: { error?: string }) {
  const t = useT()
  const p = t.admin.payments
  const id = useId()
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="space-y-1">
      <legend className="mb-1 text-sm font-medium text-stone-800">{p.planChoice}</legend>
      {REFUND_PLAN_CHOICES.map((choice) => (
        <label key={choice} className="flex items-start gap-2 text-sm">
          <input type="radio" name="plan" value={choice} required className="mt-1" />
          <span>{p.planChoices[choice]}</span>
        </label>
      ))}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
