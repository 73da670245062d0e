import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  MAX_PROFILE_PHOTOS,
  MONTHLY_PHOTO_UPLOADS,
  PHOTO_DECODE_ATTEMPTS_PER_HOUR,
} from '#app/domain/provider.ts'
import { en } from '#app/i18n/en.ts'
import { pt } from '#app/i18n/pt.ts'
import { photosDecoded } from '#app/modules/media/photo-processing.server.ts'
import { uploadPhoto } from '#app/modules/provider/photos.server.ts'
import { UPLOAD_LEASE_SECONDS } from '#app/modules/provider/upload-reservation.server.ts'
import { action as uploadAction } from '#app/routes/provider/photo-upload.ts'
import { db } from '#db/client.server.ts'
import { images, profiles } from '#db/schema/profiles.ts'
import { createAccount, sessionCookie } from '#tests/factories/account.ts'
import { setUpTestServer, TEST_BASE_URL } from '#tests/support/test-server.ts'

// Issue 30 point 10: what an upload costs before any limit. A 40-megapixel picture takes half a
// second of CPU to decode, so everything that can refuse an upload does so from its bytes and the
// database first: an exact copy (by sha256), the month's allowance, the profile's maximum, and a
// second upload of the same provider while one is on its way (one at a time, on every instance).
// photosDecoded() counts the decodings this process began: a refusal must cost none. A picture
// whose pixels are broken gets past all that and fails only in the decoder, counted nowhere else:
// such attempts are capped per provider and hour.

setUpTestServer()

async function provider(name = 'Luna Clara') {
  const account = await createAccount({ role: 'provider', name })
  const [profile] = await db().select().from(profiles).where(eq(profiles.userId, account.id))
  if (!profile) throw new Error('no profile')
  return { ...account, profileId: profile.id }
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

const smallPicture = (seed: number) =>
  sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: seed * 20, g: 80, b: 150 } },
  })
    .jpeg()
    .toBuffer()

let wholePicture: Promise<Buffer> | undefined

/**
 * A 12-megapixel PNG whose header is right and whose pixels are cut short: its type, size and
 * dimensions pass every check before decoding, and the decoder fails on it (a little different
 * for each `seed`, so no two are copies).
 */
const brokenPicture = async (seed: number) => {
  wholePicture ??= sharp({
    create: { width: 4000, height: 3000, channels: 3, background: { r: 30, g: 90, b: 140 } },
  })
    .png()
    .toBuffer()
  const whole = await wholePicture
  const pixels = whole.indexOf('IDAT') + 4
  return Buffer.concat([whole.subarray(0, pixels + 64), Buffer.from(`broken ${seed}`)])
}

/** Sends a photo through the upload route, as the page's script does, holding `cookie`. */
async function uploadThroughRoute(cookie: string, bytes: Buffer) {
  const form = new FormData()
  form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'foto.jpg')
  const response = (await uploadAction({
    request: new Request(`${TEST_BASE_URL}/dashboard/photos/upload`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    }),
    params: {},
    context: {},
  } as never)) as Response
  return { status: response.status, body: await response.json() }
}

const rowsOf = (profileId: string) =>
  db()
    .select({ id: images.id, type: images.verificationType })
    .from(images)
    .where(eq(images.profileId, profileId))

/** An upload of hers on its way, started `secondsAgo` (another instance's, or a dead one's). */
const uploadOnItsWay = (profileId: string, secondsAgo = 0) =>
  db()
    .insert(images)
    .values({
      profileId,
      url: '/media/x-320.webp',
      storagePath: `profiles/${profileId}/on-its-way`,
      verificationType: 'uploading',
      fileHash: `on-its-way-${profileId}`,
      createdAt: sql`now() - make_interval(secs => ${secondsAgo})`,
    })
    .returning({ id: images.id })

