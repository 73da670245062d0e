import type { ServerEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { type Database, databaseHandle, db } from '#db/client.server.ts'
import type { CounterStore } from './counter-store.server.ts'
import { databaseCounterStore } from './database-counters.server.ts'
import { openRedisCounterStore, type RedisCounterStore } from './redis-counters.server.ts'

// The site's counter store: Redis when REDIS_URL is set, else the database every instance
// already shares. Opened and closed by the server's start-up and shutdown (server/app.ts).

// Kept on globalThis, like the database handle, so the host and the routes (and dev-server
// module reloads) see the same connection.
const globalKey = Symbol.for('aprova.sharedCounters')
type GlobalWithCounters = typeof globalThis & { [globalKey]?: RedisCounterStore }
const redisStore = () => (globalThis as GlobalWithCounters)[globalKey]

/** Reports a Redis problem once a minute at most: a long outage would otherwise flood the log. */
const REDIS_ERROR_LOG_INTERVAL_MS = 60_000

/** Connects the shared counters to Redis when REDIS_URL is set; never fails start-up. */
export async function openSharedCounters(env: Pick<ServerEnv, 'redisUrl'>): Promise<void> {
  if (!env.redisUrl) return
  let lastLogged = 0
  const store = await openRedisCounterStore(env.redisUrl, {
    onError: (error) => {
      if (Date.now() - lastLogged < REDIS_ERROR_LOG_INTERVAL_MS) return
      lastLogged = Date.now()
      log.error('redis connection error; limits count in each process meanwhile', {
        error: String(error),
      })
    },
  })
  ;(globalThis as GlobalWithCounters)[globalKey] = store
  if (store.ready) log.info('shared counters in redis')
  else log.error('redis not reachable yet; limits count in each process until it is')
}

/** Closes the Redis connection, if any (shutdown). */
export async function closeSharedCounters(): Promise<void> {
  const store = redisStore()
  ;(globalThis as GlobalWithCounters)[globalKey] = undefined
  await store?.close()
}

const databaseStores = new WeakMap<Database, CounterStore>()

/** The store the limiters count in: Redis when configured, else the open database. */
export function sharedCounterStore(): CounterStore {
  return redisStore() ?? databaseStore()
}

function databaseStore(): CounterStore {
  const database = db()
  let store = databaseStores.get(database)
  if (!store) {
    store = databaseCounterStore(database, databaseHandle()?.kind ?? 'postgres')
    databaseStores.set(database, store)
  }
  return store
}

/**
 * Deletes finished windows from the database, with Redis too: rows left from before REDIS_URL
 * was set (a day's salt among them) must still go (Redis expires its own keys). Runs every few
 * minutes on every instance: the statement is idempotent, so instances need not take turns.
 */
export async function sweepSharedCounters(): Promise<number> {
  return databaseStore().sweep()
}
