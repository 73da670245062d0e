import { requireRole } from '#app/modules/auth/session.server.ts'
import { uploadPhoto } from '#app/modules/provider/photos.server.ts'
import type { Route } from './+types/photo-upload'

// POST /dashboard/photos/upload: one photo from the photo page's script, which shows each file's
// progress and reads this JSON answer (issue 7 item 3).

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRole(request, 'provider')
  const form = await request.formData().catch(() => new FormData())
  const file = form.get('photo')
  const result =
    file && typeof file !== 'string' && file.size > 0
      ? await uploadPhoto(user.id, Buffer.from(await file.arrayBuffer()))
      : ({ ok: false, error: 'photoMissing' } as const)
  return Response.json(result.ok ? { ok: true, id: result.photo.id } : result, {
    status: result.ok ? 200 : 422,
    headers: { 'Cache-Control': 'no-store' },
  })
}
