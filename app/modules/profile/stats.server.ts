import { and, eq, sql } from 'drizzle-orm'
import { brazilDay } from '#app/domain/brazil-time.ts'
import type { ContactChannel } from '#app/domain/contact.ts'
import { db } from '#db/client.server.ts'
import { profileDailyStats } from '#db/schema/stats.ts'

export type ProfileEvent = 'view' | ContactChannel

/** The counter each event adds to (SQL column names of profile_daily_stats). */
const COLUMN = {
  view: sql.raw('views'),
  whatsapp: sql.raw('whatsapp_clicks'),
  telegram: sql.raw('telegram_clicks'),
  x: sql.raw('x_clicks'),
} as const

/** The calendar day in Brazil (Brasília time) as YYYY-MM-DD: the day statistics belong to. */
export function statsDay(at: Date = new Date()): string {
  return brazilDay(at)
}

/**
 * Adds one to the profile's counter of `event` for the day, in one statement, only while the
 * profile is public. Nothing about the visitor is stored. Returns whether it counted.
 */
export async function recordProfileEvent(
  profileId: string,
  event: ProfileEvent,
  at: Date = new Date(),
): Promise<boolean> {
  const column = COLUMN[event]
  const result = await db().execute(sql`
    insert into profile_daily_stats (profile_id, day, ${column})
    select id, ${statsDay(at)}::date, 1 from profiles
    where id = ${profileId} and status = 'approved' and visibility_status = 'active'
    on conflict (profile_id, day) do update set ${column} = profile_daily_stats.${column} + 1
    returning profile_id`)
  return (result as unknown as { rows: unknown[] }).rows.length > 0
}

/** A profile's daily figures, newest day first (for the provider's statistics). */
export async function profileStats(profileId: string, days = 30) {
  return db()
    .select({
      day: profileDailyStats.day,
      views: profileDailyStats.views,
      whatsappClicks: profileDailyStats.whatsappClicks,
      telegramClicks: profileDailyStats.telegramClicks,
      xClicks: profileDailyStats.xClicks,
    })
    .from(profileDailyStats)
    .where(
      and(
        eq(profileDailyStats.profileId, profileId),
        sql`${profileDailyStats.day} > ${statsDay()}::date - ${days}::integer`,
      ),
    )
    .orderBy(sql`${profileDailyStats.day} desc`)
}
