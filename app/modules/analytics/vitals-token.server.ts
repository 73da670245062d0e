import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import {
  PAGE_TYPES,
  type PageType,
  VITALS_TOKEN_HOURS,
  VITALS_TOKEN_LENGTH,
} from '#app/domain/web-vitals.ts'
import { serverEnv } from '#app/platform/env.server.ts'

// The token a page's web-vitals beacon must carry (issue 30 point 8; ADR 0023): made for each
// document the server answers (kept public pages get a new one in every answer, spliced in like
// the CSP nonce: server/html-splice.server.ts), signed with a key drawn from AUTH_SECRET for this
// use alone over a random page-view id, the time it was made and the type of the page it was
// made for (a page view of the home page cannot speak for the team's pages: the review of issue
// 30). The endpoint accepts it for a few hours, once, for its page type alone
// (app/routes/resources/web-vitals.ts). It names a page view, never a person: nothing else is in
// it, and it is not stored but as a used token's keyed hash, for its hours.

const ID_BYTES = 12
const TIME_BYTES = 4
const PAGE_BYTES = 1
const SIGNED_BYTES = ID_BYTES + TIME_BYTES + PAGE_BYTES
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

/** A new page view's token, for a page of type `page`, made `now`. */
export function issueVitalsToken(page: PageType, now = Date.now()): string {
  const signed = Buffer.alloc(SIGNED_BYTES)
  randomBytes(ID_BYTES).copy(signed)
  signed.writeUInt32BE(Math.floor(now / 1000), ID_BYTES)
  signed.writeUInt8(PAGE_TYPES.indexOf(page), ID_BYTES + TIME_BYTES)
  return Buffer.concat([signed, signatureOf(signed)]).toString('base64url')
}

/** What a beacon's token says: its page view (to use once) and page type, or why not. */
export type VitalsTokenCheck =
  | { ok: true; pageView: string; page: PageType }
  | { ok: false; reason: 'malformed' | 'forged' | 'expired' }

/** Checks a beacon's token at `now`: ours, unaltered, and made within its hours. */
export function checkVitalsToken(token: unknown, now = Date.now()): VitalsTokenCheck {
  if (typeof token !== 'string' || token.length !== VITALS_TOKEN_LENGTH)
    return { ok: false, reason: 'malformed' }
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return { ok: false, reason: 'malformed' }
  const bytes = Buffer.from(token, 'base64url')
  const signed = bytes.subarray(0, SIGNED_BYTES)
  const signature = bytes.subarray(SIGNED_BYTES)
  if (signature.length !== SIGNATURE_BYTES || !timingSafeEqual(signature, signatureOf(signed)))
    return { ok: false, reason: 'forged' }
  const page = PAGE_TYPES[signed.readUInt8(ID_BYTES + TIME_BYTES)]
  if (!page) return { ok: false, reason: 'forged' }
  const madeAt = signed.readUInt32BE(ID_BYTES) * 1000
  const expiresInMs = madeAt + VITALS_TOKEN_HOURS * 3_600_000 - now
  // A token from the future is one the clocks of two instances disagree on by a minute at most.
  if (expiresInMs <= 0 || madeAt - now > 60_000) return { ok: false, reason: 'expired' }
  return { ok: true, pageView: signed.subarray(0, ID_BYTES).toString('base64url'), page }
}
