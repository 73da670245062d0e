import { createHash, randomBytes } from 'node:crypto'
import { isIPv6 } from 'node:net'

// Per-visitor request limits. The counters live in this process's memory: they reset on a restart
// and each instance counts on its own, which is enough to stop one visitor hammering a route
// (harvesting contact numbers, inflating statistics). A shared store (Redis) is the step up
// when the site runs on several instances (DESIGN.md, scale-out).

export interface RateLimitResult {
  allowed: boolean
  /** Seconds until the visitor's window starts over. */
  retryAfterS: number
}

export interface RateLimiter {
  /** Counts one request of `key`. */
  hit(key: string): RateLimitResult
  /** Whether one more request of `key` would be allowed, without counting it. */
  peek(key: string): RateLimitResult
}

export interface FixedWindowOptions {
  /** Requests allowed in one window. */
  limit: number
  windowMs: number
  /** Keys kept at most; past it, finished windows are dropped first. */
  maxKeys?: number
  now?: () => number
}

/** Fixed-window counter per key: `limit` hits per `windowMs`, then refused until it ends. */
export function fixedWindowLimiter(options: FixedWindowOptions): RateLimiter {
  const { limit, windowMs, maxKeys = 50_000, now = Date.now } = options
  const windows = new Map<string, { count: number; resetAt: number }>()

  const sweep = (time: number) => {
    for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key)
    // Still full: a flood of distinct keys. Forget the oldest half rather than grow unbounded.
    if (windows.size >= maxKeys) {
      let drop = Math.ceil(windows.size / 2)
      for (const key of windows.keys()) {
        if (drop-- <= 0) break
        windows.delete(key)
      }
    }
  }

  return {
    peek(key) {
      const time = now()
      const window = windows.get(key)
      const count = window && window.resetAt > time ? window.count : 0
      return {
        allowed: count < limit,
        retryAfterS: window ? Math.max(1, Math.ceil((window.resetAt - time) / 1000)) : 1,
      }
    },
    hit(key) {
      const time = now()
      let window = windows.get(key)
      if (!window || window.resetAt <= time) {
        if (!window && windows.size >= maxKeys) sweep(time)
        window = { count: 0, resetAt: time + windowMs }
        windows.set(key, window)
      }
      window.count += 1
      return {
        allowed: window.count <= limit,
        retryAfterS: Math.max(1, Math.ceil((window.resetAt - time) / 1000)),
      }
    },
  }
}

/**
 * The visitor a limit applies to: the client's address as the host saw it; an IPv6 address by
 * its /64 network, which one subscriber holds whole (and could otherwise rotate through).
 */
export function visitorKey(context: { clientIp?: string } | undefined): string {
  const address = context?.clientIp?.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
  if (!address) return 'unknown'
  return isIPv6(address) ? `${ipv6Network(address)}::/64` : address
}

/** The first four groups of an IPv6 address, expanded ('2001:db8::1' gives '2001:db8:0:0'). */
function ipv6Network(address: string): string {
  const [head = '', tail] = address.toLowerCase().split('%')[0]?.split('::') ?? []
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
  return groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')
}

/**
 * Remembers, for the current day, which (visitor, thing) pairs were already seen, so a
 * statistic counts each visitor once a day. Only salted hashes are kept, in memory, and the salt
 * changes every day: nothing can be traced back to an address, and nothing is written.
 */
export function dailyOnce(options: { maxEntries?: number; day: () => string }) {
  const { maxEntries = 200_000, day } = options
  let current = ''
  let salt = ''
  let seen = new Set<string>()
  return {
    /** True the first time `key` shows up today. */
    first(key: string): boolean {
      const today = day()
      if (today !== current) {
        current = today
        salt = randomBytes(16).toString('hex')
        seen = new Set()
      }
      const hash = createHash('sha256').update(salt).update(key).digest('base64url').slice(0, 22)
      if (seen.has(hash)) return false
      // A flood of distinct keys: start the day's memory over rather than grow without bound.
      if (seen.size >= maxEntries) seen.clear()
      seen.add(hash)
      return true
    },
  }
}
