import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import { asLanguage, type Language } from '#app/domain/language.ts'
import type { MembershipTier } from '#app/domain/membership.ts'
import {
  type AdminAction,
  type AuditTarget,
  type FlagResolution,
  type RejectionReason,
  type ReportResolution,
  returnFeeCents,
  suspensionStreak,
} from '#app/domain/moderation.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import {
  LAPSED_VERIFICATION_REASON,
  REPORT_REVIEW_REASON,
  verificationEndsAt,
} from '#app/domain/provider.ts'
import { SUSPENSIONS_BEFORE_BAN } from '#app/domain/terms.ts'
import { dictionary } from '#app/i18n/i18n.ts'
import { mailer } from '#app/modules/email/mailer.server.ts'
import { type DecisionEmail, decisionEmail } from '#app/modules/email/messages.ts'
import { publicPagesChanged } from '#app/modules/http/public-pages.server.ts'
import { discardPhotoRows } from '#app/modules/provider/photos.server.ts'
import { decideVerification } from '#app/modules/provider/verification.server.ts'
import { db, type Transaction } from '#db/client.server.ts'
import { user, userRoles } from '#db/schema/auth.ts'
import { auditLog, bannedIdentifiers, profileSanctions, reports } from '#db/schema/moderation.ts'
import {
  images,
  photoFlags,
  profiles,
  reservedUsernames,
  verificationSubmissions,
} from '#db/schema/profiles.ts'
import { serverEnv } from '#server/env.server.ts'
import { log } from '#server/logger.server.ts'
import { identifierHash } from './ban-list.server.ts'

// The admin area's actions (issue 8). Each one checks the state it changes inside one
// transaction (the profile row locked), writes its audit entry in that same transaction, and
// only then tells the provider by e-mail, so an entry exists exactly when the change does.
// The routes check the admin role before calling any of these.

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

export type AdminResult<T = void> = { ok: true; value: T } | { ok: false; error: AdminError }

const done = <T>(value: T): AdminResult<T> => ({ ok: true, value })
const refused = (error: AdminError): { ok: false; error: AdminError } => ({ ok: false, error })

class Refusal extends Error {
  constructor(readonly reason: AdminError) {
    super(reason)
  }
}

/** Runs `work` in a transaction; a Refusal thrown inside rolls it back and becomes the answer. */
async function inTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<AdminResult<T>> {
  try {
    const value = await db().transaction(work)
    // Whatever the team changed may be on public pages (a profile, a photo, a redirect).
    publicPagesChanged()
    return done(value)
  } catch (error) {
    if (error instanceof Refusal) return refused(error.reason)
    throw error
  }
}

