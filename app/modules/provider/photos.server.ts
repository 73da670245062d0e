import { randomUUID } from 'node:crypto'
import { and, asc, count, eq, inArray, lt, sql } from 'drizzle-orm'
import { calendarDate, isoDay } from '#app/domain/account.ts'
import { brazilDay } from '#app/domain/brazil-time.ts'
import { imageVariantUrl } from '#app/domain/images.ts'
import { baseStoragePath, editedStoragePath, type PhotoEdit } from '#app/domain/photo-edit.ts'
import { changesNeedReview } from '#app/domain/profile-status.ts'
import {
  DUPLICATE_PHOTO_DISTANCE,
  PHOTO_VARIANT_WIDTHS,
  uploadAllowance,
} from '#app/domain/provider.ts'
import { isUuid } from '#app/domain/uuid.ts'
import type { FormErrorKey } from '#app/modules/forms/checks.ts'
import {
  editedVariants,
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
import { reserveUpload } from './upload-reservation.server.ts'

// A provider's photos (issue 7 item 3). Files and rows never disagree, even when the server dies
// half-way: an upload first writes its row as 'uploading' (never shown anywhere), then its files,
// then makes the row a photo (the row comes first of all, before the photo is decoded, and is its
// provider's one upload slot: upload-reservation.server.ts); a deletion first marks the row 'deleting', then removes the files,
// then the row. sweepUnfinishedPhotos() finishes what a dead process left: rows in either state
// lose their files and go. So every file belongs to a row, and every photo has its files.

/** Photos shown in the dashboard: the public ones and those waiting for review. */
const OWN_TYPES = ['profile', 'pending'] as const

const variantKey = (storagePath: string, width: number) => `${storagePath}-${width}.webp`

/** The private copy of the upright original that edits start from (issue 19 point 20). */
const originalKey = (storagePath: string) => `${baseStoragePath(storagePath)}-original.webp`

/** The user's photos in gallery order. */
export async function ownPhotos(userId: string): Promise<OwnPhoto[]> {
  const rows = await db()
    .select({
      id: images.id,
      storagePath: images.storagePath,
      variantWidths: images.variantWidths,
      width: images.width,
      height: images.height,
      isCover: images.isCover,
      verificationType: images.verificationType,
    })
    .from(images)
    .innerJoin(profiles, eq(profiles.id, images.profileId))
    .where(and(eq(profiles.userId, userId), inArray(images.verificationType, OWN_TYPES)))
    .orderBy(asc(images.displayOrder), asc(images.createdAt))
  return rows.map(({ verificationType, ...row }) => ({
    ...row,
    storagePath: row.storagePath ?? '',
    width: row.width ?? 0,
    height: row.height ?? 0,
    pending: verificationType === 'pending',
  }))
}

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

/** Deletes the files and then the rows of images (any state). */
export async function discardPhotoRows(ids: string[]): Promise<void> {
  if (ids.length === 0) return
  const rows = await db()
    .select({ id: images.id, storagePath: images.storagePath, variantWidths: images.variantWidths })
    .from(images)
    .where(inArray(images.id, ids))
  const keys = rows.flatMap((row) =>
    row.storagePath
      ? [...new Set([...PHOTO_VARIANT_WIDTHS, ...row.variantWidths])].map((width) =>
          variantKey(row.storagePath ?? '', width),
        )
      : [],
  )
  await mediaStorage().delete('public', keys)
  await mediaStorage().delete(
    'private',
    rows.flatMap((row) => (row.storagePath ? [originalKey(row.storagePath)] : [])),
  )
  await db().delete(images).where(inArray(images.id, ids))
}

/**
 * discardPhotoRows, or, when the store cannot be reached, nothing more: the rows stay
 * 'uploading'/'deleting' (never shown) and the sweep finishes them once it can.
 */
async function discardLater(ids: string[]): Promise<void> {
  try {
    await discardPhotoRows(ids)
  } catch (error) {
    log.error('photo files not deleted yet, left to the sweep', { ids, error: String(error) })
  }
}

/**
 * Finishes uploads and deletions a dead process left behind: rows 'uploading' or 'deleting'
 * older than `olderThanMs` lose their files, then go. With PGlite only this process writes
 * (0 at start-up); with PostgreSQL other instances may be mid-upload, so a grace time applies.
 */
export async function sweepUnfinishedPhotos(olderThanMs: number): Promise<number> {
  const stale = await db()
    .select({ id: images.id })
    .from(images)
    .where(
      and(
        inArray(images.verificationType, ['uploading', 'deleting']),
        lt(images.createdAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
      ),
    )
  await discardPhotoRows(stale.map((row) => row.id))
  return stale.length
}

/** The user's photo `imageId` (its row and files), or undefined when it is not hers. */
async function ownPhotoRow(userId: string, imageId: string) {
  // Photo ids are UUIDs; anything else (a form sent by hand) names no photo, not a query error.
  if (!isUuid(imageId)) return undefined
  const [row] = await db()
    .select({
      id: images.id,
      profileId: images.profileId,
      isCover: images.isCover,
      storagePath: images.storagePath,
      variantWidths: images.variantWidths,
    })
    .from(images)
    .innerJoin(profiles, eq(profiles.id, images.profileId))
    .where(
      and(
        eq(images.id, imageId),
        eq(profiles.userId, userId),
        inArray(images.verificationType, OWN_TYPES),
      ),
    )
  return row
}

/** Makes one of the user's photos the cover (the card's picture). */
export async function setCover(userId: string, imageId: string): Promise<boolean> {
  const photo = await ownPhotoRow(userId, imageId)
  if (!photo) return false
  await db().transaction(async (tx) => {
    await tx
      .update(images)
      .set({ isCover: sql`${images.id} = ${imageId}` })
      .where(eq(images.profileId, photo.profileId))
  })
  return true
}

/** Puts the user's photos in the order of `ids` (those not named keep their relative order). */
export async function reorderPhotos(userId: string, ids: string[]): Promise<boolean> {
  const photos = await ownPhotos(userId)
  const known = new Set(photos.map((photo) => photo.id))
  if (ids.some((id) => !known.has(id))) return false
  const order = [...ids, ...photos.map((photo) => photo.id).filter((id) => !ids.includes(id))]
  await db().transaction(async (tx) => {
    for (const [position, id] of order.entries()) {
      await tx.update(images).set({ displayOrder: position }).where(eq(images.id, id))
    }
  })
  return true
}

/** Moves one photo a place earlier or later. */
export async function movePhoto(
  userId: string,
  imageId: string,
  direction: 'earlier' | 'later',
): Promise<boolean> {
  const ids = (await ownPhotos(userId)).map((photo) => photo.id)
  const from = ids.indexOf(imageId)
  const to = direction === 'earlier' ? from - 1 : from + 1
  if (from === -1) return false
  if (to < 0 || to >= ids.length) return true
  ;[ids[from], ids[to]] = [ids[to] ?? imageId, imageId]
  return reorderPhotos(userId, ids)
}

/** Deletes one of the user's photos, files and row; the next photo becomes the cover. */
export async function deletePhoto(userId: string, imageId: string): Promise<boolean> {
  const photo = await ownPhotoRow(userId, imageId)
  if (!photo) return false
  await db().transaction(async (tx) => {
    await tx
      .update(images)
      .set({ verificationType: 'deleting', isCover: false })
      .where(eq(images.id, imageId))
    if (photo.isCover) {
      await tx.execute(sql`
        update images set is_cover = true where id = (
          select id from images where profile_id = ${photo.profileId}
            and verification_type in ('profile', 'pending')
          order by display_order, created_at limit 1)`)
    }
  })
  await discardLater([imageId])
  return true
}

export type EditResult = 'edited' | 'unchanged' | 'notFound' | 'storage'

/**
 * Turns and crops one of the user's photos (issue 19 point 20): `edit` is applied with sharp to
 * the private original, every variant is written again under the edit's own path (so no kept
 * copy of the old picture is served), the row points at them, and the old files go. The row's
 * change reaches the change feed like any photo change (ADR 0015). An edit shows part of a
 * picture already there, so a published photo does not go back to review.
 */
export async function editPhoto(
  userId: string,
  imageId: string,
  edit: PhotoEdit,
): Promise<EditResult> {
  const row = await ownPhotoRow(userId, imageId)
  if (!row?.storagePath) return 'notFound'
  const from = row.storagePath
  const to = editedStoragePath(from, edit)
  if (to === from) return 'unchanged'
  const storage = mediaStorage()
  let written: { width: number; height: number; variantWidths: number[] }
  try {
    let original = await storage.get('private', originalKey(from))
    if (!original) {
      // A photo stored before originals were kept: its largest variant (upright, without
      // metadata) becomes the original, once, while it is still unedited.
      if (from !== baseStoragePath(from)) return 'storage'
      original = await storage.get('public', variantKey(from, Math.max(...row.variantWidths)))
      if (!original) return 'storage'
      await storage.put('private', originalKey(from), original)
    }
    const edited = await editedVariants(original, edit, PHOTO_VARIANT_WIDTHS)
    for (const variant of edited.variants) {
      await storage.put('public', variantKey(to, variant.width), variant.data)
    }
    written = {
      width: edited.width,
      height: edited.height,
      variantWidths: edited.variants.map((variant) => variant.width),
    }
  } catch (error) {
    log.error('photo not edited', { imageId, error: String(error) })
    return 'storage'
  }
  const fresh = written.variantWidths.map((width) => variantKey(to, width))
  let changed: { id: string } | undefined
  try {
    // Still hers and not on its way out: a deletion that began meanwhile (hers or the team's)
    // marks the row first and removes the files it read, so the edit must not move the row.
    ;[changed] = await db()
      .update(images)
      .set({
        storagePath: to,
        url: imageVariantUrl(to, written.variantWidths.at(-1) ?? PHOTO_VARIANT_WIDTHS[0]),
        width: written.width,
        height: written.height,
        variantWidths: written.variantWidths,
      })
      .where(
        and(
          eq(images.id, imageId),
          eq(images.storagePath, from),
          inArray(images.verificationType, OWN_TYPES),
        ),
      )
      .returning({ id: images.id })
  } catch (error) {
    log.error('photo not edited', { imageId, error: String(error) })
    await storage.delete('public', fresh).catch(() => {})
    return 'storage'
  }
  let orphaned = row.variantWidths.map((width) => variantKey(from, width))
  if (!changed) {
    // Another edit or a deletion came first: the files written here belong to no row, unless
    // that edit was the same one (same path, same pixels).
    const [now] = await db()
      .select({ storagePath: images.storagePath })
      .from(images)
      .where(eq(images.id, imageId))
    orphaned = now?.storagePath === to ? [] : fresh
  }
  await storage
    .delete('public', orphaned)
    .catch((error: unknown) =>
      log.error('old photo files not deleted', { imageId, error: String(error) }),
    )
  return changed ? 'edited' : 'notFound'
}
