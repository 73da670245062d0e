import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { DOCUMENT_DECODE_ATTEMPTS_PER_HOUR } from '#app/domain/provider.ts'
import { en } from '#app/i18n/en.ts'
import { pt } from '#app/i18n/pt.ts'
import { photosDecoded, sha256Of } from '#app/modules/media/photo-processing.server.ts'
import { submitVerification } from '#app/modules/provider/verification.server.ts'
import { SUBMISSION_LEASE_SECONDS } from '#app/modules/provider/verification-documents.server.ts'
import { action as verificationAction } from '#app/routes/provider/verification.tsx'
import { db } from '#db/client.server.ts'
import { bannedIdentifiers } from '#db/schema/moderation.ts'
import { profiles, verificationSubmissions } from '#db/schema/profiles.ts'
import { signedInProvider, testPicture } from '#tests/factories/profile.ts'
import { setUpTestServer, TEST_BASE_URL } from '#tests/support/test-server.ts'

// Issue 30 point 10, for identity documents: a submission is three pictures, each up to 40
// megapixels, so everything that can refuse one does so before a pixel is decoded: their size
// and type (first bytes), a banned document (sha256 of the bytes received) and a check already
// waiting (one submission of a provider at a time, on every instance). photosDecoded() counts
// the decodings this process began. A picture whose pixels are broken gets past all that and
// fails only in the decoder: such submissions are capped per provider and hour.

setUpTestServer()

async function provider() {
  const account = await signedInProvider()
  return { id: account.id, profileId: account.profile.id, cookie: account.cookie }
}