interface AuditEntry {
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

// ---------------------------------------------------------------- e-mails to the provider

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
    const [owner] = await db()
      .select({ email: user.email, name: user.name, language: user.language })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(eq(profiles.id, profileId))
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

/** A reason chosen from the list, in `language`, with the admin's words after it. */
export function rejectionText(language: Language, code: RejectionReason, note: string): string {
  const label = dictionary(language).admin.rejectionReasons[code]
  return note ? `${label}: ${note}` : label
}

// ---------------------------------------------------------------- identity checks and changes

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
      await audit(tx, actor, {
        action: decision.approved ? 'verification_approve' : 'verification_reject',
        targetType: 'profile',
        targetId: id,
        targetLabel: profileLabel(profile),
        reason,
        details: { submissionId, ...(decision.approved ? {} : { code: decision.code }) },
      })
    },
  )
  if (!decided) return refused('wrongState')
  publicPagesChanged()
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
    await audit(tx, actor, {
      action: decision.approved ? 'changes_approve' : 'changes_reject',
      targetType: 'profile',
      targetId: profileId,
      targetLabel: profileLabel(profile),
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

// ---------------------------------------------------------------- suspension, ban, hiding

/** Gives the profile a cover again when the one it had is going (the first photo left). */
async function keepACover(tx: Transaction, profileId: string): Promise<void> {
  await tx.execute(sql`
    update images set is_cover = true where id = (
      select id from images where profile_id = ${profileId}
        and verification_type in ('profile', 'pending')
        and not exists (select 1 from images c where c.profile_id = ${profileId}
          and c.is_cover and c.verification_type in ('profile', 'pending'))
      order by display_order, created_at limit 1)`)
}

/** The suspension streak a new suspension of the profile would make (SPEC §4). */
async function streakOf(tx: Transaction, profileId: string): Promise<number> {
  const history = await tx
    .select({
      startsAt: profileSanctions.startsAt,
      endsAt: profileSanctions.endsAt,
      liftedAt: profileSanctions.liftedAt,
    })
    .from(profileSanctions)
    .where(and(eq(profileSanctions.profileId, profileId), eq(profileSanctions.kind, 'suspension')))
  return suspensionStreak(history, new Date())
}

export type SuspendOutcome = { banned: false; feeCents: number } | { banned: true }

/**
 * Suspends a public profile for `days` (SPEC §4), recording the return fee (days × the plan's
 * daily value). The third consecutive suspension is a ban instead, done automatically.
 */
export async function suspendProfile(
  actor: Actor,
  profileId: string,
  input: { days: number; dailyValueCents: number; reason: string },
): Promise<AdminResult<SuspendOutcome>> {
  const feeCents = returnFeeCents(input.days, input.dailyValueCents)
  const result = await inTransaction(async (tx): Promise<SuspendOutcome> => {
    const profile = await lockProfile(tx, profileId)
    if (profile.status !== 'approved') throw new Refusal('wrongState')
    const streak = await streakOf(tx, profileId)
    if (streak >= SUSPENSIONS_BEFORE_BAN) {
      await banInside(tx, actor, profile, input.reason, { automatic: true, streak })
      return { banned: true }
    }
    const endsAt = new Date(Date.now() + input.days * 86_400_000)
    await tx.insert(profileSanctions).values({
      profileId,
      kind: 'suspension',
      reason: input.reason,
      days: input.days,
      dailyValueCents: input.dailyValueCents,
      feeCents,
      endsAt,
      actorId: actor.id,
    })
    await tx
      .update(profiles)
      .set({
        status: 'suspended',
        statusReason: input.reason,
        suspendedUntil: endsAt,
        updatedAt: sql`now()`,
      })
      .where(eq(profiles.id, profileId))
    await audit(tx, actor, {
      action: 'suspend',
      targetType: 'profile',
      targetId: profileId,
      targetLabel: profileLabel(profile),
      reason: input.reason,
      details: {
        days: input.days,
        dailyValueCents: input.dailyValueCents,
        feeCents,
        until: endsAt.toISOString(),
        consecutive: streak,
      },
    })
    return { banned: false, feeCents }
  })
  if (!result.ok) return result
  if (result.value.banned) await tellProvider(profileId, 'banned', { reason: input.reason })
  else
    await tellProvider(profileId, 'suspended', {
      reason: input.reason,
      values: (language) => ({
        date: new Intl.DateTimeFormat(language === 'pt' ? 'pt-BR' : 'en', {
          dateStyle: 'long',
          timeZone: BRAZIL_TIME_ZONE,
        }).format(new Date(Date.now() + input.days * 86_400_000)),
        days: String(input.days),
        daily: formatBrlCents(input.dailyValueCents, language),
        fee: formatBrlCents(feeCents, language),
      }),
    })
  return result
}

/**
 * Lifts a suspension (only the team can, issue 7 item 6): the profile is public again while
 * its identity check is valid, else back to draft to send new documents.
 */
export async function liftSuspension(
  actor: Actor,
  profileId: string,
  reason: string,
): Promise<AdminResult> {
  const result = await inTransaction(async (tx) => {
    const profile = await lockProfile(tx, profileId)
    if (profile.status !== 'suspended') throw new Refusal('wrongState')
    const valid = profile.verifiedAt !== null && verificationEndsAt(profile.verifiedAt) > new Date()
    // A lapsed check goes back to the provider, or waits in the queue when new documents are in.
    const [renewal] = valid
      ? []
      : await tx
          .select({ id: verificationSubmissions.id })
          .from(verificationSubmissions)
          .where(
            and(
              eq(verificationSubmissions.profileId, profileId),
              inArray(verificationSubmissions.status, ['receiving', 'pending']),
            ),
          )
          .limit(1)
    await tx
      .update(profileSanctions)
      .set({ liftedAt: sql`now()` })
      .where(
        and(
          eq(profileSanctions.profileId, profileId),
          eq(profileSanctions.kind, 'suspension'),
          isNull(profileSanctions.liftedAt),
        ),
      )
    await tx
      .update(profiles)
      .set({
        status: valid ? 'approved' : renewal ? 'pending' : 'draft',
        statusReason: valid || renewal ? null : LAPSED_VERIFICATION_REASON,
        suspendedUntil: null,
        ...(valid
          ? {}
          : { verificationStatus: renewal ? ('pending' as const) : ('not_submitted' as const) }),
        updatedAt: sql`now()`,
      })
      .where(eq(profiles.id, profileId))
    await audit(tx, actor, {
      action: 'lift_suspension',
      targetType: 'profile',
      targetId: profileId,
      targetLabel: profileLabel(profile),
      reason,
      details: { public: valid },
    })
    return valid
  })
  // "Back online" only when it is; otherwise the dashboard says what to send.
  if (result.ok && result.value) await tellProvider(profileId, 'restored', { reason })
  return result.ok ? done(undefined) : result
}

type LockedProfile = Awaited<ReturnType<typeof lockProfile>>

/** The ban itself, inside the caller's transaction: status, history, ban list, audit entry. */
async function banInside(
  tx: Transaction,
  actor: Actor,
  profile: LockedProfile,
  reason: string,
  automatic?: { automatic: true; streak: number },
): Promise<void> {
  if (profile.status === 'banned') throw new Refusal('wrongState')
  await tx
    .update(profileSanctions)
    .set({ liftedAt: sql`now()` })
    .where(and(eq(profileSanctions.profileId, profile.id), isNull(profileSanctions.liftedAt)))
  await tx.insert(profileSanctions).values({
    profileId: profile.id,
    kind: 'ban',
    reason,
    actorId: actor.id,
    automatic: Boolean(automatic),
  })
  await tx
    .update(profiles)
    .set({ status: 'banned', statusReason: reason, suspendedUntil: null, updatedAt: sql`now()` })
    .where(eq(profiles.id, profile.id))
  // What she may not come back with (item 3): her address, her number, her documents.
  const identifiers: { kind: 'email' | 'phone' | 'document'; hash: string }[] = []
  if (profile.userId) {
    const [owner] = await tx
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, profile.userId))
    if (owner) identifiers.push({ kind: 'email', hash: identifierHash(owner.email) })
  }
  if (profile.whatsapp) identifiers.push({ kind: 'phone', hash: identifierHash(profile.whatsapp) })
  const documents = await tx
    .select({
      front: verificationSubmissions.documentFrontHash,
      back: verificationSubmissions.documentBackHash,
    })
    .from(verificationSubmissions)
    .where(eq(verificationSubmissions.profileId, profile.id))
  for (const one of documents) {
    identifiers.push({ kind: 'document', hash: one.front }, { kind: 'document', hash: one.back })
  }
  if (identifiers.length > 0) {
    await tx
      .insert(bannedIdentifiers)
      .values(identifiers.map((one) => ({ ...one, profileId: profile.id })))
      .onConflictDoNothing()
  }
  await audit(tx, actor, {
    action: 'ban',
    targetType: 'profile',
    targetId: profile.id,
    targetLabel: profileLabel(profile),
    reason,
    details: automatic
      ? { automatic: true, consecutiveSuspensions: automatic.streak }
      : { automatic: false },
  })
}

