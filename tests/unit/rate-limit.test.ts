import { describe, expect, it } from 'vitest'
import {
  dailyOnce,
  fixedWindowLimiter,
  visitorKey,
} from '#app/modules/security/rate-limit.server.ts'

describe('fixedWindowLimiter', () => {
  it('allows `limit` hits per window and per key, then refuses until the window ends', () => {
    let time = 1_000_000
    const limiter = fixedWindowLimiter({ limit: 3, windowMs: 60_000, now: () => time })
    expect([1, 2, 3].map(() => limiter.hit('a').allowed)).toEqual([true, true, true])
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterS: 60 })
    expect(limiter.hit('b').allowed).toBe(true)
    time += 59_500
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterS: 1 })
    time += 500
    expect(limiter.hit('a').allowed).toBe(true)
  })

  it('stays bounded under a flood of distinct keys', () => {
    const limiter = fixedWindowLimiter({ limit: 1, windowMs: 60_000, maxKeys: 100 })
    for (let i = 0; i < 1000; i++) expect(limiter.hit(`visitor-${i}`).allowed).toBe(true)
    // A key seen long ago may have been forgotten, never wrongly refused on first sight.
    expect(limiter.hit('new-visitor').allowed).toBe(true)
  })

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
  it('is true once per key and day', () => {
    let day = '2026-11-23'
    const once = dailyOnce({ day: () => day })
    expect(once.first('a p1')).toBe(true)
    expect(once.first('a p1')).toBe(false)
    expect(once.first('a p2')).toBe(true)
    expect(once.first('b p1')).toBe(true)
    day = '2026-11-24'
    expect(once.first('a p1')).toBe(true)
    expect(once.first('a p1')).toBe(false)
  })

  it('stays bounded', () => {
    const once = dailyOnce({ day: () => 'd', maxEntries: 10 })
    for (let i = 0; i < 100; i++) expect(once.first(`k${i}`)).toBe(true)
  })
})
