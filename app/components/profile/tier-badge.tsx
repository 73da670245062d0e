import type { MembershipTier } from '#app/domain/membership.ts'
import { useT } from '#app/i18n/i18n.ts'

/** The tiers whose cards carry a badge, and its colours (Básico and free have none). */
const TIER_STYLES: Partial<Record<string, string>> = {
  vip_plus: 'bg-stone-900 text-amber-200',
  ouro: 'bg-amber-200 text-amber-950',
  prata: 'bg-stone-200 text-stone-800',
  bronze: 'bg-orange-200 text-orange-950',
}

/** Whether a profile of `tier` shows a plan badge on its card. */
export function hasTierBadge(tier: string): boolean {
  return TIER_STYLES[tier] !== undefined
}

/** A plan's badge as cards show it (and the plan page's comparison); nothing for the others. */
export function TierBadge({ tier }: { tier: string }) {
  const t = useT()
  const style = TIER_STYLES[tier]
  if (!style) return null
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-semibold ${style}`}>
      {t.tiers[tier as MembershipTier]}
    </span>
  )
}
