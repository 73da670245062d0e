import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { MONTHLY_PHOTO_UPLOADS } from '#app/domain/provider.ts'
import {
  deletePhoto,
  movePhoto,
  ownPhotos,
  setCover,
  sweepUnfinishedPhotos,
  uploadPhoto,
} from '#app/modules/provider/photos.server.ts'
import { db } from '#db/client.server.ts'
import { images, photoFlags, profiles } from '#db/schema/profiles.ts'
import { createAccount } from '#tests/factories/account.ts'
import { setUpTestServer } from '#tests/support/test-server.ts'

// Photos of a provider's profile (issue 7 items 3 and 4) on a real database and disk.

const FIXTURES = path.resolve('tests/fixtures/photos')
const server = setUpTestServer()

async function provider(name = 'Luna Clara') {
  const account = await createAccount({ role: 'provider', name })
  const [profile] = await db().select().from(profiles).where(eq(profiles.userId, account.id))
  if (!profile) throw new Error('no profile')
  return { ...account, profileId: profile.id }
}

/** A neutral test picture: a gradient with a shape, different for each `seed`. */
async function picture(seed: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg', width = 1200) {
  const hue = (seed * 67) % 360
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round(width * 0.75)}">
    <rect width="100%" height="100%" fill="hsl(${hue},60%,45%)"/>
    <circle cx="${(seed * 97) % width}" cy="${(seed * 53) % 400}" r="${120 + (seed % 5) * 30}" fill="hsl(${(hue + 150) % 360},70%,80%)"/>
    <rect x="${(seed * 31) % 600}" y="300" width="300" height="200" fill="hsl(${(hue + 60) % 360},50%,25%)"/>
  </svg>`
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer()
}

const filesOf = async (profileId: string) =>
  (await readdir(path.join(server.dataDir, 'media', 'profiles', profileId)).catch(() => [])).sort()

describe('uploads', () => {
  it('a JPEG with GPS and a rotation comes out upright, as WebP variants with no metadata', async () => {
    const luna = await provider()
    const bytes = await readFile(path.join(FIXTURES, 'gps-rotated.jpg'))
    expect((await sharp(bytes).metadata()).exif).toBeDefined()
    const result = await uploadPhoto(luna.id, bytes)
    if (!result.ok) throw new Error(result.error)
    const { photo } = result
    // 600×400 with EXIF orientation 6: upright it is 400×600.
    expect(photo).toMatchObject({ width: 400, height: 600, isCover: true, pending: false })
    expect(photo.variantWidths).toEqual([320])
    const [row] = await db().select().from(images).where(eq(images.id, photo.id))
    expect(row).toMatchObject({
      verificationType: 'profile',
      mimeType: 'image/jpeg',
      fileSize: bytes.length,
      integrityVerified: true,
      mediaType: 'image',
    })
    expect(row?.fileHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row?.perceptualHash).toMatch(/^[0-9a-f]{16}$/)
    const stored = await readFile(
      path.join(server.dataDir, 'media', `${photo.storagePath}-320.webp`),
    )
    const metadata = await sharp(stored).metadata()
    expect(metadata.format).toBe('webp')
    expect(metadata.exif).toBeUndefined()
    expect(metadata.xmp).toBeUndefined()
    expect(metadata.icc).toBeUndefined()
    expect(metadata.height).toBeGreaterThan(metadata.width ?? 0)
    expect(stored.includes(Buffer.from('PlaceholderCam'))).toBe(false)
    const [counted] = await db().select().from(profiles).where(eq(profiles.id, luna.profileId))
    expect(counted?.monthlyPhotoUploads).toBe(1)
    expect(counted?.photoUploadResetDate).toMatch(/^\d{4}-\d{2}-01$/)
  })

  it('takes PNG, WebP and HEIC, with variants up to 1600 px for a large photo', async () => {
    const luna = await provider()
    const png = await uploadPhoto(luna.id, await picture(1, 'png', 2000))
    const webp = await uploadPhoto(luna.id, await picture(2, 'webp'))
    const heic = await uploadPhoto(luna.id, await readFile(path.join(FIXTURES, 'placeholder.heic')))
    expect(png).toMatchObject({ ok: true, photo: { variantWidths: [320, 640, 1080, 1600] } })
    expect(webp).toMatchObject({ ok: true, photo: { variantWidths: [320, 640, 1080] } })
    expect(heic).toMatchObject({ ok: true, photo: { width: 600, height: 400 } })
    const [row] = await db()
      .select()
      .from(images)
      .where(eq(images.id, heic.ok ? heic.photo.id : ''))
    expect(row?.mimeType).toBe('image/heic')
  })

  it('refuses a small HEIC that claims a huge picture before decoding a pixel', async () => {
    const luna = await provider()
    // The same 4 kB file with its declared size ('ispe' box) set to 20000 × 20000.
    const bomb = Buffer.from(await readFile(path.join(FIXTURES, 'placeholder.heic')))
    const extents = bomb.indexOf('ispe')
    bomb.writeUInt32BE(20_000, extents + 8)
    bomb.writeUInt32BE(20_000, extents + 12)
    expect(await uploadPhoto(luna.id, bomb)).toEqual({ ok: false, error: 'photoPixels' })
    expect(await db().select().from(images).where(eq(images.profileId, luna.profileId))).toEqual([])
  })

  it('reads the type from the bytes: a program renamed .jpg is refused, and nothing is kept', async () => {
    const luna = await provider()
    const program = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00'),
      Buffer.alloc(2048, 7),
    ])
    expect(await uploadPhoto(luna.id, program)).toEqual({ ok: false, error: 'photoType' })
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(512, 1)])
    expect(await uploadPhoto(luna.id, broken)).toEqual({ ok: false, error: 'photoUnreadable' })
    expect(await db().select().from(images).where(eq(images.profileId, luna.profileId))).toEqual([])
    expect(await filesOf(luna.profileId)).toEqual([])
  })

  it('refuses an exact copy, here or on another account; flags a near copy on another profile', async () => {
    const luna = await provider('Luna Clara')
    const sol = await provider('Sol Dourada')
    const original = await picture(7)
    const first = await uploadPhoto(luna.id, original)
    expect(first.ok).toBe(true)
    expect(await uploadPhoto(luna.id, original)).toEqual({ ok: false, error: 'photoDuplicateOwn' })
    expect(await uploadPhoto(sol.id, original)).toEqual({ ok: false, error: 'photoDuplicateOther' })
    // The same picture saved again smaller and at another quality: other bytes, same look.
    const copy = await sharp(original).resize(900).jpeg({ quality: 60 }).toBuffer()
    const near = await uploadPhoto(sol.id, copy)
    expect(near.ok).toBe(true)
    const flags = await db().select().from(photoFlags)
    expect(flags).toHaveLength(1)
    expect(flags[0]).toMatchObject({
      imageId: near.ok ? near.photo.id : '',
      matchedImageId: first.ok ? first.photo.id : '',
    })
    expect(flags[0]?.distance).toBeLessThanOrEqual(10)
    // A different picture is not flagged.
    await uploadPhoto(sol.id, await picture(8))
    expect(await db().select().from(photoFlags)).toHaveLength(1)
  })

  it('counts against the month of the plan', async () => {
    const luna = await provider()
    await db()
      .update(profiles)
      .set({
        monthlyPhotoUploads: MONTHLY_PHOTO_UPLOADS.free - 1,
        photoUploadResetDate: '2999-01-01',
      })
      .where(eq(profiles.id, luna.profileId))
    expect((await uploadPhoto(luna.id, await picture(20))).ok).toBe(true)
    expect(await uploadPhoto(luna.id, await picture(21))).toEqual({
      ok: false,
      error: 'photoMonthlyLimit',
    })
    // A new month starts over.
    await db()
      .update(profiles)
      .set({ photoUploadResetDate: '2000-01-01' })
      .where(eq(profiles.id, luna.profileId))
    expect((await uploadPhoto(luna.id, await picture(21))).ok).toBe(true)
  })

  it('a photo added to an approved profile waits for review; the public gallery keeps the rest', async () => {
    const luna = await provider()
    await uploadPhoto(luna.id, await picture(30))
    await db().update(profiles).set({ status: 'approved' }).where(eq(profiles.id, luna.profileId))
    const added = await uploadPhoto(luna.id, await picture(31))
    expect(added).toMatchObject({ ok: true, photo: { pending: true, isCover: false } })
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, luna.profileId))
    expect(profile?.changesSubmittedAt).toBeInstanceOf(Date)
  })
})

describe('managing photos', () => {
  it('cover, order and deletion; the next photo becomes the cover; files go with the row', async () => {
    const luna = await provider()
    const ids: string[] = []
    for (const seed of [40, 41, 42]) {
      const result = await uploadPhoto(luna.id, await picture(seed))
      if (result.ok) ids.push(result.photo.id)
    }
    expect((await ownPhotos(luna.id)).map((photo) => photo.isCover)).toEqual([true, false, false])
    expect(await setCover(luna.id, ids[2] ?? '')).toBe(true)
    expect(await movePhoto(luna.id, ids[2] ?? '', 'earlier')).toBe(true)
    expect((await ownPhotos(luna.id)).map((photo) => photo.id)).toEqual([ids[0], ids[2], ids[1]])
    const before = await filesOf(luna.profileId)
    expect(before.filter((file) => file.startsWith(ids[2] ?? '-'))).toHaveLength(3)
    expect(await deletePhoto(luna.id, ids[2] ?? '')).toBe(true)
    const left = await ownPhotos(luna.id)
    expect(left.map((photo) => photo.id)).toEqual([ids[0], ids[1]])
    expect(left[0]?.isCover).toBe(true)
    expect(
      (await filesOf(luna.profileId)).filter((file) => file.startsWith(ids[2] ?? '-')),
    ).toEqual([])
  })

  it('nobody touches another provider’s photos', async () => {
    const luna = await provider('Luna Clara')
    const sol = await provider('Sol Dourada')
    const result = await uploadPhoto(luna.id, await picture(50))
    const id = result.ok ? result.photo.id : ''
    expect(await setCover(sol.id, id)).toBe(false)
    expect(await movePhoto(sol.id, id, 'later')).toBe(false)
    expect(await deletePhoto(sol.id, id)).toBe(false)
    expect((await ownPhotos(luna.id)).map((photo) => photo.id)).toEqual([id])
  })
})

it('an upload or deletion a dead process left is finished: no row without files, no file without a row', async () => {
  const luna = await provider()
  const kept = await uploadPhoto(luna.id, await picture(60))
  if (!kept.ok) throw new Error(kept.error)
  // As if the server died half-way through an upload and a deletion.
  const half = await uploadPhoto(luna.id, await picture(61))
  const gone = await uploadPhoto(luna.id, await picture(62))
  if (!half.ok || !gone.ok) throw new Error('upload failed')
  await db()
    .update(images)
    .set({ verificationType: 'uploading' })
    .where(eq(images.id, half.photo.id))
  await db()
    .update(images)
    .set({ verificationType: 'deleting' })
    .where(eq(images.id, gone.photo.id))
  expect(await sweepUnfinishedPhotos(60_000)).toBe(0)
  expect(await sweepUnfinishedPhotos(0)).toBe(2)
  const rows = await db().select().from(images).where(eq(images.profileId, luna.profileId))
  expect(rows.map((row) => row.id)).toEqual([kept.photo.id])
  const files = await filesOf(luna.profileId)
  expect(files.every((file) => file.startsWith(kept.photo.id))).toBe(true)
  for (const width of kept.photo.variantWidths) {
    expect(
      existsSync(path.join(server.dataDir, 'media', `${kept.photo.storagePath}-${width}.webp`)),
    ).toBe(true)
  }
})

describe('the photo routes', () => {
  const call = async (
    action: (args: never) => unknown,
    path: string,
    body: FormData,
    cookie?: string,
  ) => {
    const request = new Request(`http://localhost:3999${path}`, {
      method: 'POST',
      headers: cookie ? { cookie } : {},
      body,
    })
    try {
      const result = await action({ request, params: {}, context: {} } as never)
      if (result instanceof Response) return { status: result.status, body: await result.json() }
      const value = result as { data: unknown; init?: ResponseInit | null }
      return { status: value.init?.status ?? 200, body: value.data }
    } catch (thrown) {
      if (thrown instanceof Response) {
        return { status: thrown.status, location: thrown.headers.get('location') }
      }
      throw thrown
    }
  }
  const uploadForm = async (seed: number) => {
    const form = new FormData()
    form.append('photo', new Blob([await picture(seed)], { type: 'image/jpeg' }), 'foto.jpg')
    return form
  }

  it('take uploads from the provider only, and answer JSON to the page', async () => {
    const { action: uploadAction } = await import('#app/routes/provider/photo-upload.ts')
    const luna = await provider()
    const client = await createAccount({ role: 'client' })
    const { sessionCookie } = await import('#tests/factories/account.ts')
    expect(
      await call(uploadAction as never, '/dashboard/photos/upload', await uploadForm(70)),
    ).toMatchObject({
      status: 302,
      location: '/auth?mode=login&next=%2Fdashboard%2Fphotos%2Fupload',
    })
    expect(
      await call(
        uploadAction as never,
        '/dashboard/photos/upload',
        await uploadForm(70),
        await sessionCookie(client.email),
      ),
    ).toMatchObject({ status: 302, location: '/client-dashboard' })
    const ok = await call(
      uploadAction as never,
      '/dashboard/photos/upload',
      await uploadForm(70),
      await sessionCookie(luna.email),
    )
    expect(ok).toMatchObject({ status: 200, body: { ok: true } })
    const empty = await call(
      uploadAction as never,
      '/dashboard/photos/upload',
      new FormData(),
      await sessionCookie(luna.email),
    )
    expect(empty).toMatchObject({ status: 422, body: { ok: false, error: 'photoMissing' } })
  })

  it('another provider cannot set the cover of, move or delete someone else’s photo', async () => {
    const { action: photosAction } = await import('#app/routes/provider/photos.tsx')
    const { sessionCookie } = await import('#tests/factories/account.ts')
    const luna = await provider('Luna Clara')
    const sol = await provider('Sol Dourada')
    const result = await uploadPhoto(luna.id, await picture(71))
    const id = result.ok ? result.photo.id : ''
    for (const intent of ['cover', 'move', 'delete']) {
      const form = new FormData()
      form.append('intent', intent)
      form.append('id', id)
      form.append('direction', 'later')
      expect(
        await call(
          photosAction as never,
          '/dashboard/photos',
          form,
          await sessionCookie(sol.email),
        ),
      ).toMatchObject({
        status: 404,
      })
    }
    expect((await ownPhotos(luna.id)).map((photo) => photo.id)).toEqual([id])
  })
})
