import { data } from 'react-router'
import type { z } from 'zod'
import { type PhotoAnswer, PhotoManager } from '#app/components/provider/photo-manager.tsx'
import { calendarDate } from '#app/domain/account.ts'
import { brazilDay } from '#app/domain/brazil-time.ts'
import { PHOTO_CROP_POSITIONS, PHOTO_CROPS, PHOTO_ROTATIONS } from '#app/domain/photo-edit.ts'
import { MAX_PROFILE_PHOTOS, uploadAllowance } from '#app/domain/provider.ts'
import { useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { orderedForm } from '#app/modules/forms/checks.ts'
import { choice, field, plain, plainList } from '#app/modules/forms/fields.ts'
import { parseForm, uploadedFiles } from '#app/modules/forms/parse-form.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { dashboardMeta } from '#app/modules/provider/meta.ts'
import { ensureOwnProfile } from '#app/modules/provider/own-profile.server.ts'
import {
  deletePhoto,
  editPhoto,
  movePhoto,
  mustWait,
  ownPhotos,
  reorderPhotos,
  setCover,
  uploadPhoto,
} from '#app/modules/provider/photos.server.ts'
import {
  countPublicChange,
  mayChangePublicProfile,
} from '#app/modules/provider/public-writes.server.ts'
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
    { headers: PRIVATE_NO_STORE },
  )
}

export const headers = passOnHeaders('Cache-Control')

/** What the forms that change the photos send: the photo, the way to move it, or an order. */
const photoChange = orderedForm({
  id: plain(),
  direction: field(
    () => undefined,
    (value) => (value === 'earlier' ? ('earlier' as const) : ('later' as const)),
  ),
  order: plainList(),
})

/** A rotation and crop of one photo (issue 19 point 20), each a choice of the form's. */
const photoEdit = orderedForm({
  id: plain(),
  rotation: choice(PHOTO_ROTATIONS, 'photoEdit'),
  crop: choice(PHOTO_CROPS, 'photoEdit'),
  position: choice(PHOTO_CROP_POSITIONS, 'photoEdit'),
})

/** The page's forms by intent (the uploads' files are read from the form itself). */
const PHOTO_FORMS = {
  upload: orderedForm({}),
  cover: photoChange,
  move: photoChange,
  reorder: photoChange,
  delete: photoChange,
  edit: photoEdit,
}

/** Cover, order or deletion: whether the photo (or photos) were there to change. */
function change(
  userId: string,
  intent: Exclude<keyof typeof PHOTO_FORMS, 'upload' | 'edit'>,
  form: z.output<typeof photoChange>,
) {
  switch (intent) {
    case 'cover':
      return setCover(userId, form.id)
    case 'move':
      return movePhoto(userId, form.id, form.direction)
    case 'reorder':
      return reorderPhotos(userId, form.order)
    case 'delete':
      return deletePhoto(userId, form.id)
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRole(request, 'provider')
  const { intent, form, checked } = await parseForm(request, PHOTO_FORMS)
  if (intent === 'upload') {
    const files = uploadedFiles(form, 'photo')
    const results = []
    for (const file of files) {
      const result = await uploadPhoto(user.id, Buffer.from(await file.arrayBuffer()))
      results.push({ name: file.name, ok: result.ok, error: result.ok ? undefined : result.error })
    }
    const busy = results.some((result) => result.error && mustWait(result.error))
    return data<PhotoAnswer>(
      results.length > 0
        ? { intent, results }
        : { intent, error: { field: 'photo', message: 'photoMissing' } },
      results.every((result) => result.ok) && results.length > 0 ? 200 : busy ? 429 : 422,
    )
  }
  if (!(await mayChangePublicProfile(user.id))) {
    const error = { field: 'form', message: 'tooManyChanges' } as const
    return data<PhotoAnswer>({ intent, error }, 429)
  }
  if (intent === 'edit') {
    if (!checked.ok) {
      return data<PhotoAnswer>({ intent, error: { field: 'form', message: 'photoEdit' } }, 400)
    }
    const { id, ...edit } = checked.value
    const result = await editPhoto(user.id, id, edit)
    if (result === 'notFound') throw new Response('Not found', { status: 404 })
    if (result === 'storage') {
      return data<PhotoAnswer>({ intent, error: { field: 'form', message: 'photoStorage' } }, 503)
    }
    if (result === 'edited') await countPublicChange(user.id)
    return data<PhotoAnswer>({ intent, done: true, editedId: id })
  }
  // The fields have no rules of their own: the form is always read.
  if (!checked.ok) throw new Response('Bad request', { status: 400 })
  const done = await change(user.id, intent, checked.value)
  if (!done) throw new Response('Not found', { status: 404 })
  await countPublicChange(user.id)
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
