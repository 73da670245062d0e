import { integer, pgTable, text } from 'drizzle-orm/pg-core'
import { timestamptz } from './columns.ts'

/**
 * Shared rate-limit and abuse counters (issue 17), used when REDIS_URL is unset: one row per
 * key and fixed window, so every instance counts against the same figure and a restart forgets
 * nothing. Keys are `name:HMAC` (never an address or an e-mail in clear); `value` holds the few
 * strings shared for a window (the day's random salt of the statistics' de-duplication).
 *
 * Created UNLOGGED in migration 0011 (drizzle-kit cannot say so): no write-ahead log for a
 * table written on every limited request, at the price of PostgreSQL emptying it after a crash
 * (not after a clean restart), which only lets a few requests through again.
 */
export const sharedCounters = pgTable('shared_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  value: text('value'),
  // No index: the sweep reads the whole (small, short-lived) table every few minutes, which costs
  // less than keeping an index up to date on every new window.
  expiresAt: timestamptz('expires_at').notNull(),
})
