import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import { returnFeeCents, suspensionStreak } from '#app/domain/moderation.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { dailyValueCents, isPaidTier, isRunning, type PaidTier } from '#app/domain/plans.ts'
import { LAPSED_VERIFICATION_REASON, verificationEndsAt } from '#app/domain/provider.ts'
import { SUSPENSIONS_BEFORE_BAN } from '#app/domain/terms.ts'
import { dictionary, format } from '#app/i18n/i18n.ts'
import { identifierHash } from '#app/modules/security/ban-list.server.ts'
import { db, type Transaction } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { bannedIdentifiers, profileSanctions } from '#db/schema/moderation.ts'
import { planPrices } from '#db/schema/payments.ts'
import { profiles, verificationSubmissions } from '#db/schema/profiles.ts'
import { freezeInside } from './freezes.server.ts'
import {
  type Actor,
  type AdminResult,
  audit,
  done,
  inTransaction,
  type LockedProfile,
  lockProfile,
  profileLabel,
  Refusal,
  tellProvider,
} from './kernel.server.ts'

// Suspension, ban and hiding (SPEC §4): what the team does to a profile that broke the rules.

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

/** The plan a return fee is counted from: her running paid plan, or none (free: no fee). */
export interface SuspensionDaily {
  tier: PaidTier | null
  /** The plan's current price per PLAN_DAYS (null: free). */
  priceCents: number | null
  /** price / PLAN_DAYS, rounded (SPEC §4); 0 on the free plan. */
  dailyValueCents: number
}

/**
 * The daily value of the profile's plan for a return fee (issue 33 point 5; SPEC §4): the current
 * price of her running paid plan divided by PLAN_DAYS; 0 when she is on the free plan or hers
 * has ended. Read inside the caller's transaction, or on its own.
 */
export async function suspensionDaily(
  reader: Pick<Transaction, 'select'>,
  profileId: string,
  now = new Date(),
): Promise<SuspensionDaily> {
  const [row] = await reader
    .select({
      tier: profiles.membershipTier,
      expiresAt: profiles.tierExpiresAt,
      priceCents: planPrices.priceCents,
    })
    .from(profiles)
    .leftJoin(planPrices, eq(sql`${planPrices.tier}::text`, sql`${profiles.membershipTier}::text`))
    .where(eq(profiles.id, profileId))
  if (!row || !isRunning(row, now) || !isPaidTier(row.tier) || row.priceCents === null) {
    return { tier: null, priceCents: null, dailyValueCents: 0 }
  }
  return {
    tier: row.tier,
    priceCents: row.priceCents,
    dailyValueCents: dailyValueCents(row.priceCents),
  }
}

/** The daily value of the profile's plan, read on its own (the admin profile page). */
export function suspensionDailyOf(profileId: string): Promise<SuspensionDaily> {
  return suspensionDaily(db(), profileId)
}

/** What suspending for `days` would cost her, as the team sees it before confirming. */
export interface SuspensionPreview extends SuspensionDaily {
  days: number
  /** days × the daily value. */
  planFeeCents: number
  /** The fee she will owe: the team's, when it set one, else planFeeCents. */
  feeCents: number
  overridden: boolean
}

/** The return fee a suspension of `days` would record now (issue 33 point 5). */
export async function previewSuspension(
  profileId: string,
  days: number,
  override?: { feeCents: number },
): Promise<SuspensionPreview> {
  const daily = await suspensionDaily(db(), profileId)
  const planFeeCents = returnFeeCents(days, daily.dailyValueCents)
  return {
    ...daily,
    days,
    planFeeCents,
    feeCents: override?.feeCents ?? planFeeCents,
    overridden: override !== undefined,
  }
}

/**
 * Suspends a public profile for `days` (SPEC §4), recording the return fee: days × the daily
 * value of her plan (suspensionDaily; `dailyValueCents` when the caller gives one), or the fee
 * the team set instead, with its reason (issue 33 point 5; both in the audit entry). The third
 * consecutive suspension is a ban instead, done automatically. Her paid plan's days do not run
 * while she is suspended: its end moves on by the time suspended when the suspension ends.
 */
