import { data } from 'react-router'
import { ProfilePreviewPage } from '#app/components/provider/preview-notice.tsx'
import { useT } from '#app/i18n/i18n.ts'
import { currentUser } from '#app/modules/auth/session.server.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { previewMeta } from '#app/modules/provider/meta.ts'
import { PREVIEW_HEADERS, previewOfProfile } from '#app/modules/provider/preview.server.ts'
import type { Route } from './+types/profile-preview'

// /admin/profiles/{id}/preview (issue 19 point 19): a profile as the public will see it, for the
// team, from the admin profile page. Anyone but an admin gets 404, signed in or not: the address
// names a profile that may not be public, and says nothing about it to anyone else.

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await currentUser(request)
  // An admin without her second factor is no admin yet (issue 23).
  if (user?.role !== 'admin' || !user.twoFactorEnabled)
    throw new Response('Not found', { status: 404 })
  const preview = await previewOfProfile(params.id)
  if (!preview) throw new Response('Not found', { status: 404 })
  return data(preview, { headers: PREVIEW_HEADERS })
}

export const headers = passOnHeaders('Cache-Control', 'X-Robots-Tag')

export function meta(args: Route.MetaArgs) {
  return previewMeta(args, args.data?.profile.name)
}

export default function AdminProfilePreview({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return (
    <ProfilePreviewPage
      preview={loaderData}
      back={{
        to: `/admin/profiles/${loaderData.profile.id}`,
        label: t.dashboard.preview.adminBack,
      }}
    />
  )
}
