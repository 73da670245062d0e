import { describe, expect, it } from 'vitest'
import {
  hashString,
  type RankableProfile,
  rankProfiles,
  rotatedPosition,
  rotateProfiles,
  rotationGroupKey,
  rotationMinute,
  rotationOffset,
} from '#app/domain/ranking.ts'

const profile = (
  id: string,
  citySlug: string,
  membershipTier: string,
  created: string,
): RankableProfile => ({ id, citySlug, membershipTier, createdAt: new Date(created) })

describe('rankProfiles (SPEC §7 sort)', () => {
  it('puts the city first, then tier rank descending, then newest', () => {
    const profiles = [
      profile('a', 'rio-de-janeiro', 'vip_plus', '2026-05-01'),
      profile('b', 'sao-paulo', 'free', '2026-05-01'),
      profile('c', 'sao-paulo', 'ouro', '2026-01-01'),
      profile('d', 'sao-paulo', 'ouro', '2026-03-01'),
      profile('e', 'sao-paulo', 'unknown-tier', '2026-06-01'),
      profile('f', 'rio-de-janeiro', 'free', '2026-06-01'),
    ]
    expect(rankProfiles(profiles, 'sao-paulo').map((p) => p.id)).toEqual([
      'd',
      'c',
      'e',
      'b',
      'a',
      'f',
    ])
  })

  it('without a city ranks everyone together', () => {
    const profiles = [
      profile('a', 'rio-de-janeiro', 'free', '2026-05-01'),
      profile('b', 'sao-paulo', 'prata', '2026-01-01'),
    ]
    expect(rankProfiles(profiles).map((p) => p.id)).toEqual(['b', 'a'])
  })
})

describe('rotation helpers', () => {
  it('hashString is FNV-1a 32-bit', () => {
    expect(hashString('')).toBe(0x811c9dc5)
    expect(hashString('a')).toBe(0xe40c292c)
    expect(hashString('local:free')).toBe(hashString('local:free'))
    expect(hashString('local:free')).not.toBe(hashString('touring:free'))
  })

  it('rotationMinute counts whole minutes since the epoch', () => {
    expect(rotationMinute(new Date('1970-01-01T00:02:59Z'))).toBe(2)
  })

  it('rotationOffset is the minute plus the hash of the group key', () => {
    expect(rotationOffset('local:ouro', 10)).toBe(10 + hashString('local:ouro'))
    expect(rotationGroupKey(false, 'ouro')).toBe('touring:ouro')
  })

  it.each([
    [0, 5, 0, 0],
    [0, 5, 1, 4],
    [3, 5, 1, 2],
    [2, 5, 7, 0],
    [0, 1, 123, 0],
  ])('rotatedPosition(%i, %i, %i) = %i', (index, size, offset, expected) => {
    expect(rotatedPosition(index, size, offset)).toBe(expected)
  })
})

describe('rotateProfiles (SPEC §9 fair rotation)', () => {
  const city = 'sao-paulo'
  const free = Array.from({ length: 7 }, (_, i) =>
    profile(`free-${i}`, city, 'free', `2026-01-${String(10 + i).padStart(2, '0')}`),
  )
  const gold = Array.from({ length: 3 }, (_, i) =>
    profile(`gold-${i}`, city, 'ouro', `2026-02-0${i + 1}`),
  )
  const touring = Array.from({ length: 4 }, (_, i) =>
    profile(`tour-${i}`, 'recife', 'vip_plus', `2026-03-0${i + 1}`),
  )
  const all = [...free, ...gold, ...touring]

  it('keeps the groups in ranked order and every profile exactly once', () => {
    const order = rotateProfiles(all, { citySlug: city, minute: 1000 }).map((p) => p.id)
    expect(new Set(order).size).toBe(all.length)
    expect(order.slice(0, 3).every((id) => id.startsWith('gold'))).toBe(true)
    expect(order.slice(3, 10).every((id) => id.startsWith('free'))).toBe(true)
    expect(order.slice(10).every((id) => id.startsWith('tour'))).toBe(true)
  })

  it('turns each group by one place per minute, circularly', () => {
    const ids = (minute: number) =>
      rotateProfiles(all, { citySlug: city, minute })
        .map((p) => p.id)
        .filter((id) => id.startsWith('free'))
    const now = ids(5000)
    const next = ids(5001)
    expect(next).toEqual([...now.slice(1), now[0]])
    // After a whole cycle the order comes back.
    expect(ids(5000 + free.length)).toEqual(now)
  })

  it('gives each group its own offset from the hash of its key', () => {
    const first = (minute: number, prefix: string) =>
      rotateProfiles(all, { citySlug: city, minute })
        .map((p) => p.id)
        .find((id) => id.startsWith(prefix))
    const base = rankProfiles(all, city)
    const baseFree = base.filter((p) => p.id.startsWith('free')).map((p) => p.id)
    const offset = rotationOffset('local:free', 42) % baseFree.length
    expect(first(42, 'free')).toBe(baseFree[offset])
  })

  it('is the same for the same minute, so pages 1..N of one minute never repeat or skip', () => {
    const minute = 777
    const order = rotateProfiles(all, { citySlug: city, minute })
    const pageSize = 4
    const pages = [0, 1, 2, 3].flatMap((page) =>
      rotateProfiles(all, { citySlug: city, minute }).slice(page * pageSize, (page + 1) * pageSize),
    )
    expect(pages.map((p) => p.id)).toEqual(order.map((p) => p.id))
    // Mixing minutes (what carrying the page-1 minute prevents) would repeat or skip profiles.
    const mixed = [
      ...rotateProfiles(all, { citySlug: city, minute }).slice(0, 7),
      ...rotateProfiles(all, { citySlug: city, minute: minute + 1 }).slice(7),
    ]
    expect(new Set(mixed.map((p) => p.id)).size).toBeLessThan(all.length)
  })
})
