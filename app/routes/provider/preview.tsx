import { data } from 'react-router'
import { ProfilePreviewPage } from '#app/components/provider/preview-notice.tsx'
import { useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { previewMeta } from '#app/modules/provider/meta.ts'
import { ensureOwnProfile } from '#app/modules/provider/own-profile.server.ts'
import { PREVIEW_HEADERS, previewOfProvider } from '#app/modules/provider/preview.server.ts'
import type { Route } from './+types/preview'

// /dashboard/preview (issue 19 point 19): the provider's own profile as the public will see it,
// before or after approval. A page of its own rather than a mode of /acompanhante/{slug}: that
// page is public, kept in the shared HTML cache and counts views, while this one answers only
// its provider, is never kept (`private, no-store`), counts nothing and is never indexed.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, 'provider')
  await ensureOwnProfile(user)
  const preview = await previewOfProvider(user.id)
  if (!preview) throw new Response('Not found', { status: 404 })
  return data(preview, { headers: PREVIEW_HEADERS })
}

export const headers = passOnHeaders('Cache-Control', 'X-Robots-Tag')

export function meta(args: Route.MetaArgs) {
  return previewMeta(args, args.data?.profile.name)
}

export default function ProviderPreview({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return (
    <ProfilePreviewPage
      preview={loaderData}
      back={{ to: '/dashboard', label: t.dashboard.preview.back }}
    />
  )
}
