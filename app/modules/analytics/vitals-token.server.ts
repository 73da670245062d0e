import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { VITALS_TOKEN_HOURS, VITALS_TOKEN_LENGTH } from '#app/domain/web-vitals.ts'
import { serverEnv } from '#app/platform/env.server.ts'

// The token a page's web-vitals beacon must carry (issue 30 point 8; ADR 0023): made for each
// document the server answers (kept public pages get a new one in every answer, spliced in like
// the CSP nonce: server/html-splice.server.ts), signed with a key drawn from AUTH_SECRET for this
// use alone over a random page-view id and the time it was made. The endpoint accepts it for a
// few hours and once (app/routes/resources/web-vitals.ts). It names a page view, never a person:
// nothing else is in it, and it is not stored but as a used token's keyed hash, for its hours.

const ID_BYTES = 12
const TIME_BYTES = 4
const SIGNATURE_BYTES = 16

let cachedKey: { secret: string; key: Buffer } | undefined

function tokenKey(): Buffer {
  const secret = serverEnv().authSecret
  if (cachedKey?.secret !== secret) {
    cachedKey = {
      secret,
      key: createHmac('sha256', secret).update('aprova vitals tokens').digest(),
    }
  }
  return cachedKey.key
}

const signatureOf = (signed: Buffer) =>
  createHmac('sha256', tokenKey()).update(signed).digest().subarray(0, SIGNATURE_BYTES)

/** A new page view's token, made `now`. */
export function issueVitalsToken(now = Date.now()): string {
  const signed = Buffer.alloc(ID_BYTES + TIME_BYTES)
  randomBytes(ID_BYTES).copy(signed)
  signed.writeUInt32BE(Math.floor(now / 1000), ID_BYTES)
  return Buffer.concat([signed, signatureOf(signed)]).toString('base64url')
}

/** What a beacon's token says: its page view (to use once), or why it is not accepted. */
export type VitalsTokenCheck =
  | { ok: true; pageView: string }
  | { ok: false; reason: 'malformed' | 'forged' | 'expired' }

/** Checks a beacon's token at `now`: ours, unaltered, and made within its hours. */
export function checkVitalsToken(token: unknown, now = Date.now()): VitalsTokenCheck {
  if (typeof token !== 'string' || token.length !== VITALS_TOKEN_LENGTH)
    return { ok: false, reason: 'malformed' }
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return { ok: false, reason: 'malformed' }
  const bytes = Buffer.from(token, 'base64url')
  const signed = bytes.subarray(0, ID_BYTES + TIME_BYTES)
  const signature = bytes.subarray(ID_BYTES + TIME_BYTES)
  if (signature.length !== SIGNATURE_BYTES || !timingSafeEqual(signature, signatureOf(signed)))
    return { ok: false, reason: 'forged' }
  const madeAt = signed.readUInt32BE(ID_BYTES) * 1000
  const expiresInMs = madeAt + VITALS_TOKEN_HOURS * 3_600_000 - now
  // A token from the future is one the clocks of two instances disagree on by a minute at most.
  if (expiresInMs <= 0 || madeAt - now > 60_000) return { ok: false, reason: 'expired' }
  return { ok: true, pageView: signed.subarray(0, ID_BYTES).toString('base64url') }
}
