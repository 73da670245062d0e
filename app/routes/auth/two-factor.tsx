import { SecondFactorCard } from '#app/components/account/security-cards.tsx'
import { AuthLayout } from '#app/components/auth/auth-layout.tsx'
import { secondFactorAction, secondFactorLoader } from '#app/modules/auth/security-pages.server.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { titleMeta } from '#app/routes/title-meta.ts'
import type { Route } from './+types/two-factor'

// /auth/two-factor (issue 23): the second step of signing in to an account that has one.

export function loader({ request }: Route.LoaderArgs) {
  return secondFactorLoader(request)
}

export function action({ request, context }: Route.ActionArgs) {
  return secondFactorAction(request, context)
}

export const headers = passOnHeaders('Cache-Control', 'Retry-After')

export const meta = titleMeta((t) => t.security.challengeMetaTitle)

export default function TwoFactorPage({ loaderData }: Route.ComponentProps) {
  return (
    <AuthLayout backTo="/auth?mode=login">
      <SecondFactorCard next={loaderData.next} />
    </AuthLayout>
  )
}
