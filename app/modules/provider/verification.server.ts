import { randomUUID } from 'node:crypto'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { DOCUMENT_PARTS, type DocumentPart, missingItems } from '#app/domain/provider.ts'
import type { FieldError } from '#app/modules/forms/checks.ts'
import { readPhoto } from '#app/modules/media/photo-processing.server.ts'
import { isBannedIdentifier } from '#app/modules/security/ban-list.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { mediaStorage } from '#app/platform/storage.server.ts'
import { db } from '#db/client.server.ts'
import { profiles, verificationSubmissions } from '#db/schema/profiles.ts'
import { ownProfile } from './own-profile.server.ts'
import { discardSubmissions, keyOf } from './verification-documents.server.ts'

// Identity checks (issue 7 item 5): the document's front and back and a selfie holding it, kept
// in the private storage area (never under a public address) until the team decides; then the
// files are deleted and only the decision, its date, the reviewer and the files' hashes remain.
// Like photos, a submission is written as 'receiving' first, so a dead process never leaves
// documents without their row (sweepUnfinishedSubmissions deletes what it left).
// The files' keys and their deletion are in verification-documents.server.ts, the team's decision
// in verification-decision.server.ts and the 6-month rule in verification-calendar.server.ts.

/** Documents are kept for the team at this width at most: enough to read, no more. */
const DOCUMENT_WIDTH = 2000

/** The profile's latest identity check, if any. */
export async function latestSubmission(profileId: string) {
  const [row] = await db()
    .select({
      id: verificationSubmissions.id,
      status: verificationSubmissions.status,
      submittedAt: verificationSubmissions.submittedAt,
      decidedAt: verificationSubmissions.decidedAt,
      reason: verificationSubmissions.reason,
    })
    .from(verificationSubmissions)
    .where(
      and(
        eq(verificationSubmissions.profileId, profileId),
        sql`${verificationSubmissions.status} <> 'receiving'`,
      ),
    )
    .orderBy(desc(verificationSubmissions.submittedAt))
    .limit(1)
  return row
}

export type SubmitResult = { ok: true } | { ok: false; error: FieldError }

/**
 * The CPF given for withdrawals when gifts are on (issue 22; payments/payout-cpf.server.ts reads
 * it): its digits and keyed hash, or why it cannot be taken. Undefined when none is asked.
 */
export type SubmittedCpf =
  | { digits: string; hash: string }
  | { problem: 'cpfRequired' | 'cpfInvalid' }

const refuse = (field: string, message: FieldError['message']): SubmitResult => ({
  ok: false,
  error: { field, message },
})

/**
 * Takes a provider's documents: consent given, the profile complete and in a state the team can
 * review (a first check, a new one after a rejection or a lapse, or the 6-month renewal of an
 * approved profile), no check already waiting, and her CPF when one is asked. The profile goes
 * to the team's queue.
 */
