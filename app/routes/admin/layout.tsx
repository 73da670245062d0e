import { data } from 'react-router'
import { AdminNav } from '#app/components/admin/admin-parts.tsx'
import { AreaFrame } from '#app/components/layout/area-frame.tsx'
import { useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { titleMeta } from '#app/routes/title-meta.ts'
import type { Route } from './+types/layout'

// /admin (issue 8): the staff area. Every section checks the admin role again in its own
// loader and action; this layout only frames them.

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'admin')
  return data(null, { headers: PRIVATE_NO_STORE })
}

export const headers = passOnHeaders('Cache-Control')

export const meta = titleMeta((t) => t.admin.metaTitle)

export default function AdminLayout() {
  const t = useT()
  return <AreaFrame title={t.admin.title} nav={<AdminNav />} />
}
