import { describe, expect, it } from 'vitest'
import { brazilDay, brazilDayEnd } from '#app/domain/brazil-time.ts'
import {
  type CounterStore,
  memoryCounterStore,
} from '#app/modules/security/counter-store.server.ts'
import {
  counterKey,
  dailyOnce,
  fixedWindowLimiter,
  visitorKey,
} from '#app/modules/security/rate-limit.server.ts'

const SECRET = 'unit-test-secret-0123456789-abcdefghij'

/** A limiter on a memory store of its own with a clock the test moves. */
function limiterAt(clock: { time: number }, limit: number, windowMs = 60_000) {
  const store = memoryCounterStore({ now: () => clock.time })
  return fixedWindowLimiter({
    name: 'test',
    limit,
    windowMs,
    store: () => store,
    secret: () => SECRET,
  })
}

/** The keys a store was asked about, to check what it would keep (the store itself is real). */
function recording(store: CounterStore) {
  const keys: string[] = []
  const values: string[] = []
  const recorded: CounterStore = {
    ...store,
    increment: (key, windowMs) => {
      keys.push(key)
      return store.increment(key, windowMs)
    },
    read: (key) => {
      keys.push(key)
      return store.read(key)
    },
    setIfAbsent: (key, value, ttlMs) => {
      keys.push(key)
      values.push(value)
      return store.setIfAbsent(key, value, ttlMs)
    },
  }
  return { store: recorded, keys, values }
}

describe('fixedWindowLimiter', () => {
  it('allows `limit` hits per window and per key, then refuses until the window ends', async () => {
    const clock = { time: 1_000_000 }
    const limiter = limiterAt(clock, 3)
    for (let i = 0; i < 3; i++) expect((await limiter.hit('a')).allowed).toBe(true)
    expect(await limiter.hit('a')).toEqual({ allowed: false, retryAfterS: 60, count: 4 })
    expect((await limiter.hit('b')).allowed).toBe(true)
    clock.time += 59_500
    expect(await limiter.hit('a')).toEqual({ allowed: false, retryAfterS: 1, count: 5 })
    clock.time += 500
    expect((await limiter.hit('a')).allowed).toBe(true)
  })

  it('peeks without counting', async () => {
    const clock = { time: 1_000_000 }
    const limiter = limiterAt(clock, 2)
    expect(await limiter.peek('a')).toEqual({ allowed: true, retryAfterS: 1, count: 0 })
    await limiter.hit('a')
    for (let i = 0; i < 5; i++) expect((await limiter.peek('a')).allowed).toBe(true)
    await limiter.hit('a')
    expect(await limiter.peek('a')).toEqual({ allowed: false, retryAfterS: 60, count: 2 })
    clock.time += 60_000
    expect((await limiter.peek('a')).allowed).toBe(true)
  })

  it('stays bounded under a flood of distinct keys', async () => {
    const store = memoryCounterStore({ maxKeys: 100 })
    const limiter = fixedWindowLimiter({
      name: 'flood',
      limit: 1,
      windowMs: 60_000,
      store: () => store,
      secret: () => SECRET,
    })
    for (let i = 0; i < 1000; i++) expect((await limiter.hit(`visitor-${i}`)).allowed).toBe(true)
    // A key seen long ago may have been forgotten, never wrongly refused on first sight.
    expect((await limiter.hit('new-visitor')).allowed).toBe(true)
  })

  it('hands the store a keyed hash, never the address or the e-mail', async () => {
    const { store, keys } = recording(memoryCounterStore())
    const limiter = fixedWindowLimiter({
      name: 'auth-visitor',
      limit: 5,
      windowMs: 60_000,
      store: () => store,
      secret: () => SECRET,
    })
    await limiter.hit('sign-in\n203.0.113.9')
    await limiter.peek('sign-in\nana@example.com')
    expect(keys).toHaveLength(2)
    for (const key of keys) {
      expect(key).toMatch(/^auth-visitor:[\w-]{22}$/)
      expect(key).not.toMatch(/203\.0\.113|ana@|example\.com/)
    }
  })

  it('keeps limiters apart by name', async () => {
    const store = memoryCounterStore()
    const named = (name: string) =>
      fixedWindowLimiter({
        name,
        limit: 1,
        windowMs: 60_000,
        store: () => store,
        secret: () => SECRET,
      })
    expect((await named('one').hit('a')).allowed).toBe(true)
    expect((await named('one').hit('a')).allowed).toBe(false)
    expect((await named('two').hit('a')).allowed).toBe(true)
  })
})

describe('counterKey', () => {
  it('is the same for the same name, key and secret, and differs when any changes', () => {
    const key = counterKey('contact', '203.0.113.9', SECRET)
    expect(key).toBe(counterKey('contact', '203.0.113.9', SECRET))
    expect(key).toMatch(/^contact:[\w-]{22}$/)
    expect(counterKey('contact', '203.0.113.8', SECRET)).not.toBe(key)
    expect(counterKey('favorites', '203.0.113.9', SECRET).split(':')[1]).not.toBe(key.split(':')[1])
    expect(counterKey('contact', '203.0.113.9', `${SECRET}x`)).not.toBe(key)
  })
})

