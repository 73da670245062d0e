import { CircleCheck, Clock, TimerOff, Undo2 } from 'lucide-react'
import { useEffect } from 'react'
import { data, Form, Link, useNavigation, useRevalidator } from 'react-router'
import { PixCode } from '#app/components/provider/pix-code.tsx'
import { useLongDate } from '#app/components/provider/standing-banner.tsx'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { cardClass } from '#app/components/ui/card.tsx'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import type { MembershipTier } from '#app/domain/membership.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { paths } from '#app/domain/paths.ts'
import { CHARGE_GRACE_MS, CHARGE_POLL_MS, PLAN_DAYS } from '#app/domain/plans.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { format, useCount, useLanguage, useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { ownCharge } from '#app/modules/payments/payments.server.ts'
import { qrDrawing } from '#app/modules/payments/qr-code.server.ts'
import { metaContext, pageMeta } from '#app/modules/seo/meta.ts'
import type { Route } from './+types/plan-pix'

// /dashboard/plan/pix/{id} (issue 21 point 3): one of her charges. While it is open: its QR code
// and 'copia e cola' code, and the page asks every few seconds whether it was paid (the loader
// asks the institution itself at most every 10 s, so a late webhook does not keep her waiting).
// Past its time it still asks for a minute (a Pix paid at the last second), then says it
// expired and offers a new one. Paid: what it did; sent back: why. Only its owner sees it.

export function meta(args: Route.MetaArgs) {
  const { t } = metaContext(args)
  return pageMeta(args, { title: `${t.pix.metaTitle} – ${t.dashboard.metaTitle}`, noindex: true })
}

/** Where a charge stands for her: each shows its own screen. */
type ChargeState = 'open' | 'closing' | 'paid' | 'refunded' | 'expired'

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireRole(request, 'provider')
  const id = params.chargeId
  if (!isUuid(id)) throw new Response('Not found', { status: 404 })
  const charge = await ownCharge(user.id, id)
  if (!charge) throw new Response('Not found', { status: 404 })
  const now = Date.now()
  const expiry = charge.expiresAt.getTime()
  const state: ChargeState = charge.refund
    ? 'refunded'
    : charge.status === 'paid'
      ? 'paid'
      : charge.status === 'active' && now < expiry
        ? 'open'
        : charge.status === 'active' && now < expiry + CHARGE_GRACE_MS
          ? 'closing'
          : 'expired'
  const open = state === 'open'
  return data(
    {
      state,
      purpose: charge.purpose,
      tier: charge.tier,
      amountCents: charge.amountCents,
      expiresAt: charge.expiresAt,
      planExpiresAt: charge.planExpiresAt,
      creditedDays: charge.creditedDays,
      refund: charge.refund,
      // The code only while it can be paid.
      code: open ? charge.brCode : null,
      qr: open ? qrDrawing(charge.brCode) : null,
    },
    { headers: PRIVATE_NO_STORE },
  )
}

export const headers = passOnHeaders('Cache-Control')

/**
 * While the charge may still be paid, asks the loader again CHARGE_POLL_MS after each answer
 * (never two at once, and not while the tab is hidden).
 */
function useWaitForPayment(waiting: boolean) {
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

export default function PixPage({ loaderData, params }: Route.ComponentProps) {
  const t = useT()
  const x = t.pix
  const lang = useLanguage()
  const longDate = useLongDate()
  const count = useCount()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const { state, purpose, tier, refund } = loaderData
  useWaitForPayment(state === 'open' || state === 'closing')
  const amount = formatBrlCents(loaderData.amountCents, lang)
  // Brasília time, said so: she may be in Manaus or Rio Branco.
  const time = new Intl.DateTimeFormat(lang === 'pt' ? 'pt-BR' : 'en', {
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: BRAZIL_TIME_ZONE,
  }).format(new Date(loaderData.expiresAt))
  const tierName = tier ? t.tiers[tier as MembershipTier] : ''
  const what =
    purpose === 'plan' ? format(x.forPlan, { tier: tierName, days: PLAN_DAYS }) : x.forReturnFee
  const title = {
    open: x.title,
    closing: x.closingTitle,
    paid: x.paidTitle,
    refunded: x.refundedTitle,
    expired: x.expiredTitle,
  }[state]
  // One live region for the whole life of the page: its words change when the state does.
  const status = {
    open: x.waiting,
    closing: x.closingText,
    paid:
      purpose === 'plan' && loaderData.planExpiresAt
        ? format(x.paidPlan, { tier: tierName, date: longDate(loaderData.planExpiresAt) })
        : x.paidReturnFee,
    refunded: refund ? x.refundReasons[refund.reason] : '',
    expired: x.expiredText,
  }[state]
  const Icon = {
    open: null,
    closing: Clock,
    paid: CircleCheck,
    refunded: Undo2,
    expired: TimerOff,
  }[state]
  return (
    <div className="max-w-3xl space-y-4">
      <section aria-labelledby="pix-title" className={cardClass}>
        <h2 id="pix-title" className="text-xl font-semibold">
          {title}
        </h2>
        <p className="mt-1">
          {what}: <span className="font-semibold">{amount}</span>
        </p>
        {state === 'open' && loaderData.qr && loaderData.code ? (
          <div className="mt-4 space-y-4">
            <PixCode qr={loaderData.qr} code={loaderData.code} amount={amount} />
            <p className="flex items-center gap-2 text-sm text-stone-700">
              <Clock aria-hidden="true" className="size-4 shrink-0" />
              {format(x.validUntil, { time })}
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
            {state === 'paid' && loaderData.creditedDays ? (
              <p className="text-sm">{count(x.paidCredit, loaderData.creditedDays)}</p>
            ) : null}
            {state === 'paid' ? <p className="text-sm">{x.receipt}</p> : null}
            {state === 'refunded' && refund ? (
              <p className="text-sm">{refund.status === 'done' ? x.refundDone : x.refundPending}</p>
            ) : null}
          </div>
        </div>
        {state === 'open' || state === 'closing' ? (
          // Without JavaScript nothing asks by itself: this asks now.
          <Link
            to={paths.dashboardCharge(params.chargeId)}
            className="mt-3 inline-block text-sm underline"
            replace
          >
            {x.check}
          </Link>
        ) : null}
        {state === 'expired' ? (
          <Form method="post" action={paths.dashboardPlan} className="mt-4">
            <input type="hidden" name="intent" value={purpose === 'plan' ? 'buy' : 'return-fee'} />
            {purpose === 'plan' && tier ? <input type="hidden" name="tier" value={tier} /> : null}
            <Button type="submit" size="large" disabled={busy}>
              {busy ? t.plan.starting : x.again}
            </Button>
          </Form>
        ) : null}
      </section>
      <ButtonLink to={paths.dashboardPlan} tone="secondary">
        {x.back}
      </ButtonLink>
    </div>
  )
}
