import { DOCUMENT_PARTS, type DocumentPart } from '#app/domain/provider.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { confirmedRecently, requireRole } from '#app/modules/auth/session.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { documentFile } from '#app/modules/provider/verification-documents.server.ts'
import type { Route } from './+types/verification-document'

// GET /admin/verification/{submissionId}/{part}: one file of an identity check waiting for the
// team, for admins only (issue 7 item 5). Never cached, never indexed; once the check is decided
// the files are gone and this answers 404.

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireRole(request, 'admin')
  // Shown inside the check's page, which asks for the step-up first (issue 23): a stale session
  // reaching the file directly is refused rather than redirected (an image cannot follow).
  if (!confirmedRecently(admin)) throw new Response('Forbidden', { status: 403 })
  const part = DOCUMENT_PARTS.find((one) => one === params.part) as DocumentPart | undefined
  if (!part || !isUuid(params.id)) throw new Response('Not found', { status: 404 })
  const file = await documentFile(params.id, part)
  if (!file) throw new Response('Not found', { status: 404 })
  return new Response(new Uint8Array(file), {
    headers: {
      'Content-Type': 'image/webp',
      'Content-Disposition': 'inline',
      ...PRIVATE_NO_STORE,
      'X-Robots-Tag': 'noindex, nofollow',
    },
  })
}
