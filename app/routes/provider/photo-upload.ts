import { requireRole } from '#app/modules/auth/session.server.ts'
import { orderedForm } from '#app/modules/forms/checks.ts'
import { parseSingleForm, uploadedFiles } from '#app/modules/forms/parse-form.server.ts'
import { mustWait, uploadPhoto } from '#app/modules/provider/photos.server.ts'
import type { Route } from './+types/photo-upload'

// POST /dashboard/photos/upload: one photo from the photo page's script, which shows each file's
// progress and reads this JSON answer (issue 7 item 3).

/** The form holds one file, 'photo', and no text field. */
const PHOTO_UPLOAD = orderedForm({})

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRole(request, 'provider')
  const { form } = await parseSingleForm(request, PHOTO_UPLOAD)
  const [file] = uploadedFiles(form, 'photo')
  const result = file
    ? await uploadPhoto(user.id, Buffer.from(await file.arrayBuffer()))
    : ({ ok: false, error: 'photoMissing' } as const)
  // Another upload of hers on its way, or the hour's decodes spent (issue 30 point 10): she sends
  // this one again later.
  const status = result.ok ? 200 : mustWait(result.error) ? 429 : 422
  return Response.json(result.ok ? { ok: true, id: result.photo.id } : result, {
    status,
    headers: { 'Cache-Control': 'no-store' },
  })
}
