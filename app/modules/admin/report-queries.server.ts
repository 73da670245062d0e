import { asc, eq, isNull, sql } from 'drizzle-orm'
import { ADMIN_PAGE_SIZE } from '#app/domain/moderation.ts'
import { db } from '#db/client.server.ts'
import { reports } from '#db/schema/moderation.ts'
import { profiles } from '#db/schema/profiles.ts'

// What the admin screens read of what waits to be closed (issue 8): open reports and
// duplicate-photo flags.

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
