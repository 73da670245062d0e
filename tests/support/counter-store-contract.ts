import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { expect, it } from 'vitest'
import type { CounterStore } from '#app/modules/security/counter-store.server.ts'
import { fixedWindowLimiter } from '#app/modules/security/rate-limit.server.ts'

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
    await sleep(20)
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
    await sleep(450)
    expect(await store().read(key)).toBeUndefined()
    expect(await store().increment(key, 300)).toMatchObject({ count: 1 })
  })

  it('keeps the first value set under a key until it expires', async () => {
    const key = fresh()
    expect(await store().setIfAbsent(key, 'first', 300)).toBe('first')
    expect(await store().setIfAbsent(key, 'second', 300)).toBe('first')
    await sleep(450)
    expect(await store().setIfAbsent(key, 'third', 300)).toBe('third')
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
