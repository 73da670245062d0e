import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'
import type { CounterStore } from '#app/modules/security/counter-store.server.ts'
import { fixedWindowLimiter } from '#app/modules/security/rate-limit.server.ts'
import { waitUntil } from './wait.ts'

/** A sign-in-like limiter of `limit` hits a minute counting in `store` (as one instance does). */
export const limiterOn = (store: CounterStore, secret: string, limit = 3) =>
  fixedWindowLimiter({
    name: 'login',
    limit,
    windowMs: 60_000,
    store: () => store,
    secret: () => secret,
  })

/**
 * What every shared counter store must do (issue 17), as tests on the real store `store()`
 * returns: the database one on PGlite and PostgreSQL, and Redis.
 */
export function counterStoreContract(store: () => CounterStore) {
  const fresh = () => `contract:${randomUUID()}`

  it('counts hits in a fixed window and tells when it ends', async () => {
    const key = fresh()
    const first = await store().increment(key, 60_000)
    expect(first.count).toBe(1)
    expect(first.resetInMs).toBeGreaterThan(58_000)
    expect(first.resetInMs).toBeLessThanOrEqual(60_000)
    // A later hit must come once the window has aged, or "not stretched" would prove nothing.
    await waitUntil(async () => ((await store().read(key))?.resetInMs ?? 0) < first.resetInMs)
    const second = await store().increment(key, 60_000)
    expect(second.count).toBe(2)
    // A later hit does not stretch the window.
    expect(second.resetInMs).toBeLessThan(first.resetInMs)
    expect(await store().increment(fresh(), 60_000)).toMatchObject({ count: 1 })
  })

  it('reads a window without counting', async () => {
    const key = fresh()
    expect(await store().read(key)).toBeUndefined()
    await store().increment(key, 60_000)
    await store().increment(key, 60_000)
    expect(await store().read(key)).toMatchObject({ count: 2 })
    expect(await store().read(key)).toMatchObject({ count: 2 })
  })

  it('starts over once the window has ended', async () => {
    const key = fresh()
    await store().increment(key, 300)
    await store().increment(key, 300)
    // The window's 300 ms must pass: until then it reads as running, then as none.
    await waitUntil(async () => {
      const window = await store().read(key)
      if (window) expect(window.count).toBe(2)
      return window === undefined
    })
    expect(await store().read(key)).toBeUndefined()
    expect(await store().increment(key, 300)).toMatchObject({ count: 1 })
  })

  it('keeps the first value set under a key until it expires', async () => {
    const key = fresh()
    expect(await store().setIfAbsent(key, 'first', 300)).toBe('first')
    expect(await store().setIfAbsent(key, 'second', 300)).toBe('first')
    // Its 300 ms must pass: until then the first value stays, then a new one is kept.
    await waitUntil(async () => {
      const kept = await store().setIfAbsent(key, 'third', 300)
      if (kept !== 'third') expect(kept).toBe('first')
      return kept === 'third'
    })
  })

  it('counts concurrent hits exactly once each', async () => {
    const key = fresh()
    const windows = await Promise.all(
      Array.from({ length: 100 }, () => store().increment(key, 60_000)),
    )
    expect(windows.map((window) => window.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    )
  })
}
