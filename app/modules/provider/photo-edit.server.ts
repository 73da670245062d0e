import { and, eq, inArray } from 'drizzle-orm'
import { imageVariantUrl } from '#app/domain/images.ts'
import { baseStoragePath, editedStoragePath, type PhotoEdit } from '#app/domain/photo-edit.ts'
import { PHOTO_VARIANT_WIDTHS } from '#app/domain/provider.ts'
import { editedVariants } from '#app/modules/media/photo-processing.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { mediaStorage } from '#app/platform/storage.server.ts'
import { db } from '#db/client.server.ts'
import { images } from '#db/schema/profiles.ts'
import { OWN_TYPES, originalKey, ownPhotoRow, variantKey } from './photo-rows.server.ts'

// Turning and cropping a photo (issue 19 point 20) from its private original.

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
