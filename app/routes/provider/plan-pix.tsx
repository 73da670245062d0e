import { CircleCheck, Clock, TimerOff } from 'lucide-react'
import { useEffect } from 'react'
import { data, Form, Link, useNavigation, useRevalidator } from 'react-router'
import { PixCode } from '#app/components/provider/pix-code.tsx'
import { useLongDate } from '#app/components/provider/standing-banner.tsx'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { cardClass } from '#app/components/ui/card.tsx'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import type { MembershipTier } from '#app/domain/membership.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { format, useCount, useLanguage, useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { CHARGE_POLL_MS, chargePath, PLAN_PATH } from '#app/modules/payments/charge.ts'
import { ownCharge } from '#app/modules/payments/payments.server.ts'
import { qrDrawing } from '#app/modules/payments/qr-code.server.ts'
import { metaContext, pageMeta } from '#app/modules/seo/meta.ts'
import type { Route } from './+types/plan-pix'

// /dashboard/plan/pix/{id} (issue 21 point 3): one of her charges. While it is open: its QR code
// and 'copia e cola' code, and the page asks every few seconds whether it was paid (the loader
// asks the institution itself at most every 10 s, so a late webhook does not keep her waiting).
// Paid: what it did. Past its time: say so and offer a new one. Only its owner sees it.

export function meta(args: Route.MetaArgs) {
  const { t } = metaContext(args)
  return pageMeta(args, { title: `${t.pix.metaTitle} – ${t.dashboard.metaTitle}`, noindex: true })
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireRole(request, 'provider')
  const id = params.chargeId
  if (!isUuid(id)) throw new Response('Not found', { status: 404 })
  const charge = await ownCharge(user.id, id)
  if (!charge) throw new Response('Not found', { status: 404 })
  const open = charge.status === 'active' && charge.expiresAt > new Date()
  const state = charge.status === 'paid' ? 'paid' : open ? 'open' : 'expired'
  return data(
    {
      state,
      purpose: charge.purpose,
      tier: charge.tier,
      amountCents: charge.amountCents,
      expiresAt: charge.expiresAt,
      planExpiresAt: charge.planExpiresAt,
      creditedDays: charge.creditedDays,
      // The code only while it can be paid.
      code: open ? charge.brCode : null,
      qr: open ? qrDrawing(charge.brCode) : null,
    } as const,
    { headers: PRIVATE_NO_STORE },
  )
}

export const headers = passOnHeaders('Cache-Control')

/** While the charge is open, asks the loader again every few seconds (not in a hidden tab). */
function useWaitForPayment(open: boolean) {
  const revalidator = useRevalidator()
  useEffect(() => {
    if (!open) return
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' && revalidator.state === 'idle') {
        void revalidator.revalidate()
      }
    }, CHARGE_POLL_MS)
    return () => window.clearInterval(timer)
  }, [open, revalidator])
}

export default function PixPage({ loaderData, params }: Route.ComponentProps) {
  const t = useT()
  const x = t.pix
  const lang = useLanguage()
  const longDate = useLongDate()
  const count = useCount()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const { state, purpose, tier } = loaderData
  useWaitForPayment(state === 'open')
  const locale = lang === 'pt' ? 'pt-BR' : 'en'
  const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(
    loaderData.amountCents / 100,
  )
  const time = new Intl.DateTimeFormat(locale, {
    timeStyle: 'short',
    timeZone: BRAZIL_TIME_ZONE,
  }).format(new Date(loaderData.expiresAt))
  const what =
    purpose === 'plan' && tier
      ? format(x.forPlan, { tier: t.tiers[tier as MembershipTier] })
      : x.forReturnFee
  return (
    <div className="max-w-3xl space-y-4">
      <section aria-labelledby="pix-title" className={cardClass}>
        <h2 id="pix-title" className="text-xl font-semibold">
          {state === 'paid' ? x.paidTitle : state === 'expired' ? x.expiredTitle : x.title}
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
            <p role="status" className="text-sm font-medium text-sky-900">
              {x.waiting}
            </p>
            {/* Without JavaScript nothing asks by itself: this asks now. */}
            <Link to={chargePath(params.chargeId)} className="text-sm underline" replace>
              {x.check}
            </Link>
          </div>
        ) : null}
        {state === 'paid' ? (
          <div role="status" className="mt-4 flex gap-3 text-emerald-900">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
            <div className="space-y-1">
              {purpose === 'plan' && tier && loaderData.planExpiresAt ? (
                <p>
                  {format(x.paidPlan, {
                    tier: t.tiers[tier as MembershipTier],
                    date: longDate(loaderData.planExpiresAt),
                  })}
                </p>
              ) : (
                <p>{x.paidReturnFee}</p>
              )}
              {loaderData.creditedDays ? (
                <p className="text-sm">{count(x.paidCredit, loaderData.creditedDays)}</p>
              ) : null}
              <p className="text-sm">{x.receipt}</p>
            </div>
          </div>
        ) : null}
        {state === 'expired' ? (
          <div className="mt-4 space-y-3">
            <p className="flex gap-2 text-stone-700">
              <TimerOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              {x.expiredText}
            </p>
            <Form method="post" action={PLAN_PATH}>
              <input
                type="hidden"
                name="intent"
                value={purpose === 'plan' ? 'buy' : 'return-fee'}
              />
              {purpose === 'plan' && tier ? <input type="hidden" name="tier" value={tier} /> : null}
              <Button type="submit" size="large" disabled={busy}>
                {busy ? t.plan.starting : x.again}
              </Button>
            </Form>
          </div>
        ) : null}
      </section>
      <ButtonLink to={PLAN_PATH} tone="secondary">
        {x.back}
      </ButtonLink>
    </div>
  )
}
