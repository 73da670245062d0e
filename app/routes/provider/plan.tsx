import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { useBrazilTime } from '#app/components/payments/charge-card.tsx'
import { PaymentHistory } from '#app/components/provider/payment-history.tsx'
import { PlanComparison, type PlanRow } from '#app/components/provider/plan-comparison.tsx'
import { useLongDate } from '#app/components/provider/standing-banner.tsx'
import { FormAlert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { cardClass } from '#app/components/ui/card.tsx'
import { MEMBERSHIP_TIERS } from '#app/domain/membership.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { paths } from '#app/domain/paths.ts'
import {
  type ChargeError,
  isPaidTier,
  isRunning,
  type PaidTier,
  PLAN_DAYS,
  PLAN_REMINDER_DAYS,
  planChange,
  purchaseKind,
} from '#app/domain/plans.ts'
import { MONTHLY_PHOTO_UPLOADS } from '#app/domain/provider.ts'
import { SUPPORT_EMAIL } from '#app/domain/site.ts'
import { format, useCount, useLanguage, useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { orderedForm } from '#app/modules/forms/checks.ts'
import { field } from '#app/modules/forms/fields.ts'
import { parseForm } from '#app/modules/forms/parse-form.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import {
  chargeOnce,
  submissionKey,
  submittedKey,
} from '#app/modules/payments/charge-once.server.ts'
import { paymentHistory } from '#app/modules/payments/history.server.ts'
import {
  currentPlanPrices,
  pixEnabled,
  type ReturnFee,
  returnFeeOf,
  startPlanCharge,
  startReturnFeeCharge,
} from '#app/modules/payments/payments.server.ts'
import { SUBMISSION_FIELD } from '#app/modules/payments/submission.ts'
import { type WaitingCharge, waitingCharges } from '#app/modules/payments/waiting-charges.server.ts'
import { dashboardMeta } from '#app/modules/provider/meta.ts'
import { ensureOwnProfile } from '#app/modules/provider/own-profile.server.ts'
import type { Route } from './+types/plan'

// /dashboard/plan (issue 21 points 3, 4 and 6): her plan, the plans compared (place in the
// listings, photos a month, badge and, with Pix, the price and what paying now would do), the
// return fee of a suspension, and her payments. Without Pix configured nothing about money
// shows: only how to reach the team, as before.

export const meta = (args: Route.MetaArgs) => dashboardMeta(args, 'plan')

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, 'provider')
  const profile = await ensureOwnProfile(user)
  const pix = pixEnabled()
  const [prices, returnFee, history, waiting] = await Promise.all([
    pix ? currentPlanPrices() : null,
    profile.status === 'suspended' ? returnFeeOf(profile.id) : null,
    pix ? paymentHistory(user.id) : [],
    pix ? waitingCharges(user.id) : [],
  ])
  const now = new Date()
  const current = { tier: profile.membershipTier, expiresAt: profile.tierExpiresAt }
  // Suspended, her paid plan stands still (issue 33 point 5): its end moves on when she returns.
  const paused =
    profile.status === 'suspended' && isPaidTier(current.tier) && current.expiresAt !== null
  const running = paused || isRunning(current, now)
  const buyable = profile.status === 'approved'
  const rows: PlanRow[] = MEMBERSHIP_TIERS.map((tier) => {
    const paid = isPaidTier(tier)
    return {
      tier,
      uploads: MONTHLY_PHOTO_UPLOADS[tier],
      current: running ? tier === current.tier : tier === 'free',
      priceCents: paid && prices ? prices[tier] : null,
      offer:
        paid && prices && buyable
          ? {
              kind: purchaseKind(current, tier, now),
              ...planChange(current, tier, prices, now),
            }
          : null,
    }
  })
  return data(
    {
      pix,
      tier: running ? current.tier : 'free',
      tierExpiresAt: running ? current.expiresAt : null,
      paused,
      buyable,
      rows,
      // Without Pix, only that there is a fee to settle with the team (nothing about money).
      // Without Pix, a fee still due is settled with the team: nothing about money shows.
      returnFee:
        returnFee?.settled === 'due' && !pix
          ? ('contactTeam' as const)
          : returnFee && {
              ...returnFee,
              ended: returnFee.endsAt !== null && returnFee.endsAt <= now,
            },
      history,
      // Charges she started and may still pay (issue 33 point 9): the page leads back to them.
      waiting,
      // The forms' key: sent twice at once, they lead to one charge (charge-once.server.ts).
      submission: submissionKey(),
    },
    { headers: PRIVATE_NO_STORE },
  )
}

export const headers = passOnHeaders('Cache-Control')

/** The page's one form problem (a key of the plan errors): a tier that is not a paid plan. */
type PlanFormProblem = 'choice'

const paidTier = () =>
  field<PaidTier, PlanFormProblem>(
    (value) => (isPaidTier(value) ? undefined : 'choice'),
    (value) => value as PaidTier,
  )

/** Buy a plan (its tier), or pay the return fee (nothing to choose). */
const PLAN_FORMS = {
  buy: orderedForm<{ tier: ReturnType<typeof paidTier> }, { tier: PaidTier }, PlanFormProblem>({
    tier: paidTier(),
  }),
  'return-fee': orderedForm({}),
}

