import { data } from 'react-router'
import { AreaFrame } from '#app/components/layout/area-frame.tsx'
import { DashboardNav } from '#app/components/provider/dashboard-nav.tsx'
import { useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { walletOpen } from '#app/modules/payments/gifts.server.ts'
import { ensureOwnProfile } from '#app/modules/provider/own-profile.server.ts'
import { titleMeta } from '#app/routes/title-meta.ts'
import type { Route } from './+types/dashboard'

// /dashboard (SPEC §2, issue 7): the provider's own area. Every section below checks the role
// again in its own loader and action; this layout only frames them.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, 'provider')
  const profile = await ensureOwnProfile(user)
  return data(
    { email: user.email, username: profile.username, gifts: await walletOpen(profile.id) },
    { headers: PRIVATE_NO_STORE },
  )
}

export const headers = passOnHeaders('Cache-Control')

export const meta = titleMeta((t) => t.dashboard.metaTitle)

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return <AreaFrame title={t.dashboard.title} nav={<DashboardNav gifts={loaderData.gifts} />} />
}