/** A large picture (12 megapixels) that compresses well: cheap to send, costly to decode. */
const bigPicture = (seed: number) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000">
      <rect width="100%" height="100%" fill="hsl(${seed * 47},55%,40%)"/>
      <circle cx="${1000 + seed * 90}" cy="1500" r="900" fill="#f2e8d5"/></svg>`),
  )
    .png()
    .toBuffer()

const bigDocuments = async (seed: number) => ({
  documentFront: await bigPicture(seed),
  documentBack: await bigPicture(seed + 1),
  selfie: await bigPicture(seed + 2),
})

const smallDocuments = async (seed: number) => ({
  documentFront: await testPicture(seed),
  documentBack: await testPicture(seed + 1),
  selfie: await testPicture(seed + 2),
})

/** JPEG by its first bytes, nothing a decoder can read after them. */
const unreadable = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(512, 1)])

let wholePicture: Promise<Buffer> | undefined

/**
 * A 12-megapixel PNG whose header is right and whose pixels are cut short: it passes every check
 * before decoding, and the decoder fails on it (a little different for each `seed`).
 */
const brokenPicture = async (seed: number) => {
  wholePicture ??= bigPicture(0)
  const whole = await wholePicture
  const pixels = whole.indexOf('IDAT') + 4
  return Buffer.concat([whole.subarray(0, pixels + 64), Buffer.from(`broken ${seed}`)])
}

/** The verification page's form as the browser sends it (consent given), holding `cookie`. */
async function sendThroughRoute(cookie: string, documents: Record<string, Buffer>) {
  const form = new FormData()
  form.append('intent', 'submit')
  form.append('consent', 'on')
  for (const [part, bytes] of Object.entries(documents)) {
    form.append(part, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `${part}.png`)
  }
  const answer = (await verificationAction({
    request: new Request(`${TEST_BASE_URL}/dashboard/verification`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    }),
    params: {},
    context: {},
  } as never)) as { data: unknown; init: ResponseInit | null }
  return { status: answer.init?.status ?? 200, data: answer.data }
}

const alreadyPending = {
  ok: false,
  error: { field: 'form', message: 'verificationAlreadyPending' },
}

const submissionsOf = (profileId: string) =>
  db()
    .select({ id: verificationSubmissions.id, status: verificationSubmissions.status })
    .from(verificationSubmissions)
    .where(eq(verificationSubmissions.profileId, profileId))

const statusOf = async (profileId: string) =>
  (await db().select().from(profiles).where(eq(profiles.id, profileId)))[0]?.status

/** A submission of hers on its way, opened `secondsAgo` (another instance's, or a dead one's). */
const submissionOnItsWay = (profileId: string, secondsAgo = 0) =>
  db()
    .insert(verificationSubmissions)
    .values({
      profileId,
      consentAt: new Date(),
      submittedAt: sql`now() - make_interval(secs => ${secondsAgo})`,
      documentFrontHash: 'front',
      documentBackHash: 'back',
      selfieHash: 'selfie',
    })
    .returning({ id: verificationSubmissions.id })

describe('identity documents, before a pixel is decoded', () => {
  it('ten parallel submissions of three big pictures by one provider decode three pictures', async () => {
    const luna = await provider()
    const documents = await bigDocuments(1)
    const before = photosDecoded()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => submitVerification(luna.id, documents, true)),
    )
    expect(photosDecoded() - before).toBeLessThanOrEqual(3)
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1)
    for (const answer of answers.filter((one) => !one.ok)) expect(answer).toEqual(alreadyPending)
    expect(await submissionsOf(luna.profileId)).toEqual([
      { id: expect.any(String), status: 'pending' },
    ])
    expect(await statusOf(luna.profileId)).toBe('pending')
  })

  it('a banned document is refused without decoding anything', async () => {
    const luna = await provider()
    const documents = await bigDocuments(4)
    await db()
      .insert(bannedIdentifiers)
      .values({ kind: 'document', hash: sha256Of(documents.documentBack) })
    const before = photosDecoded()
    expect(await submitVerification(luna.id, documents, true)).toEqual({
      ok: false,
      error: { field: 'documentBack', message: 'documentBlocked' },
    })
    expect(photosDecoded()).toBe(before)
    expect(await submissionsOf(luna.profileId)).toEqual([])
  })

  it('a picture that cannot be read after the submission is opened frees it at once', async () => {
    const luna = await provider()
    const documents = await smallDocuments(7)
    expect(await submitVerification(luna.id, { ...documents, selfie: unreadable }, true)).toEqual({
      ok: false,
      error: { field: 'selfie', message: 'photoUnreadable' },
    })
    expect(await submissionsOf(luna.profileId)).toEqual([])
    expect(await statusOf(luna.profileId)).toBe('draft')
    // She sends again at once.
    expect(await submitVerification(luna.id, documents, true)).toEqual({ ok: true })
    expect(await statusOf(luna.profileId)).toBe('pending')
  })

  it('a submission on its way elsewhere is refused undecoded; one left by a dead process only until its lease ends', async () => {
    const luna = await provider()
    const [young] = await submissionOnItsWay(luna.profileId, SUBMISSION_LEASE_SECONDS - 10)
    const before = photosDecoded()
    expect(await submitVerification(luna.id, await smallDocuments(10), true)).toEqual(
      alreadyPending,
    )
    expect(photosDecoded()).toBe(before)
    // Past it (the clock moved through the row): taken over, and the dead submission's row goes.
    await db()
      .update(verificationSubmissions)
      .set({ submittedAt: sql`now() - make_interval(secs => ${SUBMISSION_LEASE_SECONDS + 1})` })
      .where(eq(verificationSubmissions.id, young?.id ?? ''))
    expect(await submitVerification(luna.id, await smallDocuments(10), true)).toEqual({ ok: true })
    const rows = await submissionsOf(luna.profileId)
    expect(rows).toEqual([{ id: expect.any(String), status: 'pending' }])
    expect(rows[0]?.id).not.toBe(young?.id)
  })

  it('a provider whose pictures keep failing to decode is stopped after the hour’s submissions; nothing more is decoded', async () => {
    const luna = await provider()
    const documents = await smallDocuments(13)
    const before = photosDecoded()
    for (let attempt = 1; attempt <= DOCUMENT_DECODE_ATTEMPTS_PER_HOUR; attempt++) {
      const selfie = await brokenPicture(attempt)
      expect(await submitVerification(luna.id, { ...documents, selfie }, true)).toEqual({
        ok: false,
        error: { field: 'selfie', message: 'photoUnreadable' },
      })
    }
    // The front and the back were read each time, the selfie failed.
    expect(photosDecoded() - before).toBe(3 * DOCUMENT_DECODE_ATTEMPTS_PER_HOUR)

    // The next one, broken or not, is refused undecoded, with the reason in her language.
    const refused = await sendThroughRoute(luna.cookie, {
      ...documents,
      selfie: await brokenPicture(0),
    })
    expect(refused).toEqual({
      status: 429,
      data: { intent: 'submit', error: { field: 'form', message: 'documentHourlyLimit' } },
    })
    expect(pt.formErrors.documentHourlyLimit).toMatch(/última hora/)
    expect(en.formErrors.documentHourlyLimit).toMatch(/last hour/)
    expect(await submitVerification(luna.id, documents, true)).toEqual({
      ok: false,
      error: { field: 'form', message: 'documentHourlyLimit' },
    })
    expect(photosDecoded() - before).toBe(3 * DOCUMENT_DECODE_ATTEMPTS_PER_HOUR)
    // Nothing written, no slot held: no submission of hers, the profile still a draft.
    expect(await submissionsOf(luna.profileId)).toEqual([])
    expect(await statusOf(luna.profileId)).toBe('draft')

    // The cap is hers alone.
    const sol = await provider()
    expect(await submitVerification(sol.id, documents, true)).toEqual({ ok: true })
  })
})
