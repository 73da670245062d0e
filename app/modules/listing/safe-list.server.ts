import { rotationMinute } from '#app/domain/ranking.ts'
import { onPublicPagesChanged, publicCachesUsable } from '#app/modules/http/public-pages.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { type Database, db } from '#db/client.server.ts'
import type { ListingPage } from './card.ts'
import { type ListingQuery, listProfiles } from './queries.server.ts'

// A listing only changes with the rotation minute and with the writes the change feed reports
// (public-pages.server.ts): the same query in the same minute is answered once, and identical
// queries that arrive together share one database round trip. Without the feed listening,
// nothing is memoised: a change could not be told.
const MAX_ENTRIES = 1000
let memo:
  | { minute: number; database: Database; pages: Map<string, Promise<ListingPage>> }
  | undefined

onPublicPagesChanged(() => {
  memo = undefined
})

function memoized(query: ListingQuery): Promise<ListingPage> {
  if (!publicCachesUsable()) return listProfiles(query)
  const database = db()
  const minute = rotationMinute(new Date())
  if (!memo || memo.minute !== minute || memo.database !== database) {
    memo = { minute, database, pages: new Map() }
  }
  const { pages } = memo
  const key = JSON.stringify(query)
  let page = pages.get(key)
  if (!page) {
    if (pages.size >= MAX_ENTRIES) pages.clear()
    page = listProfiles(query)
    page.catch(() => pages.delete(key))
    pages.set(key, page)
  }
  return page
}

/**
 * A listing page, or null when the database fails: the page then shows its error state with a
 * retry instead of an error page (SPEC §8 'Erro ao carregar perfis').
 */
export async function listProfilesOrNull(query: ListingQuery): Promise<ListingPage | null> {
  try {
    return await memoized(query)
  } catch (error) {
    // Drizzle's error names the query; the driver's reason is its cause.
    const cause = error instanceof Error && error.cause ? String(error.cause) : undefined
    log.error('profile list failed', { error: String(error), cause })
    return null
  }
}
