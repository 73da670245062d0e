import { randomUUID } from 'node:crypto'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { DOCUMENT_PARTS, type DocumentPart, missingItems } from '#app/domain/provider.ts'
import type { FieldError } from '#app/modules/forms/checks.ts'
import {
  PHOTO_PROBLEM_MESSAGES,
  type ReadPhoto,
  readPhoto,
  sha256Of,
  uploadedPhotoType,
} from '#app/modules/media/photo-processing.server.ts'
import { isBannedIdentifier } from '#app/modules/security/ban-list.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { mediaStorage } from '#app/platform/storage.server.ts'
import { db } from '#db/client.server.ts'
import { profiles, verificationSubmissions } from '#db/schema/profiles.ts'
import { countDecode, mayDecode } from './decode-attempts.server.ts'
import { ownProfile } from './own-profile.server.ts'
import {
  discardSubmissionsLater,
  giveUpSubmission,
  keyOf,
  receivingIsLive,
} from './verification-documents.server.ts'

// Identity checks (issue 7 item 5): the document's front and back and a selfie holding it, kept
// in the private storage area (never under a public address) until the team decides; then the
// files are deleted and only the decision, its date, the reviewer and the files' hashes remain.
// Like photos, a submission is written as 'receiving' first, before a pixel is decoded, so a dead
// process never leaves documents without their row (sweepUnfinishedSubmissions deletes what it
// left), and that row is the provider's one submission slot on every instance (its lease and
// its ending: verification-documents.server.ts).
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

  // Nothing is decoded before everything that can refuse the documents without it has (issue 30
  // point 10): their size and type from the first bytes, a banned document from the sha256 of
  // the bytes received, the hour's decodes, and a check already waiting or on its way.
  const sent = {} as Record<DocumentPart, { bytes: Buffer; sha256: string }>
  for (const part of DOCUMENT_PARTS) {
    const bytes = files[part] ?? Buffer.alloc(0)
    const checked = uploadedPhotoType(bytes)
    if (!checked.ok) return refuse(part, PHOTO_PROBLEM_MESSAGES[checked.problem])
    sent[part] = { bytes, sha256: sha256Of(bytes) }
  }
  // A banned provider's documents do not come back under another account (issue 8 item 3).
  for (const part of ['documentFront', 'documentBack'] as const) {
    if (await isBannedIdentifier('document', sent[part].sha256)) {
      return refuse(part, 'documentBlocked')
    }
  }
  // Past the hour's decodes (broken pictures sent in a loop): refused before her slot is opened.
  if (!(await mayDecode('documents', userId))) return refuse('form', 'documentHourlyLimit')
  const id = randomUUID()
  const opened = await openSubmission(profile, id, sent, cpf)
  if (!opened) return refuse('form', 'verificationAlreadyPending')
  // Submissions of hers whose process died: their slot is taken over, their files and rows go.
  if (opened.expired.length > 0) await discardSubmissionsLater(opened.expired)

  // From here the row is her one submission slot: it reaches the team, or goes, whatever happens.
  let result: SubmitResult | undefined
  try {
    // Counted once it holds the slot: only a submission that reaches the decoder counts.
    result = (await countDecode('documents', userId))
      ? await storeDocuments(id, sent)
      : refuse('form', 'documentHourlyLimit')
    if (result.ok && !(await sendToTeam(id, profile.id))) result = refuse('form', 'photoStorage')
  } finally {
    if (!result?.ok) await giveUpSubmission(id)
  }
  return result
}

/**
 * Opens submission `id` as 'receiving', or says no (undefined) when one of hers is waiting for
 * the team or on its way, or the profile's status changed since it was read. The transaction is
 * short and ends before anything is decoded: PGlite has one connection, which it would hold.
 */
async function openSubmission(
  profile: { id: string; status: string },
  id: string,
  sent: Record<DocumentPart, { sha256: string }>,
  cpf: SubmittedCpf | undefined,
): Promise<{ expired: string[] } | undefined> {
  return db().transaction(async (tx) => {
    // Her submissions wait for one another here, on every instance: of two sends at once, the
    // second sees the first and is refused.
    const [locked] = await tx
      .select({ id: profiles.id, status: profiles.status })
      .from(profiles)
      .where(eq(profiles.id, profile.id))
      .for('update')
    const waiting = await tx
      .select({
        id: verificationSubmissions.id,
        status: verificationSubmissions.status,
        live: receivingIsLive,
      })
      .from(verificationSubmissions)
      .where(
        and(
          eq(verificationSubmissions.profileId, profile.id),
          inArray(verificationSubmissions.status, ['receiving', 'pending']),
        ),
      )
    if (!locked || locked.status !== profile.status) return undefined
    if (waiting.some((row) => row.status === 'pending' || row.live)) return undefined
    await tx.insert(verificationSubmissions).values({
      id,
      profileId: profile.id,
      status: 'receiving',
      consentAt: new Date(),
      documentFrontKey: keyOf(id, 'documentFront'),
      documentBackKey: keyOf(id, 'documentBack'),
      selfieKey: keyOf(id, 'selfie'),
      documentFrontHash: sent.documentFront.sha256,
      documentBackHash: sent.documentBack.sha256,
      selfieHash: sent.selfie.sha256,
      // Plain for the team until the decision; the hash stays (issue 22).
      ...(cpf && 'hash' in cpf ? { cpf: cpf.digits, cpfHash: cpf.hash } : {}),
    })
    return { expired: waiting.map((row) => row.id) }
  })
}

/** Decodes the three pictures of an opened submission and stores them, or says what is wrong. */
async function storeDocuments(
  id: string,
  sent: Record<DocumentPart, { bytes: Buffer }>,
): Promise<SubmitResult> {
  const read = {} as Record<DocumentPart, ReadPhoto>
  for (const part of DOCUMENT_PARTS) {
    const result = await readPhoto(sent[part].bytes)
    if (!result.ok) return refuse(part, PHOTO_PROBLEM_MESSAGES[result.problem])
    read[part] = result.photo
  }
  try {
    for (const part of DOCUMENT_PARTS) {
      const data = await read[part]
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
    return refuse('form', 'photoStorage')
  }
  return { ok: true }
}

/**
 * Makes a received submission 'pending' and puts the profile in the team's queue; false when
 * its row went meanwhile (the sweep, the account's deletion) or its lease ran out (another send
 * of hers took the slot over).
 */
async function sendToTeam(id: string, profileId: string): Promise<boolean> {
  return db().transaction(async (tx) => {
    // Locked first, as openSubmission does, so the lease is read after any takeover committed.
    await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.id, profileId))
      .for('update')
    const [kept] = await tx
      .update(verificationSubmissions)
      .set({ status: 'pending', submittedAt: sql`now()` })
      .where(
        and(
          eq(verificationSubmissions.id, id),
          eq(verificationSubmissions.status, 'receiving'),
          receivingIsLive,
        ),
      )
      .returning({ id: verificationSubmissions.id })
    if (!kept) return false
    await tx.update(profiles).set({ updatedAt: sql`now()` }).where(eq(profiles.id, profileId))
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
      .where(and(eq(profiles.id, profileId), inArray(profiles.status, ['draft', 'rejected'])))
    return true
  })
}
