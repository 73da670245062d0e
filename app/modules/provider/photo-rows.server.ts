import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm'
import { baseStoragePath } from '#app/domain/photo-edit.ts'
import { PHOTO_VARIANT_WIDTHS } from '#app/domain/provider.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { log } from '#app/platform/logger.server.ts'
import { mediaStorage } from '#app/platform/storage.server.ts'
import { db } from '#db/client.server.ts'
import { images, profiles } from '#db/schema/profiles.ts'
import type { OwnPhoto } from './own-photo.ts'

// What every photo operation shares (issue 7 item 3): the storage keys of a photo's files, the
// user's photos and one of them by id, and deleting files then rows (photos.server.ts says why
// in that order).

/** Photos shown in the dashboard: the public ones and those waiting for review. */
export const OWN_TYPES = ['profile', 'pending'] as const

/** The public WebP file of a photo at `width`. */
export const variantKey = (storagePath: string, width: number) => `${storagePath}-${width}.webp`

/** The private copy of the upright original that edits start from (issue 19 point 20). */
export const originalKey = (storagePath: string) => `${baseStoragePath(storagePath)}-original.webp`

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
export async function discardLater(ids: string[]): Promise<void> {
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
export async function ownPhotoRow(userId: string, imageId: string) {
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
