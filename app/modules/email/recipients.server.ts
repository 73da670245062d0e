import { eq, type SQL } from 'drizzle-orm'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { profiles } from '#db/schema/profiles.ts'

// Who an e-mail about a profile or an account goes to: the owning account's address, name and
// language, read the same way by every module that tells someone something.

/** The address, name and language of the account that owns profile `profileId`, if any. */
export async function profileOwner(profileId: string) {
  const [owner] = await db()
    .select({ email: user.email, name: user.name, language: user.language })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .where(eq(profiles.id, profileId))
  return owner
}

/**
 * The address, name and language of the account `which` picks (a condition on the user table),
 * and whether its address is confirmed (an unconfirmed one hears nothing about the account).
 */
export async function accountRecipient(which: SQL) {
  const [owner] = await db()
    .select({
      email: user.email,
      name: user.name,
      language: user.language,
      emailVerified: user.emailVerified,
    })
    .from(user)
    .where(which)
  return owner
}