export async function suspendProfile(
  actor: Actor,
  profileId: string,
  input: {
    days: number
    reason: string
    dailyValueCents?: number
    fee?: { cents: number; reason: string }
  },
): Promise<AdminResult<SuspendOutcome>> {
  let daily = input.dailyValueCents ?? 0
  let feeCents = 0
  const result = await inTransaction(async (tx): Promise<SuspendOutcome> => {
    const profile = await lockProfile(tx, profileId)
    if (profile.status !== 'approved') throw new Refusal('wrongState')
    const streak = await streakOf(tx, profileId)
    if (streak >= SUSPENSIONS_BEFORE_BAN) {
      await banInside(tx, actor, profile, input.reason, { automatic: true, streak })
      return { banned: true }
    }
    daily = input.dailyValueCents ?? (await suspensionDaily(tx, profileId)).dailyValueCents
    const planFeeCents = returnFeeCents(input.days, daily)
    feeCents = input.fee?.cents ?? planFeeCents
    const endsAt = new Date(Date.now() + input.days * 86_400_000)
    await tx.insert(profileSanctions).values({
      profileId,
      kind: 'suspension',
      reason: input.reason,
      days: input.days,
      dailyValueCents: daily,
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
        dailyValueCents: daily,
        feeCents,
        ...(input.fee ? { computedFeeCents: planFeeCents, feeReason: input.fee.reason } : {}),
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
        daily: formatBrlCents(daily, language),
        fee: formatBrlCents(feeCents, language),
        feeText: format(
          dictionary(language).email.suspendedFee[
            feeCents === 0 ? 'none' : input.fee ? 'team' : 'plan'
          ],
          {
            days: String(input.days),
            daily: formatBrlCents(daily, language),
            fee: formatBrlCents(feeCents, language),
          },
        ),
      }),
    })
  return result
}

/**
 * Lifts a suspension early (the team, issue 7 item 6): the profile is public again while its
 * identity check is valid, else back to draft to send new documents.
 */
export async function liftSuspension(
  actor: Actor,
  profileId: string,
  reason: string,
): Promise<AdminResult> {
  const result = await inTransaction(async (tx) => {
    const profile = await lockProfile(tx, profileId)
    if (profile.status !== 'suspended') throw new Refusal('wrongState')
    const { valid, planExtendedTo } = await endSuspension(tx, profile)
    await audit(tx, actor, {
      action: 'lift_suspension',
      targetType: 'profile',
      targetId: profileId,
      targetLabel: profileLabel(profile),
      reason,
      details: {
        public: valid,
        ...(planExtendedTo ? { planExtendedTo: planExtendedTo.toISOString() } : {}),
      },
    })
    return valid
  })
  // "Back online" only when it is; otherwise the dashboard says what to send.
  if (result.ok && result.value) await tellProvider(profileId, 'restored', { reason })
  return result.ok ? done(undefined) : result
}

/**
 * A suspension ends by itself when its time is up and its return fee is settled (issue 21
 * point 4; SPEC §4): inside the caller's transaction, audited with the actor 'system'. True when
 * the profile is public again (the caller tells her, after the commit); false when it was not
 * suspended (nothing done) or its identity check lapsed meanwhile (back to draft or the queue).
 */
export async function returnInside(
  tx: Transaction,
  profileId: string,
  why: 'time_up' | 'fee_paid' | 'fee_waived',
): Promise<boolean> {
  const profile = await lockProfile(tx, profileId)
  if (profile.status !== 'suspended') return false
  const { valid, planExtendedTo } = await endSuspension(tx, profile)
  await audit(tx, SYSTEM_ACTOR, {
    action: 'suspension_end',
    targetType: 'profile',
    targetId: profileId,
    targetLabel: profileLabel(profile),
    details: {
      why,
      public: valid,
      ...(planExtendedTo ? { planExtendedTo: planExtendedTo.toISOString() } : {}),
    },
  })
  return valid
}

/** The actor of what the site does by itself (audit entries). */
const SYSTEM_ACTOR: Actor = { id: 'system', email: 'system' }

