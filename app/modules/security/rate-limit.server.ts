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
  hit(key: string): RateLimitResult
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

/** The visitor a limit applies to: the client's address as the host saw it. */
export function visitorKey(context: { clientIp?: string } | undefined): string {
  return context?.clientIp || 'unknown'
}
