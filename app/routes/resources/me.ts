import type { PersonalState } from '#app/domain/client-area.ts'
import { currentUser, sessionCookies } from '#app/modules/auth/session.server.ts'
import { favoriteIdsOf } from '#app/modules/client/saved.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import type { Route } from './+types/me'

// GET /api/me (issue 17 item 5): what is personal on a public page, fetched after hydration so
// that the page itself is the same for everyone with the same role and can be served from the
// HTML cache: today a client's saved profiles (the filled hearts). Never kept anywhere.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await currentUser(request)
  const state: PersonalState = {
    favoriteIds: user?.role === 'client' ? await favoriteIdsOf(user.id) : null,
  }
  const headers = new Headers({ ...PRIVATE_NO_STORE, Vary: 'Cookie' })
  // A session better-auth extended (sliding expiry) or ended gets its cookie here too.
  for (const cookie of await sessionCookies(request)) headers.append('Set-Cookie', cookie)
  return Response.json(state, { headers })
}