/** Bans a profile for good (SPEC §4): it leaves the site and its identifiers are blocked. */
export async function banProfile(
  actor: Actor,
  profileId: string,
  reason: string,
): Promise<AdminResult> {
  const result = await inTransaction(async (tx) => {
    await banInside(tx, actor, await lockProfile(tx, profileId), reason)
  })
  if (result.ok) await tellProvider(profileId, 'banned', { reason })
  return result
}

/** Hides a profile (it leaves every public page) or shows it again, with the reason. */
export async function setHidden(
  actor: Actor,
  profileId: string,
  hidden: boolean,
  reason: string,
): Promise<AdminResult> {
  const result = await inTransaction(async (tx) => {
    const profile = await lockProfile(tx, profileId)
    if (hidden === (profile.visibilityStatus === 'hidden')) throw new Refusal('wrongState')
    await hideInside(tx, actor, profile, hidden, reason)
    return profile.status === 'approved'
  })
  // Shown again, a profile is back online only if it is approved.
  if (result.ok && (hidden || result.value))
    await tellProvider(profileId, hidden ? 'hidden' : 'restored', { reason })
  return result.ok ? done(undefined) : result
}

async function hideInside(
  tx: Transaction,
  actor: Actor,
  profile: LockedProfile,
  hidden: boolean,
  reason: string,
): Promise<void> {
  await tx
    .update(profiles)
    .set(
      hidden
        ? {
            visibilityStatus: 'hidden',
            hiddenAt: sql`now()`,
            hiddenBy: actor.id,
            hiddenReason: reason,
            updatedAt: sql`now()`,
          }
        : {
            visibilityStatus: 'active',
            hiddenAt: null,
            hiddenBy: null,
            hiddenReason: null,
            updatedAt: sql`now()`,
          },
    )
    .where(eq(profiles.id, profile.id))
  await audit(tx, actor, {
    action: hidden ? 'hide' : 'unhide',
    targetType: 'profile',
    targetId: profile.id,
    targetLabel: profileLabel(profile),
    reason,
  })
}

