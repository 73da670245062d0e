import { auth } from '#app/modules/auth/auth.server.ts'
import type { Route } from './+types/auth-api'

// /api/auth/*: only what must reach better-auth over HTTP: the OAuth provider's callback.
// Everything else (sign-in, sign-up, resets, confirmation, sessions) goes through our own
// actions, with our validation and limits; the rest of its endpoints answer 404 here.
const OPEN_PATHS = /^\/api\/auth\/callback\/[a-z0-9-]+$/

/**
 * Hands the request to better-auth with the client's address as the host saw it (its rate limit
 * and session records read it from X-Forwarded-For; whatever the client sent there is dropped).
 */
function forward(request: Request, clientIp: string | undefined) {
  if (!OPEN_PATHS.test(new URL(request.url).pathname)) {
    throw new Response('Not found', { status: 404 })
  }
  const headers = new Headers(request.headers)
  headers.delete('x-forwarded-for')
  if (clientIp) headers.set('x-forwarded-for', clientIp)
  return auth().handler(
    new Request(request.url, {
      method: request.method,
      headers,
      body: request.body,
      duplex: 'half',
    } as RequestInit),
  )
}

export function loader({ request, context }: Route.LoaderArgs) {
  return forward(request, context?.clientIp)
}

export function action({ request, context }: Route.ActionArgs) {
  return forward(request, context?.clientIp)
}
