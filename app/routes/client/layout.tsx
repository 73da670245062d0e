import { data, Outlet } from 'react-router'
import { ClientNav } from '#app/components/client/client-nav.tsx'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { metaContext, pageMeta } from '#app/modules/seo/meta.ts'
import type { Route } from './+types/layout'

// /client-dashboard (SPEC §2, issue 9): the client's own area. Each section checks the role
// again in its own loader and action; this layout only frames them.

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'client')
  return data(null, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const headers = passOnHeaders('Cache-Control')

export function meta(args: Route.MetaArgs) {
  const { t } = metaContext(args)
  return pageMeta(args, { title: t.client.metaTitle, noindex: true })
}

export default function ClientLayout() {
  const t = useT()
  return (
    <SiteShell>
      <div className="py-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t.account.clientTitle}</h1>
        <p className="mt-1 text-sm text-stone-600">{t.client.privacy}</p>
        <div className="mt-4">
          <ClientNav />
        </div>
        <div className="mt-6">
          <Outlet />
        </div>
      </div>
    </SiteShell>
  )
}
