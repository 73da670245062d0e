import { eq, sql } from 'drizzle-orm'
import { db } from '#db/client.server.ts'
import { images } from '#db/schema/profiles.ts'
import { discardLater, ownPhotoRow, ownPhotos } from './photo-rows.server.ts'

// A provider's photos (issue 7 item 3). Files and rows never disagree, even when the server dies
// half-way: an upload first writes its row as 'uploading' (never shown anywhere), then its files,
// then makes the row a photo (the row comes first of all, before the photo is decoded, and is its
// provider's one upload slot: upload-reservation.server.ts); a deletion first marks the row 'deleting', then removes the files,
// then the row. sweepUnfinishedPhotos() finishes what a dead process left: rows in either state
// lose their files and go. So every file belongs to a row, and every photo has its files.

export { type EditResult, editPhoto } from './photo-edit.server.ts'
export {
  discardPhotoRows,
  ownPhotos,
  sweepUnfinishedPhotos,
} from './photo-rows.server.ts'
export { mustWait, type UploadResult, uploadPhoto } from './photo-upload.server.ts'

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
