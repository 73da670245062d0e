// biome-ignore-all lint/a11y/noRedundantRoles: the phone layout stacks the table's cells (display: block), which drops their implicit roles in WebKit; the roles restore them
import { Form, useNavigation } from 'react-router'
import { hasTierBadge, TierBadge } from '#app/components/profile/tier-badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { cardClass } from '#app/components/ui/card.tsx'
import type { MembershipTier } from '#app/domain/membership.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { type PaidTier, PLAN_DAYS, type PurchaseKind } from '#app/domain/plans.ts'
import { format, useCount, useLanguage, useT } from '#app/i18n/i18n.ts'
import { SUBMISSION_FIELD } from '#app/modules/payments/submission.ts'
import { useLongDate } from './standing-banner.tsx'

/** One plan of the comparison, as the plan page's loader makes it. */
export interface PlanRow {
  tier: MembershipTier
  uploads: number
  /** The plan the profile is on now (free when no paid plan runs). */
  current: boolean
  /** The price per 30 days; null for free, and for every plan without Pix. */
  priceCents: number | null
  /** What paying for it now would do; null when it cannot be bought now. */
  offer: { kind: PurchaseKind; expiresAt: Date | string; creditedDays: number } | null
}

/**
 * The plans side by side (issue 21 point 3): a table on wider screens, a card per plan on a
 * phone (the same table, its cells stacked with their column's name).
 */
export function PlanComparison({
  rows,
  pix,
  buyable,
  submission,
}: {
  rows: PlanRow[]
  pix: boolean
  buyable: boolean
  /** The page's submission key (charge-once.server.ts). */
  submission: string
}) {
  const t = useT()
  const p = t.plan
  const count = useCount()
  const lang = useLanguage()
  const cell = 'block py-1 md:table-cell md:px-3 md:py-3 md:align-top'
  const label = 'mr-1 text-stone-600 md:hidden'
  return (
    <section aria-labelledby="compare-title" className={cardClass}>
      <h2 id="compare-title" className="font-semibold">
        {p.compareTitle}
      </h2>
      {pix && !buyable ? <p className="mt-2 text-sm text-stone-700">{p.notApproved}</p> : null}
      <table role="table" className="mt-3 block w-full text-sm md:table">
        <caption className="sr-only">{p.compareCaption}</caption>
        <thead role="rowgroup" className="hidden md:table-header-group">
          <tr role="row" className="border-b border-stone-200 text-left text-stone-600">
            <th role="columnheader" scope="col" className="px-3 py-2 font-medium">
              {p.columns.plan}
            </th>
            <th role="columnheader" scope="col" className="px-3 py-2 font-medium">
              {p.columns.rank}
            </th>
            <th role="columnheader" scope="col" className="px-3 py-2 font-medium">
              {p.columns.uploads}
            </th>
            <th role="columnheader" scope="col" className="px-3 py-2 font-medium">
              {p.columns.badge}
            </th>
            {pix ? (
              <>
                <th role="columnheader" scope="col" className="px-3 py-2 font-medium">
                  {format(p.columns.price, { days: PLAN_DAYS })}
                </th>
                <th role="columnheader" scope="col" className="px-3 py-2 font-medium">
                  <span className="sr-only">{p.columns.choose}</span>
                </th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody role="rowgroup" className="block space-y-3 md:table-row-group md:space-y-0">
          {rows.map((row) => (
            <tr
              role="row"
              key={row.tier}
              className={`block rounded-md border p-3 md:table-row md:rounded-none md:border-0 md:border-b md:p-0 ${
                row.current ? 'border-rose-300 bg-rose-50' : 'border-stone-200'
              }`}
            >
              <th
                role="rowheader"
                scope="row"
                className={`${cell} text-left text-base font-semibold md:text-sm`}
              >
                {t.tiers[row.tier]}
                {row.current ? (
                  <span className="ml-2 inline-block whitespace-nowrap rounded-full bg-rose-800 px-2 py-0.5 text-xs font-medium text-white">
                    {p.yours}
                  </span>
                ) : null}
              </th>
              <td role="cell" className={cell}>
                <span className={label}>{p.columns.rank}:</span>
                {p.rank[row.tier]}
              </td>
              <td role="cell" className={cell}>
                <span className={label}>{p.columns.uploads}:</span>
                {count(p.uploads, row.uploads)}
              </td>
              <td role="cell" className={cell}>
                <span className={label}>{p.columns.badge}:</span>
                {hasTierBadge(row.tier) ? <TierBadge tier={row.tier} /> : p.noBadge}
              </td>
              {pix ? (
                <>
                  <td role="cell" className={`${cell} font-semibold`}>
                    <span className={`${label} font-normal`}>
                      {format(p.columns.price, { days: PLAN_DAYS })}:
                    </span>
                    {row.priceCents === null ? p.freePrice : formatBrlCents(row.priceCents, lang)}
                  </td>
                  <td role="cell" className={`${cell} md:w-64`}>
                    {row.offer ? (
                      <Offer
                        tier={row.tier as PaidTier}
                        offer={row.offer}
                        submission={submission}
                      />
                    ) : null}
                  </td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

/** A plan's button and what paying for it now would do. */
function Offer({
  tier,
  offer,
  submission,
}: {
  tier: PaidTier
  offer: NonNullable<PlanRow['offer']>
  submission: string
}) {
  const t = useT()
  const p = t.plan
  const count = useCount()
  const longDate = useLongDate()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const date = longDate(offer.expiresAt)
  const label = { new: p.buy, renew: p.renew, change: p.change }[offer.kind]
  // A change whose rest is worth less than a day reads as a plan starting now.
  const effect =
    offer.kind === 'renew'
      ? format(p.effectRenew, { date, days: PLAN_DAYS })
      : offer.kind === 'change' && offer.creditedDays > 0
        ? count(p.effectChange, offer.creditedDays, { date })
        : format(p.effectNew, { date })
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="buy" />
      <input type="hidden" name="tier" value={tier} />
      <input type="hidden" name={SUBMISSION_FIELD} value={submission} />
      <Button
        type="submit"
        size="page"
        tone={offer.kind === 'renew' ? 'main' : 'secondary'}
        disabled={busy}
        className="w-full"
      >
        {format(label, { tier: t.tiers[tier] })}
      </Button>
      <p className="mt-1 text-xs text-stone-600">{effect}</p>
    </Form>
  )
}
