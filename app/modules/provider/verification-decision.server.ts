import { and, eq, sql } from 'drizzle-orm'
import { log } from '#app/platform/logger.server.ts'
import { db, type Transaction } from '#db/client.server.ts'
import { profiles, verificationSubmissions } from '#db/schema/profiles.ts'
import { discardSubmissions } from './verification-documents.server.ts'

/**
 * The team's decision on a submission (issue 8 builds the queue around it): approved makes the
 * profile public and starts its 6 months, and the CPF given with it becomes her payout key
 * (issue 22); rejected sends a first check back to the provider with the reason. Either way the
 * files and the plain CPF are deleted; the decision, date, reviewer and hashes stay.
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
        cpf: null,
      })
      .where(
        and(
          eq(verificationSubmissions.id, submissionId),
          eq(verificationSubmissions.status, 'pending'),
        ),
      )
      .returning({
        profileId: verificationSubmissions.profileId,
        cpfHash: verificationSubmissions.cpfHash,
      })
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
          // A check sent without a CPF (gifts off) leaves the key she had.
          ...(submission.cpfHash ? { payoutCpfHash: submission.cpfHash } : {}),
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
