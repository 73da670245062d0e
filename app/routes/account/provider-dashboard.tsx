import { data } from 'react-router'
import { AccountShell } from '#app/components/account/account-shell.tsx'
import { useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { metaContext, pageMeta } from '#app/modules/seo/meta.ts'
import type { Route } from './+types/provider-dashboard'

// /dashboard (SPEC §2): the provider's own area; issue 7 builds the profile tools in it.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, 'provider')
  return data({ email: user.email }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const headers = passOnHeaders('Cache-Control')

export function meta(args: Route.MetaArgs) {
  const { t } = metaContext(args)
  return pageMeta(args, { title: t.account.providerTitle, noindex: true })
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return (
    <AccountShell
      title={t.account.providerTitle}
      text={t.account.providerText}
      email={loaderData.email}
      accountRole="provider"
    />
  )
}
