import { rotationMinute } from '#app/domain/ranking.ts'
import { type Database, db } from '#db/client.server.ts'
import { log } from '#server/logger.server.ts'
import { type ListingPage, type ListingQuery, listProfiles } from './queries.server.ts'

// A listing only changes with the rotation minute (and with edits, which may take up to a minute
// to show, as with the page cache): the same query in the same minute is answered once, and
// identical queries that arrive together share one database round trip.
const MAX_ENTRIES = 1000
let memo:
  | { minute: number; database: Database; pages: Map<string, Promise<ListingPage>> }
  | undefined

function memoized(query: ListingQuery): Promise<ListingPage> {
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

/** Forgets every memoized listing (after a change that must show at once, e.g. a suspension). */
export function clearListingMemo(): void {
  memo = undefined
}

/**
 * A listing page, or null when the database fails: the page then shows its error state with a
 * retry instead of an error page (SPEC §8 'Erro ao carregar perfis').
 */
export async function listProfilesOrNull(query: ListingQuery): Promise<ListingPage | null> {
  try {
    return await memoized(query)
  } catch (error) {
    log.error('profile list failed', { error: String(error) })
    return null
  }
}