describe('visitorKey', () => {
  it('keys visitors by address, with one shared key when none is known', () => {
    expect(visitorKey({ clientIp: '203.0.113.9' })).toBe('203.0.113.9')
    expect(visitorKey({ clientIp: '::ffff:203.0.113.9' })).toBe('203.0.113.9')
    expect(visitorKey({})).toBe('unknown')
    expect(visitorKey(undefined)).toBe('unknown')
  })

  it('keys an IPv6 visitor by its /64 network', () => {
    expect(visitorKey({ clientIp: '2001:db8:aa:bb:1:2:3:4' })).toBe('2001:db8:aa:bb::/64')
    expect(visitorKey({ clientIp: '2001:DB8:AA:BB::99' })).toBe('2001:db8:aa:bb::/64')
    expect(visitorKey({ clientIp: '2001:db8::1' })).toBe('2001:db8:0:0::/64')
    expect(visitorKey({ clientIp: '::1' })).toBe('0:0:0:0::/64')
    expect(visitorKey({ clientIp: 'fe80::1%eth0' })).toBe('fe80:0:0:0::/64')
  })
})

describe('dailyOnce', () => {
  /** A dailyOnce on a memory store, both on the test's clock. */
  function onceAt(clock: { time: number }, store = memoryCounterStore({ now: () => clock.time })) {
    return dailyOnce({
      name: 'views',
      store: () => store,
      secret: () => SECRET,
      now: () => clock.time,
    })
  }

  it('is true once per key and day in Brazil', async () => {
    // 23:00 in São Paulo on the 23rd; the day ends an hour later (02:00 UTC is still the 23rd).
    const clock = { time: Date.parse('2026-11-24T02:00:00Z') }
    const once = onceAt(clock)
    expect(await once.first('a p1')).toBe(true)
    expect(await once.first('a p1')).toBe(false)
    expect(await once.first('a p2')).toBe(true)
    expect(await once.first('b p1')).toBe(true)
    clock.time += 59 * 60_000
    expect(await once.first('a p1')).toBe(false)
    clock.time += 60_000
    expect(brazilDay(new Date(clock.time))).toBe('2026-11-24')
    expect(await once.first('a p1')).toBe(true)
    expect(await once.first('a p1')).toBe(false)
  })

  it('keeps only hashes under a random salt of the day, both ending with the day', async () => {
    const clock = { time: Date.parse('2026-11-23T15:00:00Z') }
    const memory = memoryCounterStore({ now: () => clock.time })
    const { store, keys, values } = recording(memory)
    const once = onceAt(clock, store)
    await once.first('203.0.113.9 profile-1')
    expect(keys[0]).toBe('daily-salt:2026-11-23')
    expect(values[0]).toMatch(/^[\w-]{22}$/)
    expect(keys[1]).toMatch(/^views:[\w-]{22}$/)
    expect(keys.join(' ')).not.toMatch(/203\.0\.113|profile/)
    // Both expire at midnight in São Paulo.
    const dayEnd = brazilDayEnd('2026-11-23').getTime()
    expect((await memory.read('daily-salt:2026-11-23'))?.resetInMs).toBe(dayEnd - clock.time)
    expect((await memory.read(keys[1] ?? ''))?.resetInMs).toBe(dayEnd - clock.time)
    // The next day, another salt: yesterday's entries cannot be matched any more.
    clock.time = dayEnd + 60_000
    await once.first('203.0.113.9 profile-1')
    expect(keys.at(-2)).toBe('daily-salt:2026-11-24')
    expect(keys.at(-1)).not.toBe(keys[1])
    expect(await memory.read('daily-salt:2026-11-23')).toBeUndefined()
  })

  it('agrees with another instance on the same store (one salt a day)', async () => {
    const clock = { time: Date.parse('2026-11-23T15:00:00Z') }
    const store = memoryCounterStore({ now: () => clock.time })
    const first = onceAt(clock, store)
    const second = onceAt(clock, store)
    expect(await first.first('a p1')).toBe(true)
    expect(await second.first('a p1')).toBe(false)
    expect(await second.first('a p2')).toBe(true)
    expect(await first.first('a p2')).toBe(false)
  })
})

describe('memoryCounterStore', () => {
  it('counts in windows, reads without counting, and keeps the first value', async () => {
    const clock = { time: 0 }
    const store = memoryCounterStore({ now: () => clock.time })
    expect(await store.increment('k', 1000)).toEqual({ count: 1, resetInMs: 1000 })
    clock.time = 400
    expect(await store.increment('k', 1000)).toEqual({ count: 2, resetInMs: 600 })
    expect(await store.read('k')).toEqual({ count: 2, resetInMs: 600 })
    expect(await store.read('other')).toBeUndefined()
    expect(await store.setIfAbsent('v', 'first', 1000)).toBe('first')
    expect(await store.setIfAbsent('v', 'second', 1000)).toBe('first')
    clock.time = 1000
    expect(await store.read('k')).toBeUndefined()
    expect(await store.increment('k', 1000)).toEqual({ count: 1, resetInMs: 1000 })
    clock.time = 1400
    expect(await store.setIfAbsent('v', 'third', 1000)).toBe('third')
    expect(await store.sweep()).toBe(0)
    clock.time = 5000
    expect(await store.sweep()).toBe(2)
  })
})

describe('brazilDayEnd', () => {
  it('is midnight in São Paulo (UTC-3) at the end of the day', () => {
    expect(brazilDayEnd('2026-11-23').toISOString()).toBe('2026-11-24T03:00:00.000Z')
    expect(brazilDayEnd('2026-12-31').toISOString()).toBe('2027-01-01T03:00:00.000Z')
    expect(brazilDayEnd('2028-02-28').toISOString()).toBe('2028-02-29T03:00:00.000Z')
    for (const day of ['2026-01-01', '2026-06-15', '2027-10-31']) {
      const end = brazilDayEnd(day).getTime()
      expect(brazilDay(new Date(end - 1))).toBe(day)
      expect(brazilDay(new Date(end))).not.toBe(day)
    }
  })
})
