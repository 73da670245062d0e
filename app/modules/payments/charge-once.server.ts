import { randomBytes } from 'node:crypto'
import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import { log } from '#app/platform/logger.server.ts'
import { db } from '#db/client.server.ts'
import { chargeSubmissions } from '#db/schema/payments.ts'
import { SUBMISSION_FIELD } from './submission.ts'

// A payment form (a gift) carries a key its page made. Its first submission claims the key (a
// row; the primary key decides between processes) and starts the charge; a second one with the
// same key and the same content (a double tap, a form sent again while the first is on its way:
// the browser drops the first answer, the server does not) waits for that charge and leads to
// it, instead of a second charge and, for a gift, a second gift counted against the day's limit.
// The same form sent with other content (another amount) is another submission. A first
// submission that fails gives the key up, so sending the form again tries again; one whose
// process died is taken over once it is older than any start can be.

const KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/
/**
 * How long a second submission waits for the first one's charge: longer than a start can take
 * (three calls to the institution of at most 10 s of silence each, pix-api.server.ts).
 */
const WAIT_MS = 40_000
const STEP_MS = 150
/** A claim still without its charge after this long belonged to a process that died. */
const ABANDONED_MS = 120_000
/** Claims are forgotten after a day (pruneChargeSubmissions). */
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
 * Runs `start` once per `key` and `content` of `userId`: a later call with both the same answers
 * with the charge the first one started (once it has), or `busy` when it has not in WAIT_MS.
 * Without a key (an old page), `start` runs.
 */
export async function chargeOnce<T extends Started>(
  userId: string,
  key: string | null,
  content: string,
  start: () => Promise<T>,
  busy: T,
): Promise<T | { ok: true; chargeId: string }> {
  if (!key) return start()
  const claim = `${key}:${content}`
  const mine = and(eq(chargeSubmissions.userId, userId), eq(chargeSubmissions.key, claim))
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const claimed = await db()
      .insert(chargeSubmissions)
      .values({ userId, key: claim })
      .onConflictDoUpdate({
        target: [chargeSubmissions.userId, chargeSubmissions.key],
        set: { createdAt: sql`now()` },
        setWhere: and(
          isNull(chargeSubmissions.chargeId),
          lt(chargeSubmissions.createdAt, new Date(Date.now() - ABANDONED_MS)),
        ),
      })
      .returning({ key: chargeSubmissions.key })
    if (claimed.length > 0) return startClaimed(mine, start)
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

async function startClaimed<T extends Started>(
  mine: ReturnType<typeof and>,
  start: () => Promise<T>,
): Promise<T> {
  let started: T
  try {
    started = await start()
  } catch (error) {
    await db().delete(chargeSubmissions).where(mine)
    throw error
  }
  try {
    if (started.ok) {
      await db().update(chargeSubmissions).set({ chargeId: started.chargeId }).where(mine)
    } else {
      await db().delete(chargeSubmissions).where(mine)
    }
  } catch (error) {
    // The charge exists whatever the claim says: a second submission meanwhile waits, then is
    // told to try again.
    log.error('charge submission not recorded', { error: String(error) })
  }
  return started
}

/** Forgets claims older than a day (a periodic task). */
export async function pruneChargeSubmissions(now = new Date()): Promise<void> {
  await db()
    .delete(chargeSubmissions)
    .where(lt(chargeSubmissions.createdAt, new Date(now.getTime() - KEEP_MS)))
}