export async function submitVerification(
  userId: string,
  files: Partial<Record<DocumentPart, Buffer>>,
  consent: boolean,
  cpf?: SubmittedCpf,
): Promise<SubmitResult> {
  const profile = await ownProfile(userId)
  if (!profile) throw new Error('the provider has no profile')
  if (profile.documentsPending) return refuse('form', 'verificationAlreadyPending')
  if (!['draft', 'rejected', 'approved'].includes(profile.status)) {
    return refuse('form', 'verificationNotAllowed')
  }
  const missing = missingItems({
    ...profile,
    photos: profile.photoCount,
    visibility: profile.visibilityStatus,
  })
  if (missing.some((item) => item !== 'documents')) return refuse('form', 'profileIncomplete')
  for (const part of DOCUMENT_PARTS) {
    if (!files[part]?.length) return refuse(part, 'documentMissing')
  }
  if (cpf && 'problem' in cpf) return refuse('cpf', cpf.problem)
  if (!consent) return refuse('consent', 'consentRequired')

  const read = {} as Record<DocumentPart, Awaited<ReturnType<typeof readPhoto>>>
  for (const part of DOCUMENT_PARTS) {
    const result = await readPhoto(files[part] ?? Buffer.alloc(0))
    if (!result.ok) {
      const message = {
        type: 'photoType',
        size: 'photoSize',
        pixels: 'photoPixels',
        unreadable: 'photoUnreadable',
      } as const
      return refuse(part, message[result.problem])
    }
    read[part] = result
  }

  const id = randomUUID()
  const hash = (part: DocumentPart) => {
    const result = read[part]
    return result.ok ? result.photo.sha256 : ''
  }
  // A banned provider's documents do not come back under another account (issue 8 item 3).
  for (const part of ['documentFront', 'documentBack'] as const) {
    if (await isBannedIdentifier('document', hash(part))) return refuse(part, 'documentBlocked')
  }
  // The profile row is locked while the submission is opened: of two sends at once, the second
  // sees the first and is refused.
  const opened = await db().transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: profiles.id, status: profiles.status })
      .from(profiles)
      .where(eq(profiles.id, profile.id))
      .for('update')
    const [waiting] = await tx
      .select({ id: verificationSubmissions.id })
      .from(verificationSubmissions)
      .where(
        and(
          eq(verificationSubmissions.profileId, profile.id),
          inArray(verificationSubmissions.status, ['receiving', 'pending']),
        ),
      )
      .limit(1)
    if (!locked || waiting || locked.status !== profile.status) return false
    await tx.insert(verificationSubmissions).values({
      id,
      profileId: profile.id,
      status: 'receiving',
      consentAt: new Date(),
      documentFrontKey: keyOf(id, 'documentFront'),
      documentBackKey: keyOf(id, 'documentBack'),
      selfieKey: keyOf(id, 'selfie'),
      documentFrontHash: hash('documentFront'),
      documentBackHash: hash('documentBack'),
      selfieHash: hash('selfie'),
      // Plain for the team until the decision; the hash stays (issue 22).
      ...(cpf && 'hash' in cpf ? { cpf: cpf.digits, cpfHash: cpf.hash } : {}),
    })
    return true
  })
  if (!opened) return refuse('form', 'verificationAlreadyPending')
  try {
    for (const part of DOCUMENT_PARTS) {
      const result = read[part]
      if (!result.ok) continue
      const data = await result.photo
        .image()
        .resize({
          width: DOCUMENT_WIDTH,
          height: DOCUMENT_WIDTH,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 90 })
        .toBuffer()
      await mediaStorage().put('private', keyOf(id, part), data)
    }
  } catch (error) {
    log.error('documents not stored', { submissionId: id, error: String(error) })
    // Left 'receiving' when the store cannot be reached: the sweep deletes it later.
    await discardSubmissions([id]).catch((failure: unknown) =>
      log.error('documents not deleted yet, left to the sweep', { error: String(failure) }),
    )
    return refuse('form', 'photoStorage')
  }
  const received = await db().transaction(async (tx) => {
    const [kept] = await tx
      .update(verificationSubmissions)
      .set({ status: 'pending', submittedAt: sql`now()` })
      .where(
        and(eq(verificationSubmissions.id, id), eq(verificationSubmissions.status, 'receiving')),
      )
      .returning({ id: verificationSubmissions.id })
    // The sweep (or the account's deletion) took it meanwhile: nothing to put in the queue.
    if (!kept) return false
    await tx.update(profiles).set({ updatedAt: sql`now()` }).where(eq(profiles.id, profile.id))
    // A first check or a new one after a rejection or a lapse goes to the queue; an approved
    // profile renewing its check stays public, verified badge included, meanwhile (the pending
    // submission is what the dashboard shows).
    await tx
      .update(profiles)
      .set({
        status: 'pending',
        statusReason: null,
        verificationStatus: 'pending',
        documentVerificationStatus: 'pending',
      })
      .where(and(eq(profiles.id, profile.id), inArray(profiles.status, ['draft', 'rejected'])))
    return true
  })
  if (!received) {
    await mediaStorage()
      .delete(
        'private',
        DOCUMENT_PARTS.map((part) => keyOf(id, part)),
      )
      .catch((error: unknown) =>
        log.error('document files left without a row', { submissionId: id, error: String(error) }),
      )
    return refuse('form', 'photoStorage')
  }
  return { ok: true }
}
