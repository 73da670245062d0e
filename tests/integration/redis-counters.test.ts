import { createServer } from 'node:net'
import { createClient } from '@redis/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dailyOnce } from '#app/modules/security/rate-limit.server.ts'
import {
  openRedisCounterStore,
  type RedisCounterStore,
} from '#app/modules/security/redis-counters.server.ts'
import {
  closeSharedCounters,
  openSharedCounters,
  sharedCounterStore,
} from '#app/modules/security/shared-counters.server.ts'
import { counterStoreContract, limiterOn } from '#tests/support/counter-store-contract.ts'
import { startRedisServer } from '#tests/support/redis-server.ts'
import { useTestServerEnv } from '#tests/support/test-server.ts'
import { sleepUntil, waitUntil } from '#tests/support/wait.ts'

// Shared counters in Redis (issue 17, REDIS_URL): the store, limits across instances (each its
// own connection) and restarts of the site, and what happens while Redis is down. The tests
// start their own redis-server on a free port (never the machine's 6379). Nothing here touches
// the database: with DATABASE_URL set they run once, in the PGlite project.

const once = process.env.TEST_DB_KIND === 'postgres' ? describe.skip : describe

const SECRET = 'integration-secret-0123456789-abcdefgh'
/** rate-limit.server.ts's FALLBACK_MS (not exported): how long a failing shared store is left alone. */
const FALLBACK_MS = 5000
let redis: Awaited<ReturnType<typeof startRedisServer>>
const stores: RedisCounterStore[] = []

/** A new connection to the test's Redis, as another instance (or a restarted one) opens. */
async function instance(url = redis.url) {
  const store = await openRedisCounterStore(url, { connectWaitMs: 2000 })
  stores.push(store)
  return store
}

beforeAll(async () => {
  await useTestServerEnv()
  redis = await startRedisServer()
})

afterAll(async () => {
  for (const store of stores) await store.close()
  await redis?.stop()
})

once('redis counter store', () => {
  let store: RedisCounterStore
  beforeAll(async () => {
    store = await instance()
  })
  counterStoreContract(() => store)

  it('sweeps nothing: Redis expires finished windows itself', async () => {
    expect(await store.sweep()).toBe(0)
  })
})

once('limits in redis across instances and restarts', () => {
  it('a limit reached through one instance refuses on another, and after a restart', async () => {
    const [a, b] = [await instance(), await instance()]
    const [onA, onB] = [limiterOn(a, SECRET), limiterOn(b, SECRET)]
    expect((await onA.hit('198.51.100.1')).allowed).toBe(true)
    expect((await onB.hit('198.51.100.1')).allowed).toBe(true)
    expect((await onA.hit('198.51.100.1')).allowed).toBe(true)
    expect((await onB.hit('198.51.100.1')).allowed).toBe(false)
    await a.close()
    await b.close()
    const restarted = await instance()
    const again = await limiterOn(restarted, SECRET).hit('198.51.100.1')
    expect(again.allowed).toBe(false)
    expect(again.retryAfterS).toBeGreaterThan(55)
    expect((await limiterOn(restarted, SECRET).hit('198.51.100.2')).allowed).toBe(true)
  })

  it('concurrent hits from two instances are each counted once', async () => {
    const [a, b] = [await instance(), await instance()]
    const [onA, onB] = [limiterOn(a, SECRET, 40), limiterOn(b, SECRET, 40)]
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? onA : onB).hit('198.51.100.3')),
    )
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(40)
  })

  it('instances agree on the day’s salt, and keep only keyed hashes with an expiry', async () => {
    const [a, b] = [await instance(), await instance()]
    const onA = dailyOnce({ name: 'contact', store: () => a, secret: () => SECRET })
    const onB = dailyOnce({ name: 'contact', store: () => b, secret: () => SECRET })
    const [first, second] = await Promise.all([
      onA.first('203.0.113.7 profile-one'),
      onB.first('203.0.113.7 profile-one'),
    ])
    expect([first, second].sort()).toEqual([false, true])
    expect(await onB.first('203.0.113.7 profile-two')).toBe(true)
    expect(await onA.first('203.0.113.7 profile-two')).toBe(false)

    const client = createClient({ url: redis.url })
    await client.connect()
    try {
      const keys = await client.keys('aprova:*')
      expect(keys.some((key) => key.startsWith('aprova:contact:'))).toBe(true)
      expect(keys.some((key) => key.startsWith('aprova:daily-salt:'))).toBe(true)
      expect(keys.join(' ')).not.toMatch(/203\.0\.113|profile/)
      // Every key goes away by itself: nothing is kept past its window or its day. A key of an
      // earlier test's short window may have gone since it was listed (-2); none lacks an expiry
      // (-1).
      for (const key of keys) expect(await client.pTTL(key)).not.toBe(-1)
    } finally {
      client.destroy()
    }
  })

  it('the site’s store is Redis once REDIS_URL is set, and the database again once closed', async () => {
    await openSharedCounters({ redisUrl: redis.url })
    try {
      expect(sharedCounterStore().kind).toBe('redis')
    } finally {
      await closeSharedCounters()
    }
    expect(sharedCounterStore().kind).not.toBe('redis')
  })
})

once('while redis is unreachable', () => {
  it('limits still answer, counted in this process, and redis is used again once back', async () => {
    const store = await instance()
    const limiter = limiterOn(store, SECRET, 2)
    expect((await limiter.hit('198.51.100.9')).allowed).toBe(true)
    await redis.stop()
    // No error, no wait on a reconnection: the process counts on its own meanwhile.
    const started = Date.now()
    expect((await limiter.hit('198.51.100.9')).allowed).toBe(true)
    // That hit found Redis gone: the limiter leaves it alone for FALLBACK_MS from then
    // (rate-limit.server.ts), a deadline it keeps to itself, so it ends by this moment at the latest.
    const fallbackEnds = Date.now() + FALLBACK_MS
    expect((await limiter.hit('198.51.100.9')).allowed).toBe(true)
    expect((await limiter.hit('198.51.100.9')).allowed).toBe(false)
    expect(Date.now() - started).toBeLessThan(1000)
    const once = dailyOnce({ name: 'views', store: () => store, secret: () => SECRET })
    expect(await once.first('198.51.100.9 p')).toBe(true)
    expect(await once.first('198.51.100.9 p')).toBe(false)

    await redis.start()
    await waitUntil(() => store.ready, { intervalMs: 50, what: 'the store reconnected' })
    expect(store.ready).toBe(true)
    // Past the fallback pause, the limit counts in Redis again (a restarted Redis is empty).
    await sleepUntil(fallbackEnds + 1)
    expect((await limiter.hit('198.51.100.10')).allowed).toBe(true)
    const client = createClient({ url: redis.url })
    await client.connect()
    try {
      expect((await client.keys('aprova:login:*')).length).toBe(1)
    } finally {
      client.destroy()
    }
  }, 30_000)

  it('opening does not hang when redis never answers, and closing is quick', async () => {
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const port = (probe.address() as { port: number }).port
    await new Promise((resolve) => probe.close(resolve))

    const started = Date.now()
    const store = await openRedisCounterStore(`redis://127.0.0.1:${port}`, { connectWaitMs: 300 })
    expect(Date.now() - started).toBeLessThan(1500)
    expect(store.ready).toBe(false)
    const limiter = limiterOn(store, SECRET, 1)
    expect((await limiter.hit('198.51.100.11')).allowed).toBe(true)
    expect((await limiter.hit('198.51.100.11')).allowed).toBe(false)
    const closing = Date.now()
    await store.close()
    expect(Date.now() - closing).toBeLessThan(1000)
  })
})
