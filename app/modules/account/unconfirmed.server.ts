import { and, asc, eq, lt } from 'drizzle-orm'
import { UNCONFIRMED_ACCOUNT_DAYS } from '#app/domain/account.ts'
import { neverSignedIn } from '#app/modules/auth/pending-accounts.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { deleteAccount } from './account.server.ts'

// Accounts whose address nobody confirmed go after a week (issue 30 point 1): whoever
// registered someone else's address cannot keep it, or keep its owner's Google sign-in out, and
// nothing typed by a stranger stays in the database longer than that.

/** Accounts removed by one pass at most; the next pass (an hour later) takes the rest. */
const BATCH = 200

/**
 * Deletes the accounts never confirmed, and never signed in to, that are older than
 * UNCONFIRMED_ACCOUNT_DAYS, with all they hold (through deleteAccount, which deletes files
 * first). How many went.
 */
export async function removeUnconfirmedAccounts(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNCONFIRMED_ACCOUNT_DAYS * 24 * 60 * 60 * 1000)
  // user_unconfirmed_idx: created_at of the rows where email_verified = false.
  const stale = await db()
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.emailVerified, false), lt(user.createdAt, before), neverSignedIn()))
    .orderBy(asc(user.createdAt))
    .limit(BATCH)
  let removed = 0
  for (const { id } of stale) {
    try {
      if (await deleteAccount(id)) removed++
    } catch (error) {
      log.error('unconfirmed account not removed', { error: String(error) })
    }
  }
  if (removed > 0) log.info('unconfirmed accounts removed', { count: removed })
  return removed
}
