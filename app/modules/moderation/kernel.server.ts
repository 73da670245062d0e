import { eq, sql } from 'drizzle-orm'
import { asLanguage, type Language } from '#app/domain/language.ts'
import { type AdminAction, type AuditTarget, SYSTEM_ACTOR_ID } from '#app/domain/moderation.ts'
import { mailer } from '#app/modules/email/mailer.server.ts'
import { type DecisionEmail, decisionEmail } from '#app/modules/email/messages.ts'
import { profileOwner } from '#app/modules/email/recipients.server.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { db, type Transaction } from '#db/client.server.ts'
import { auditLog } from '#db/schema/moderation.ts'
import { profiles } from '#db/schema/profiles.ts'

// What every moderation action shares (issue 8). Each action checks the state it changes inside
// one transaction (the profile row locked), writes its audit entry in that same transaction, and
// only then tells the provider by e-mail, so an entry exists exactly when the change does.
// The routes check the admin role before calling any of them; each subject has its own file
// beside this one (checks, sanctions, plans, reports and flags, reserved names, the team).

/** The admin acting. */
export interface Actor {
  id: string
  email: string
}

/** Why an action could not be done, as a key of the admin dictionary's errors. */
export type AdminError =
  | 'notFound'
  | 'wrongState'
  | 'lastAdmin'
  | 'noSuchAccount'
  | 'providerNotAdmin'
  | 'alreadyAdmin'
  | 'notAdmin'
  | 'usernameTaken'
  | 'alreadyResolved'
  | 'notConfirmed'
  // Issue 30: granting admin needs an account that has a password and has signed in with it
  // since its address was confirmed.
  | 'noPassword'
  | 'noPasswordSignIn'
  | 'passwordNotProven'
  | 'samePrice'
  | 'alreadyRefunded'
  | 'feeSettled'
  // Gifts (issue 22): one no longer refundable (sent back, unpaid, its profile gone), one her
  // available balance no longer holds (withdrawn), a balance already frozen or released, a
  // gift's Pix sent back from the payments list (which would leave it in her balance).
  | 'giftNotRefundable'
  | 'giftWithdrawn'
  // Issue 33 point 13: paid longer ago than the Pix rules let a Pix be sent back.
  | 'giftTooOld'
  | 'alreadyFrozen'
  | 'alreadyReleased'
  | 'giftPayment'
  // Issue 33: a plan's Pix sent back without saying what happens to the plan; a refund retried
  // that has not failed (another retry on its way, or it was made).
  | 'planChoice'
  | 'refundNotFailed'

export type AdminResult<T = void> = { ok: true; value: T } | { ok: false; error: AdminError }

export const done = <T>(value: T): AdminResult<T> => ({ ok: true, value })
export const refused = (error: AdminError): { ok: false; error: AdminError } => ({
  ok: false,
  error,
})

export class Refusal extends Error {
  constructor(readonly reason: AdminError) {
    super(reason)
  }
}

/** Runs `work` in a transaction; a Refusal thrown inside rolls it back and becomes the answer. */
export async function inTransaction<T>(
  work: (tx: Transaction) => Promise<T>,
): Promise<AdminResult<T>> {
  try {
    // Whatever the team changed on public pages (a profile, a photo, a redirect) is announced by
    // the database's triggers when this commits (the change feed, public-pages.server.ts).
    return done(await db().transaction(work))
  } catch (error) {
    if (error instanceof Refusal) return refused(error.reason)
    throw error
  }
}

export interface AuditEntry {
  action: AdminAction
  targetType: AuditTarget
  targetId: string
  targetLabel: string
  reason?: string | null
  details?: Record<string, unknown>
}

export async function audit(tx: Transaction, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetLabel: entry.targetLabel,
    reason: entry.reason ?? null,
    details: entry.details ?? null,
  })
}

export const profileLabel = (profile: { name: string; username: string }) =>
  `${profile.name} (${profile.username})`

/** The audit entry of an action on a profile: the profile is its target, named by its label. */
export function auditProfile(
  tx: Transaction,
  actor: Actor,
  profile: { id: string; name: string; username: string },
  entry: Omit<AuditEntry, 'targetType' | 'targetId' | 'targetLabel'>,
): Promise<void> {
  return audit(tx, actor, {
    ...entry,
    targetType: 'profile',
    targetId: profile.id,
    targetLabel: profileLabel(profile),
  })
}

/** The actor of what the site does by itself (audit entries). */
export const SYSTEM_ACTOR: Actor = { id: SYSTEM_ACTOR_ID, email: SYSTEM_ACTOR_ID }

/** The profile row, locked until the transaction ends; a Refusal when there is none. */
export async function lockProfile(tx: Transaction, profileId: string) {
  const [profile] = await tx
    .select({
      id: profiles.id,
      userId: profiles.userId,
      name: profiles.name,
      username: profiles.username,
      status: profiles.status,
      visibilityStatus: profiles.visibilityStatus,
      whatsapp: profiles.whatsapp,
      membershipTier: profiles.membershipTier,
      verifiedAt: profiles.verifiedAt,
      pendingWorkingName: profiles.pendingWorkingName,
      changesSubmittedAt: profiles.changesSubmittedAt,
      hiddenReason: profiles.hiddenReason,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .for('update')
  if (!profile) throw new Refusal('notFound')
  return profile
}

export type LockedProfile = Awaited<ReturnType<typeof lockProfile>>

/** Gives the profile a cover again when the one it had is going (the first photo left). */
export async function keepACover(tx: Transaction, profileId: string): Promise<void> {
  await tx.execute(sql`
    update images set is_cover = true where id = (
      select id from images where profile_id = ${profileId}
        and verification_type in ('profile', 'pending')
        and not exists (select 1 from images c where c.profile_id = ${profileId}
          and c.is_cover and c.verification_type in ('profile', 'pending'))
      order by display_order, created_at limit 1)`)
}

/** Tells the provider of a decision in her language; a failure is logged, the decision stands. */
export async function tellProvider(
  profileId: string,
  kind: DecisionEmail,
  extra: {
    /** The team's words, or a text of the site's own in the provider's language. */
    reason?: string | null | ((language: Language) => string)
    values?: (language: Language) => Record<string, string>
  } = {},
): Promise<void> {
  try {
    const owner = await profileOwner(profileId)
    if (!owner) return
    const language = asLanguage(owner.language) ?? 'pt'
    await mailer().send(
      decisionEmail(kind, language, {
        to: owner.email,
        name: owner.name,
        url: `${serverEnv().baseUrl}${kind === 'rejected' ? '/dashboard/verification' : '/dashboard'}`,
        reason: typeof extra.reason === 'function' ? extra.reason(language) : extra.reason,
        values: extra.values?.(language),
      }),
    )
  } catch (error) {
    log.error('decision e-mail not sent', { profileId, kind, error: String(error) })
  }
}
