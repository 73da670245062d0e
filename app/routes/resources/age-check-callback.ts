import { finishAgeCheck } from '#app/modules/age-gate/age-check.server.ts'
import type { Route } from './+types/age-check-callback'

/**
 * GET /age-gate/oidc/callback: the provider's answer (issue 23). Back to the page the visitor
 * was on, admitted ('over 18 until' in a signed cookie) or before the gate with the reason; a
 * 404 with the click gate.
 */
export function loader({ request }: Route.LoaderArgs) {
  return finishAgeCheck(request)
}
