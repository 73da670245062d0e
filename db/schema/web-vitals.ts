import { sql } from 'drizzle-orm'
import { check, date, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core'

/**
 * Web vitals of real visits (issue 24 point 4; ADR 0023), as histograms: how many page views
 * of a page type on a device class had a metric's value in each log-scale bucket
 * (app/domain/web-vitals.ts), per calendar day in Brazil. Nothing about a visitor, an address or
 * a page's URL is kept; days older than 90 are deleted.
 */
export const webVitalsDaily = pgTable(
  'web_vitals_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    pageType: text('page_type').notNull(),
    device: text('device').notNull(),
    metric: text('metric').notNull(),
    bucket: smallint('bucket').notNull(),
    count: integer('count').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.pageType, t.device, t.metric, t.bucket] }),
    check('web_vitals_daily_count_check', sql`${t.count} > 0`),
    check('web_vitals_daily_bucket_check', sql`${t.bucket} >= 0`),
  ],
)
