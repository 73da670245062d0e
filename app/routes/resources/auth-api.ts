import { auth } from '#app/modules/auth/auth.server.ts'
import type { Route } from './+types/auth-api'

// /api/auth/*: better-auth's own endpoints (sessions, sign-in, verification, reset, OAuth).
export function loader({ request }: Route.LoaderArgs) {
  return auth().handler(request)
}

export function action({ request }: Route.ActionArgs) {
  return auth().handler(request)
}
