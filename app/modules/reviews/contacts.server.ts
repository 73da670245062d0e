import { lt, sql } from 'drizzle-orm'
import type { ContactChannel } from '#app/domain/contact.ts'
import { REVIEW_RULES } from '#app/domain/reviews.ts'
import { db } from '#db/client.server.ts'
import { profileContacts } from '#db/schema/reviews.ts'

// The client–profile contact record (issue 20 point 1): that a signed-in client opened a
// profile's contact through the site, the proof a review needs, and nothing else. Kept for
// REVIEW_RULES.contactKeepDays after the last contact; in the account's export; gone with it.

const DAY_MS = 24 * 60 * 60_000

/**
 * Notes that the client `userId` opened the contact of `profileId` by `channel`'s button (the
 * contact route, on every click of a signed-in client). A record older than the keeping time
 * starts again: what the site forgot is not remembered by the first date.
 */
export async function recordContact(
  userId: string,
  profileId: string,
  now = new Date(),
  channel: ContactChannel | null = null,
) {
  const stale = new Date(now.getTime() - REVIEW_RULES.contactKeepDays * DAY_MS)
  await db()
    .insert(profileContacts)
    .values({ userId, profileId, firstAt: now, lastAt: now, firstChannel: channel })
    .onConflictDoUpdate({
      target: [profileContacts.userId, profileContacts.profileId],
      set: {
        firstAt: sql`case when ${profileContacts.lastAt} < ${stale} then ${now} else ${profileContacts.firstAt} end`,
        lastAt: sql`greatest(${profileContacts.lastAt}, ${now})`,
        // The first contact's button goes with its date (issue 33): kept, or started again.
        firstChannel: sql`case when ${profileContacts.lastAt} < ${stale} then ${channel} else ${profileContacts.firstChannel} end`,
      },
    })
}

/** Deletes contact records past the keeping time (the hourly sweep); how many went. */
export async function forgetOldContacts(now = new Date()): Promise<number> {
  const gone = await db()
    .delete(profileContacts)
    .where(
      lt(profileContacts.lastAt, new Date(now.getTime() - REVIEW_RULES.contactKeepDays * DAY_MS)),
    )
    .returning({ userId: profileContacts.userId })
  return gone.length
}
