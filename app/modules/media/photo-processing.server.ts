import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import sharp, { type Sharp } from 'sharp'
import { IMAGE_QUALITY } from '#app/domain/images.ts'
import { editRegion, type PhotoEdit } from '#app/domain/photo-edit.ts'
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, type PhotoType } from '#app/domain/provider.ts'
import type { FormErrorKey } from '#app/modules/forms/checks.ts'

// What happens to an uploaded photo (issue 7 item 3): its type is read from its bytes, never its
// name; HEIC (iPhones) is decoded in WebAssembly, which the prebuilt sharp cannot do; the image
// is turned upright and re-encoded as WebP variants that carry no metadata at all (no EXIF, no
// GPS, no camera); sha256 of the bytes received finds exact copies, a 64-bit difference hash
// finds near ones.

export type PhotoProblem = 'type' | 'size' | 'pixels' | 'unreadable'

/** What the uploader is told for each problem (photos and identity documents alike). */
export const PHOTO_PROBLEM_MESSAGES = {
  type: 'photoType',
  size: 'photoSize',
  pixels: 'photoPixels',
  unreadable: 'photoUnreadable',
} as const satisfies Record<PhotoProblem, FormErrorKey>

/** The type of an image from its first bytes, or undefined for anything else. */
export function photoTypeOf(bytes: Uint8Array): PhotoType | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png'
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp'
  if (ascii(4, 8) === 'ftyp' && /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(ascii(8, 12))) {
    return 'heic'
  }
  return undefined
}

export const MIME_TYPES: Record<PhotoType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
}

export interface ReadPhoto {
  type: PhotoType
  /** Upright size. */
  width: number
  height: number
  /** sha256 of the bytes received, hex. */
  sha256: string
  /** 64-bit difference hash, 16 hex digits. */
  perceptualHash: string
  /** The upright image, ready to encode (no metadata goes out with it). */
  image: () => Sharp
}

const sharpOptions = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' } as const

/** sha256 of an upload's bytes, hex: an exact copy is found by it before anything is decoded. */
export function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** An upload's type from its first bytes and its size, checked without decoding anything. */
export function uploadedPhotoType(
  bytes: Buffer,
): { ok: true; type: PhotoType } | { ok: false; problem: 'size' | 'type' } {
  if (bytes.length > MAX_PHOTO_BYTES) return { ok: false, problem: 'size' }
  const type = photoTypeOf(bytes)
  return type ? { ok: true, type } : { ok: false, problem: 'type' }
}

let decoded = 0

/**
 * How many uploads this process has begun to decode: the CPU that uploads cost (issue 30 point
 * 10 counts it to show that a refused upload costs none).
 */
export function photosDecoded(): number {
  return decoded
}

/** Reads an uploaded photo, or says what is wrong with it. */
export async function readPhoto(
  bytes: Buffer,
): Promise<{ ok: true; photo: ReadPhoto } | { ok: false; problem: PhotoProblem }> {
  const sent = uploadedPhotoType(bytes)
  if (!sent.ok) return sent
  const { type } = sent
  decoded++
  try {
    let source: () => Sharp
    let size: { width: number; height: number }
    if (type === 'heic') {
      const decoded = await decodeHeic(bytes)
      if (decoded === 'pixels') return { ok: false, problem: 'pixels' }
      const pixels = Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.length)
      size = { width: decoded.width, height: decoded.height }
      source = () =>
        sharp(pixels, {
          ...sharpOptions,
          raw: { width: decoded.width, height: decoded.height, channels: 4 },
        })
    } else {
      const { width = 0, height = 0, orientation = 1 } = await sharp(bytes, sharpOptions).metadata()
      if (width * height > MAX_PHOTO_PIXELS) return { ok: false, problem: 'pixels' }
      if (width === 0 || height === 0) return { ok: false, problem: 'unreadable' }
      // EXIF orientations 5 to 8 are quarter turns: the upright photo has its sides swapped.
      size = orientation >= 5 ? { width: height, height: width } : { width, height }
      source = () => sharp(bytes, sharpOptions).rotate()
    }
    return {
      ok: true,
      photo: {
        type,
        ...size,
        sha256: sha256Of(bytes),
        perceptualHash: await differenceHash(source()),
        image: source,
      },
    }
  } catch (error) {
    const message = String((error as Error).message ?? error)
    if (/pixel limit/i.test(message)) return { ok: false, problem: 'pixels' }
    return { ok: false, problem: 'unreadable' }
  }
}

/** heic-decode, resolved here so the worker finds it wherever the server bundle lives. */
const HEIC_MODULE = createRequire(import.meta.url).resolve('heic-decode')

