import { type ReactNode, useEffect } from 'react'
import { Link, useRevalidator, useSearchParams } from 'react-router'
import { PixCode } from '#app/components/payments/pix-code.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { cardClass } from '#app/components/ui/card.tsx'
import { CircleCheck, Clock, TimerOff, Undo2 } from '#app/components/ui/icons.tsx'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import type { ChargeState } from '#app/domain/charge-state.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import {
  CHARGE_POLL_MS,
  OWN_CHECK_MS,
  type RefundReason,
  type RefundStatus,
} from '#app/domain/plans.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'

// A Pix charge's page, whatever it pays for (a plan, a return fee, a gift): while it is open, its
// QR code and 'copia e cola' code, and the page asks every few seconds whether it was paid (the
// loader asks the institution itself at most every 10 s, so a late webhook does not keep anyone
// waiting). Past its time it still asks for a minute (a Pix paid at the last second), then says
// it expired. Paid: what it did, which each page says; sent back: why.

/** The query the 'Já paguei' link adds: the page then says what the check found. */
const CHECKED_PARAM = 'checked'

/**
 * While the charge may still be paid, asks the loader again CHARGE_POLL_MS after each answer
 * (never two at once, and not while the tab is hidden).
 */
export function useWaitForPayment(waiting: boolean) {
  const { revalidate, state } = useRevalidator()
  useEffect(() => {
    if (!waiting || state !== 'idle') return
    const timer = window.setTimeout(() => {
      if (document.visibilityState === 'visible') void revalidate()
    }, CHARGE_POLL_MS)
    return () => window.clearTimeout(timer)
  }, [waiting, state, revalidate])
  // A tab brought back asks at once.
  useEffect(() => {
    if (!waiting) return
    const onVisible = () => {
      if (document.visibilityState === 'visible') void revalidate()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [waiting, revalidate])
}

/**
 * A time of day in Brasília time, said so (the payer may be in Manaus or Rio Branco); with
 * seconds for the moment the bank was last asked.
 */
export function useBrazilTime(withSeconds = false) {
  const lang = useLanguage()
  const formatter = new Intl.DateTimeFormat(lang === 'pt' ? 'pt-BR' : 'en', {
    hour: '2-digit',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' as const } : {}),
    timeZoneName: 'short',
    timeZone: BRAZIL_TIME_ZONE,
  })
  return (date: Date | string) => formatter.format(new Date(date))
}

const ICONS = { open: null, closing: Clock, paid: CircleCheck, refunded: Undo2, expired: TimerOff }

/** One charge: what it pays for, its code while open, and one live region saying where it is. */
export function ChargeCard({
  state,
  what,
  amount,
  qr,
  code,
  expiresAt,
  checkedAt,
  refund,
  paidTitle,
  paidText,
  paidDetails,
  checkPath,
  again,
}: {
  state: ChargeState
  /** What the charge pays for, in words. */
  what: string
  /** Its amount, formatted. */
  amount: string
  qr: { size: number; path: string } | null
  code: string | null
  expiresAt: Date | string
  /** When the institution was last asked about it (null: not yet). */
  checkedAt: Date | string | null
  refund: { reason: RefundReason; status: RefundStatus } | null
  /** The paid screen's title (the Pix's own by default). */
  paidTitle?: string
  /** What the payment did. */
  paidText: string
  /** More lines under it (smaller). */
  paidDetails?: ReactNode
  /** This page, to ask again by hand (without JavaScript nothing asks by itself). */
  checkPath: string
  /** What to offer once it expired (a new charge). */
  again?: ReactNode
}) {
  const t = useT()
  const shortTime = useBrazilTime()
  const exactTime = useBrazilTime(true)
  const [searchParams] = useSearchParams()
  useWaitForPayment(state === 'open' || state === 'closing')
  const time = shortTime(expiresAt)
  // Asked by hand ('Já paguei') and nothing came yet (issue 33 point 9): say so, and when the
  // bank was asked, and that it is asked again while the page is open.
  const askedByHand = searchParams.has(CHECKED_PARAM) && state === 'open' && checkedAt !== null
  const title = {
    open: t.pix.title,
    closing: t.pix.closingTitle,
    paid: paidTitle ?? t.pix.paidTitle,
    refunded: t.pix.refundedTitle,
    expired: t.pix.expiredTitle,
  }[state]
  // One live region for the whole life of the page: its words change when the state does.
  const status = {
    open: t.pix.waiting,
    closing: t.pix.closingText,
    paid: paidText,
    refunded: refund ? t.pix.refundReasons[refund.reason] : '',
    expired: t.pix.expiredText,
  }[state]
  const Icon = ICONS[state]
  return (
    <section aria-labelledby="pix-title" className={cardClass}>
      <h2 id="pix-title" className="text-xl font-semibold">
        {title}
      </h2>
      <p className="mt-1">
        {what}: <span className="font-semibold">{amount}</span>
      </p>
      {state === 'open' && qr && code ? (
        <div className="mt-4 space-y-4">
          <PixCode qr={qr} code={code} amount={amount} />
          <p className="flex items-center gap-2 text-sm text-stone-700">
            <Clock aria-hidden="true" className="size-4 shrink-0" />
            {format(t.pix.validUntil, { time })}
          </p>
        </div>
      ) : null}
      <div
        role="status"
        className={`mt-4 flex gap-3 ${state === 'paid' ? 'text-emerald-900' : state === 'open' ? 'text-sm font-medium text-sky-900' : 'text-stone-800'}`}
      >
        {Icon ? <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" /> : null}
        <div className="space-y-1">
          <p>{status}</p>
          {askedByHand ? (
            <p className="font-normal text-stone-800">
              {format(t.pix.notYet, {
                time: exactTime(checkedAt),
                seconds: Math.round(OWN_CHECK_MS / 1000),
              })}
            </p>
          ) : null}
          {state === 'paid' ? paidDetails : null}
          {state === 'paid' ? <p className="text-sm">{t.pix.receipt}</p> : null}
          {state === 'refunded' && refund ? (
            <p className="text-sm">
              {refund.status === 'done' ? t.pix.refundDone : t.pix.refundPending}
            </p>
          ) : null}
        </div>
      </div>
      {state === 'open' || state === 'closing' ? (
        <Link
          to={`${checkPath}?${CHECKED_PARAM}=1`}
          className="mt-3 inline-block text-sm underline"
          replace
        >
          {t.pix.check}
        </Link>
      ) : null}
      {state === 'expired' ? again : null}
    </section>
  )
}

/** A charge as its page's loader hands it over: the code and QR only while it can be paid. */
export interface ChargeView {
  state: ChargeState
  amountCents: number
  expiresAt: Date | string
  checkedAt: Date | string | null
  refund: { reason: RefundReason; status: RefundStatus } | null
  code: string | null
  qr: { size: number; path: string } | null
}

/**
 * The frame of a Pix charge's page (a plan's or return fee's, a gift's): its card, then the way
 * back to where it was started. Each page says what the charge pays for and what paying did.
 */
export function ChargePage({
  charge,
  back,
  ...card
}: {
  charge: ChargeView
  back: { to: string; label: string }
} & Pick<
  Parameters<typeof ChargeCard>[0],
  'what' | 'paidTitle' | 'paidText' | 'paidDetails' | 'checkPath' | 'again'
>) {
  const lang = useLanguage()
  return (
    <div className="max-w-3xl space-y-4">
      <ChargeCard
        state={charge.state}
        amount={formatBrlCents(charge.amountCents, lang)}
        qr={charge.qr}
        code={charge.code}
        expiresAt={charge.expiresAt}
        checkedAt={charge.checkedAt}
        refund={charge.refund}
        {...card}
      />
      <ButtonLink to={back.to} tone="secondary">
        {back.label}
      </ButtonLink>
    </div>
  )
}
