import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm'
import { DOCUMENT_PARTS, type DocumentPart } from '#app/domain/provider.ts'
import { log } from '#app/platform/logger.server.ts'
import { mediaStorage } from '#app/platform/storage.server.ts'
import { db } from '#db/client.server.ts'
import { verificationSubmissions } from '#db/schema/profiles.ts'
import { UPLOAD_LEASE_SECONDS } from './upload-reservation.server.ts'

// The files of identity checks in the private storage area (never under a public address):
// where each one is kept, the team's access to them, and their deletion once decided, given up
// or left half-written by a dead process.

/**
 * How long a submission being received ('receiving') holds its provider's one slot, as a photo
 * upload does: decoding and storing three pictures takes seconds, so one still receiving after
 * this was left by a process that died (or is stuck on the store). It can no longer become
 * 'pending', and her next submission takes the slot over.
 */
export const SUBMISSION_LEASE_SECONDS = UPLOAD_LEASE_SECONDS

/**
 * Whether a 'receiving' row is still within its lease. clock_timestamp(), not now(): read after
 * the profile row is locked, so that of a submission taken over and its own late ending, the one
 * that comes second sees the lease over.
 */
export const receivingIsLive = sql<boolean>`${verificationSubmissions.submittedAt} > clock_timestamp() - make_interval(secs => ${SUBMISSION_LEASE_SECONDS})`

/** The date a given-up submission is moved to: past its lease at once, and the sweep's. */
const GIVEN_UP = new Date(0)

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

/**
 * Ends a submission that will not reach the team: its lease ends at once (her slot is free, and
 * it can no longer become 'pending'), then its files and row go, or, with the store or the
 * database unreachable, the sweep finishes them. One that became 'pending' meanwhile is left.
 */
export async function giveUpSubmission(id: string): Promise<void> {
  try {
    const [ended] = await db()
      .update(verificationSubmissions)
      .set({ submittedAt: GIVEN_UP })
      .where(
        and(eq(verificationSubmissions.id, id), eq(verificationSubmissions.status, 'receiving')),
      )
      .returning({ id: verificationSubmissions.id })
    if (!ended) {
      // Gone (swept, taken over, the account deleted): only files it wrote may be left.
      const [row] = await db()
        .select({ id: verificationSubmissions.id })
        .from(verificationSubmissions)
        .where(eq(verificationSubmissions.id, id))
      if (row) return
    }
  } catch (error) {
    log.error('submission not given up, its lease will end', {
      submissionId: id,
      error: String(error),
    })
    return
  }
  await discardSubmissionsLater([id])
}

/** discardSubmissions, or, when the store cannot be reached, nothing more: the sweep finishes. */
export async function discardSubmissionsLater(ids: string[]): Promise<void> {
  try {
    await discardSubmissions(ids)
  } catch (error) {
    log.error('documents not deleted yet, left to the sweep', { ids, error: String(error) })
  }
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