// The decoder runs in a worker thread: its WebAssembly work would otherwise hold the event loop
// (every other request) for seconds, and its memory is given back when the worker ends. The
// declared size is checked before a single pixel is decoded, so a small file claiming a huge
// picture is refused cheaply.
const HEIC_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const decode = require(workerData.module)
;(async () => {
  const images = await decode.all({ buffer: workerData.bytes })
  try {
    const first = images[0]
    if (!first) throw new Error('no image in the file')
    if (first.width * first.height > workerData.maxPixels) {
      parentPort.postMessage({ tooLarge: true })
      return
    }
    const { width, height, data } = await first.decode()
    parentPort.postMessage({ width, height, data }, [data.buffer])
  } finally {
    images.dispose()
  }
})().catch((error) => parentPort.postMessage({ error: String(error) }))
`

/** HEIC decodings at once (each may hold a few hundred MB for a moment). */
const HEIC_WORKERS = 2
let heicRunning = 0
const heicWaiting: (() => void)[] = []

type DecodedHeic = { width: number; height: number; data: Uint8ClampedArray }

/** The primary image of a HEIC file as RGBA pixels, or 'pixels' when it is too large. */
async function decodeHeic(bytes: Buffer): Promise<DecodedHeic | 'pixels'> {
  // A slot is taken here, or handed over by the decoding that ends (heicRunning unchanged).
  if (heicRunning < HEIC_WORKERS) heicRunning++
  else await new Promise<void>((go) => heicWaiting.push(go))
  try {
    return await new Promise<DecodedHeic | 'pixels'>((resolve, reject) => {
      const worker = new Worker(HEIC_WORKER_SOURCE, {
        eval: true,
        workerData: { module: HEIC_MODULE, bytes, maxPixels: MAX_PHOTO_PIXELS },
      })
      worker.once(
        'message',
        (answer: Partial<DecodedHeic> & { tooLarge?: true; error?: string }) => {
          void worker.terminate()
          if (answer.tooLarge) resolve('pixels')
          else if (answer.error || !answer.data) reject(new Error(answer.error ?? 'no pixels'))
          else resolve({ width: answer.width ?? 0, height: answer.height ?? 0, data: answer.data })
        },
      )
      worker.once('error', reject)
      worker.once('exit', (code) => reject(new Error(`the HEIC decoder stopped (${code})`)))
    })
  } finally {
    const next = heicWaiting.shift()
    if (next) next()
    else heicRunning--
  }
}

/**
 * 64-bit difference hash: the image shrunk to 9×8 grey pixels, one bit per horizontal pair
 * (left brighter than right). Re-encoding, resizing and small edits change few bits.
 */
export async function differenceHash(image: Sharp): Promise<string> {
  const pixels = await image.greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer()
  let hash = 0n
  for (let row = 0; row < 8; row++) {
    for (let column = 0; column < 8; column++) {
      const left = pixels[row * 9 + column] ?? 0
      const right = pixels[row * 9 + column + 1] ?? 0
      hash = (hash << 1n) | (left > right ? 1n : 0n)
    }
  }
  return hash.toString(16).padStart(16, '0')
}

/** The WebP variants of a photo for `widths` no wider than the photo (at least the smallest). */
export async function photoVariants(
  photo: ReadPhoto,
  widths: readonly number[],
): Promise<{ width: number; data: Buffer }[]> {
  const usable = widths.filter((width) => width <= photo.width)
  const chosen = usable.length > 0 ? usable : widths.slice(0, 1)
  return Promise.all(
    chosen.map(async (width) => ({
      width,
      data: await photo
        .image()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: IMAGE_QUALITY })
        .toBuffer(),
    })),
  )
}

/** Longest side of the private original kept for later edits. */
const ORIGINAL_MAX_SIDE = 3200

/**
 * The upright photo as kept privately for later rotations and crops: WebP at high quality, no
 * larger than any edit needs, and, like every file written, without metadata.
 */
export function privateOriginal(photo: ReadPhoto): Promise<Buffer> {
  return photo
    .image()
    .resize({
      width: ORIGINAL_MAX_SIDE,
      height: ORIGINAL_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .webp({ quality: 95 })
    .toBuffer()
}

/**
 * `edit` applied to a kept original (upright, no metadata): its size once turned and cropped and
 * its WebP variants for `widths` no wider than that (at least the smallest), without metadata.
 */
export async function editedVariants(
  original: Buffer,
  edit: PhotoEdit,
  widths: readonly number[],
): Promise<{ width: number; height: number; variants: { width: number; data: Buffer }[] }> {
  const { width = 0, height = 0 } = await sharp(original, sharpOptions).metadata()
  const region = editRegion(width, height, edit)
  // Turned first, then cut: the region is in the turned picture's pixels.
  const turned = await sharp(original, sharpOptions)
    .rotate(Number(edit.rotation))
    .extract(region)
    .png({ compressionLevel: 1 })
    .toBuffer()
  const usable = widths.filter((one) => one <= region.width)
  const chosen = usable.length > 0 ? usable : widths.slice(0, 1)
  const variants = await Promise.all(
    chosen.map(async (one) => ({
      width: one,
      data: await sharp(turned)
        .resize({ width: one, withoutEnlargement: true })
        .webp({ quality: IMAGE_QUALITY })
        .toBuffer(),
    })),
  )
  return { width: region.width, height: region.height, variants }
}
