import { createHmac, randomBytes } from 'node:crypto'
import { isIPv6 } from 'node:net'
import { brazilDay, brazilDayEnd } from '#app/domain/brazil-time.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import {
  type CounterStore,
  type CounterWindow,
  memoryCounterStore,
} from './counter-store.server.ts'
import { sharedCounterStore } from './shared-counters.server.ts'

// Per-visitor and per-account limits, and the statistics' once-a-day rule (issue 17). They count
// in the shared store (the database, or Redis with REDIS_URL), so a limit holds across every
// instance and survives a restart. Keys reach the store only as an HMAC with the site's secret:
// no address or e-mail is ever stored. While the shared store fails or does not answer in time,
// each process counts in its own memory (as the site did before issue 17) and says so in the
// log: a limit never turns into an error page, and never switches off.

export interface RateLimitResult {
  allowed: boolean
  /** Seconds until the visitor's window starts over. */
  retryAfterS: number
  /** Requests counted in the running window (this one included for a hit). */
  count: number
}

export interface RateLimiter {
  /** Counts one request of `key`. */
  hit(key: string): Promise<RateLimitResult>
  /** Whether one more request of `key` would be allowed, without counting it. */
  peek(key: string): Promise<RateLimitResult>
}

/** Where a limiter counts; the site's shared store and secret unless a test or benchmark says. */
export interface Counting {
  store?: () => CounterStore
  /** The HMAC key for the stored keys. */
  secret?: () => string
}

export interface FixedWindowOptions extends Counting {
  /** Names the limiter's counters in the store; one name per limiter. */
  name: string
  /** Requests allowed in one window. */
  limit: number
  windowMs: number
}

/** After a failure, the shared store is left alone this long (no wait on each request). */
const FALLBACK_MS = 5000
/** This process's counters while the shared store cannot be reached. */
const localCounters = memoryCounterStore()
const failingUntil = new WeakMap<CounterStore, number>()
let lastWarning = 0

const siteSecret = () => serverEnv().authSecret

/** Runs `operation` on `store`, or on this process's counters while `store` fails. */
async function counted<T>(
  store: CounterStore,
  operation: (store: CounterStore) => Promise<T>,
): Promise<T> {
  if ((failingUntil.get(store) ?? 0) > Date.now()) return operation(localCounters)
  try {
    return await withTimeout(operation(store), store.timeoutMs)
  } catch (error) {
    failingUntil.set(store, Date.now() + FALLBACK_MS)
    if (Date.now() - lastWarning > 60_000) {
      lastWarning = Date.now()
      log.error('shared counters unavailable; counting in this process meanwhile', {
        store: store.kind,
        error: String(error),
      })
    }
    return operation(localCounters)
  }
}

function withTimeout<T>(work: Promise<T>, ms: number | undefined): Promise<T> {
  if (ms === undefined) return work
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

/** The stored form of `key`: the limiter's name and a keyed hash (128 bits) of the key. */
export function counterKey(name: string, key: string, secret: string): string {
  const hash = createHmac('sha256', secret).update(name).update('\0').update(key)
  return `${name}:${hash.digest('base64url').slice(0, 22)}`
}

const waitOf = (window: CounterWindow | undefined) =>
  window ? Math.max(1, Math.ceil(window.resetInMs / 1000)) : 1

/** Fixed-window counter per key: `limit` hits per `windowMs`, then refused until it ends. */
export function fixedWindowLimiter(options: FixedWindowOptions): RateLimiter {
  const { name, limit, windowMs, store = sharedCounterStore, secret = siteSecret } = options
  return {
    async peek(key) {
      const id = counterKey(name, key, secret())
      const window = await counted(store(), (s) => s.read(id))
      const count = window?.count ?? 0
      return { allowed: count < limit, retryAfterS: waitOf(window), count }
    },
    async hit(key) {
      const id = counterKey(name, key, secret())
      const window = await counted(store(), (s) => s.increment(id, windowMs))
      return { allowed: window.count <= limit, retryAfterS: waitOf(window), count: window.count }
    },
  }
}

/**
 * Waits of varying length per key (issue 30's backoff): `pass(key, waitMs)` is allowed when no
 * wait of `key` is running, and starts one of `waitMs`; while it runs, every other pass is
 * refused with the time left. Atomic (one increment), so two requests at once cannot both pass.
 */
export function waitGate(options: Counting & { name: string }) {
  const { name, store = sharedCounterStore, secret = siteSecret } = options
  return {
    async pass(key: string, waitMs: number): Promise<RateLimitResult> {
      const id = counterKey(name, key, secret())
      const window = await counted(store(), (s) => s.increment(id, waitMs))
      return { allowed: window.count === 1, retryAfterS: waitOf(window), count: window.count }
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

/** A day's salt is read again this often, so instances agree on a new one should it be lost. */
const SALT_REUSE_MS = 60_000

export interface DailyOnceOptions extends Counting {
  /** Names the entries in the store; one name per use. */
  name: string
  now?: () => number
}

/**
 * Remembers, for the current day in Brazil, which (visitor, thing) pairs were already seen, so
 * a statistic counts each visitor once a day on every instance. The store keeps only an HMAC of
 * the pair under a random salt of the day, and the salt and the entries expire when the day
 * ends: from then on nothing links an entry to an address, even with the site's secret.
 */
export function dailyOnce(options: DailyOnceOptions) {
  const { name, store = sharedCounterStore, secret = siteSecret, now = Date.now } = options
  // The day and its end are worked out again only when the day is over (time zones are slow).
  let today = { day: '', endsAt: 0, since: 0 }
  let cached: { day: string; salt: string; readAt: number } | undefined

  const saltOf = async (day: string, ttlMs: number, time: number) => {
    if (cached?.day === day && time - cached.readAt < SALT_REUSE_MS) return cached.salt
    const proposed = randomBytes(16).toString('base64url')
    const salt = await counted(store(), (s) => s.setIfAbsent(`daily-salt:${day}`, proposed, ttlMs))
    cached = { day, salt, readAt: time }
    return salt
  }

  return {
    /** True the first time `key` shows up today. */
    async first(key: string): Promise<boolean> {
      const time = now()
      if (time >= today.endsAt || time < today.since) {
        const day = brazilDay(new Date(time))
        today = { day, endsAt: brazilDayEnd(day).getTime(), since: time }
      }
      const ttlMs = Math.max(1000, today.endsAt - time)
      const salt = await saltOf(today.day, ttlMs, time)
      const id = counterKey(name, `${salt}\n${key}`, secret())
      const window = await counted(store(), (s) => s.increment(id, ttlMs))
      return window.count === 1
    },
  }
}
