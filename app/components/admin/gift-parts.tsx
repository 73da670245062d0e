import { Link } from 'react-router'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { PIX_REFUND_DAYS } from '#app/domain/plans.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import type { FreezeView, GiftView } from '#app/modules/payments/gift-views.ts'
import { AdminForm, ReasonField, useAdminAnswer } from './admin-form.tsx'
import { adminProfilePath } from './stacked-table.tsx'

// The lists of /admin/gifts (issue 22 point 4): open freezes with their release form and gifts
// with a refund form, and the small pieces the page's tables share (gift-tables.tsx holds the
// balances and withdrawals tables). The route holds the totals and the page's frame.

/** Centavos as money in the admin's language. */
export function useMoney() {
  const language = useLanguage()
  return (cents: number) => formatBrlCents(cents, language)
}

/** A date and time in Brasília, in the admin's language. */
export function useWhen() {
  const language = useLanguage()
  const formatter = new Intl.DateTimeFormat(language === 'pt' ? 'pt-BR' : 'en', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: BRAZIL_TIME_ZONE,
  })
  return (at: Date | string) => formatter.format(new Date(at))
}

/** A date as a <time> element. */
export function Time({ at, text }: { at: Date | string; text: string }) {
  return <time dateTime={new Date(at).toISOString()}>{text}</time>
}

/** Whether the page's last answer was a refusal of this form (it opens again to show why). */
export function useRefused(intent: string, subject: string) {
  const answer = useAdminAnswer()
  return answer?.intent === intent && answer.subject === subject && answer.error !== undefined
}

/** A form behind its summary line, open again when the action refused it. */
export function Disclosed({
  open,
  summary,
  hint,
  children,
}: {
  open: boolean
  summary: string
  hint: string
  children: React.ReactNode
}) {
  return (
    <details open={open || undefined} className="text-sm">
      <summary className="cursor-pointer font-medium text-rose-900 underline">{summary}</summary>
      <p className="my-2 text-xs text-stone-600">{hint}</p>
      {children}
    </details>
  )
}

/** One open freeze: the profile, why, since when, what the balance holds; the release form. */
export function FreezeItem({ freeze }: { freeze: FreezeView }) {
  const t = useT()
  const g = t.admin.gifts
  const money = useMoney()
  const when = useWhen()
  const refused = useRefused('balance-release', freeze.id)
  return (
    <li className="grid gap-3 py-4 md:grid-cols-[1fr_minmax(0,20rem)]">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <Link to={adminProfilePath(freeze.profileId)} className="font-medium underline">
            {freeze.name} ({freeze.username})
          </Link>
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-950">
            {g.causes[freeze.cause]}
          </span>
        </p>
        <p className="text-stone-600">
          <Time at={freeze.createdAt} text={format(g.since, { date: when(freeze.createdAt) })} />
        </p>
        <p className="tabular-nums">
          {format(g.held, {
            pending: money(freeze.pendingCents),
            available: money(freeze.availableCents),
          })}
        </p>
        {freeze.note ? (
          <p className="whitespace-pre-line break-words text-stone-700">{freeze.note}</p>
        ) : null}
      </div>
      <Disclosed open={refused} summary={g.release} hint={g.releaseHint}>
        <AdminForm intent="balance-release" subject={freeze.id} submit={g.releaseSubmit}>
          {(error) => <ReasonField error={error('reason')} />}
        </AdminForm>
      </Disclosed>
    </li>
  )
}

/** One gift: amount, status, giver, profile, dates, message, its refund; the refund form. */
export function GiftItem({ gift }: { gift: GiftView }) {
  const t = useT()
  const g = t.admin.gifts
  const p = t.admin.payments
  const money = useMoney()
  const when = useWhen()
  const refused = useRefused('gift-refund', gift.id)
  // Offered only while it can be done (issue 33 point 13); otherwise why not.
  const refundable = gift.sendBack === 'open'
  const dates: [at: Date | string, text: string][] = []
  if (gift.paidAt) dates.push([gift.paidAt, g.paidAt])
  if (gift.availableAt && gift.status !== 'refunded') {
    dates.push([gift.availableAt, gift.status === 'pending' ? g.availableFrom : g.availableSince])
  }
  if (gift.refundedAt) dates.push([gift.refundedAt, g.refundedAt])
  return (
    <li className="grid gap-3 py-4 md:grid-cols-[1fr_minmax(0,20rem)]">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <strong className="text-base tabular-nums">{money(gift.amountCents)}</strong>
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${
              gift.status === 'available'
                ? 'bg-emerald-50 text-emerald-900'
                : gift.status === 'pending'
                  ? 'bg-sky-50 text-sky-900'
                  : 'bg-stone-100 text-stone-800'
            }`}
          >
            {g.statuses[gift.status]}
          </span>
          {gift.profileId ? (
            <span>
              {g.to}{' '}
              <Link to={adminProfilePath(gift.profileId)} className="font-medium underline">
                {gift.profileName} ({gift.username})
              </Link>
            </span>
          ) : (
            <span className="text-stone-600">
              {g.to} {g.deletedProfile}
            </span>
          )}
        </p>
        <p className="break-words">
          {gift.clientId
            ? format(g.from, { name: gift.clientName ?? '', email: gift.clientEmail ?? '' })
            : g.deletedGiver}
        </p>
        <p className="text-stone-600">
          {dates.map(([at, text], index) => (
            // One date a line on a phone; in a row where there is room.
            <span key={text} className="block sm:inline">
              {index > 0 ? <span className="hidden sm:inline"> · </span> : null}
              <Time at={at} text={format(text, { date: when(at) })} />
            </span>
          ))}
        </p>
        {gift.message ? (
          <p className="whitespace-pre-line break-words text-stone-800">
            {format(g.message, { message: gift.message })}
          </p>
        ) : null}
        {gift.refund ? (
          <p
            className={`rounded-md border border-stone-200 bg-stone-50 p-2 ${
              gift.refund.status === 'failed' ? 'font-medium text-red-800' : 'text-stone-800'
            }`}
          >
            {format(g.refundLine, {
              reason: p.refundReasons[gift.refund.reason],
              status: p.refundStatuses[gift.refund.status],
            })}
            {gift.refund.note ? (
              <span className="block whitespace-pre-line break-words font-normal text-stone-700">
                {gift.refund.note}
              </span>
            ) : null}
          </p>
        ) : null}
      </div>
      {gift.sendBack === 'withdrawn' || gift.sendBack === 'tooOld' ? (
        <p className="self-start rounded-md border border-stone-200 bg-stone-50 p-2 text-sm text-stone-700">
          {format(g.cannotSendBack[gift.sendBack], { days: PIX_REFUND_DAYS })}
        </p>
      ) : null}
      {refundable ? (
        <Disclosed open={refused} summary={g.refund} hint={g.refundHint}>
          <AdminForm
            intent="gift-refund"
            subject={gift.id}
            submit={format(g.refundSubmit, { amount: money(gift.amountCents) })}
            tone="danger"
          >
            {(error) => <ReasonField name="note" error={error('note')} />}
          </AdminForm>
        </Disclosed>
      ) : null}
    </li>
  )
}
