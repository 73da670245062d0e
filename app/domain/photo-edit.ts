// Rotating and cropping a stored photo (issue 19 point 20). An edit is always taken from the
// upright original, never from the last edit, so editing again loses nothing. The edit is named
// in the photo's storage path (`…/{imageId}-r90-square-center`): its public files' addresses
// change with every edit, so a browser or CDN that kept the old picture fetches the
// new one, and one path always names the same pixels (the same edit of the same original).

/** Quarter turns clockwise. */
export const PHOTO_ROTATIONS = ['0', '90', '180', '270'] as const
export type PhotoRotation = (typeof PHOTO_ROTATIONS)[number]

/** The whole photo, a square (1:1) or a portrait like the cards' (3:4, width to height). */
export const PHOTO_CROPS = ['none', 'square', 'portrait'] as const
export type PhotoCrop = (typeof PHOTO_CROPS)[number]

/** Where the crop box sits along the side that is cut: top or left, centre, bottom or right. */
export const PHOTO_CROP_POSITIONS = ['start', 'center', 'end'] as const
export type PhotoCropPosition = (typeof PHOTO_CROP_POSITIONS)[number]

export interface PhotoEdit {
  rotation: PhotoRotation
  crop: PhotoCrop
  position: PhotoCropPosition
}

export const UNEDITED: PhotoEdit = { rotation: '0', crop: 'none', position: 'center' }

/** Width divided by height of each crop. */
const CROP_RATIOS: Record<Exclude<PhotoCrop, 'none'>, number> = { square: 1, portrait: 3 / 4 }

const EDIT_SUFFIX = /-r(0|90|180|270)-(none|square|portrait)-(start|center|end)$/

/** The edit a storage path names (unedited when it names none). */
export function photoEditOf(storagePath: string): PhotoEdit {
  const match = EDIT_SUFFIX.exec(storagePath)
  if (!match) return UNEDITED
  return {
    rotation: match[1] as PhotoRotation,
    crop: match[2] as PhotoCrop,
    position: match[3] as PhotoCropPosition,
  }
}

/** The storage path of the unedited photo (also the prefix of its private original). */
export function baseStoragePath(storagePath: string): string {
  return storagePath.replace(EDIT_SUFFIX, '')
}

/** Whether the edit leaves the original as it is. */
export function isUnedited(edit: PhotoEdit): boolean {
  return edit.rotation === '0' && edit.crop === 'none'
}

/** The storage path of `edit` of the photo stored at `storagePath` (whatever its last edit). */
export function editedStoragePath(storagePath: string, edit: PhotoEdit): string {
  const base = baseStoragePath(storagePath)
  if (isUnedited(edit)) return base
  // The position means nothing without a crop: one path for the same pixels.
  const position = edit.crop === 'none' ? 'center' : edit.position
  return `${base}-r${edit.rotation}-${edit.crop}-${position}`
}

export interface PhotoRegion {
  left: number
  top: number
  width: number
  height: number
}

/**
 * The region kept of an upright `width`×`height` original once turned by `edit.rotation`,
 * in the turned picture's pixels.
 */
export function editRegion(width: number, height: number, edit: PhotoEdit): PhotoRegion {
  const turned = edit.rotation === '90' || edit.rotation === '270'
  const w = turned ? height : width
  const h = turned ? width : height
  if (edit.crop === 'none') return { left: 0, top: 0, width: w, height: h }
  const ratio = CROP_RATIOS[edit.crop]
  const offset = (spare: number) =>
    edit.position === 'start' ? 0 : edit.position === 'end' ? spare : Math.floor(spare / 2)
  if (w / h > ratio) {
    const cut = Math.min(w, Math.max(1, Math.round(h * ratio)))
    return { left: offset(w - cut), top: 0, width: cut, height: h }
  }
  const cut = Math.min(h, Math.max(1, Math.round(w / ratio)))
  return { left: 0, top: offset(h - cut), width: w, height: cut }
}
