import { log } from '#server/logger.server.ts'
import { type ListingPage, type ListingQuery, listProfiles } from './queries.server.ts'

/**
 * A listing page, or null when the database fails: the page then shows its error state with a
 * retry instead of an error page (SPEC §8 'Erro ao carregar perfis').
 */
export async function listProfilesOrNull(query: ListingQuery): Promise<ListingPage | null> {
  try {
    return await listProfiles(query)
  } catch (error) {
    log.error('profile list failed', { error: String(error) })
    return null
  }
}
