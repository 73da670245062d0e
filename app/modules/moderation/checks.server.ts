import { and, eq, inArray, sql } from 'drizzle-orm'
import { asLanguage, type Language } from '#app/domain/language.ts'
import type { RejectionReason } from '#app/domain/moderation.ts'
import { dictionary } from '#app/i18n/i18n.ts'
import { discardPhotoRows } from '#app/modules/provider/photos.server.ts'
import { decideVerification } from '#app/modules/provider/verification-decision.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { images, profiles, verificationSubmissions } from '#db/schema/profiles.ts'
import {
  type Actor,
  type AdminResult,
  auditProfile,
  done,
  inTransaction,
  keepACover,
  lockProfile,
  Refusal,
  refused,
  tellProvider,
} from './kernel.server.ts'

// The team's decisions on identity checks and on the changes waiting on a public profile.

/** A reason chosen from the list, in `language`, with the admin's words after it. */
export function rejectionText(language: Language, code: RejectionReason, note: string): string {
  const label = dictionary(language).admin.rejectionReasons[code]
  return note ? `${label}: ${note}` : label
}

/** Approves or refuses a pending identity check (issue 8 item 2); the files are then deleted. */
export async function decideCheck(
  actor: Actor,
  submissionId: string,
  decision: { approved: true } | { approved: false; code: RejectionReason; note: string },
): Promise<AdminResult> {
  let profileId = ''
  // The reason is the provider's to read (banner, e-mail): written in her language.
  const reason = decision.approved ? null : await reasonForSubmission(submissionId, decision)
  const decided = await decideVerification(
    submissionId,
    { approved: decision.approved, reviewerId: actor.id, reason: reason ?? undefined },
    async (tx, id) => {
      profileId = id
      const profile = await lockProfile(tx, id)
      await auditProfile(tx, actor, profile, {
        action: decision.approved ? 'verification_approve' : 'verification_reject',
        reason,
        details: { submissionId, ...(decision.approved ? {} : { code: decision.code }) },
      })
    },
  )
  if (!decided) return refused('wrongState')
  await tellProvider(profileId, decision.approved ? 'approved' : 'rejected', { reason })
  return done(undefined)
}

async function reasonForSubmission(
  submissionId: string,
  decision: { code: RejectionReason; note: string },
): Promise<string> {
  const [owner] = await db()
    .select({ language: user.language })
    .from(verificationSubmissions)
    .innerJoin(profiles, eq(profiles.id, verificationSubmissions.profileId))
    .innerJoin(user, eq(user.id, profiles.userId))
    .where(eq(verificationSubmissions.id, submissionId))
  return rejectionText(asLanguage(owner?.language) ?? 'pt', decision.code, decision.note)
}

/**
 * Approves or refuses the changes waiting on a public profile (a new working name, new photos):
 * approved, they go public; refused, the name is dropped and the photos deleted.
 */
export async function decideChanges(
  actor: Actor,
  profileId: string,
  decision: { approved: boolean; note: string },
): Promise<AdminResult> {
  const result = await inTransaction(async (tx) => {
    const profile = await lockProfile(tx, profileId)
    if (!profile.changesSubmittedAt) throw new Refusal('wrongState')
    const pendingPhotos = await tx
      .select({ id: images.id })
      .from(images)
      .where(and(eq(images.profileId, profileId), eq(images.verificationType, 'pending')))
    const photoIds = pendingPhotos.map((row) => row.id)
    if (decision.approved) {
      if (photoIds.length > 0)
        await tx
          .update(images)
          .set({ verificationType: 'profile' })
          .where(inArray(images.id, photoIds))
    } else if (photoIds.length > 0) {
      // Hidden at once; the files go after the commit (the sweep finishes if that fails).
      await tx
        .update(images)
        .set({ verificationType: 'deleting', isCover: false })
        .where(inArray(images.id, photoIds))
      await keepACover(tx, profileId)
    }
    await tx
      .update(profiles)
      .set({
        ...(decision.approved && profile.pendingWorkingName
          ? { name: profile.pendingWorkingName, workingName: profile.pendingWorkingName }
          : {}),
        pendingWorkingName: null,
        changesSubmittedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(profiles.id, profileId))
    await auditProfile(tx, actor, profile, {
      action: decision.approved ? 'changes_approve' : 'changes_reject',
      reason: decision.note || null,
      details: { newName: profile.pendingWorkingName, photos: photoIds.length },
    })
    return decision.approved ? [] : photoIds
  })
  if (!result.ok) return result
  if (result.value.length > 0) {
    await discardPhotoRows(result.value).catch((error: unknown) =>
      log.error('refused photos not deleted yet, left to the sweep', { error: String(error) }),
    )
  }
  await tellProvider(profileId, decision.approved ? 'changesApproved' : 'changesRejected', {
    reason: decision.note || null,
  })
  return done(undefined)
}
