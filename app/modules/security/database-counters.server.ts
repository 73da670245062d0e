import { sql } from 'drizzle-orm'
import type { Database } from '#db/client.server.ts'
import { sharedCounters } from '#db/schema/counters.ts'
import type { CounterStore, CounterWindow } from './counter-store.server.ts'

// The counters in the database (the UNLOGGED table shared_counters), when REDIS_URL is unset.
// Each operation is one statement: the row lock of INSERT … ON CONFLICT DO UPDATE makes the
// read-and-count atomic across instances, and the database's clock decides when a window ends,
// so instances whose clocks differ still agree. The same SQL runs on PostgreSQL 15 and PGlite.

/** Under load a query may wait for a pooled connection: past this, count in memory. */
const DATABASE_TIMEOUT_MS = 2000

const { key: keyColumn, count, value, expiresAt } = sharedCounters
const expired = sql`${expiresAt} <= now()`
const endsIn = (ms: unknown) => sql`now() + ${ms}::integer * interval '1 millisecond'`
const resetInMs = sql<number>`ceil(extract(epoch from ${expiresAt} - now()) * 1000)::integer`

/** Counters in `database` (PostgreSQL or PGlite, which `kind` names for logs and the benchmark). */
export function databaseCounterStore(
  database: Database,
  kind: 'postgres' | 'pglite',
): CounterStore {
  // Prepared once: PostgreSQL plans the statement of every limited request once per connection
  // (twice the hits a second at 50 callers in scripts/bench-counters.mjs).
  const hit = database
    .insert(sharedCounters)
    .values({
      key: sql.placeholder('key'),
      count: 1,
      expiresAt: endsIn(sql.placeholder('windowMs')),
    })
    .onConflictDoUpdate({
      target: keyColumn,
      set: {
        count: sql`case when ${expired} then 1 else ${count} + 1 end`,
        value: sql`case when ${expired} then null else ${value} end`,
        expiresAt: sql`case when ${expired} then excluded.expires_at else ${expiresAt} end`,
      },
    })
    .returning({ count, resetInMs })
    .prepare('shared_counter_hit')
  return {
    kind,
    timeoutMs: DATABASE_TIMEOUT_MS,
    async increment(key, windowMs) {
      const [row] = await hit.execute({ key, windowMs })
      if (!row) throw new Error('shared counter increment returned no row')
      return row satisfies CounterWindow
    },
    async read(key) {
      const [row] = await database
        .select({ count, resetInMs })
        .from(sharedCounters)
        .where(sql`${keyColumn} = ${key} and not ${expired}`)
      return row
    },
    async setIfAbsent(key, proposed, ttlMs) {
      const [row] = await database
        .insert(sharedCounters)
        .values({ key, count: 0, value: proposed, expiresAt: endsIn(ttlMs) })
        .onConflictDoUpdate({
          target: keyColumn,
          set: {
            value: sql`case when ${expired} then excluded.value else coalesce(${value}, excluded.value) end`,
            expiresAt: sql`case when ${expired} then excluded.expires_at else ${expiresAt} end`,
          },
        })
        .returning({ value })
      return row?.value ?? proposed
    },
    async sweep() {
      // Counted in the database: a day's statistics entries can be many rows.
      const result = await database.execute(sql`
        with gone as (delete from ${sharedCounters} where ${expired} returning 1)
        select count(*)::integer as deleted from gone`)
      const [row] = (result as unknown as { rows: { deleted: number }[] }).rows
      return row?.deleted ?? 0
    },
    // The database belongs to the site, which closes it.
    async close() {},
  }
}
