import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm'
import { DOCUMENT_PARTS, type DocumentPart } from '#app/domain/provider.ts'
import { mediaStorage } from '#app/platform/storage.server.ts'
import { db } from '#db/client.server.ts'
import { verificationSubmissions } from '#db/schema/profiles.ts'

// The files of identity checks in the private storage area (never under a public address):
// where each one is kept, the team's access to them, and their deletion once decided or left
// half-written by a dead process.

const KEY_NAMES: Record<DocumentPart, string> = {
  documentFront: 'document-front',
  documentBack: 'document-back',
  selfie: 'selfie',
}
export const keyOf = (submissionId: string, part: DocumentPart) =>
  `verification/${submissionId}/${KEY_NAMES[part]}.webp`

/**
 * Deletes the stored files of submissions, then forgets their keys and the CPF typed for the
 * team (or drops the rows).
 */
export async function discardSubmissions(ids: string[], keepRows = false) {
  if (ids.length === 0) return
  await mediaStorage().delete(
    'private',
    ids.flatMap((id) => DOCUMENT_PARTS.map((part) => keyOf(id, part))),
  )
  if (keepRows) {
    await db()
      .update(verificationSubmissions)
      .set({ documentFrontKey: null, documentBackKey: null, selfieKey: null, cpf: null })
      .where(inArray(verificationSubmissions.id, ids))
  } else {
    await db().delete(verificationSubmissions).where(inArray(verificationSubmissions.id, ids))
  }
}

/** Deletes the files of submissions and forgets their keys; the rows (decisions, hashes) stay. */
export function discardSubmissionFiles(ids: string[]): Promise<void> {
  return discardSubmissions(ids, true)
}

/** Deletes submissions a dead process left half-written (see sweepUnfinishedPhotos). */
export async function sweepUnfinishedSubmissions(olderThanMs: number): Promise<number> {
  const stale = await db()
    .select({ id: verificationSubmissions.id })
    .from(verificationSubmissions)
    .where(
      and(
        eq(verificationSubmissions.status, 'receiving'),
        lt(
          verificationSubmissions.submittedAt,
          sql`now() - make_interval(secs => ${olderThanMs / 1000})`,
        ),
      ),
    )
  await discardSubmissions(stale.map((row) => row.id))
  // Documents of decided checks whose deletion failed (the store was unreachable) go now.
  const decided = await db()
    .select({ id: verificationSubmissions.id })
    .from(verificationSubmissions)
    .where(
      and(
        inArray(verificationSubmissions.status, ['approved', 'rejected']),
        isNotNull(verificationSubmissions.documentFrontKey),
      ),
    )
  await discardSubmissions(
    decided.map((row) => row.id),
    true,
  )
  return stale.length + decided.length
}

/** One document file of a submission waiting for the team (for the admin route only). */
export async function documentFile(submissionId: string, part: DocumentPart) {
  const [row] = await db()
    .select({ status: verificationSubmissions.status })
    .from(verificationSubmissions)
    .where(eq(verificationSubmissions.id, submissionId))
  if (row?.status !== 'pending') return undefined
  return mediaStorage().get('private', keyOf(submissionId, part))
}