// ---------------------------------------------------------------- tiers

/** Sets the membership tier (issue 8 item 5); paid tiers need an expiry, free has none. */
export async function setTier(
  actor: Actor,
  profileId: string,
  input: { tier: MembershipTier; expiresAt: Date | null; reason: string },
): Promise<AdminResult> {
  return inTransaction(async (tx) => {
    const profile = await lockProfile(tx, profileId)
    const free = input.tier === 'free'
    await tx
      .update(profiles)
      .set({
        membershipTier: input.tier,
        tierExpiresAt: free ? null : input.expiresAt,
        ...(free ? {} : { tierUpgradedAt: sql`now()` }),
        isPremium: !free,
        premiumExpiresAt: free ? null : input.expiresAt,
        updatedAt: sql`now()`,
      })
      .where(eq(profiles.id, profileId))
    await audit(tx, actor, {
      action: 'set_tier',
      targetType: 'profile',
      targetId: profileId,
      targetLabel: profileLabel(profile),
      reason: input.reason,
      details: {
        from: profile.membershipTier,
        to: input.tier,
        expiresAt: free ? null : (input.expiresAt?.toISOString() ?? null),
      },
    })
  })
}

/** Paid tiers whose time is up fall back to free (hourly, with the verification calendar). */
export async function expireTiers(now = new Date()): Promise<number> {
  const expired = await db()
    .update(profiles)
    .set({
      membershipTier: 'free',
      tierExpiresAt: null,
      isPremium: false,
      premiumExpiresAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(sql`${profiles.membershipTier} <> 'free'`, lte(profiles.tierExpiresAt, now)))
    .returning({ id: profiles.id })
  if (expired.length > 0) log.info('membership tiers expired', { count: expired.length })
  return expired.length
}

// ---------------------------------------------------------------- reports and photo flags

/** Closes a report with what was done; 'hide_profile' and 'ban_profile' are carried out. */
export async function resolveReport(
  actor: Actor,
  reportId: string,
  input: { resolution: ReportResolution; note: string },
): Promise<AdminResult> {
  let profileId = ''
  let restored = false
  const result = await inTransaction(async (tx) => {
    const [report] = await tx
      .select({
        profileId: reports.profileId,
        resolvedAt: reports.resolvedAt,
        reason: reports.reason,
      })
      .from(reports)
      .where(eq(reports.id, reportId))
      .for('update')
    if (!report) throw new Refusal('notFound')
    if (report.resolvedAt) throw new Refusal('alreadyResolved')
    profileId = report.profileId
    const profile = await lockProfile(tx, report.profileId)
    await closeWith(tx, actor, profile, input.resolution, input.note)
    await tx
      .update(reports)
      .set({
        resolvedAt: sql`now()`,
        resolvedBy: actor.id,
        resolution: input.resolution,
        note: input.note,
      })
      .where(eq(reports.id, reportId))
    if (input.resolution === 'no_action' || input.resolution === 'handled')
      restored = await showAfterReview(tx, actor, profile, input.note)
    await audit(tx, actor, {
      action: 'report_resolve',
      targetType: 'report',
      targetId: reportId,
      targetLabel: profileLabel(profile),
      reason: input.note,
      details: { resolution: input.resolution, reportReason: report.reason, profileId },
    })
  })
  if (result.ok) await tellOfClosing(profileId, input.resolution, input.note)
  if (result.ok && restored) await tellProvider(profileId, 'restored')
  return result
}

/**
 * A profile a 'minor suspected' report hid (issue 9) is public again once the team closes the
 * last open 'minor' report about it without hiding or banning it (a 'minor' report hides only
 * an active profile, so active is where it goes back to). True when it did.
 */
async function showAfterReview(
  tx: Transaction,
  actor: Actor,
  profile: LockedProfile,
  note: string,
): Promise<boolean> {
  if (profile.visibilityStatus !== 'hidden' || profile.hiddenReason !== REPORT_REVIEW_REASON)
    return false
  const [open] = await tx
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.profileId, profile.id),
        eq(reports.reason, 'minor'),
        isNull(reports.resolvedAt),
      ),
    )
    .limit(1)
  if (open) return false
  await hideInside(tx, actor, profile, false, note)
  return profile.status === 'approved'
}

