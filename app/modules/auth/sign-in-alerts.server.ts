import { eq } from 'drizzle-orm'
import { FAILURE_BURST, GUESS_WINDOW_MS } from '#app/domain/guess-backoff.ts'
import { accountRecipient } from '#app/modules/email/recipients.server.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { user } from '#db/schema/auth.ts'
import { sendAccountEmail } from './auth.server.ts'

// Issue 30 point 4: the owner of an account is told of a burst of wrong passwords (limits.server.ts
// says when, once per window), in the account's language, with what to do. The message carries
// nothing the guesser chose: no address, place or device of theirs.

/** E-mails the owner of `email` about a burst of failed sign-ins; nothing for no (confirmed) account. */
export async function tellOwnerOfFailedSignIns(email: string): Promise<void> {
  const owner = await accountRecipient(eq(user.email, email.trim().toLowerCase()))
  // An address never confirmed may not be its owner's: it gets no mail about the account.
  if (!owner?.emailVerified) return
  sendAccountEmail('failedSignIns', owner, `${serverEnv().baseUrl}/account/security`, undefined, {
    count: FAILURE_BURST,
    minutes: GUESS_WINDOW_MS / 60_000,
  })
}