describe('before a pixel is decoded', () => {
  it('ten parallel uploads of the same big picture by one provider decode it once', async () => {
    const luna = await provider()
    const bytes = await bigPicture(1)
    const before = photosDecoded()
    const answers = await Promise.all(Array.from({ length: 10 }, () => uploadPhoto(luna.id, bytes)))
    expect(photosDecoded() - before).toBe(1)
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1)
    // The others were told why: another upload of hers on its way, or the same photo already here.
    for (const answer of answers.filter((one) => !one.ok)) {
      expect(['photoUploadBusy', 'photoDuplicateOwn']).toContain(answer.ok ? '' : answer.error)
    }
    expect(await rowsOf(luna.profileId)).toEqual([{ id: expect.any(String), type: 'profile' }])
    const [counted] = await db().select().from(profiles).where(eq(profiles.id, luna.profileId))
    expect(counted?.monthlyPhotoUploads).toBe(1)
  })

  it("refuses a copy of another provider's photo, past the allowance or the maximum, undecoded", async () => {
    const luna = await provider('Luna Clara')
    const sol = await provider('Sol Dourada')
    const bytes = await bigPicture(2)
    expect((await uploadPhoto(luna.id, bytes)).ok).toBe(true)
    const before = photosDecoded()
    expect(await uploadPhoto(sol.id, bytes)).toEqual({ ok: false, error: 'photoDuplicateOther' })

    await db()
      .update(profiles)
      .set({ monthlyPhotoUploads: MONTHLY_PHOTO_UPLOADS.free, photoUploadResetDate: '2999-01-01' })
      .where(eq(profiles.id, sol.profileId))
    expect(await uploadPhoto(sol.id, await bigPicture(3))).toEqual({
      ok: false,
      error: 'photoMonthlyLimit',
    })

    await db()
      .update(profiles)
      .set({ monthlyPhotoUploads: 0, membershipTier: 'vip_plus' })
      .where(eq(profiles.id, sol.profileId))
    await db()
      .insert(images)
      .values(
        Array.from({ length: MAX_PROFILE_PHOTOS }, (_, i) => ({
          profileId: sol.profileId,
          url: `/media/full-${i}-320.webp`,
          storagePath: `profiles/${sol.profileId}/full-${i}`,
        })),
      )
    expect(await uploadPhoto(sol.id, await bigPicture(4))).toEqual({
      ok: false,
      error: 'photoTotalLimit',
    })
    expect(photosDecoded()).toBe(before)
  })

  it('one upload at a time per provider: refused while another is on its way, its slot freed on every ending', async () => {
    const luna = await provider()
    const [other] = await uploadOnItsWay(luna.profileId)
    const before = photosDecoded()
    expect(await uploadPhoto(luna.id, await smallPicture(1))).toEqual({
      ok: false,
      error: 'photoUploadBusy',
    })
    expect(photosDecoded()).toBe(before)
    await db()
      .delete(images)
      .where(eq(images.id, other?.id ?? ''))

    // A picture that cannot be read frees the slot at once; so does a success.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(512, 1)])
    expect(await uploadPhoto(luna.id, broken)).toEqual({ ok: false, error: 'photoUnreadable' })
    expect((await uploadPhoto(luna.id, await smallPicture(2))).ok).toBe(true)
    expect((await uploadPhoto(luna.id, await smallPicture(3))).ok).toBe(true)
    expect((await rowsOf(luna.profileId)).map((row) => row.type)).toEqual(['profile', 'profile'])
  })

  it('an upload left by a process that died holds the slot only until its lease ends', async () => {
    const luna = await provider()
    // Younger than the lease: another instance may still be writing it.
    const [young] = await uploadOnItsWay(luna.profileId, UPLOAD_LEASE_SECONDS - 10)
    expect(await uploadPhoto(luna.id, await smallPicture(4))).toEqual({
      ok: false,
      error: 'photoUploadBusy',
    })
    // Past it (the clock moved through the row): taken over, and the dead upload's row goes.
    await db()
      .update(images)
      .set({ createdAt: sql`now() - make_interval(secs => ${UPLOAD_LEASE_SECONDS + 1})` })
      .where(eq(images.id, young?.id ?? ''))
    const taken = await uploadPhoto(luna.id, await smallPicture(4))
    expect(taken.ok).toBe(true)
    expect(await rowsOf(luna.profileId)).toEqual([
      { id: taken.ok ? taken.photo.id : '', type: 'profile' },
    ])
  })

  it('the upload route answers 429 and the reason (a message of both dictionaries) while another is on its way', async () => {
    const luna = await provider()
    await uploadOnItsWay(luna.profileId)
    const answer = await uploadThroughRoute(await sessionCookie(luna.email), await smallPicture(5))
    expect(answer).toEqual({ status: 429, body: { ok: false, error: 'photoUploadBusy' } })
  })

  it('a provider whose pictures keep failing to decode is stopped after the hour’s attempts; nothing more is decoded', async () => {
    const luna = await provider()
    const cookie = await sessionCookie(luna.email)
    const before = photosDecoded()
    // A photo that is read counts too; one refused before decoding (a copy) does not.
    const good = await smallPicture(6)
    expect((await uploadPhoto(luna.id, good)).ok).toBe(true)
    expect(await uploadPhoto(luna.id, good)).toEqual({ ok: false, error: 'photoDuplicateOwn' })
    for (let attempt = 1; attempt < PHOTO_DECODE_ATTEMPTS_PER_HOUR; attempt++) {
      expect(await uploadPhoto(luna.id, await brokenPicture(attempt))).toEqual({
        ok: false,
        error: 'photoUnreadable',
      })
    }
    expect(photosDecoded() - before).toBe(PHOTO_DECODE_ATTEMPTS_PER_HOUR)

    // The next one, broken or not, is refused undecoded, with the reason in her language.
    const refused = await uploadThroughRoute(cookie, await brokenPicture(0))
    expect(refused).toEqual({ status: 429, body: { ok: false, error: 'photoHourlyLimit' } })
    expect(pt.formErrors.photoHourlyLimit).toMatch(/última hora/)
    expect(en.formErrors.photoHourlyLimit).toMatch(/last hour/)
    expect(await uploadPhoto(luna.id, await smallPicture(7))).toEqual({
      ok: false,
      error: 'photoHourlyLimit',
    })
    expect(photosDecoded() - before).toBe(PHOTO_DECODE_ATTEMPTS_PER_HOUR)
    // Nothing written: her one photo, no upload slot held, the month's count unchanged.
    expect((await rowsOf(luna.profileId)).map((row) => row.type)).toEqual(['profile'])
    const [counted] = await db().select().from(profiles).where(eq(profiles.id, luna.profileId))
    expect(counted?.monthlyPhotoUploads).toBe(1)

    // The cap is hers alone.
    const sol = await provider('Sol Dourada')
    expect((await uploadPhoto(sol.id, await smallPicture(8))).ok).toBe(true)
  })
})
