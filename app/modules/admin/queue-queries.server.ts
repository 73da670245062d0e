import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { ADMIN_PAGE_SIZE } from '#app/domain/moderation.ts'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { images, profiles, verificationSubmissions } from '#db/schema/profiles.ts'

// What the admin screens read (issue 8), one file per subject; one query per list, every list
// bounded. Here: the dashboard's counts, the queues of identity checks and changes, and a check
// with its profile's photos for review.

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
      /** The CPF she gave for withdrawals (issue 22), until the decision. */
      cpf: verificationSubmissions.cpf,
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
