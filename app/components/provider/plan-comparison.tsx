import { Form, useNavigation } from 'react-router'
import { hasTierBadge, TierBadge } from '#app/components/profile/tier-badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { cardClass } from '#app/components/ui/card.tsx'
import type { MembershipTier } from '#app/domain/membership.ts'
import type { PaidTier, PurchaseKind } from '#app/domain/plans.ts'
import { format, useCount, useLanguage, useT } from '#app/i18n/i18n.ts'
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
}: {
  rows: PlanRow[]
  pix: boolean
  buyable: boolean
}) {
  const t = useT()
  const p = t.plan
  const count = useCount()
  const lang = useLanguage()
  const money = new Intl.NumberFormat(lang === 'pt' ? 'pt-BR' : 'en', {
    style: 'currency',
    currency: 'BRL',
  })
  const cell = 'block py-1 md:table-cell md:px-3 md:py-3 md:align-top'
  const label = 'mr-1 text-stone-600 md:hidden'
  return (
    <section aria-labelledby="compare-title" className={cardClass}>
      <h2 id="compare-title" className="font-semibold">
        {p.compareTitle}
      </h2>
      {pix && !buyable ? <p className="mt-2 text-sm text-stone-700">{p.notApproved}</p> : null}
      <table className="mt-3 block w-full text-sm md:table">
        <caption className="sr-only">{p.compareCaption}</caption>
        <thead className="hidden md:table-header-group">
          <tr className="border-b border-stone-200 text-left text-stone-600">
            <th scope="col" className="px-3 py-2 font-medium">
              {p.columns.plan}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {p.columns.rank}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {p.columns.uploads}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {p.columns.badge}
            </th>
            {pix ? (
              <>
                <th scope="col" className="px-3 py-2 font-medium">
                  {p.columns.price}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  <span className="sr-only">{p.columns.choose}</span>
                </th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody className="block space-y-3 md:table-row-group md:space-y-0">
          {rows.map((row) => (
            <tr
              key={row.tier}
              className={`block rounded-md border p-3 md:table-row md:rounded-none md:border-0 md:border-b md:p-0 ${
                row.current ? 'border-rose-300 bg-rose-50' : 'border-stone-200'
              }`}
            >
              <th scope="row" className={`${cell} text-left text-base font-semibold md:text-sm`}>
                {t.tiers[row.tier]}
                {row.current ? (
                  <span className="ml-2 inline-block whitespace-nowrap rounded-full bg-rose-800 px-2 py-0.5 text-xs font-medium text-white">
                    {p.yours}
                  </span>
                ) : null}
              </th>
              <td className={cell}>
                <span className={label}>{p.columns.rank}:</span>
                {p.rank[row.tier]}
              </td>
              <td className={cell}>
                <span className={label}>{p.columns.uploads}:</span>
                {count(p.uploads, row.uploads)}
              </td>
              <td className={cell}>
                <span className={label}>{p.columns.badge}:</span>
                {hasTierBadge(row.tier) ? <TierBadge tier={row.tier} /> : p.noBadge}
              </td>
              {pix ? (
                <>
                  <td className={`${cell} font-semibold`}>
                    <span className={`${label} font-normal`}>{p.columns.price}:</span>
                    {row.priceCents === null ? p.freePrice : money.format(row.priceCents / 100)}
                  </td>
                  <td className={`${cell} md:w-64`}>
                    {row.offer ? <Offer tier={row.tier as PaidTier} offer={row.offer} /> : null}
                  </td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {pix ? <p className="mt-3 text-xs text-stone-600">{p.howItWorks}</p> : null}
    </section>
  )
}

/** A plan's button and what paying for it now would do. */
function Offer({ tier, offer }: { tier: PaidTier; offer: NonNullable<PlanRow['offer']> }) {
  const t = useT()
  const p = t.plan
  const count = useCount()
  const longDate = useLongDate()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const date = longDate(offer.expiresAt)
  const label = { new: p.buy, renew: p.renew, change: p.change }[offer.kind]
  const effect =
    offer.kind === 'new'
      ? format(p.effectNew, { date })
      : offer.kind === 'renew'
        ? format(p.effectRenew, { date })
        : count(p.effectChange, offer.creditedDays, { date })
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="buy" />
      <input type="hidden" name="tier" value={tier} />
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
