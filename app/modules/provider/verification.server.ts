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
import { isBannedIdentifier } from '#app/modules/admin/ban-list.server.ts'
import { mailer } from '#app/modules/email/mailer.server.ts'
import { accountEmail } from '#app/modules/email/messages.ts'
import type { FieldError } from '#app/modules/forms/checks.ts'
import { readPhoto } from '#app/modules/media/photo-processing.server.ts'
import { mediaStorage } from '#app/modules/media/storage.server.ts'
import { db, type Transaction } from '#db/client.server.ts'
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
  /** Runs inside the decision's transaction (the admin area writes its audit entry here). */
  alongside?: (tx: Transaction, profileId: string) => Promise<void>,
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
    await alongside?.(tx, submission.profileId)
    // The team's suspension or ban stands: only an admin lifts it (issue 7 item 6).
    const held = sql`${profiles.status} in ('suspended', 'banned')`
    if (decision.approved) {
      await tx
        .update(profiles)
        .set({
          verificationStatus: 'approved',
          documentVerificationStatus: 'approved',
          verifiedAt: sql`now()`,
          verificationReminderAt: null,
          status: sql`case when ${held} then ${profiles.status} else 'approved' end`,
          statusReason: sql`case when ${held} then ${profiles.statusReason} else null end`,
          updatedAt: sql`now()`,
        })
        .where(eq(profiles.id, submission.profileId))
    } else {
      // A public profile whose renewal was refused keeps its current check (and its verified
      // badge) until it lapses; a first check, or one after a lapse, goes back to the provider.
      await tx
        .update(profiles)
        .set({
          verificationStatus: 'rejected',
          documentVerificationStatus: 'rejected',
          updatedAt: sql`now()`,
        })
        .where(and(eq(profiles.id, submission.profileId), sql`${profiles.status} <> 'approved'`))
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
  // Counted in UTC like verificationEndsAt, whatever the session's time zone.
  const ends = sql`((${profiles.verifiedAt} at time zone 'UTC') + ${`${VERIFICATION_VALID_MONTHS} months`}::interval) at time zone 'UTC'`
  const renewing = sql`exists (select 1 from verification_submissions v
    where v.profile_id = ${profiles.id} and v.status in ('receiving', 'pending'))`
  // A profile whose renewal is already in the queue waits there (pending) instead of draft.
  const lapsed = await db()
    .update(profiles)
    .set({
      status: sql`case when ${renewing} then 'pending' else 'draft' end`,
      statusReason: LAPSED_VERIFICATION_REASON,
      verificationStatus: sql`case when ${renewing} then 'pending' else 'not_submitted' end`,
      documentVerificationStatus: sql`case when ${renewing} then 'pending' else 'not_submitted' end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(profiles.status, 'approved'), eq(profiles.isDemo, false), sql`${ends} <= ${now}`))
    .returning({ id: profiles.id })
  // Claimed before sending, so two instances never send the same reminder; given back if the
  // e-mail could not go. No reminder once new documents are on their way.
  const claimed = await db()
    .update(profiles)
    .set({ verificationReminderAt: sql`now()` })
    .where(
      and(
        eq(profiles.status, 'approved'),
        eq(profiles.isDemo, false),
        isNull(profiles.verificationReminderAt),
        isNotNull(profiles.userId),
        sql`${ends} - ${`${VERIFICATION_REMINDER_DAYS} days`}::interval <= ${now}`,
        sql`not ${renewing}`,
      ),
    )
    .returning({ id: profiles.id, userId: profiles.userId })
  const due =
    claimed.length === 0
      ? []
      : await db()
          .select({ id: user.id, email: user.email, name: user.name, language: user.language })
          .from(user)
          .where(
            inArray(
              user.id,
              claimed.flatMap((row) => (row.userId ? [row.userId] : [])),
            ),
          )
  for (const provider of claimed) {
    const owner = due.find((row) => row.id === provider.userId)
    try {
      if (!owner) throw new Error('no account')
      await mailer().send(
        accountEmail('renew', asLanguage(owner.language) ?? 'pt', {
          to: owner.email,
          name: owner.name,
          url: `${serverEnv().baseUrl}/dashboard/verification`,
        }),
      )
    } catch (error) {
      log.error('verification reminder not sent', { profileId: provider.id, error: String(error) })
      await db()
        .update(profiles)
        .set({ verificationReminderAt: null })
        .where(eq(profiles.id, provider.id))
    }
  }
  return { reminded: claimed.length, lapsed: lapsed.length }
}
