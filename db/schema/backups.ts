import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Every backup attempt (issue 32 point 1, ADR 0033): the daily one the server takes with
 * BACKUP_DIR, and those asked for by `npm run backup`. /admin shows the last success and a
 * failure since; the daily schedule reads when the last one was taken. A row is written once
 * the attempt has ended, so a backup never holds its own row.
 */
export const backupRuns = pgTable('backup_runs', {
  id: serial('id').primaryKey(),
  /** 'daily' (the server's schedule) or 'command' (`npm run backup`). */
  trigger: text('trigger').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
  ok: boolean('ok').notNull(),
  /** The backup's folder. */
  location: text('location').notNull(),
  /** Why it failed, for the team (no stack). */
  error: text('error'),
  tables: integer('tables'),
  rows: integer('rows'),
  files: integer('files'),
})
