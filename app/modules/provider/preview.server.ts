import { eq } from 'drizzle-orm'
import { type ProviderStanding, providerStanding } from '#app/domain/provider.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import type { ProfilePageData } from '#app/modules/profile/public-profile.ts'
import { publicProfile } from '#app/modules/profile/queries.server.ts'
import type { ReviewPage } from '#app/modules/reviews/review-types.ts'
import { reviewsOfProfile } from '#app/modules/reviews/reviews.server.ts'
import { db } from '#db/client.server.ts'
import { profiles } from '#db/schema/profiles.ts'
import { ownProfile } from './own-profile.server.ts'

// A provider's profile as the public will see it (issue 19 point 19), for her and for the team:
// the public page's data read whatever the status, and where the profile stands (what is
// missing, the review, a pause…), so the preview says why it is not public yet.

export interface ProfilePreview extends ProfilePageData {
  /** The first page of her published reviews, as the public page shows them (issue 20). */
  reviews: ReviewPage
  standing: ProviderStanding
  /** Whether the profile is public right now (approved and active). */
  isPublic: boolean
}

/** A preview's answer: only for the one asking, never kept by any cache, never indexed. */
export const PREVIEW_HEADERS = { ...PRIVATE_NO_STORE, 'X-Robots-Tag': 'noindex' }

/** The preview of the profile of the provider `userId`, or undefined when she has none. */
export async function previewOfProvider(userId: string): Promise<ProfilePreview | undefined> {
  const own = await ownProfile(userId)
  if (!own) return undefined
  const [profile, reviews] = await Promise.all([
    publicProfile(own.id, { preview: true }),
    reviewsOfProfile(own.id, 1),
  ])
  if (!profile) return undefined
  return {
    profile,
    reviews,
    carousel: null,
    breadcrumbCity:
      profile.citySlug && profile.cityName
        ? { slug: profile.citySlug, name: profile.cityName }
        : null,
    standing: providerStanding(
      { ...own, visibility: own.visibilityStatus, photos: own.photoCount },
      new Date(),
    ),
    isPublic: own.status === 'approved' && own.visibilityStatus === 'active',
  }
}

/** The preview of the profile `profileId` (for the team), or undefined when there is none. */
export async function previewOfProfile(profileId: string): Promise<ProfilePreview | undefined> {
  if (!isUuid(profileId)) return undefined
  const [owner] = await db()
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.id, profileId))
  return owner?.userId ? previewOfProvider(owner.userId) : undefined
}