interface PlanAnswer {
  intent: keyof typeof PLAN_FORMS
  error: ChargeError | PlanFormProblem
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRole(request, 'provider')
  const form = await parseForm(request, PLAN_FORMS)
  const { intent } = form
  if (!form.checked.ok) return data<PlanAnswer>({ intent, error: 'choice' }, 400)
  const tier = form.intent === 'buy' && form.checked.ok ? form.checked.value.tier : null
  const started = await chargeOnce(
    user.id,
    submittedKey(form.form),
    // Another plan is another submission.
    tier ? `plan:${tier}` : 'return-fee',
    () => (tier ? startPlanCharge(user.id, tier) : startReturnFeeCharge(user.id)),
    { ok: false, error: 'unavailable' } as const,
  )
  if (started.ok) return redirect(paths.dashboardCharge(started.chargeId))
  return data<PlanAnswer>(
    { intent, error: started.error },
    started.error === 'unavailable' ? 503 : 409,
  )
}

export default function PlanPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const p = t.plan
  const longDate = useLongDate()
  const { pix, rows, returnFee, history, waiting, submission } = loaderData
  return (
    <div className="max-w-4xl space-y-4">
      <section aria-labelledby="plan-title" className={cardClass}>
        <h2 id="plan-title" className="text-xl font-semibold">
          {p.title}
        </h2>
        <p className="mt-2 font-medium">{format(p.current, { tier: t.tiers[loaderData.tier] })}</p>
        {loaderData.paused && loaderData.tierExpiresAt ? (
          <p className="mt-1 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
            {format(p.paused, { date: longDate(loaderData.tierExpiresAt) })}
          </p>
        ) : loaderData.tierExpiresAt ? (
          <p className="text-sm text-stone-600">
            {format(p.until, { date: longDate(loaderData.tierExpiresAt) })}
          </p>
        ) : (
          <p className="text-sm text-stone-600">{p.freeNote}</p>
        )}
        <p className="mt-3 text-sm text-stone-700">{p.intro}</p>
      </section>
      {actionData ? (
        <FormAlert tone="error" title={p.errors[actionData.error]} reveal={actionData} />
      ) : null}
      {waiting.length > 0 ? <WaitingCharges charges={waiting} /> : null}
      {returnFee === 'contactTeam' ? (
        <section aria-labelledby="return-fee-title" className={`${cardClass} border-amber-300`}>
          <h2 id="return-fee-title" className="font-semibold">
            {p.returnFee.title}
          </h2>
          <p className="mt-2 text-sm">{format(p.returnFee.noPix, { email: SUPPORT_EMAIL })}</p>
        </section>
      ) : returnFee ? (
        <ReturnFeeCard fee={returnFee} submission={submission} />
      ) : null}
      <PlanComparison rows={rows} pix={pix} buyable={loaderData.buyable} submission={submission} />
      {pix ? (
        <p className="text-xs text-stone-600">
          {format(p.howItWorks, { days: PLAN_DAYS, reminder: PLAN_REMINDER_DAYS })}
        </p>
      ) : null}
      {pix ? (
        <PaymentHistory history={history} />
      ) : (
        <p className={`${cardClass} text-sm`}>{format(p.noPix, { email: SUPPORT_EMAIL })}</p>
      )}
    </div>
  )
}

/** Her charges still open (issue 33 point 9): what each is for, until when, and a link to it. */
function WaitingCharges({ charges }: { charges: WaitingCharge[] }) {
  const t = useT()
  const w = t.plan.waiting
  const lang = useLanguage()
  const time = useBrazilTime()
  return (
    <section aria-labelledby="waiting-title" className={`${cardClass} border-sky-300`}>
      <h2 id="waiting-title" className="font-semibold">
        {w.title}
      </h2>
      <ul className="mt-2 space-y-2">
        {charges.map((charge) => (
          <li key={charge.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span>
              {format(w.line, {
                what:
                  charge.purpose === 'plan' && charge.tier
                    ? format(t.pix.forPlan, { tier: t.tiers[charge.tier], days: PLAN_DAYS })
                    : t.pix.forReturnFee,
                amount: formatBrlCents(charge.amountCents, lang),
                time: time(charge.expiresAt),
              })}
            </span>
            <Link to={paths.dashboardCharge(charge.id)} className="text-sm font-medium underline">
              {w.open}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

function ReturnFeeCard({
  fee,
  submission,
}: {
  fee: ReturnFee & { ended: boolean }
  submission: string
}) {
  const t = useT()
  const r = t.plan.returnFee
  const lang = useLanguage()
  const count = useCount()
  const longDate = useLongDate()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const amount = (cents: number) => formatBrlCents(cents, lang)
  const endDate = fee.endsAt ? longDate(fee.endsAt) : ''
  return (
    <section aria-labelledby="return-fee-title" className={`${cardClass} border-amber-300`}>
      <h2 id="return-fee-title" className="font-semibold">
        {r.title}
      </h2>
      {fee.settled === 'paid' ? (
        <p className="mt-2 text-sm">{format(r.paid, { date: endDate })}</p>
      ) : fee.settled === 'waived' ? (
        <p className="mt-2 text-sm">{format(r.waived, { date: endDate })}</p>
      ) : (
        <>
          <p className="mt-2">{format(r.due, { fee: amount(fee.feeCents) })}</p>
          {fee.days && fee.dailyValueCents ? (
            <p className="text-sm text-stone-600">
              {count(r.dueDetail, fee.days, { daily: amount(fee.dailyValueCents) })}
            </p>
          ) : null}
          <p className="mt-2 text-sm">
            {fee.ended ? r.returnsNow : format(r.returnsOn, { date: endDate })}
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="return-fee" />
            <input type="hidden" name={SUBMISSION_FIELD} value={submission} />
            <Button type="submit" size="large" disabled={busy}>
              {busy ? t.plan.starting : r.pay}
            </Button>
          </Form>
        </>
      )}
    </section>
  )
}
