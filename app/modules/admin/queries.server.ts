import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
} from 'drizzle-orm'
import {
  ADMIN_PAGE_SIZE,
  type AdminAction,
  type RoleFilter,
  suspensionStreak,
} from '#app/domain/moderation.ts'
import { PROFILE_STATUSES, type ProfileStatus } from '#app/domain/profile-status.ts'
import { db } from '#db/client.server.ts'
import { user, userRoles } from '#db/schema/auth.ts'
import { auditLog, profileSanctions, reports } from '#db/schema/moderation.ts'
import {
  images,
  profiles,
  reservedUsernames,
  verificationSubmissions,
} from '#db/schema/profiles.ts'

// What the admin screens read (issue 8). One query per list; every list is bounded.

interface CountsRow {
  pending_checks: number
  pending_changes: number
  open_reports: number
  open_flags: number
  by_status: Record<string, number> | null
  by_tier: Record<string, number> | null
}

/** The dashboard's counts, in one round trip. */
export async function adminCounts() {
  const result = await db().execute(sql`select
    (select count(*)::int from verification_submissions where status = 'pending') as pending_checks,
    (select count(*)::int from profiles where changes_submitted_at is not null) as pending_changes,
    (select count(*)::int from reports where resolved_at is null) as open_reports,
    (select count(*)::int from photo_flags where resolved_at is null) as open_flags,
    (select jsonb_object_agg(status, n) from (select status, count(*)::int as n from profiles group by status) s) as by_status,
    (select jsonb_object_agg(membership_tier, n) from (select membership_tier, count(*)::int as n from profiles group by membership_tier) t) as by_tier`)
  const [row] = (result as unknown as { rows: CountsRow[] }).rows
  return {
    pendingChecks: row?.pending_checks ?? 0,
    pendingChanges: row?.pending_changes ?? 0,
    openReports: row?.open_reports ?? 0,
    openFlags: row?.open_flags ?? 0,
    byStatus: row?.by_status ?? {},
    byTier: row?.by_tier ?? {},
  }
}

/** Identity checks waiting, oldest first, with whether the profile is already public. */
export function checkQueue() {
  return db()
    .select({
      id: verificationSubmissions.id,
      submittedAt: verificationSubmissions.submittedAt,
      profileId: profiles.id,
      name: profiles.name,
      username: profiles.username,
      city: profiles.city,
      renewal: sql<boolean>`${profiles.verifiedAt} is not null`,
    })
    .from(verificationSubmissions)
    .innerJoin(profiles, eq(profiles.id, verificationSubmissions.profileId))
    .where(eq(verificationSubmissions.status, 'pending'))
    .orderBy(asc(verificationSubmissions.submittedAt))
    .limit(ADMIN_PAGE_SIZE)
}

/** Public profiles with a new name or new photos waiting, oldest first. */
export function changesQueue() {
  return db()
    .select({
      profileId: profiles.id,
      name: profiles.name,
      username: profiles.username,
      pendingWorkingName: profiles.pendingWorkingName,
      changesSubmittedAt: profiles.changesSubmittedAt,
      pendingPhotos: sql<number>`(select count(*)::int from images i
        where i.profile_id = profiles.id and i.verification_type = 'pending')`,
    })
    .from(profiles)
    .where(isNotNull(profiles.changesSubmittedAt))
    .orderBy(asc(profiles.changesSubmittedAt))
    .limit(ADMIN_PAGE_SIZE)
}

const photoColumns = {
  id: images.id,
  url: images.url,
  storagePath: images.storagePath,
  width: images.width,
  height: images.height,
  variantWidths: images.variantWidths,
  isCover: images.isCover,
  pending: sql<boolean>`${images.verificationType} = 'pending'`,
}

/** A profile's photos the team sees: public and waiting ones, in the provider's order. */
export function profilePhotos(profileId: string) {
  return db()
    .select(photoColumns)
    .from(images)
    .where(
      and(
        eq(images.profileId, profileId),
        inArray(images.verificationType, ['profile', 'pending']),
      ),
    )
    .orderBy(asc(images.displayOrder), asc(images.createdAt))
}

