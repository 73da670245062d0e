import { log } from '#app/platform/logger.server.ts'
import { recordChangeFeedEvent, recordChangeFeedState } from '#app/platform/metrics.server.ts'
import type { DatabaseHandle } from '#db/client.server.ts'

// The change feed (issue 17; ADR 0015). Public pages are kept (server/html-cache.server.ts) and
// listings, profile counts and the sitemap are memoised, each until the next rotation minute.
// A write that changes what a public page shows must show at once, on every instance: triggers
// in the database (migration 0012) NOTIFY this channel when a public row changes, the
// notification leaves when the transaction commits (never for one rolled back), and every
// instance LISTENs and forgets everything it kept. A forgotten page costs one render; the rotation
// forgets everything each minute anyway, so dropping all is never worse than the next minute
// boundary, and cannot miss a page that showed the profile (a carousel, a touring listing, a
// count on the about page).
//
// Kept copies are trusted only while this instance listens: from the moment its listening
// connection is lost until it listens again, nothing kept is served (and nothing is kept), and
// everything is forgotten when it is back, since notifications sent meanwhile were lost.

/** The channel the database triggers notify (see migration 0012). */
export const PUBLIC_CHANGES_CHANNEL = 'aprova_public_changes'

const listeners = new Set<() => void>()
let listening = false
let generation = 0

/** Registers what to forget when public pages change; returns how to unregister it. */
export function onPublicPagesChanged(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Whether kept public pages and memoised lists may be used: only while this instance listens to
 * the change feed (never in a process that does not, such as a test or a command-line tool).
 */
export function publicCachesUsable(): boolean {
  return listening
}

/**
 * A number that changes whenever kept copies are forgotten: what was computed under an older one
 * (a render that read the database before a change) must not be kept.
 */
export function publicCacheGeneration(): number {
  return generation
}

/** Public pages changed (or may have): kept copies must not be served again. */
function forgetKeptCopies(): void {
  generation += 1
  for (const listener of listeners) {
    try {
      listener()
    } catch (error) {
      log.error('cache not cleared', { error: String(error) })
    }
  }
}

/**
 * Starts listening to the change feed on `handle`; resolves once listening (or, with PostgreSQL
 * unreachable, once the first attempt failed: it keeps trying). Returns how to stop.
 */
export async function startChangeFeed(handle: DatabaseHandle): Promise<() => Promise<void>> {
  // The metrics count a listen after the first as a reconnection.
  let listenedBefore = false
  const stop = await handle.listen(PUBLIC_CHANGES_CHANNEL, {
    onNotify() {
      // The payload carries no time (migration 0012): the metrics report when one was last heard.
      recordChangeFeedEvent()
      forgetKeptCopies()
    },
    onState(now) {
      // Lost: kept copies stop being served at once. Back: notifications sent meanwhile were
      // lost, so everything kept before is forgotten before anything is served again.
      listening = now
      recordChangeFeedState(now, now && listenedBefore)
      if (now) listenedBefore = true
      forgetKeptCopies()
      if (now) log.info('change feed listening')
      else log.warn('change feed lost: kept pages are not served until it is back')
    },
  })
  return async () => {
    await stop()
    listening = false
    recordChangeFeedState(false, false)
    forgetKeptCopies()
  }
}
