// Where rate limits and abuse counters are counted (issue 17). Three stores answer the same
// small interface: PostgreSQL (or PGlite) and Redis, shared by every instance and kept across
// restarts, and this process's memory, which the limiters fall back to while the shared store
// cannot be reached. Stores see only opaque keys: the limiters hash them first
// (rate-limit.server.ts), so no address or e-mail reaches a store in clear.

/** A key's running fixed window. */
export interface CounterWindow {
  /** Hits counted in the window, this one included. */
  count: number
  /** Milliseconds until the window ends and the count starts over. */
  resetInMs: number
}

export interface CounterStore {
  readonly kind: 'memory' | 'postgres' | 'pglite' | 'redis'
  /**
   * Longest wait for an answer before the caller counts in its own memory instead; undefined:
   * no limit (the memory store answers at once).
   */
  readonly timeoutMs: number | undefined
  /** Counts one hit of `key`, starting a window of `windowMs` when none is running; atomic. */
  increment(key: string, windowMs: number): Promise<CounterWindow>
  /** The running window of `key` without counting; undefined when none is running. */
  read(key: string): Promise<CounterWindow | undefined>
  /**
   * The value kept under `key`: `value` is stored for `ttlMs` unless another caller stored one
   * first, and then that one is returned (every instance agrees on the first); atomic.
   */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<string>
  /** Deletes finished windows that do not expire by themselves; returns how many went. */
  sweep(): Promise<number>
  close(): Promise<void>
}

export interface MemoryCounterOptions {
  /** Keys kept at most; past it, finished windows are dropped first, then the oldest half. */
  maxKeys?: number
  now?: () => number
}

/**
 * Counters in this process's memory: the store of a single process before issue 17, now the
 * fallback while the shared store is unreachable, and the baseline of the benchmark.
 */
export function memoryCounterStore(options: MemoryCounterOptions = {}): CounterStore {
  const { maxKeys = 50_000, now = Date.now } = options
  const windows = new Map<string, { count: number; resetAt: number; value?: string }>()

  const sweep = (time: number) => {
    const before = windows.size
    for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key)
    // Still full: a flood of distinct keys. Forget the oldest half rather than grow unbounded.
    if (windows.size >= maxKeys) {
      let drop = Math.ceil(windows.size / 2)
      for (const key of windows.keys()) {
        if (drop-- <= 0) break
        windows.delete(key)
      }
    }
    return before - windows.size
  }
  /** The running window of `key`, started anew when there is none. */
  const current = (key: string, windowMs: number, time: number) => {
    let window = windows.get(key)
    if (!window || window.resetAt <= time) {
      if (!window && windows.size >= maxKeys) sweep(time)
      window = { count: 0, resetAt: time + windowMs }
      windows.set(key, window)
    }
    return window
  }

  return {
    kind: 'memory',
    timeoutMs: undefined,
    async increment(key, windowMs) {
      const time = now()
      const window = current(key, windowMs, time)
      window.count += 1
      return { count: window.count, resetInMs: window.resetAt - time }
    },
    async read(key) {
      const time = now()
      const window = windows.get(key)
      if (!window || window.resetAt <= time) return undefined
      return { count: window.count, resetInMs: window.resetAt - time }
    },
    async setIfAbsent(key, value, ttlMs) {
      const window = current(key, ttlMs, now())
      window.value ??= value
      return window.value
    },
    async sweep() {
      return sweep(now())
    },
    async close() {
      windows.clear()
    },
  }
}
