import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import { CONTACT_CHANNELS, contactUrl } from '#app/domain/contact.ts'
import { hasVerifiedBadge } from '#app/domain/verified-badge.ts'
import { db } from '#db/client.server.ts'
import { images, profileServices, profiles } from '#db/schema/profiles.ts'
import { cities, neighborhoods, services } from '#db/schema/reference.ts'

/**
 * What the public profile page shows. Contact data is not part of it: the contact buttons go
 * through a server route (DESIGN.md), so no phone number or handle reaches the page. With
 * `preview` (issue 19 point 19: its provider's or an admin's look before it is public) any status
 * is read, and the photos waiting for review are shown beside the public ones.
 */
export async function publicProfile(id: string, { preview = false } = {}) {
  const [profile] = await db()
    .select({
      id: profiles.id,
      username: profiles.username,
      name: profiles.name,
      age: profiles.age,
      description: profiles.description,
      hourlyRate: profiles.hourlyRate,
      membershipTier: profiles.membershipTier,
      verificationStatus: profiles.verificationStatus,
      touringAvailable: profiles.touringAvailable,
      showAvailabilityStatus: profiles.showAvailabilityStatus,
      availableNow: profiles.availableNow,
      isDemo: profiles.isDemo,
      updatedAt: profiles.updatedAt,
      whatsapp: profiles.whatsapp,
      telegram: profiles.telegram,
      xHandle: profiles.xHandle,
      citySlug: profiles.citySlug,
      cityName: cities.name,
      neighborhoodSlug: profiles.neighborhoodSlug,
      neighborhoodName: neighborhoods.name,
    })
    .from(profiles)
    .leftJoin(cities, eq(cities.slug, profiles.citySlug))
    .leftJoin(
      neighborhoods,
      and(
        eq(neighborhoods.citySlug, profiles.citySlug),
        eq(neighborhoods.slug, profiles.neighborhoodSlug),
      ),
    )
    .where(
      preview
        ? eq(profiles.id, id)
        : and(
            eq(profiles.id, id),
            eq(profiles.status, 'approved'),
            eq(profiles.visibilityStatus, 'active'),
          ),
    )
    .limit(1)
  if (!profile) return undefined
  const [offered, photos] = await Promise.all([
    db()
      .select({ slug: services.slug, namePt: services.namePt, nameEn: services.nameEn })
      .from(profileServices)
      .innerJoin(services, eq(services.slug, profileServices.serviceSlug))
      .where(eq(profileServices.profileId, id))
      .orderBy(asc(services.displayOrder)),
    db()
      .select({
        id: images.id,
        storagePath: images.storagePath,
        variantWidths: images.variantWidths,
        width: images.width,
        height: images.height,
      })
      .from(images)
      .where(
        and(
          eq(images.profileId, id),
          inArray(images.verificationType, preview ? ['profile', 'pending'] : ['profile']),
          eq(images.mediaType, 'image'),
        ),
      )
      // The cover she chose first (issue 19 point 5), then her order.
      .orderBy(desc(images.isCover), asc(images.displayOrder), asc(images.id)),
  ])
  const { whatsapp, telegram, xHandle, verificationStatus, ...rest } = profile
  const stored = { whatsapp, telegram, x: xHandle }
  return {
    ...rest,
    verified: hasVerifiedBadge(verificationStatus),
    // Which contact buttons to show; the values themselves stay on the server.
    channels: CONTACT_CHANNELS.filter((channel) => contactUrl(channel, stored[channel], '')),
    services: offered,
    photos: photos.flatMap((photo) =>
      photo.storagePath && photo.width && photo.height
        ? [{ ...photo, storagePath: photo.storagePath, width: photo.width, height: photo.height }]
        : [],
    ),
  }
}

export type PublicProfile = NonNullable<Awaited<ReturnType<typeof publicProfile>>>
