import { and, eq, notExists, type SQL } from 'drizzle-orm'
import { type Database, db } from '#db/client.server.ts'
import { knownDevices, session, user } from '#db/schema/auth.ts'
import { images, profiles, verificationSubmissions } from '#db/schema/profiles.ts'

// Accounts nobody has confirmed yet (issue 30 point 1). Whoever opens one chooses its password,
// name and role before anyone proves the address is theirs; so the address's owner must be able
// to take its place, and it must not last.

/**
 * The condition, on a `user` row, that nobody ever signed in to it: no session now, and no
 * device ever remembered (every session since issue 23 records one). Since issue 30 an account
 * nobody confirmed cannot sign in; one from before that did (a Google sign-in Google did not
 * vouch for) was in use, and is neither replaced nor swept (the review of issue 30).
 */
export function neverSignedIn(database: Database = db()): SQL {
  return and(
    notExists(database.select({ id: session.id }).from(session).where(eq(session.userId, user.id))),
    notExists(
      database
        .select({ device: knownDevices.device })
        .from(knownDevices)
        .where(eq(knownDevices.userId, user.id)),
    ),
  ) as SQL
}

/**
 * Removes the account of `email` that nobody has confirmed, so that a sign-up (or a Google
 * sign-in Google vouches for) by the address's owner takes its place. Such an account never had
 * a session (sign-in waits for the confirmation), so its row holds all it has: deleting it
 * takes its role, details, a provider's draft and its links with it. One that was signed in to
 * anyway, or holds files (a Google account from before issue 30 that Google did not vouch for),
 * stays. Whether an account was removed.
 */
export async function dropPendingAccount(database: Database, email: string): Promise<boolean> {
  const photos = database
    .select({ id: images.id })
    .from(images)
    .innerJoin(profiles, eq(profiles.id, images.profileId))
    .where(eq(profiles.userId, user.id))
  const documents = database
    .select({ id: verificationSubmissions.id })
    .from(verificationSubmissions)
    .innerJoin(profiles, eq(profiles.id, verificationSubmissions.profileId))
    .where(eq(profiles.userId, user.id))
  const dropped = await database
    .delete(user)
    .where(
      and(
        eq(user.email, email.trim().toLowerCase()),
        eq(user.emailVerified, false),
        neverSignedIn(database),
        notExists(photos),
        notExists(documents),
      ),
    )
    .returning({ id: user.id })
  return dropped.length > 0
}
