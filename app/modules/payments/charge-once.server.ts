import { randomBytes } from 'node:crypto'
import { and, eq, lt } from 'drizzle-orm'
import { db } from '#db/client.server.ts'
import { chargeSubmissions } from '#db/schema/payments.ts'
import { SUBMISSION_FIELD } from './submission.ts'

// A payment form (a gift, a plan, a return fee) carries a key its page made. Its first
// submission claims the key (a row; the primary key decides between processes) and starts the
// charge; a second one with the same key (a double tap, a form sent again while the first is on
// its way: the browser drops the first answer, the server does not) waits for that charge and
// leads to it, instead of a second charge and, for a gift, a second gift counted against the
// day's limit. A first submission that fails gives the key up, so sending the form again tries
// again.

const KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/
/** How long a second submission waits for the first one's charge. */
const WAIT_MS = 15_000
const STEP_MS = 150
/** Claims older than this are forgotten when the same person claims another. */
const KEEP_MS = 86_400_000

/** A new key for a payment form. */
export function submissionKey(): string {
  return randomBytes(18).toString('base64url')
}

/** The key sent with `form`, when it is one of ours (anything else: no key). */
export function submittedKey(form: FormData): string | null {
  const value = form.get(SUBMISSION_FIELD)
  return typeof value === 'string' && KEY_PATTERN.test(value) ? value : null
}

type Started = { ok: true; chargeId: string } | { ok: false }

/**
 * Runs `start` once per `key` of `userId`: a later call with the same key answers with the
 * charge the first one started (once it has), or `busy` when it has not in WAIT_MS. Without a
 * key (an old page), `start` runs.
 */
export async function chargeOnce<T extends Started>(
  userId: string,
  key: string | null,
  start: () => Promise<T>,
  busy: T,
): Promise<T | { ok: true; chargeId: string }> {
  if (!key) return start()
  const mine = and(eq(chargeSubmissions.userId, userId), eq(chargeSubmissions.key, key))
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const claimed = await db()
      .insert(chargeSubmissions)
      .values({ userId, key })
      .onConflictDoNothing()
      .returning({ key: chargeSubmissions.key })
    if (claimed.length > 0) {
      await db()
        .delete(chargeSubmissions)
        .where(
          and(
            eq(chargeSubmissions.userId, userId),
            lt(chargeSubmissions.createdAt, new Date(Date.now() - KEEP_MS)),
          ),
        )
      let started: T
      try {
        started = await start()
      } catch (error) {
        await db().delete(chargeSubmissions).where(mine)
        throw error
      }
      if (started.ok) {
        await db().update(chargeSubmissions).set({ chargeId: started.chargeId }).where(mine)
      } else {
        await db().delete(chargeSubmissions).where(mine)
      }
      return started
    }
    const [first] = await db()
      .select({ chargeId: chargeSubmissions.chargeId })
      .from(chargeSubmissions)
      .where(mine)
    if (first?.chargeId) return { ok: true, chargeId: first.chargeId }
    // The first is on its way (wait for it), or it failed and gave the key up (claim it again).
    if (first && Date.now() > deadline) return busy
    await new Promise((resolve) => setTimeout(resolve, first ? STEP_MS : 0))
  }
}
