import { useRouteLoaderData } from 'react-router'
import { SecurityPage } from '#app/components/account/security-page.tsx'
import { AuthLayout } from '#app/components/auth/auth-layout.tsx'
import { paths } from '#app/domain/paths.ts'
import { useLanguage } from '#app/i18n/i18n.ts'
import { securityAction, securityLoader } from '#app/modules/auth/security-pages.server.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import type { loader as rootLoader } from '#app/root.tsx'
import { titleMeta } from '#app/routes/title-meta.ts'
import type { Route } from './+types/security'

// /account/security (issue 23): two-step verification and the open sessions, for every role;
// an admin without a second factor is sent here before anything else.

export function loader({ request }: Route.LoaderArgs) {
  return securityLoader(request)
}

export function action({ request, context }: Route.ActionArgs) {
  return securityAction(request, context)
}

export const headers = passOnHeaders('Cache-Control', 'Retry-After')

export const meta = titleMeta((t) => t.security.metaTitle)

const ACCOUNT_PAGE = {
  provider: '/dashboard/account',
  client: '/client-dashboard/account',
  admin: '/admin/account',
} as const

export default function AccountSecurityPage({ loaderData }: Route.ComponentProps) {
  // The root's loader may have read the one-time message first (see the /auth page).
  const language = useLanguage()
  const flash = useRouteLoaderData<typeof rootLoader>('root')?.flash ?? loaderData.flash
  return (
    // An admin still setting it up has no area to go back to: the home page (or 'Sair' above).
    <AuthLayout
      backTo={loaderData.setupRequired ? paths.home(language) : ACCOUNT_PAGE[loaderData.role]}
    >
      <SecurityPage {...loaderData} flash={flash} />
    </AuthLayout>
  )
}
