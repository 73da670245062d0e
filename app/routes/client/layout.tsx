import { data } from 'react-router'
import { ClientNav } from '#app/components/client/client-nav.tsx'
import { AreaFrame } from '#app/components/layout/area-frame.tsx'
import { useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { giftsEnabled } from '#app/modules/payments/gifts.server.ts'
import { titleMeta } from '#app/routes/title-meta.ts'
import type { Route } from './+types/layout'

// /client-dashboard (SPEC §2, issue 9): the client's own area. Each section checks the role
// again in its own loader and action; this layout only frames them (the gifts tab only while
// gifts are on, issue 22).

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'client')
  return data({ gifts: giftsEnabled() }, { headers: PRIVATE_NO_STORE })
}

export const headers = passOnHeaders('Cache-Control')

export const meta = titleMeta((t) => t.client.metaTitle)

export default function ClientLayout({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return (
    <AreaFrame
      title={t.account.clientTitle}
      intro={t.client.privacy}
      nav={<ClientNav gifts={loaderData.gifts} />}
    />
  )
}
