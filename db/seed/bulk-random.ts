import { createHash } from 'node:crypto'

// The deterministic draws of the bulk seed (db/seed/bulk.server.ts): same seed, same profiles.

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32) seeded from any text. */
export function randomSource(seed: string) {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0)
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const chance = (probability: number) => next() < probability
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)]
    if (item === undefined) throw new Error('pick() from an empty list')
    return item
  }
  const weighted = <T>(items: readonly (readonly [T, number])[]): T => {
    const total = items.reduce((sum, [, weight]) => sum + weight, 0)
    let target = next() * total
    for (const [item, weight] of items) {
      target -= weight
      if (target < 0) return item
    }
    const last = items.at(-1)
    if (!last) throw new Error('weighted() from an empty list')
    return last[0]
  }
  /** `n` distinct items in random order. */
  const sample = <T>(items: readonly T[], n: number): T[] => {
    const copy = [...items]
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1))
      ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
    }
    return copy.slice(0, n)
  }
  /** A version-4-shaped UUID drawn from the sequence. */
  const uuid = () => {
    const bytes = Buffer.alloc(16)
    for (let i = 0; i < 16; i += 4) bytes.writeUInt32LE(Math.floor(next() * 2 ** 32), i)
    bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
    bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
    const hex = bytes.toString('hex')
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  }
  return { next, int, chance, pick, weighted, sample, uuid }
}

/**
 * How many of `total` profiles each city gets: proportional to population (largest remainder),
 * with at least one per city whenever there are enough profiles to go round.
 */
export function apportionByPopulation(
  cityList: readonly { slug: string; population: number }[],
  total: number,
): Map<string, number> {
  const floor = total >= cityList.length ? 1 : 0
  const rest = total - floor * cityList.length
  const population = cityList.reduce((sum, c) => sum + c.population, 0)
  const shares = cityList.map((c) => {
    const exact = (rest * c.population) / population
    return { slug: c.slug, n: floor + Math.floor(exact), remainder: exact - Math.floor(exact) }
  })
  let left = total - shares.reduce((sum, s) => sum + s.n, 0)
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder)) {
    if (left <= 0) break
    share.n++
    left--
  }
  return new Map(shares.map((s) => [s.slug, s.n]))
}
