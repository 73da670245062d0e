import { ConfirmCard, ResumeCard } from '#app/components/account/security-cards.tsx'
import { AuthLayout } from '#app/components/auth/auth-layout.tsx'
import { confirmAction, confirmLoader } from '#app/modules/auth/security-pages.server.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { titleMeta } from '#app/routes/title-meta.ts'
import type { Route } from './+types/confirm'

// /auth/confirm (issue 23 point 2): the password or a code again before a sensitive action,
// then back to the page it was asked from; a form sent meanwhile is sent again from here once
// confirmed (issue 30 point 7).

export function loader({ request }: Route.LoaderArgs) {
  return confirmLoader(request)
}

export function action({ request, context }: Route.ActionArgs) {
  return confirmAction(request, context)
}

export const headers = passOnHeaders('Cache-Control', 'Retry-After')

export const meta = titleMeta((t) => t.security.confirmMetaTitle)

export default function ConfirmPage({ loaderData }: Route.ComponentProps) {
  return (
    <AuthLayout backTo={loaderData.backTo}>
      {loaderData.resume ? (
        <ResumeCard resume={loaderData.resume} />
      ) : (
        <ConfirmCard {...loaderData} />
      )}
    </AuthLayout>
  )
}