/** One identity check with its profile, for the review screen. */
export async function checkForReview(submissionId: string) {
  const [row] = await db()
    .select({
      id: verificationSubmissions.id,
      status: verificationSubmissions.status,
      submittedAt: verificationSubmissions.submittedAt,
      consentAt: verificationSubmissions.consentAt,
      profileId: profiles.id,
      name: profiles.name,
      username: profiles.username,
      age: profiles.age,
      city: profiles.city,
      whatsapp: profiles.whatsapp,
      verifiedAt: profiles.verifiedAt,
      email: user.email,
    })
    .from(verificationSubmissions)
    .innerJoin(profiles, eq(profiles.id, verificationSubmissions.profileId))
    .leftJoin(user, eq(user.id, profiles.userId))
    .where(eq(verificationSubmissions.id, submissionId))
  return row
}

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
      })
      .from(profileSanctions)
      .where(eq(profileSanctions.profileId, profileId))
      .orderBy(desc(profileSanctions.startsAt)),
  ])
  const suspensions = sanctions.filter((one) => one.kind === 'suspension')
  return {
    profile,
    photos,
    history,
    reports: profileReports,
    sanctions,
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

/**
 * Open reports with the profile they are about: 'minor suspected' first (the profile waits
 * hidden), then oldest first.
 */
export function openReports() {
  return db()
    .select({
      id: reports.id,
      reason: reports.reason,
      details: reports.details,
      createdAt: reports.createdAt,
      byClient: sql<boolean>`${reports.reporterId} is not null`,
      hidProfile: sql<boolean>`${reports.hidFrom} is not null`,
      profileId: profiles.id,
      name: profiles.name,
      username: profiles.username,
      status: profiles.status,
      visibilityStatus: profiles.visibilityStatus,
    })
    .from(reports)
    .innerJoin(profiles, eq(profiles.id, reports.profileId))
    .where(isNull(reports.resolvedAt))
    .orderBy(sql`${reports.reason} = 'minor' desc`, asc(reports.createdAt))
    .limit(ADMIN_PAGE_SIZE)
}

/** Open duplicate-photo flags, oldest first: both photos and both profiles. */
export async function openFlags() {
  const result = await db().execute(sql`select f.id, f.distance, f.created_at,
      i.url as image_url, i.storage_path as image_path, i.width as image_width, i.height as image_height,
      i.variant_widths as image_variants,
      p.id as profile_id, p.name as profile_name, p.username as profile_username,
      m.url as matched_url, m.storage_path as matched_path, m.width as matched_width, m.height as matched_height,
      m.variant_widths as matched_variants,
      mp.id as matched_profile_id, mp.name as matched_profile_name,
      mp.username as matched_profile_username
    from photo_flags f
    join images i on i.id = f.image_id
    join profiles p on p.id = i.profile_id
    join images m on m.id = f.matched_image_id
    join profiles mp on mp.id = m.profile_id
    where f.resolved_at is null
    order by f.created_at
    limit ${ADMIN_PAGE_SIZE}`)
  const rows = (result as unknown as { rows: FlagRow[] }).rows
  return rows.map((row) => ({
    id: row.id,
    distance: row.distance,
    createdAt: new Date(row.created_at),
    photo: {
      url: row.image_url,
      storagePath: row.image_path,
      width: row.image_width,
      height: row.image_height,
      variantWidths: row.image_variants,
    },
    profile: { id: row.profile_id, name: row.profile_name, username: row.profile_username },
    matchedPhoto: {
      url: row.matched_url,
      storagePath: row.matched_path,
      width: row.matched_width,
      height: row.matched_height,
      variantWidths: row.matched_variants,
    },
    matchedProfile: {
      id: row.matched_profile_id,
      name: row.matched_profile_name,
      username: row.matched_profile_username,
    },
  }))
}

interface FlagRow {
  id: string
  distance: number
  created_at: string | Date
  image_url: string
  image_path: string | null
  image_width: number | null
  image_height: number | null
  image_variants: number[]
  profile_id: string
  profile_name: string
  profile_username: string
  matched_url: string
  matched_path: string | null
  matched_width: number | null
  matched_height: number | null
  matched_variants: number[]
  matched_profile_id: string
  matched_profile_name: string
  matched_profile_username: string
}

/** Reserved usernames with the profile an old name leads to. */
export function reservedList() {
  return db()
    .select({
      username: reservedUsernames.username,
      reason: reservedUsernames.reason,
      createdAt: reservedUsernames.createdAt,
      profileUsername: profiles.username,
    })
    .from(reservedUsernames)
    .leftJoin(profiles, eq(profiles.id, reservedUsernames.profileId))
    .orderBy(asc(reservedUsernames.username))
    .limit(500)
}

/** The admins, oldest first. */
export function adminList() {
  return db()
    .select({ id: user.id, email: user.email, name: user.name, since: userRoles.createdAt })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(eq(userRoles.role, 'admin'))
    .orderBy(asc(userRoles.createdAt))
}

export interface AuditFilters {
  action: AdminAction | null
  actor: string
  target: string
  from: Date | null
  to: Date | null
  /** Entries older than this one (keyset pagination: the log only grows). */
  before: { at: string; id: string } | null
}

/** Audit entries, newest first, filtered; one page and whether there is another. */
export async function auditEntries(filters: AuditFilters) {
  const like = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const rows = await db()
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actorEmail: auditLog.actorEmail,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      targetLabel: auditLog.targetLabel,
      reason: auditLog.reason,
      details: auditLog.details,
      /** The exact time (microseconds) for the next page's cursor. */
      cursorAt: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(auditLog)
    .where(
      and(
        filters.action ? eq(auditLog.action, filters.action) : undefined,
        filters.actor ? ilike(auditLog.actorEmail, like(filters.actor)) : undefined,
        filters.target
          ? or(
              eq(auditLog.targetId, filters.target),
              ilike(auditLog.targetLabel, like(filters.target)),
            )
          : undefined,
        filters.from ? gte(auditLog.createdAt, filters.from) : undefined,
        filters.to ? lt(auditLog.createdAt, filters.to) : undefined,
        filters.before
          ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${filters.before.at}::timestamptz, ${filters.before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(ADMIN_PAGE_SIZE + 1)
  return { rows: rows.slice(0, ADMIN_PAGE_SIZE), more: rows.length > ADMIN_PAGE_SIZE }
}
