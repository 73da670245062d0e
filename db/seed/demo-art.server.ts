import { createHash } from 'node:crypto'
import sharp from 'sharp'
import {
  IMAGE_ASPECT,
  IMAGE_QUALITY,
  IMAGE_VARIANT_WIDTHS,
  imageVariantUrl,
} from '#app/domain/images.ts'
import type { MediaStorage } from '#app/platform/storage.server.ts'

/** A deterministic pseudo-random sequence, so the same seed always draws the same picture. */
function sequence(seed: string) {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0)
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

/** Abstract placeholder art (gradient and soft shapes): no people, nothing explicit. */
function placeholderSvg(seed: string, palette: [string, string], width: number): string {
  const height = Math.round(width * IMAGE_ASPECT)
  const next = sequence(seed)
  const shapes = Array.from({ length: 6 }, () => {
    const cx = Math.round(next() * width)
    const cy = Math.round(next() * height)
    const r = Math.round((0.1 + next() * 0.35) * width)
    const colour = next() > 0.5 ? palette[0] : '#ffffff'
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}" opacity="${(0.12 + next() * 0.25).toFixed(2)}"/>`
  }).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${palette[0]}"/><stop offset="1" stop-color="${palette[1]}"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`
}

/** Storage key of one variant (served at imageVariantUrl). */
export const placeholderKey = (storagePath: string, width: number) => `${storagePath}-${width}.webp`

export interface GeneratedArt {
  storagePath: string
  url: string
  width: number
  height: number
  fileSize: number
  fileHash: string
}

/** Writes the WebP variants of one placeholder image to the public area and describes them. */
export async function writePlaceholderArt(
  storage: MediaStorage,
  storagePath: string,
  palette: [string, string],
): Promise<GeneratedArt> {
  const largest = Math.max(...IMAGE_VARIANT_WIDTHS)
  const svg = Buffer.from(placeholderSvg(storagePath, palette, largest))
  let original: Buffer | undefined
  for (const width of IMAGE_VARIANT_WIDTHS) {
    const output = await sharp(svg).resize({ width }).webp({ quality: IMAGE_QUALITY }).toBuffer()
    await storage.put('public', placeholderKey(storagePath, width), output)
    if (width === largest) original = output
  }
  if (!original) throw new Error('no variant written')
  return {
    storagePath,
    url: imageVariantUrl(storagePath, 640),
    width: largest,
    height: Math.round(largest * IMAGE_ASPECT),
    fileSize: original.length,
    fileHash: createHash('sha256').update(original).digest('hex'),
  }
}

/**
 * The columns of a profile photo row made from placeholder art (demo and bulk seeds): a public
 * profile photo, its file already checked, at `order` in the gallery (the first is the cover).
 */
export function placeholderImageRow(picture: GeneratedArt, order: number) {
  return {
    url: picture.url,
    isCover: order === 0,
    displayOrder: order,
    mediaType: 'image' as const,
    verificationType: 'profile' as const,
    fileHash: picture.fileHash,
    fileSize: picture.fileSize,
    integrityVerified: true,
    storagePath: picture.storagePath,
    mimeType: 'image/webp',
    width: picture.width,
    height: picture.height,
    variantWidths: [...IMAGE_VARIANT_WIDTHS],
  }
}
