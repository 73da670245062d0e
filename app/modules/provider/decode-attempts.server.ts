import {
  DECODE_ATTEMPT_WINDOW_MS,
  DOCUMENT_DECODE_ATTEMPTS_PER_HOUR,
  PHOTO_DECODE_ATTEMPTS_PER_HOUR,
} from '#app/domain/provider.ts'
import { fixedWindowLimiter } from '#app/modules/security/rate-limit.server.ts'

// What decoding costs a provider's uploads may spend in an hour (issue 30 point 10): everything
// else refuses an upload before it is decoded, but a picture whose header is right and whose
// pixels are broken reaches the decoder, fails there and is counted nowhere else (not against the
// month's allowance). Every upload or submission that reaches the decoder counts here, read or
// not, in the shared counters (every instance). An attempt is checked before its slot is opened
// (an upload's 'uploading' row, a submission's 'receiving' one), and counted once it holds it,
// so a refusal before that (a copy, another upload on its way) costs nothing here either.

const limiters = {
  photo: fixedWindowLimiter({
    name: 'photo-decodes',
    limit: PHOTO_DECODE_ATTEMPTS_PER_HOUR,
    windowMs: DECODE_ATTEMPT_WINDOW_MS,
  }),
  documents: fixedWindowLimiter({
    name: 'document-decodes',
    limit: DOCUMENT_DECODE_ATTEMPTS_PER_HOUR,
    windowMs: DECODE_ATTEMPT_WINDOW_MS,
  }),
}

/** A photo upload, or an identity-document submission (three pictures). */
export type DecodedUpload = keyof typeof limiters

/** Whether the provider's hour leaves room for one more upload of this kind to be decoded. */
export async function mayDecode(kind: DecodedUpload, userId: string): Promise<boolean> {
  return (await limiters[kind].peek(userId)).allowed
}

/**
 * Counts an upload of the provider about to be decoded; false when it is past the hour's cap
 * (another attempt of hers was counted since mayDecode), and it is not to be decoded.
 */
export async function countDecode(kind: DecodedUpload, userId: string): Promise<boolean> {
  return (await limiters[kind].hit(userId)).allowed
}
