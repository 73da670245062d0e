import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import { returnFeeCents, suspensionStreak } from '#app/domain/moderation.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { isPaidTier } from '#app/domain/plans.ts'
import { LAPSED_VERIFICATION_REASON, verificationEndsAt } from '#app/domain/provider.ts'
import { SUSPENSIONS_BEFORE_BAN } from '#app/domain/terms.ts'
import { dictionary, format } from '#app/i18n/i18n.ts'
import type { Transaction } from '#db/client.server.ts'
import { profileSanctions } from '#db/schema/moderation.ts'
import { profiles, verificationSubmissions } from '#db/schema/profiles.ts'
import { banInside } from './bans.server.ts'
import {
  type Actor,
  type AdminResult,
  auditProfile,
  done,
  inTransaction,
  type LockedProfile,
  lockProfile,
  Refusal,
  SYSTEM_ACTOR,
  tellProvider,
} from './kernel.server.ts'
import { suspensionDaily } from './return-fee.server.ts'

// Suspensions (SPEC §4): suspending a profile, lifting it early, its end by itself, and waiving
// its return fee. The third suspension in a row is a ban instead (bans.server.ts).

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

/** The profile's suspension that has not ended (lifted) yet. */
const runningSuspension = (profileId: string) =>
  and(
    eq(profileSanctions.profileId, profileId),
    eq(profileSanctions.kind, 'suspension'),
    isNull(profileSanctions.liftedAt),
  )

export type SuspendOutcome = { banned: false; feeCents: number } | { banned: true }

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
    await auditProfile(tx, actor, profile, {
      action: 'suspend',
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
    await auditProfile(tx, actor, profile, {
      action: 'lift_suspension',
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
  await auditProfile(tx, SYSTEM_ACTOR, profile, {
    action: 'suspension_end',
    details: {
      why,
      public: valid,
      ...(planExtendedTo ? { planExtendedTo: planExtendedTo.toISOString() } : {}),
    },
  })
  return valid
}

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
    .where(runningSuspension(profile.id))
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
    .where(runningSuspension(profile.id))
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
      .where(runningSuspension(profileId))
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
    await auditProfile(tx, actor, profile, {
      action: 'return_fee_waive',
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
