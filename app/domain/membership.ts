/** Membership tiers, highest first (SPEC §3). */
export const MEMBERSHIP_TIERS = ['vip_plus', 'ouro', 'prata', 'bronze', 'basico', 'free'] as const
export type MembershipTier = (typeof MEMBERSHIP_TIERS)[number]

const TIER_RANKS: Record<MembershipTier, number> = {
  vip_plus: 5,
  ouro: 4,
  prata: 3,
  bronze: 2,
  basico: 1,
  free: 0,
}

/** Listing rank of a tier (SPEC §3): VIP+ 5 … free 0, anything unknown 0. */
export function tierRank(tier: string | null | undefined): number {
  return tier && Object.hasOwn(TIER_RANKS, tier) ? TIER_RANKS[tier as MembershipTier] : 0
}

/** The carousel ranks a tier it does not know 1, where listings rank it 0 (SPEC §3). */
export const CAROUSEL_UNKNOWN_TIER_RANK = 1

/**
 * The same ranks as an SQL CASE over `column` (built from constants only, never from input),
 * with `unknownRank` for anything else: 0 in listings, 1 in the carousel.
 */
export function tierRankSql(column: string, unknownRank = 0): string {
  const cases = Object.entries(TIER_RANKS).map(([tier, rank]) => `when '${tier}' then ${rank}`)
  return `case ${column} ${cases.join(' ')} else ${unknownRank} end`
}