/**
 * Ends the running suspension: public again with a valid check, else draft or the queue. Her paid
 * plan did not run while she was suspended (issue 33 point 5): a plan still running when the
 * suspension started ends later by the time suspended. The audit entry gets its new end.
 */
async function endSuspension(
  tx: Transaction,
  profile: LockedProfile,
): Promise<{ valid: boolean; planExtendedTo: Date | null }> {
  const [running] = await tx
    .select({ startsAt: profileSanctions.startsAt })
    .from(profileSanctions)
    .where(
      and(
        eq(profileSanctions.profileId, profile.id),
        eq(profileSanctions.kind, 'suspension'),
        isNull(profileSanctions.liftedAt),
      ),
    )
    .orderBy(desc(profileSanctions.startsAt))
    .limit(1)
  const [plan] = await tx
    .select({ tier: profiles.membershipTier, expiresAt: profiles.tierExpiresAt })
    .from(profiles)
    .where(eq(profiles.id, profile.id))
  const now = Date.now()
  const planExtendedTo =
    running && plan?.expiresAt && isPaidTier(plan.tier) && plan.expiresAt > running.startsAt
      ? new Date(plan.expiresAt.getTime() + Math.max(0, now - running.startsAt.getTime()))
      : null
  const valid = profile.verifiedAt !== null && verificationEndsAt(profile.verifiedAt) > new Date()
  // A lapsed check goes back to the provider, or waits in the queue when new documents are in.
  const [renewal] = valid
    ? []
    : await tx
        .select({ id: verificationSubmissions.id })
        .from(verificationSubmissions)
        .where(
          and(
            eq(verificationSubmissions.profileId, profile.id),
            inArray(verificationSubmissions.status, ['receiving', 'pending']),
          ),
        )
        .limit(1)
  await tx
    .update(profileSanctions)
    .set({ liftedAt: sql`now()` })
    .where(
      and(
        eq(profileSanctions.profileId, profile.id),
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
      ...(planExtendedTo
        ? { tierExpiresAt: planExtendedTo, premiumExpiresAt: planExtendedTo, tierReminderFor: null }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(profiles.id, profile.id))
  return { valid, planExtendedTo }
}

/**
 * The team waives a suspension's return fee, with a reason (issue 21 point 4; audited). A
 * suspension whose time is up ends at once.
 */
export async function waiveReturnFee(
  actor: Actor,
  profileId: string,
  reason: string,
): Promise<AdminResult> {
  const result = await inTransaction(async (tx) => {
    const profile = await lockProfile(tx, profileId)
    if (profile.status !== 'suspended') throw new Refusal('wrongState')
    const [sanction] = await tx
      .select()
      .from(profileSanctions)
      .where(
        and(
          eq(profileSanctions.profileId, profileId),
          eq(profileSanctions.kind, 'suspension'),
          isNull(profileSanctions.liftedAt),
        ),
      )
      .orderBy(desc(profileSanctions.startsAt))
      .limit(1)
      .for('update')
    if (!sanction) throw new Refusal('wrongState')
    // No fee, or one paid or waived already: nothing to waive.
    if (!sanction.feeCents || sanction.feePaidAt || sanction.feeWaivedAt) {
      throw new Refusal('feeSettled')
    }
    await tx
      .update(profileSanctions)
      .set({ feeWaivedAt: sql`now()`, feeWaivedBy: actor.id, feeWaiveReason: reason })
      .where(eq(profileSanctions.id, sanction.id))
    await audit(tx, actor, {
      action: 'return_fee_waive',
      targetType: 'profile',
      targetId: profileId,
      targetLabel: profileLabel(profile),
      reason,
      details: { feeCents: sanction.feeCents },
    })
    return sanction.endsAt !== null && sanction.endsAt <= new Date()
      ? returnInside(tx, profileId, 'fee_waived')
      : false
  })
  if (result.ok && result.value) await tellProvider(profileId, 'restored', { reason })
  return result.ok ? done(undefined) : result
}

/** The ban itself, inside the caller's transaction: status, history, ban list, audit entry. */
export async function banInside(
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
  // Her gift balance waits for the team's decision (issue 22 point 4).
  await freezeInside(tx, actor, profile, 'ban', reason)
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

export async function hideInside(
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
