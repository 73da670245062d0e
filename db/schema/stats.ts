import { sql } from 'drizzle-orm'
import { check, date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core'
import { profiles } from './profiles.ts'

/**
 * A profile's daily figures for the provider's statistics (issue 4, item 6): page views and
 * contact clicks per channel. Nothing about the visitor is kept, no address and no identifier;
 * the day is the calendar day in Brazil (America/Sao_Paulo).
 */
export const profileDailyStats = pgTable(
  'profile_daily_stats',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    whatsappClicks: integer('whatsapp_clicks').notNull().default(0),
    telegramClicks: integer('telegram_clicks').notNull().default(0),
    xClicks: integer('x_clicks').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.day] }),
    check(
      'profile_daily_stats_counts_check',
      sql`${t.views} >= 0 and ${t.whatsappClicks} >= 0 and ${t.telegramClicks} >= 0 and ${t.xClicks} >= 0`,
    ),
  ],
)
