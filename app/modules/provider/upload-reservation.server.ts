import { and, count, eq, inArray, sql } from 'drizzle-orm'
import { calendarDate } from '#app/domain/account.ts'
import { brazilDay } from '#app/domain/brazil-time.ts'
import { imageVariantUrl } from '#app/domain/images.ts'
import { isClosedProfile } from '#app/domain/profile-status.ts'
import { MAX_PROFILE_PHOTOS, PHOTO_VARIANT_WIDTHS, uploadAllowance } from '#app/domain/provider.ts'
import type { FormErrorKey } from '#app/modules/forms/checks.ts'
import { db } from '#db/client.server.ts'
import { images, profiles } from '#db/schema/profiles.ts'

// What an upload must pass before a single pixel of it is decoded (issue 30 point 10): decoding
// a 40-megapixel picture costs half a second of CPU, so a copy, an upload past the month's
// allowance or the profile's maximum, and a second upload of the same provider while one is on
// its way are refused first, from the bytes' sha256 and the database alone. The upload's row,
// written here as 'uploading' (never shown, see photos.server.ts), is the provider's one upload
// slot, on every instance: it goes when the upload ends, whatever the ending, and a row left by a
// process that died stops holding the slot after UPLOAD_LEASE_SECONDS. The transaction is short
// and ends before the decoding: PGlite has one connection, which it would hold meanwhile.

/**
 * How long an unfinished upload holds its provider's slot. An upload takes a second or two; one
 * still unfinished after this was left by a process that died (or is stuck on the store): the
 * next upload takes the slot over, and the old one, if it still runs, finds its row gone and
 * deletes what it wrote.
 */
export const UPLOAD_LEASE_SECONDS = 120

/** Photos that count against the profile's maximum, with the uploads on their way. */
const HELD_TYPES = ['profile', 'pending', 'uploading'] as const

export type Reservation =
  | { kind: 'refused'; error: FormErrorKey }
  | {
      kind: 'reserved'
      profileId: string
      storagePath: string
      /** Uploads whose lease ran out, taken over here: their files and rows are to be discarded. */
      expired: string[]
    }

const refused = (error: FormErrorKey): Reservation => ({ kind: 'refused', error })

/**
 * Reserves the user's upload slot for photo `imageId` whose bytes hash to `sha256`, or says why
 * not: the profile is closed, another upload of hers is on its way, the picture is already here
 * or on another profile, or the maximum or the month's allowance is reached.
 */
export async function reserveUpload(
  userId: string,
  imageId: string,
  upload: { sha256: string; size: number; mimeType: string },
): Promise<Reservation> {
  return db().transaction(async (tx): Promise<Reservation> => {
    // Her uploads wait for one another here, on every instance.
    const [profile] = await tx
      .select({
        id: profiles.id,
        status: profiles.status,
        tier: profiles.membershipTier,
        used: profiles.monthlyPhotoUploads,
        resetOn: profiles.photoUploadResetDate,
      })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for('update')
    if (!profile) throw new Error('the provider has no profile')
    if (isClosedProfile(profile.status)) return refused('profileClosed')
    const unfinished = await tx
      .select({
        id: images.id,
        live: sql<boolean>`${images.createdAt} > now() - make_interval(secs => ${UPLOAD_LEASE_SECONDS})`,
      })
      .from(images)
      .where(and(eq(images.profileId, profile.id), eq(images.verificationType, 'uploading')))
    if (unfinished.some((row) => row.live)) return refused('photoUploadBusy')
    const expired = unfinished.map((row) => row.id)
    if (expired.length > 0) {
      // Marked first, so that neither their photo nor their place counts any more.
      await tx
        .update(images)
        .set({ verificationType: 'deleting' })
        .where(inArray(images.id, expired))
    }
    // Two accounts sending the same picture at the same moment: one waits for the other here,
    // then sees its row (the profile locks above are per account).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${upload.sha256}, 0))`)
    const [copy] = await tx
      .select({ profileId: images.profileId })
      .from(images)
      .where(and(eq(images.fileHash, upload.sha256), sql`${images.verificationType} <> 'deleting'`))
      .limit(1)
    if (copy) {
      return refused(copy.profileId === profile.id ? 'photoDuplicateOwn' : 'photoDuplicateOther')
    }
    const [held] = await tx
      .select({
        photos: count(),
        lastOrder: sql<number>`coalesce(max(${images.displayOrder}), -1)::int`,
      })
      .from(images)
      .where(and(eq(images.profileId, profile.id), inArray(images.verificationType, HELD_TYPES)))
    if ((held?.photos ?? 0) >= MAX_PROFILE_PHOTOS) return refused('photoTotalLimit')
    const allowance = uploadAllowance({
      tier: profile.tier,
      used: profile.used,
      resetOn: profile.resetOn ? calendarDate(profile.resetOn) : null,
      today: calendarDate(brazilDay()),
    })
    if (allowance.remaining <= 0) return refused('photoMonthlyLimit')
    const storagePath = `profiles/${profile.id}/${imageId}`
    // Its size, variants and perceptual hash are written once it is decoded.
    await tx.insert(images).values({
      id: imageId,
      profileId: profile.id,
      url: imageVariantUrl(storagePath, PHOTO_VARIANT_WIDTHS[0]),
      storagePath,
      verificationType: 'uploading',
      mediaType: 'image',
      displayOrder: (held?.lastOrder ?? -1) + 1,
      fileHash: upload.sha256,
      fileSize: upload.size,
      mimeType: upload.mimeType,
    })
    return { kind: 'reserved', profileId: profile.id, storagePath, expired }
  })
}
