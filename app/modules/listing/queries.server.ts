import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { db } from '#db/client.server.ts'
import { images, profiles } from '#db/schema/profiles.ts'

/** Listing rule of SPEC §4: only approved and active profiles are public. */
export const isPublicProfile = and(
  eq(profiles.status, 'approved'),
  eq(profiles.visibilityStatus, 'active'),
)

/** Tier rank of SPEC §3 in SQL, for ordering. */
const tierRankSql = sql<number>`case ${profiles.membershipTier}
  when 'vip_plus' then 5 when 'ouro' then 4 when 'prata' then 3
  when 'bronze' then 2 when 'basico' then 1 else 0 end`

/** What a profile card shows; never the phone number or other contact data. */
export interface ProfileCardData {
  id: string
  username: string
  name: string
  age: number | null
  city: string | null
  hourlyRate: number | null
  membershipTier: string
  touringAvailable: boolean
  isDemo: boolean
  cover: { storagePath: string; variantWidths: number[]; width: number; height: number } | null
}

/**
 * Public profiles for the home page, best tier first then newest, each with its cover photo,
 * in one query. (The discovery issue replaces the order with the fair rotation.)
 */
export async function featuredProfiles(limit: number): Promise<ProfileCardData[]> {
  const cover = db()
    .select({
      storagePath: images.storagePath,
      variantWidths: images.variantWidths,
      width: images.width,
      height: images.height,
    })
    .from(images)
    .where(
      and(
        eq(images.profileId, profiles.id),
        eq(images.verificationType, 'profile'),
        eq(images.mediaType, 'image'),
      ),
    )
    .orderBy(desc(images.isCover), asc(images.displayOrder))
    .limit(1)
    .as('cover')
  const rows = await db()
    .select({
      id: profiles.id,
      username: profiles.username,
      name: profiles.name,
      age: profiles.age,
      city: profiles.city,
      hourlyRate: profiles.hourlyRate,
      membershipTier: profiles.membershipTier,
      touringAvailable: profiles.touringAvailable,
      isDemo: profiles.isDemo,
      coverPath: cover.storagePath,
      coverWidths: cover.variantWidths,
      coverWidth: cover.width,
      coverHeight: cover.height,
    })
    .from(profiles)
    .leftJoinLateral(cover, sql`true`)
    .where(isPublicProfile)
    .orderBy(desc(tierRankSql), desc(profiles.createdAt))
    .limit(limit)
  return rows.map(({ coverPath, coverWidths, coverWidth, coverHeight, ...profile }) => ({
    ...profile,
    cover:
      coverPath && coverWidths && coverWidth && coverHeight
        ? {
            storagePath: coverPath,
            variantWidths: coverWidths,
            width: coverWidth,
            height: coverHeight,
          }
        : null,
  }))
}
