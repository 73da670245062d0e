import { tierRank } from './membership.ts'

// Ranking and fair rotation (SPEC §4, §7, §9): local profiles first, then tier rank, then
// newest; within each group (local or touring, plus tier) the order turns by one place a minute.

export interface RankableProfile {
  id: string
  citySlug: string | null
  membershipTier: string
  createdAt: Date
}

/** Whether a profile counts as local to the city being browsed (no city: everyone is local). */
export function isLocal(profile: RankableProfile, citySlug: string | undefined): boolean {
  return !citySlug || profile.citySlug === citySlug
}

/** Base order: city match first, then tier rank descending, then newest (id breaks ties). */
export function rankProfiles<T extends RankableProfile>(profiles: T[], citySlug?: string): T[] {
  return [...profiles].sort(
    (a, b) =>
      Number(isLocal(b, citySlug)) - Number(isLocal(a, citySlug)) ||
      tierRank(b.membershipTier) - tierRank(a.membershipTier) ||
      b.createdAt.getTime() - a.createdAt.getTime() ||
      (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  )
}

/** The minute number (minutes since the Unix epoch) that drives the rotation. */
export function rotationMinute(at: Date): number {
  return Math.floor(at.getTime() / 60_000)
}

/** Key of a rotation group: locality plus tier. */
export function rotationGroupKey(local: boolean, tier: string): string {
  return `${local ? 'local' : 'touring'}:${tier}`
}

/** 32-bit FNV-1a hash of a string, as a non-negative integer. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** How far a group is turned at a minute: the minute plus the hash of the group key. */
export function rotationOffset(groupKey: string, minute: number): number {
  return minute + hashString(groupKey)
}

/** Position of the item at `index` after turning a group of `size` by `offset` places. */
export function rotatedPosition(index: number, size: number, offset: number): number {
  return (((index - offset) % size) + size) % size
}

/**
 * The fair order of SPEC §9: ranked groups, each turned circularly by its rotation offset at
 * `minute`. Every profile appears exactly once; the same minute always gives the same order.
 */
export function rotateProfiles<T extends RankableProfile>(
  profiles: T[],
  options: { citySlug?: string; minute: number },
): T[] {
  const ranked = rankProfiles(profiles, options.citySlug)
  const groups = new Map<string, T[]>()
  for (const profile of ranked) {
    const key = rotationGroupKey(isLocal(profile, options.citySlug), profile.membershipTier)
    const group = groups.get(key)
    if (group) group.push(profile)
    else groups.set(key, [profile])
  }
  // Map keeps insertion order, which is the ranked order of the groups.
  return [...groups].flatMap(([key, group]) => {
    const turned = new Array<T>(group.length)
    const offset = rotationOffset(key, options.minute)
    group.forEach((profile, index) => {
      turned[rotatedPosition(index, group.length, offset)] = profile
    })
    return turned
  })
}
