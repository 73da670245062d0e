import { data } from 'react-router'
import { AccountShell } from '#app/components/account/account-shell.tsx'
import { useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { metaContext, pageMeta } from '#app/modules/seo/meta.ts'
import type { Route } from './+types/admin'

// /admin (SPEC §2): the staff area; issue 8 builds the queues and moderation in it.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, 'admin')
  return data({ email: user.email }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const headers = passOnHeaders('Cache-Control')

export function meta(args: Route.MetaArgs) {
  const { t } = metaContext(args)
  return pageMeta(args, { title: t.account.adminTitle, noindex: true })
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return (
    <AccountShell
      title={t.account.adminTitle}
      text={t.account.adminText}
      email={loaderData.email}
      accountRole="admin"
    />
  )
}
