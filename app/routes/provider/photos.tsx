import { data } from 'react-router'
import { dashboardMeta } from '#app/components/provider/dashboard-nav.tsx'
import { type PhotoAnswer, PhotoManager } from '#app/components/provider/photo-manager.tsx'
import { calendarDate } from '#app/domain/account.ts'
import { brazilDay } from '#app/domain/brazil-time.ts'
import { MAX_PROFILE_PHOTOS, uploadAllowance } from '#app/domain/provider.ts'
import { useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { ensureOwnProfile } from '#app/modules/provider/own-profile.server.ts'
import {
  deletePhoto,
  movePhoto,
  ownPhotos,
  reorderPhotos,
  setCover,
  uploadPhoto,
} from '#app/modules/provider/photos.server.ts'
import type { Route } from './+types/photos'

export const meta = (args: Route.MetaArgs) => dashboardMeta(args, 'photos')

// /dashboard/photos (issue 7 item 3): cover, order and deletion, and uploads from the form
// without JavaScript (several photos at once; the page's script sends one per request to
// /dashboard/photos/upload, showing each one's progress).

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, 'provider')
  const profile = await ensureOwnProfile(user)
  const allowance = uploadAllowance({
    tier: profile.membershipTier,
    used: profile.monthlyPhotoUploads,
    resetOn: profile.photoUploadResetDate ? calendarDate(profile.photoUploadResetDate) : null,
    today: calendarDate(brazilDay()),
  })
  return data(
    {
      photos: await ownPhotos(user.id),
      max: MAX_PROFILE_PHOTOS,
      used: allowance.used,
      limit: allowance.limit,
      reviewed: profile.status === 'approved',
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export const headers = passOnHeaders('Cache-Control')

const INTENTS = ['upload', 'cover', 'move', 'reorder', 'delete'] as const

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRole(request, 'provider')
  const form = await request.formData().catch(() => new FormData())
  const intent = INTENTS.find((one) => one === form.get('intent'))
  if (!intent) throw new Response('Bad request', { status: 400 })
  if (intent === 'upload') {
    const files = form
      .getAll('photo')
      .filter((file): file is File => typeof file !== 'string' && file.size > 0)
    const results = []
    for (const file of files) {
      const result = await uploadPhoto(user.id, Buffer.from(await file.arrayBuffer()))
      results.push({ name: file.name, ok: result.ok, error: result.ok ? undefined : result.error })
    }
    return data<PhotoAnswer>(
      results.length > 0
        ? { intent, results }
        : { intent, error: { field: 'photo', message: 'photoMissing' } },
      results.every((result) => result.ok) && results.length > 0 ? 200 : 422,
    )
  }
  const id = String(form.get('id') ?? '')
  const done =
    intent === 'cover'
      ? await setCover(user.id, id)
      : intent === 'move'
        ? await movePhoto(user.id, id, form.get('direction') === 'earlier' ? 'earlier' : 'later')
        : intent === 'reorder'
          ? await reorderPhotos(
              user.id,
              form.getAll('order').filter((one): one is string => typeof one === 'string'),
            )
          : await deletePhoto(user.id, id)
  if (!done) throw new Response('Not found', { status: 404 })
  return data<PhotoAnswer>({ intent, done })
}

export default function PhotosPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return (
    <div className="max-w-4xl">
      <h2 className="text-xl font-semibold">{t.dashboard.photos.title}</h2>
      <p className="mt-1 text-sm text-stone-600">{t.dashboard.photos.intro}</p>
      <div className="mt-4">
        <PhotoManager {...loaderData} />
      </div>
    </div>
  )
}
