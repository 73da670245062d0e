import { data, Form, useNavigation } from 'react-router'
import { ChargePage } from '#app/components/payments/charge-card.tsx'
import { useLongDate } from '#app/components/provider/standing-banner.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { chargeState } from '#app/domain/charge-state.ts'
import type { MembershipTier } from '#app/domain/membership.ts'
import { paths } from '#app/domain/paths.ts'
import { PLAN_DAYS } from '#app/domain/plans.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { format, useCount, useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { submissionKey } from '#app/modules/payments/charge-once.server.ts'
import { ownCharge } from '#app/modules/payments/payments.server.ts'
import { SUBMISSION_FIELD } from '#app/modules/payments/submission.ts'
import { qrDrawing } from '#app/platform/qr-code.server.ts'
import { titleMeta } from '#app/routes/title-meta.ts'
import type { Route } from './+types/plan-pix'

// /dashboard/plan/pix/{id} (issue 21 point 3): one of her charges, as every charge page shows one
// (components/payments/charge-card.tsx); expired, it offers a new one. Only its owner sees it,
// and only her plans' and return fees' charges.

export const meta = titleMeta((t) => `${t.pix.metaTitle} – ${t.dashboard.metaTitle}`)

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireRole(request, 'provider')
  const id = params.chargeId
  if (!isUuid(id)) throw new Response('Not found', { status: 404 })
  const charge = await ownCharge(user.id, id)
  // A gift is the client's: his own page shows it.
  if (!charge || charge.purpose === 'gift') throw new Response('Not found', { status: 404 })
  const state = chargeState(charge, Date.now())
  const open = state === 'open'
  return data(
    {
      state,
      purpose: charge.purpose,
      tier: charge.tier,
      amountCents: charge.amountCents,
      expiresAt: charge.expiresAt,
      checkedAt: open ? charge.checkedAt : null,
      planExpiresAt: charge.planExpiresAt,
      creditedDays: charge.creditedDays,
      refund: charge.refund,
      // The code only while it can be paid.
      code: open ? charge.brCode : null,
      qr: open ? qrDrawing(charge.brCode) : null,
      // The new charge's form key, once this one expired (charge-once.server.ts).
      submission: submissionKey(),
    },
    { headers: PRIVATE_NO_STORE },
  )
}

export const headers = passOnHeaders('Cache-Control')

export default function PixPage({ loaderData, params }: Route.ComponentProps) {
  const t = useT()
  const longDate = useLongDate()
  const count = useCount()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const { purpose, tier } = loaderData
  const tierName = tier ? t.tiers[tier as MembershipTier] : ''
  return (
    <ChargePage
      charge={loaderData}
      back={{ to: paths.dashboardPlan, label: t.pix.back }}
      what={
        purpose === 'plan'
          ? format(t.pix.forPlan, { tier: tierName, days: PLAN_DAYS })
          : t.pix.forReturnFee
      }
      paidText={
        purpose === 'plan' && loaderData.planExpiresAt
          ? format(t.pix.paidPlan, { tier: tierName, date: longDate(loaderData.planExpiresAt) })
          : t.pix.paidReturnFee
      }
      paidDetails={
        loaderData.creditedDays ? (
          <p className="text-sm">{count(t.pix.paidCredit, loaderData.creditedDays)}</p>
        ) : null
      }
      checkPath={paths.dashboardCharge(params.chargeId)}
      again={
        <Form method="post" action={paths.dashboardPlan} className="mt-4">
          <input type="hidden" name="intent" value={purpose === 'plan' ? 'buy' : 'return-fee'} />
          {purpose === 'plan' && tier ? <input type="hidden" name="tier" value={tier} /> : null}
          <input type="hidden" name={SUBMISSION_FIELD} value={loaderData.submission} />
          <Button type="submit" size="large" disabled={busy}>
            {busy ? t.plan.starting : t.pix.again}
          </Button>
        </Form>
      }
    />
  )
}
