import { createClient } from '@redis/client'
import type { CounterStore } from './counter-store.server.ts'

// The counters in Redis, when REDIS_URL is set (Redis 7 or newer, or Valkey). A hit is one
// round trip: MULTI INCR + PEXPIRE NX (the window starts with the first hit and is never
// stretched by later ones) + PTTL, executed atomically; Redis deletes finished windows itself.
// Commands are refused at once while the connection is down (no offline queue), so a visitor
// never waits for a reconnection: the limiter counts in its own memory meanwhile.

/** Redis answers in well under a millisecond: past this it is treated as unreachable. */
const REDIS_TIMEOUT_MS = 500
/** Every key of ours starts with this, so the site can share a Redis with others. */
const KEY_PREFIX = 'aprova:'

export interface RedisCounterOptions {
  /** Connection problems, as they happen (the client reconnects by itself). */
  onError?: (error: Error) => void
  /** How long opening waits for a first connection before going on without one. */
  connectWaitMs?: number
}

export interface RedisCounterStore extends CounterStore {
  /** Whether the connection is up right now. */
  readonly ready: boolean
}

/**
 * Connects to the Redis of `url` and returns its store. Opening never fails: when Redis does not
 * answer within `connectWaitMs`, the store is returned unconnected, keeps reconnecting, and its
 * operations fail (fast) until it is back.
 */
export async function openRedisCounterStore(
  url: string,
  options: RedisCounterOptions = {},
): Promise<RedisCounterStore> {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: REDIS_TIMEOUT_MS },
    socket: {
      connectTimeout: 2000,
      // Back off to one attempt every two seconds: a Redis restart is noticed quickly, a long
      // outage does not flood the log or the network.
      reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 2000),
    },
  })
  client.on('error', (error: Error) => options.onError?.(error))
  const connected = client.connect().then(
    () => true,
    (error: unknown) => {
      options.onError?.(error instanceof Error ? error : new Error(String(error)))
      return false
    },
  )
  let timer: NodeJS.Timeout | undefined
  await Promise.race([
    connected,
    new Promise((resolve) => {
      timer = setTimeout(resolve, options.connectWaitMs ?? 2000)
    }),
  ])
  clearTimeout(timer)

  const keyOf = (key: string) => `${KEY_PREFIX}${key}`
  return {
    kind: 'redis',
    timeoutMs: REDIS_TIMEOUT_MS,
    get ready() {
      return client.isReady
    },
    async increment(key, windowMs) {
      const name = keyOf(key)
      const [count, , ttl] = await client
        .multi()
        .incr(name)
        .pExpire(name, windowMs, 'NX')
        .pTTL(name)
        .exec()
      // A key without expiry (-1) cannot come from this code; counting it as a fresh window
      // keeps a hand-made one from refusing forever.
      return { count: Number(count), resetInMs: Number(ttl) > 0 ? Number(ttl) : windowMs }
    },
    async read(key) {
      const name = keyOf(key)
      const [count, ttl] = await client.multi().get(name).pTTL(name).exec()
      if (count === null || count === undefined || Number(ttl) <= 0) return undefined
      return { count: Number(count), resetInMs: Number(ttl) }
    },
    async setIfAbsent(key, value, ttlMs) {
      const earlier = await client.set(keyOf(key), value, {
        condition: 'NX',
        expiration: { type: 'PX', value: ttlMs },
        GET: true,
      })
      return earlier === null ? value : String(earlier)
    },
    // Redis deletes finished windows itself (their keys expire).
    async sweep() {
      return 0
    },
    async close() {
      // Replies already on their way are awaited, briefly: shutdown has a deadline.
      let timer: NodeJS.Timeout | undefined
      const gracefully = client.isOpen ? client.close().then(() => true) : Promise.resolve(false)
      const closed = await Promise.race([
        gracefully.catch(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), REDIS_TIMEOUT_MS)
        }),
      ])
      clearTimeout(timer)
      if (!closed && client.isOpen) client.destroy()
    },
  }
}