/** Carries out a closing action on the (locked) profile of a report or flag. */
async function closeWith(
  tx: Transaction,
  actor: Actor,
  profile: LockedProfile,
  resolution: ReportResolution | FlagResolution,
  note: string,
): Promise<void> {
  // A profile hidden pending a report's review becomes hidden by the team, with its reason.
  if (
    resolution === 'hide_profile' &&
    (profile.visibilityStatus !== 'hidden' || profile.hiddenReason === REPORT_REVIEW_REASON)
  )
    await hideInside(tx, actor, profile, true, note)
  if (resolution === 'ban_profile') await banInside(tx, actor, profile, note)
}

async function tellOfClosing(
  profileId: string,
  resolution: ReportResolution | FlagResolution,
  note: string,
): Promise<void> {
  if (resolution === 'hide_profile') await tellProvider(profileId, 'hidden', { reason: note })
  if (resolution === 'ban_profile') await tellProvider(profileId, 'banned', { reason: note })
}

/**
 * Closes a duplicate-photo flag: 'remove_photo' deletes the newer photo (the one flagged),
 * 'hide_profile' and 'ban_profile' act on its profile.
 */
export async function resolveFlag(
  actor: Actor,
  flagId: string,
  input: { resolution: FlagResolution; note: string },
): Promise<AdminResult> {
  let profileId = ''
  let photoToDelete: string | null = null
  const result = await inTransaction(async (tx) => {
    const [flag] = await tx
      .select({
        imageId: photoFlags.imageId,
        matchedImageId: photoFlags.matchedImageId,
        resolvedAt: photoFlags.resolvedAt,
        profileId: images.profileId,
      })
      .from(photoFlags)
      .innerJoin(images, eq(images.id, photoFlags.imageId))
      .where(eq(photoFlags.id, flagId))
      .for('update', { of: photoFlags })
    if (!flag) throw new Refusal('notFound')
    if (flag.resolvedAt) throw new Refusal('alreadyResolved')
    profileId = flag.profileId
    const profile = await lockProfile(tx, flag.profileId)
    await closeWith(tx, actor, profile, input.resolution, input.note)
    await tx
      .update(photoFlags)
      .set({
        resolvedAt: sql`now()`,
        resolvedBy: actor.id,
        resolution: input.resolution,
        note: input.note,
      })
      .where(eq(photoFlags.id, flagId))
    if (input.resolution === 'remove_photo') {
      await tx
        .update(images)
        .set({ verificationType: 'deleting', isCover: false })
        .where(eq(images.id, flag.imageId))
      await keepACover(tx, flag.profileId)
      photoToDelete = flag.imageId
    }
    await audit(tx, actor, {
      action: 'flag_resolve',
      targetType: 'photo_flag',
      targetId: flagId,
      targetLabel: profileLabel(profile),
      reason: input.note,
      details: {
        resolution: input.resolution,
        imageId: flag.imageId,
        matchedImageId: flag.matchedImageId,
        profileId,
      },
    })
  })
  if (!result.ok) return result
  if (photoToDelete) {
    await discardPhotoRows([photoToDelete]).catch((error: unknown) =>
      log.error('flagged photo not deleted yet, left to the sweep', { error: String(error) }),
    )
  }
  await tellOfClosing(profileId, input.resolution, input.note)
  return result
}

