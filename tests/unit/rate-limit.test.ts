import { describe, expect, it } from 'vitest'
import { fixedWindowLimiter, visitorKey } from '#app/modules/security/rate-limit.server.ts'

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
    expect(visitorKey({})).toBe('unknown')
    expect(visitorKey(undefined)).toBe('unknown')
  })
})
