import { randomUUID } from 'node:crypto'
import { and, count, eq, sql } from 'drizzle-orm'
import { calendarDate, isoDay } from '#app/domain/account.ts'
import { brazilDay } from '#app/domain/brazil-time.ts'
import { imageVariantUrl } from '#app/domain/images.ts'
import { changesNeedReview } from '#app/domain/profile-status.ts'
import {
  DUPLICATE_PHOTO_DISTANCE,
  PHOTO_VARIANT_WIDTHS,
  uploadAllowance,
} from '#app/domain/provider.ts'
import type { FormErrorKey } from '#app/modules/forms/checks.ts'
import {
  MIME_TYPES,
  PHOTO_PROBLEM_MESSAGES,
  photoVariants,
  privateOriginal,
  readPhoto,
  sha256Of,
  uploadedPhotoType,
} from '#app/modules/media/photo-processing.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { mediaStorage } from '#app/platform/storage.server.ts'
import { db } from '#db/client.server.ts'
import { images, profiles } from '#db/schema/profiles.ts'
import { countDecode, mayDecode } from './decode-attempts.server.ts'
import type { OwnPhoto } from './own-photo.ts'
import { discardLater, originalKey, ownPhotos, variantKey } from './photo-rows.server.ts'
import { reserveUpload } from './upload-reservation.server.ts'

// Uploading a photo (issue 7 item 3): checked, reserved as the provider's one upload slot,
// decoded, stored as variants, then made a photo; or released, its files gone (photos.server.ts).

export type UploadResult = { ok: true; photo: OwnPhoto } | { ok: false; error: FormErrorKey }

/** Refusals that pass with time (answered 429): the same photo may be sent again later. */
export const mustWait = (error: FormErrorKey) =>
  error === 'photoUploadBusy' || error === 'photoHourlyLimit'

/**
 * Adds an uploaded photo to the user's profile: checked (type from the bytes, size, no exact
 * copy of a photo already here or on another account, the profile's maximum, the month's
 * allowance, one upload of hers at a time, the hour's decodes: all before it is decoded; then its
 * pixels), stripped of metadata, stored as WebP variants. A near copy of another profile's photo
 * is flagged for the team. On an approved profile the photo waits for review.
 */
export async function uploadPhoto(userId: string, bytes: Buffer): Promise<UploadResult> {
  const sent = uploadedPhotoType(bytes)
  if (!sent.ok) return { ok: false, error: PHOTO_PROBLEM_MESSAGES[sent.problem] }
  // Past the hour's decodes (broken pictures sent in a loop): refused before her slot is opened.
  if (!(await mayDecode('photo', userId))) return { ok: false, error: 'photoHourlyLimit' }
  const imageId = randomUUID()
  const reserved = await reserveUpload(userId, imageId, {
    sha256: sha256Of(bytes),
    size: bytes.length,
    mimeType: MIME_TYPES[sent.type],
  })
  if (reserved.kind === 'refused') return { ok: false, error: reserved.error }
  // Uploads of hers whose process died: their slot is taken over, their files and rows go.
  if (reserved.expired.length > 0) await discardLater(reserved.expired)

  // From here the row is her upload slot: it becomes her photo, or goes, whatever happens.
  let stored: { ok: true } | { ok: false; error: FormErrorKey } | undefined
  try {
    // Counted once it holds the slot: only an upload that reaches the decoder counts.
    stored = (await countDecode('photo', userId))
      ? await storeReservedPhoto(imageId, reserved, bytes)
      : { ok: false, error: 'photoHourlyLimit' }
  } finally {
    if (!stored?.ok) await releaseUpload(imageId)
  }
  if (!stored.ok) return stored
  const photos = await ownPhotos(userId)
  const photo = photos.find((one) => one.id === imageId)
  if (!photo) throw new Error('the uploaded photo is not listed')
  return { ok: true, photo }
}

/**
 * Decodes a reserved upload, writes its files and makes its row a photo; refused (with the files
 * it wrote deleted) when its row went meanwhile (the account deleted, the slot taken over).
 */
