import { count, eq, inArray } from 'drizzle-orm'
import type { MediaStorage } from '#app/platform/storage.server.ts'
import type { Database } from '#db/client.server.ts'
import { images, profileServices, profiles } from '#db/schema/profiles.ts'
import { cities } from '#db/schema/reference.ts'
import { demoProfiles } from './demo/profiles.ts'
import { placeholderImageRow, placeholderKey, writePlaceholderArt } from './demo-art.server.ts'

const DAY_MS = 86_400_000

/**
 * Demo mode: on an empty database, creates the 12 demonstration profiles (approved, active,
 * labelled is_demo) with generated placeholder art. Outside demo mode, removes any demonstration
 * profile so they never mix with real ones (DESIGN.md).
 */
export async function syncDemoData(
  db: Database,
  options: { enabled: boolean; storage: MediaStorage },
): Promise<void> {
  if (!options.enabled) {
    // Rows first, files after: a crash in between leaves unused files, never a broken profile.
    const pictures = await db
      .select({ storagePath: images.storagePath, widths: images.variantWidths })
      .from(images)
      .innerJoin(profiles, eq(profiles.id, images.profileId))
      .where(eq(profiles.isDemo, true))
    await db.delete(profiles).where(eq(profiles.isDemo, true))
    await options.storage.delete(
      'public',
      pictures.flatMap(({ storagePath, widths }) =>
        storagePath ? widths.map((width) => placeholderKey(storagePath, width)) : [],
      ),
    )
    return
  }
  const [existing] = await db.select({ n: count() }).from(profiles)
  if ((existing?.n ?? 0) > 0) return

  // Art first (slow, outside the transaction), rows after in one transaction: a crash leaves
  // at worst unused files, never a profile without its pictures.
  const art = await Promise.all(
    demoProfiles.map((seed) =>
      Promise.all(
        Array.from({ length: seed.imageCount }, (_, i) =>
          writePlaceholderArt(options.storage, `demo/${seed.username}-${i + 1}`, seed.palette),
        ),
      ),
    ),
  )
  const cityRows = await db
    .select({ slug: cities.slug, name: cities.name })
    .from(cities)
    .where(inArray(cities.slug, [...new Set(demoProfiles.map((p) => p.citySlug))]))
  const cityName = new Map(cityRows.map((c) => [c.slug, c.name]))
  const now = Date.now()

  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(profiles)
      .values(
        demoProfiles.map((seed) => {
          const createdAt = new Date(now - seed.createdDaysAgo * DAY_MS)
          return {
            name: seed.name,
            workingName: seed.name,
            username: seed.username,
            age: seed.age,
            city: cityName.get(seed.citySlug) ?? seed.citySlug,
            citySlug: seed.citySlug,
            neighborhoodSlug: seed.neighborhoodSlug,
            description: seed.description,
            hourlyRate: seed.hourlyRate,
            isPremium: seed.isPremium,
            membershipTier: seed.membershipTier,
            status: 'approved' as const,
            visibilityStatus: 'active' as const,
            verificationStatus: 'approved' as const,
            documentVerificationStatus: 'approved' as const,
            contactVerified: true,
            whatsapp: seed.whatsapp,
            telegram: seed.telegram,
            xHandle: seed.xHandle,
            touringAvailable: seed.touringAvailable,
            showAvailabilityStatus: seed.showAvailabilityStatus,
            createdAt,
            updatedAt: createdAt,
            termsAcceptedAt: createdAt,
            isDemo: true,
          }
        }),
      )
      .returning({ id: profiles.id, username: profiles.username })
    const idOf = new Map(inserted.map((row) => [row.username, row.id]))
    const profileId = (username: string) => {
      const id = idOf.get(username)
      if (!id) throw new Error(`demo profile ${username} was not inserted`)
      return id
    }
    await tx.insert(profileServices).values(
      demoProfiles.flatMap((seed) =>
        seed.services.map((serviceSlug) => ({
          profileId: profileId(seed.username),
          serviceSlug,
        })),
      ),
    )
    await tx.insert(images).values(
      demoProfiles.flatMap((seed, p) =>
        (art[p] ?? []).map((picture, i) => ({
          profileId: profileId(seed.username),
          ...placeholderImageRow(picture, i),
        })),
      ),
    )
  })
}
