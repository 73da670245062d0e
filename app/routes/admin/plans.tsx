import { data } from 'react-router'
import {
  AdminField,
  AdminForm,
  PageAnswer,
  ReasonField,
} from '#app/components/admin/admin-form.tsx'
import { Panel, PixOffNotice, SectionTitle } from '#app/components/admin/admin-parts.tsx'
import { useLongDate } from '#app/components/provider/standing-banner.tsx'
import { formatBrlCents } from '#app/domain/money.ts'
import { dailyValueCents, PLAN_DAYS, PLAN_PRICE_LIMITS_CENTS } from '#app/domain/plans.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { adminAction } from '#app/modules/admin/actions.server.ts'
import { ADMIN_FORMS } from '#app/modules/admin/forms.ts'
import { adminMeta } from '#app/modules/admin/meta.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { fieldAttributes } from '#app/modules/forms/fields.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { pixEnabled } from '#app/modules/payments/payments.server.ts'
import { planPriceList } from '#app/modules/payments/team-queries.server.ts'
import type { Route } from './+types/plans'

// /admin/plans (issue 21): each paid plan's price per PLAN_DAYS, set with a reason (audited).
// A charge keeps the price it was made with; without Pix the prices can still be set.

export const meta = (args: Route.MetaArgs) => adminMeta(args, 'plans')

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'admin')
  return data(
    { plans: await planPriceList(), pixEnabled: pixEnabled() },
    { headers: PRIVATE_NO_STORE },
  )
}

export const headers = passOnHeaders('Cache-Control')

export function action({ request }: Route.ActionArgs) {
  return adminAction(request, ['plan-price'])
}

export default function Plans({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const language = useLanguage()
  const longDate = useLongDate()
  const p = t.admin.plans
  const money = (cents: number) => formatBrlCents(cents, language)
  return (
    <div className="space-y-6">
      <PageAnswer />
      <SectionTitle title={p.title} hint={format(p.hint, { days: PLAN_DAYS })} />
      {loaderData.pixEnabled ? null : <PixOffNotice text={p.noPix} />}
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {loaderData.plans.map((plan) => (
          <li key={plan.tier}>
            <Panel>
              <h3 className="text-base font-semibold">{t.tiers[plan.tier]}</h3>
              {plan.priceCents === null ? (
                <p className="text-sm text-stone-600">{p.noPrice}</p>
              ) : (
                <div className="mb-3 text-sm">
                  <p className="text-xl font-bold tabular-nums text-stone-900">
                    {format(p.current, { price: money(plan.priceCents), days: PLAN_DAYS })}
                  </p>
                  <p className="text-stone-600">
                    {format(p.daily, { price: money(dailyValueCents(plan.priceCents)) })}
                  </p>
                  {plan.updatedAt ? (
                    <p className="text-stone-600">
                      {format(p.since, { date: longDate(plan.updatedAt) })}
                    </p>
                  ) : null}
                </div>
              )}
              <AdminForm intent="plan-price" subject={plan.tier} submit={p.submit}>
                {(error) => (
                  <>
                    <AdminField
                      label={p.price}
                      name="price"
                      inputMode="decimal"
                      autoComplete="off"
                      {...fieldAttributes(ADMIN_FORMS['plan-price'], 'price')}
                      hint={format(p.priceHint, {
                        min: money(PLAN_PRICE_LIMITS_CENTS.min),
                        max: money(PLAN_PRICE_LIMITS_CENTS.max),
                      })}
                      error={error('price')}
                    />
                    <ReasonField error={error('reason')} />
                  </>
                )}
              </AdminForm>
            </Panel>
          </li>
        ))}
      </ul>
    </div>
  )
}
