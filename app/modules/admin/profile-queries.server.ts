import { and, desc, eq, ilike, or, sql } from 'drizzle-orm'
import { ADMIN_PAGE_SIZE, type RoleFilter, suspensionStreak } from '#app/domain/moderation.ts'
import { PROFILE_STATUSES, type ProfileStatus } from '#app/domain/profile-status.ts'
import { db } from '#db/client.server.ts'
import { user, userRoles } from '#db/schema/auth.ts'
import { auditLog, profileSanctions, reports } from '#db/schema/moderation.ts'
import { profiles } from '#db/schema/profiles.ts'
import { profilePhotos } from './queue-queries.server.ts'

// What the admin screens read about profiles and accounts (issue 8): one profile's page, and
// the search.

/** Everything the team sees on a profile's page. */
export async function profileForAdmin(profileId: string) {
  const [profile] = await db()
    .select({
      id: profiles.id,
      name: profiles.name,
      username: profiles.username,
      age: profiles.age,
      city: profiles.city,
      whatsapp: profiles.whatsapp,
      status: profiles.status,
      statusReason: profiles.statusReason,
      visibilityStatus: profiles.visibilityStatus,
      hiddenReason: profiles.hiddenReason,
      suspendedUntil: profiles.suspendedUntil,
      membershipTier: profiles.membershipTier,
      tierExpiresAt: profiles.tierExpiresAt,
      verifiedAt: profiles.verifiedAt,
      pendingWorkingName: profiles.pendingWorkingName,
      changesSubmittedAt: profiles.changesSubmittedAt,
      isDemo: profiles.isDemo,
      createdAt: profiles.createdAt,
      email: user.email,
      userId: user.id,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(profiles)
    .leftJoin(user, eq(user.id, profiles.userId))
    .where(eq(profiles.id, profileId))
  if (!profile) return undefined
  const [photos, history, profileReports, sanctions] = await Promise.all([
    profilePhotos(profileId),
    db()
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        actorEmail: auditLog.actorEmail,
        action: auditLog.action,
        reason: auditLog.reason,
        details: auditLog.details,
      })
      .from(auditLog)
      .where(
        or(eq(auditLog.targetId, profileId), sql`${auditLog.details}->>'profileId' = ${profileId}`),
      )
      .orderBy(desc(auditLog.createdAt))
      .limit(ADMIN_PAGE_SIZE),
    db()
      .select({
        id: reports.id,
        reason: reports.reason,
        details: reports.details,
        createdAt: reports.createdAt,
        resolvedAt: reports.resolvedAt,
        resolution: reports.resolution,
      })
      .from(reports)
      .where(eq(reports.profileId, profileId))
      .orderBy(desc(reports.createdAt))
      .limit(ADMIN_PAGE_SIZE),
    db()
      .select({
        kind: profileSanctions.kind,
        reason: profileSanctions.reason,
        feeCents: profileSanctions.feeCents,
        startsAt: profileSanctions.startsAt,
        endsAt: profileSanctions.endsAt,
        liftedAt: profileSanctions.liftedAt,
        feePaidAt: profileSanctions.feePaidAt,
        feeWaivedAt: profileSanctions.feeWaivedAt,
        feeWaiveReason: profileSanctions.feeWaiveReason,
      })
      .from(profileSanctions)
      .where(eq(profileSanctions.profileId, profileId))
      .orderBy(desc(profileSanctions.startsAt)),
  ])
  const suspensions = sanctions.filter((one) => one.kind === 'suspension')
  // The running suspension (newest first), whose return fee the page shows (issue 21 point 4).
  const running =
    profile.status === 'suspended' ? suspensions.find((one) => one.liftedAt === null) : undefined
  return {
    profile,
    photos,
    history,
    reports: profileReports,
    sanctions,
    returnFee: running
      ? {
          cents: running.feeCents ?? 0,
          paidAt: running.feePaidAt,
          waivedAt: running.feeWaivedAt,
          waiveReason: running.feeWaiveReason,
        }
      : null,
    /** Which suspension in a row a new one would be (the third is a ban instead). */
    nextSuspension: suspensionStreak(suspensions, new Date()),
  }
}

/**
 * Accounts and profiles matching a text (name, username, e-mail, city) and filters. Accounts
 * without a profile (clients, admins) and profiles without an account (demo, imported) both
 * appear: the search runs over account ⟗ profile.
 */
export async function searchAccounts(filters: {
  q: string
  status: ProfileStatus | null
  role: RoleFilter | null
  page: number
}) {
  const pattern = `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const text = filters.q
    ? or(
        ilike(profiles.name, pattern),
        ilike(profiles.username, pattern),
        ilike(profiles.city, pattern),
        ilike(user.name, pattern),
        ilike(user.email, pattern),
      )
    : undefined
  const rows = await db()
    .select({
      userId: user.id,
      email: user.email,
      accountName: user.name,
      role: userRoles.role,
      profileId: profiles.id,
      name: profiles.name,
      username: profiles.username,
      city: profiles.city,
      status: profiles.status,
      visibilityStatus: profiles.visibilityStatus,
      membershipTier: profiles.membershipTier,
    })
    .from(user)
    .fullJoin(profiles, eq(profiles.userId, user.id))
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .where(
      and(
        text,
        filters.status ? eq(profiles.status, filters.status) : undefined,
        filters.role ? eq(userRoles.role, filters.role) : undefined,
      ),
    )
    .orderBy(sql`coalesce(${profiles.createdAt}, ${user.createdAt}) desc`)
    .limit(ADMIN_PAGE_SIZE + 1)
    .offset((filters.page - 1) * ADMIN_PAGE_SIZE)
  return { rows: rows.slice(0, ADMIN_PAGE_SIZE), more: rows.length > ADMIN_PAGE_SIZE }
}

export const isProfileStatus = (value: string | null): value is ProfileStatus =>
  PROFILE_STATUSES.some((one) => one === value)