// ---------------------------------------------------------------- reserved usernames

/** Reserves a username (no profile may take it) with the reason; refused when one has it. */
export async function reserveUsername(
  actor: Actor,
  username: string,
  reason: string,
): Promise<AdminResult> {
  return inTransaction(async (tx) => {
    const [taken] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.username, username))
    if (taken) throw new Refusal('usernameTaken')
    const inserted = await tx
      .insert(reservedUsernames)
      .values({ username, reason })
      .onConflictDoNothing()
      .returning({ username: reservedUsernames.username })
    if (inserted.length === 0) throw new Refusal('usernameTaken')
    await audit(tx, actor, {
      action: 'reserve_username',
      targetType: 'username',
      targetId: username,
      targetLabel: username,
      reason,
    })
  })
}

/** Frees a reserved username (an old one stops redirecting to its profile). */
export async function releaseUsername(
  actor: Actor,
  username: string,
  reason: string,
): Promise<AdminResult> {
  return inTransaction(async (tx) => {
    const removed = await tx
      .delete(reservedUsernames)
      .where(eq(reservedUsernames.username, username))
      .returning({ reason: reservedUsernames.reason, profileId: reservedUsernames.profileId })
    const [row] = removed
    if (!row) throw new Refusal('notFound')
    await audit(tx, actor, {
      action: 'release_username',
      targetType: 'username',
      targetId: username,
      targetLabel: username,
      reason,
      details: { wasReservedFor: row.reason, profileId: row.profileId },
    })
  })
}

// ---------------------------------------------------------------- roles

/** Every admin account's row is locked while the roles change, so two removals never race. */
async function lockAdmins(tx: Transaction) {
  return tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, 'admin'))
    .for('update')
}

/**
 * Makes the account with `email` an admin. A provider's account never is (staff use their own
 * account, so nobody reviews her own profile); a client's becomes a staff account.
 */
export async function grantAdmin(
  actor: Actor,
  email: string,
  reason: string,
): Promise<AdminResult> {
  return inTransaction(async (tx) => {
    await lockAdmins(tx)
    const [account] = await tx
      .select({
        id: user.id,
        email: user.email,
        role: userRoles.role,
        emailVerified: user.emailVerified,
      })
      .from(user)
      .leftJoin(userRoles, eq(userRoles.userId, user.id))
      .where(eq(user.email, email.trim().toLowerCase()))
    if (!account) throw new Refusal('noSuchAccount')
    if (account.role === 'admin') throw new Refusal('alreadyAdmin')
    if (account.role === 'provider') throw new Refusal('providerNotAdmin')
    // Only an account whose owner proved the address: else whoever signed up first with a
    // future colleague's address would sign in as an admin.
    if (!account.emailVerified) throw new Refusal('notConfirmed')
    await tx
      .insert(userRoles)
      .values({ userId: account.id, role: 'admin' })
      .onConflictDoUpdate({ target: userRoles.userId, set: { role: 'admin' } })
    await audit(tx, actor, {
      action: 'grant_admin',
      targetType: 'user',
      targetId: account.id,
      targetLabel: account.email,
      reason,
      details: { previousRole: account.role },
    })
  })
}

/** Takes the admin role away (the account becomes a client's); never from the last admin. */
export async function revokeAdmin(
  actor: Actor,
  userId: string,
  reason: string,
): Promise<AdminResult> {
  return inTransaction(async (tx) => {
    const admins = await lockAdmins(tx)
    if (!admins.some((row) => row.userId === userId)) throw new Refusal('notAdmin')
    if (admins.length <= 1) throw new Refusal('lastAdmin')
    const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId))
    await tx.update(userRoles).set({ role: 'client' }).where(eq(userRoles.userId, userId))
    await audit(tx, actor, {
      action: 'revoke_admin',
      targetType: 'user',
      targetId: userId,
      targetLabel: account?.email ?? userId,
      reason,
      details: { self: userId === actor.id },
    })
  })
}
