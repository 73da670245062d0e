import { startAgeCheck } from '#app/modules/age-gate/age-check.server.ts'
import type { Route } from './+types/age-check'

/**
 * GET /age-gate/oidc?to={local path}: the age gate's 'Verify my age' with AGE_ASSURANCE=oidc
 * (issue 23): a redirect to the OpenID Connect provider; a 404 with the click gate.
 */
export function loader({ request }: Route.LoaderArgs) {
  return startAgeCheck(request)
}
