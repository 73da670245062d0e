import { LOCATION_QUERY_MIN } from '#app/domain/location-search.ts'
import { locationSuggestions } from '#app/modules/location/suggestions.server.ts'
import type { Route } from './+types/locations'

const MAX_QUERY_LENGTH = 60

// GET /api/locations?q=…: location suggestions as JSON, small and cacheable for a minute.
export async function loader({ request }: Route.LoaderArgs) {
  const query = (new URL(request.url).searchParams.get('q') ?? '').slice(0, MAX_QUERY_LENGTH)
  const suggestions =
    query.trim().length >= LOCATION_QUERY_MIN ? await locationSuggestions(query) : []
  return Response.json(suggestions, {
    headers: { 'Cache-Control': 'public, max-age=60', 'X-Robots-Tag': 'noindex' },
  })
}