async function storeReservedPhoto(
  imageId: string,
  reserved: { profileId: string; storagePath: string },
  bytes: Buffer,
): Promise<{ ok: true } | { ok: false; error: FormErrorKey }> {
  const read = await readPhoto(bytes)
  if (!read.ok) return { ok: false, error: PHOTO_PROBLEM_MESSAGES[read.problem] }
  const { photo } = read
  const widths: number[] = PHOTO_VARIANT_WIDTHS.filter((width) => width <= photo.width)
  const variantWidths = widths.length > 0 ? widths : [PHOTO_VARIANT_WIDTHS[0]]

  const storage = mediaStorage()
  try {
    const variants = await photoVariants(photo, variantWidths)
    await storage.put('private', originalKey(reserved.storagePath), await privateOriginal(photo))
    for (const variant of variants) {
      await storage.put('public', variantKey(reserved.storagePath, variant.width), variant.data)
    }
  } catch (error) {
    log.error('photo not stored', { imageId, error: String(error) })
    return { ok: false, error: 'photoStorage' }
  }

  const finished = await db().transaction(async (tx) => {
    const [profile] = await tx
      .select({
        status: profiles.status,
        tier: profiles.membershipTier,
        used: profiles.monthlyPhotoUploads,
        resetOn: profiles.photoUploadResetDate,
      })
      .from(profiles)
      .where(eq(profiles.id, reserved.profileId))
      .for('update')
    // The account was deleted meanwhile.
    if (!profile) return false
    const reviewed = changesNeedReview(profile.status)
    const [cover] = await tx
      .select({ n: count() })
      .from(images)
      .where(and(eq(images.profileId, reserved.profileId), eq(images.isCover, true)))
    const [kept] = await tx
      .update(images)
      .set({
        verificationType: reviewed ? 'pending' : 'profile',
        url: imageVariantUrl(reserved.storagePath, variantWidths.at(-1) ?? PHOTO_VARIANT_WIDTHS[0]),
        width: photo.width,
        height: photo.height,
        perceptualHash: photo.perceptualHash,
        variantWidths,
        isCover: (cover?.n ?? 0) === 0,
        integrityVerified: true,
        lastIntegrityCheck: sql`now()`,
      })
      .where(and(eq(images.id, imageId), eq(images.verificationType, 'uploading')))
      .returning({ id: images.id })
    // The sweep took the row for a dead upload (this one ran past its grace time).
    if (!kept) return false
    const allowance = uploadAllowance({
      tier: profile.tier,
      used: profile.used,
      resetOn: profile.resetOn ? calendarDate(profile.resetOn) : null,
      today: calendarDate(brazilDay()),
    })
    await tx
      .update(profiles)
      .set({
        monthlyPhotoUploads: allowance.used + 1,
        photoUploadResetDate: isoDay(allowance.resetOn),
        updatedAt: sql`now()`,
        ...(reviewed
          ? { changesSubmittedAt: sql`coalesce(${profiles.changesSubmittedAt}, now())` }
          : {}),
      })
      .where(eq(profiles.id, reserved.profileId))
    // The same picture on another profile (re-encoded, resized) is a matter for the team.
    await tx.execute(sql`
      insert into photo_flags (image_id, matched_image_id, distance)
      select ${imageId}::uuid, m.id, m.distance from (
        select i.id, bit_count(('x' || i.perceptual_hash)::bit(64)
          # ('x' || ${photo.perceptualHash})::bit(64))::int as distance
        from images i
        where i.profile_id <> ${reserved.profileId} and i.perceptual_hash is not null
          and i.verification_type in ('profile', 'pending')
      ) m
      where m.distance <= ${DUPLICATE_PHOTO_DISTANCE}
      on conflict do nothing`)
    return true
  })
  if (!finished) {
    // No row names these files any more: they go, and the photo is not kept.
    await Promise.all([
      storage.delete(
        'public',
        variantWidths.map((width) => variantKey(reserved.storagePath, width)),
      ),
      storage.delete('private', [originalKey(reserved.storagePath)]),
    ]).catch((error: unknown) =>
      log.error('photo files left without a row', { imageId, error: String(error) }),
    )
    return { ok: false, error: 'photoStorage' }
  }
  return { ok: true }
}

/**
 * Ends an upload that did not become a photo: its row is marked 'deleting' at once (her upload
 * slot is free, and the picture no longer counts as a copy), then its files and row go, or, with
 * the store or the database unreachable, the sweep finishes them.
 */
async function releaseUpload(imageId: string): Promise<void> {
  try {
    await db()
      .update(images)
      .set({ verificationType: 'deleting' })
      .where(and(eq(images.id, imageId), eq(images.verificationType, 'uploading')))
  } catch (error) {
    log.error('upload not released, its lease will end', { imageId, error: String(error) })
    return
  }
  await discardLater([imageId])
}
