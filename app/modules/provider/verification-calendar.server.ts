import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import { asLanguage } from '#app/domain/language.ts'
import {
  LAPSED_VERIFICATION_REASON,
  VERIFICATION_REMINDER_DAYS,
  VERIFICATION_VALID_MONTHS,
} from '#app/domain/provider.ts'
import { mailer } from '#app/modules/email/mailer.server.ts'
import { accountEmail } from '#app/modules/email/messages.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { profiles } from '#db/schema/profiles.ts'

/**
 * The 6-month rule (SPEC §6): 15 days before a check lapses its provider is reminded by e-mail
 * (once); when it lapses the profile leaves the listings (back to draft, with the reason) until
 * new documents are approved. Returns how many were reminded and lapsed.
 */
export async function runVerificationCalendar(now = new Date()) {
  // Counted in UTC like verificationEndsAt, whatever the session's time zone.
  const ends = sql`((${profiles.verifiedAt} at time zone 'UTC') + ${`${VERIFICATION_VALID_MONTHS} months`}::interval) at time zone 'UTC'`
  const renewing = sql`exists (select 1 from verification_submissions v
    where v.profile_id = ${profiles.id} and v.status in ('receiving', 'pending'))`
  // A profile whose renewal is already in the queue waits there (pending) instead of draft.
  const lapsed = await db()
    .update(profiles)
    .set({
      status: sql`case when ${renewing} then 'pending' else 'draft' end`,
      statusReason: LAPSED_VERIFICATION_REASON,
      verificationStatus: sql`case when ${renewing} then 'pending' else 'not_submitted' end`,
      documentVerificationStatus: sql`case when ${renewing} then 'pending' else 'not_submitted' end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(profiles.status, 'approved'), eq(profiles.isDemo, false), sql`${ends} <= ${now}`))
    .returning({ id: profiles.id })
  // Claimed before sending, so two instances never send the same reminder; given back if the
  // e-mail could not go. No reminder once new documents are on their way.
  const claimed = await db()
    .update(profiles)
    .set({ verificationReminderAt: sql`now()` })
    .where(
      and(
        eq(profiles.status, 'approved'),
        eq(profiles.isDemo, false),
        isNull(profiles.verificationReminderAt),
        isNotNull(profiles.userId),
        sql`${ends} - ${`${VERIFICATION_REMINDER_DAYS} days`}::interval <= ${now}`,
        sql`not ${renewing}`,
      ),
    )
    .returning({ id: profiles.id, userId: profiles.userId })
  const due =
    claimed.length === 0
      ? []
      : await db()
          .select({ id: user.id, email: user.email, name: user.name, language: user.language })
          .from(user)
          .where(
            inArray(
              user.id,
              claimed.flatMap((row) => (row.userId ? [row.userId] : [])),
            ),
          )
  for (const provider of claimed) {
    const owner = due.find((row) => row.id === provider.userId)
    try {
      if (!owner) throw new Error('no account')
      await mailer().send(
        accountEmail('renew', asLanguage(owner.language) ?? 'pt', {
          to: owner.email,
          name: owner.name,
          url: `${serverEnv().baseUrl}/dashboard/verification`,
        }),
      )
    } catch (error) {
      log.error('verification reminder not sent', { profileId: provider.id, error: String(error) })
      await db()
        .update(profiles)
        .set({ verificationReminderAt: null })
        .where(eq(profiles.id, provider.id))
    }
  }
  return { reminded: claimed.length, lapsed: lapsed.length }
}
