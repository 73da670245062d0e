/** Widths of the WebP variants written for every public photo. */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 1080] as const
/** Portrait ratio of profile photos (height / width). */
export const IMAGE_ASPECT = 4 / 3
/** WebP quality of every variant (SPEC §9). */
export const IMAGE_QUALITY = 85

/** Public URL of one WebP variant of a stored image. */
export function imageVariantUrl(storagePath: string, width: number): string {
  return `/media/${storagePath}-${width}.webp`
}

/** srcset attribute listing every stored variant of an image. */
export function imageSrcSet(storagePath: string, widths: readonly number[]): string {
  return widths.map((w) => `${imageVariantUrl(storagePath, w)} ${w}w`).join(', ')
}
