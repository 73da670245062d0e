import { randomUUID } from 'node:crypto'
import { and, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import { asLanguage } from '#app/domain/language.ts'
import {
  DOCUMENT_PARTS,
  type DocumentPart,
  LAPSED_VERIFICATION_REASON,
  missingItems,
  VERIFICATION_REMINDER_DAYS,
  VERIFICATION_VALID_MONTHS,
} from '#app/domain/provider.ts'
import { mailer } from '#app/modules/email/mailer.server.ts'
import { accountEmail } from '#app/modules/email/messages.ts'
import type { FieldError } from '#app/modules/forms/checks.ts'
import { readPhoto } from '#app/modules/media/photo-processing.server.ts'
import { mediaStorage } from '#app/modules/media/storage.server.ts'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { profiles, verificationSubmissions } from '#db/schema/profiles.ts'
import { serverEnv } from '#server/env.server.ts'
import { log } from '#server/logger.server.ts'
import { ownProfile } from './own-profile.server.ts'

// Identity checks (issue 7 item 5): the document's front and back and a selfie holding it, kept
// in the private storage area (never under a public address) until the team decides; then the
// files are deleted and only the decision, its date, the reviewer and the files' hashes remain.
// Like photos, a submission is written as 'receiving' first, so a dead process never leaves
// documents without their row (sweepUnfinishedSubmissions deletes what it left).

const KEY_NAMES: Record<DocumentPart, string> = {
  documentFront: 'document-front',
  documentBack: 'document-back',
  selfie: 'selfie',
}
const keyOf = (submissionId: string, part: DocumentPart) =>
  `verification/${submissionId}/${KEY_NAMES[part]}.webp`

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

const refuse = (field: string, message: FieldError['message']): SubmitResult => ({
  ok: false,
  error: { field, message },
})

/**
 * Takes a provider's documents: consent given, the profile complete and in a state the team can
 * review (a first check, a new one after a rejection or a lapse, or the 6-month renewal of an
 * approved profile), no check already waiting. The profile goes to the team's queue.
 */
export async function submitVerification(
  userId: string,
  files: Partial<Record<DocumentPart, Buffer>>,
  consent: boolean,
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
  await db()
    .insert(verificationSubmissions)
    .values({
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
    })
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
  await db().transaction(async (tx) => {
    await tx
      .update(verificationSubmissions)
      .set({ status: 'pending', submittedAt: sql`now()` })
      .where(eq(verificationSubmissions.id, id))
    await tx
      .update(profiles)
      .set({
        verificationStatus: 'pending',
        documentVerificationStatus: 'pending',
        // A first check or a new one after a rejection or a lapse goes to the queue; an approved
        // profile renewing its check stays public meanwhile.
        ...(profile.status === 'approved' ? {} : { status: 'pending', statusReason: null }),
        updatedAt: sql`now()`,
      })
      .where(eq(profiles.id, profile.id))
  })
  return { ok: true }
}

/** Deletes the stored files of submissions, then forgets their keys (or drops them). */
async function discardSubmissions(ids: string[], keepRows = false) {
  if (ids.length === 0) return
  await mediaStorage().delete(
    'private',
    ids.flatMap((id) => DOCUMENT_PARTS.map((part) => keyOf(id, part))),
  )
  if (keepRows) {
    await db()
      .update(verificationSubmissions)
      .set({ documentFrontKey: null, documentBackKey: null, selfieKey: null })
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

/**
 * The team's decision on a submission (issue 8 builds the queue around it): approved makes the
 * profile public and starts its 6 months; rejected sends a first check back to the provider with
 * the reason. Either way the files are deleted; the decision, date, reviewer and hashes stay.
 */
export async function decideVerification(
  submissionId: string,
  decision: { approved: boolean; reviewerId: string; reason?: string },
): Promise<boolean> {
  const decided = await db().transaction(async (tx) => {
    const [submission] = await tx
      .update(verificationSubmissions)
      .set({
        status: decision.approved ? 'approved' : 'rejected',
        decidedAt: sql`now()`,
        reviewerId: decision.reviewerId,
        reason: decision.reason ?? null,
      })
      .where(
        and(
          eq(verificationSubmissions.id, submissionId),
          eq(verificationSubmissions.status, 'pending'),
        ),
      )
      .returning({ profileId: verificationSubmissions.profileId })
    if (!submission) return false
    const state = decision.approved ? 'approved' : 'rejected'
    await tx
      .update(profiles)
      .set({
        verificationStatus: state,
        documentVerificationStatus: state,
        ...(decision.approved
          ? {
              status: 'approved',
              statusReason: null,
              verifiedAt: sql`now()`,
              verificationReminderAt: null,
            }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(profiles.id, submission.profileId))
    if (!decision.approved) {
      // A first check (or one after a lapse) goes back to the provider; an approved profile
      // whose renewal was refused keeps its current check until it lapses.
      await tx
        .update(profiles)
        .set({ status: 'rejected', statusReason: decision.reason ?? null })
        .where(and(eq(profiles.id, submission.profileId), eq(profiles.status, 'pending')))
    }
    return true
  })
  if (decided) {
    // The decision stands even if the store is unreachable now: the sweep deletes the files.
    await discardSubmissions([submissionId], true).catch((error: unknown) =>
      log.error('documents not deleted yet, left to the sweep', {
        submissionId,
        error: String(error),
      }),
    )
  }
  return decided
}

/**
 * The 6-month rule (SPEC §6): 15 days before a check lapses its provider is reminded by e-mail
 * (once); when it lapses the profile leaves the listings (back to draft, with the reason) until
 * new documents are approved. Returns how many were reminded and lapsed.
 */
export async function runVerificationCalendar(now = new Date()) {
  const months = `${VERIFICATION_VALID_MONTHS} months`
  const lapsed = await db()
    .update(profiles)
    .set({
      status: 'draft',
      statusReason: LAPSED_VERIFICATION_REASON,
      verificationStatus: 'not_submitted',
      documentVerificationStatus: 'not_submitted',
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(profiles.status, 'approved'),
        eq(profiles.isDemo, false),
        sql`${profiles.verifiedAt} + ${months}::interval <= ${now}`,
      ),
    )
    .returning({ id: profiles.id })
  const due = await db()
    .select({
      id: profiles.id,
      email: user.email,
      name: user.name,
      language: user.language,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .where(
      and(
        eq(profiles.status, 'approved'),
        isNull(profiles.verificationReminderAt),
        sql`${profiles.verifiedAt} + ${months}::interval - ${`${VERIFICATION_REMINDER_DAYS} days`}::interval <= ${now}`,
      ),
    )
  for (const provider of due) {
    try {
      await mailer().send(
        accountEmail('renew', asLanguage(provider.language) ?? 'pt', {
          to: provider.email,
          name: provider.name,
          url: `${serverEnv().baseUrl}/dashboard/verification`,
        }),
      )
      await db()
        .update(profiles)
        .set({ verificationReminderAt: sql`now()` })
        .where(eq(profiles.id, provider.id))
    } catch (error) {
      log.error('verification reminder not sent', { profileId: provider.id, error: String(error) })
    }
  }
  return { reminded: due.length, lapsed: lapsed.length }
}
