import { existsSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  deletePhoto,
  editPhoto,
  ownPhotos,
  uploadPhoto,
} from '#app/modules/provider/photos.server.ts'
import { db } from '#db/client.server.ts'
import { images, profiles } from '#db/schema/profiles.ts'
import { createAccount, sessionCookie } from '#tests/factories/account.ts'
import { setUpTestServer } from '#tests/support/test-server.ts'

// Rotating and cropping a stored photo (issue 19 point 20) on a real database and disk: every
// variant is made again from the private original, with the edit's size and no metadata.

const FIXTURES = path.resolve('tests/fixtures/photos')
const server = setUpTestServer()

async function provider(name = 'Luna Clara') {
  const account = await createAccount({ role: 'provider', name })
  const [profile] = await db().select().from(profiles).where(eq(profiles.userId, account.id))
  if (!profile) throw new Error('no profile')
  return { ...account, profileId: profile.id }
}

/** A neutral test picture, `width` × ¾ of it, different for each `seed`. */
async function picture(seed: number, width: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round(width * 0.75)}">
    <rect width="100%" height="100%" fill="hsl(${(seed * 67) % 360},60%,45%)"/>
    <circle cx="${(seed * 97) % width}" cy="200" r="150" fill="#fff"/>
  </svg>`
  return sharp(Buffer.from(svg)).jpeg().toBuffer()
}

const publicFile = (key: string) => path.join(server.dataDir, 'media', key)
const originalFile = (storagePath: string) =>
  path.join(server.dataDir, 'private', `${storagePath}-original.webp`)

/** Width, height and metadata of every stored variant of the photo `id`. */
async function storedVariants(id: string) {
  const [row] = await db().select().from(images).where(eq(images.id, id))
  if (!row?.storagePath) throw new Error('no row')
  const variants = []
  for (const width of row.variantWidths) {
    const metadata = await sharp(
      await readFile(publicFile(`${row.storagePath}-${width}.webp`)),
    ).metadata()
    variants.push({
      width: metadata.width,
      height: metadata.height,
      exif: metadata.exif,
      xmp: metadata.xmp,
      format: metadata.format,
    })
  }
  return { row, variants }
}

describe('rotate and crop', () => {
  it('a turned, square crop of a photo with GPS: every variant remade, upright, square, without metadata', async () => {
    const luna = await provider()
    const bytes = await readFile(path.join(FIXTURES, 'gps-rotated.jpg'))
    const uploaded = await uploadPhoto(luna.id, bytes)
    if (!uploaded.ok) throw new Error(uploaded.error)
    const before = uploaded.photo
    // Upright 400×600; the original is kept privately, without metadata.
    expect(existsSync(originalFile(before.storagePath))).toBe(true)
    const original = await sharp(await readFile(originalFile(before.storagePath))).metadata()
    expect(original).toMatchObject({ width: 400, height: 600 })
    expect(original.exif).toBeUndefined()

    const result = await editPhoto(luna.id, before.id, {
      rotation: '90',
      crop: 'square',
      position: 'start',
    })
    expect(result).toBe('edited')
    const { row, variants } = await storedVariants(before.id)
    // Turned: 600×400; the square keeps 400×400.
    expect(row).toMatchObject({ width: 400, height: 400, variantWidths: [320] })
    expect(row.storagePath).toBe(`${before.storagePath}-r90-square-start`)
    expect(row.url).toBe(`/media/${row.storagePath}-320.webp`)
    expect(variants).toEqual([
      { width: 320, height: 320, exif: undefined, xmp: undefined, format: 'webp' },
    ])
    // The old files are gone; the original stays for the next edit.
    expect(existsSync(publicFile(`${before.storagePath}-320.webp`))).toBe(false)
    expect(existsSync(originalFile(before.storagePath))).toBe(true)
  })

  it('a portrait crop of a large photo, then back to the whole photo from the original', async () => {
    const luna = await provider()
    const uploaded = await uploadPhoto(luna.id, await picture(3, 2000))
    if (!uploaded.ok) throw new Error(uploaded.error)
    const id = uploaded.photo.id
    expect(uploaded.photo).toMatchObject({ width: 2000, height: 1500 })

    expect(await editPhoto(luna.id, id, { rotation: '0', crop: 'portrait', position: 'end' })).toBe(
      'edited',
    )
    const portrait = await storedVariants(id)
    // 3:4 of a 1500-high picture: 1125 × 1500.
    expect(portrait.row).toMatchObject({
      width: 1125,
      height: 1500,
      variantWidths: [320, 640, 1080],
    })
    expect(portrait.variants.map(({ width, height }) => [width, height])).toEqual([
      [320, 427],
      [640, 853],
      [1080, 1440],
    ])
    expect(portrait.variants.every((variant) => variant.exif === undefined)).toBe(true)

    // Turned upside down and uncropped: the whole 2000×1500 again, not the crop's 1125 px.
    expect(await editPhoto(luna.id, id, { rotation: '180', crop: 'none', position: 'end' })).toBe(
      'edited',
    )
    const whole = await storedVariants(id)
    expect(whole.row).toMatchObject({
      width: 2000,
      height: 1500,
      variantWidths: [320, 640, 1080, 1600],
    })
    expect(whole.row.storagePath).toBe(`${uploaded.photo.storagePath}-r180-none-center`)
    expect(whole.variants.at(-1)).toMatchObject({ width: 1600, height: 1200 })
    for (const width of [320, 640, 1080]) {
      expect(existsSync(publicFile(`${portrait.row.storagePath}-${width}.webp`))).toBe(false)
    }

    // The same edit again changes nothing; as sent, the first address is back.
    expect(await editPhoto(luna.id, id, { rotation: '180', crop: 'none', position: 'start' })).toBe(
      'unchanged',
    )
    expect(await editPhoto(luna.id, id, { rotation: '0', crop: 'none', position: 'center' })).toBe(
      'edited',
    )
    expect((await ownPhotos(luna.id))[0]).toMatchObject({
      storagePath: uploaded.photo.storagePath,
      width: 2000,
      height: 1500,
    })
  })

  it('a photo stored before originals were kept is edited from its largest variant', async () => {
    const luna = await provider()
    const uploaded = await uploadPhoto(luna.id, await picture(5, 1200))
    if (!uploaded.ok) throw new Error(uploaded.error)
    await rm(originalFile(uploaded.photo.storagePath))
    expect(
      await editPhoto(luna.id, uploaded.photo.id, {
        rotation: '270',
        crop: 'none',
        position: 'center',
      }),
    ).toBe('edited')
    const { row, variants } = await storedVariants(uploaded.photo.id)
    // Its largest variant is 1080×810; turned, 810×1080.
    expect(row).toMatchObject({ width: 810, height: 1080, variantWidths: [320, 640] })
    expect(variants.map(({ width, height }) => [width, height])).toEqual([
      [320, 427],
      [640, 853],
    ])
    expect(existsSync(originalFile(uploaded.photo.storagePath))).toBe(true)
  })

  it('nobody edits another provider’s photo; deleting a photo deletes its original', async () => {
    const luna = await provider('Luna Clara')
    const sol = await provider('Sol Dourada')
    const uploaded = await uploadPhoto(luna.id, await picture(7, 800))
    if (!uploaded.ok) throw new Error(uploaded.error)
    const edit = { rotation: '90', crop: 'square', position: 'center' } as const
    expect(await editPhoto(sol.id, uploaded.photo.id, edit)).toBe('notFound')
    expect(await editPhoto(sol.id, 'not-a-uuid', edit)).toBe('notFound')
    expect(await editPhoto(luna.id, uploaded.photo.id, edit)).toBe('edited')
    expect(await deletePhoto(luna.id, uploaded.photo.id)).toBe(true)
    expect(existsSync(originalFile(uploaded.photo.storagePath))).toBe(false)
  })

  it('the page’s form: the provider’s own photo only, choices checked, a clear answer', async () => {
    const { action } = await import('#app/routes/provider/photos.tsx')
    const luna = await provider('Luna Clara')
    const sol = await provider('Sol Dourada')
    const uploaded = await uploadPhoto(luna.id, await picture(9, 800))
    if (!uploaded.ok) throw new Error(uploaded.error)
    const send = async (cookie: string, fields: Record<string, string>) => {
      const body = new FormData()
      for (const [name, value] of Object.entries(fields)) body.append(name, value)
      const request = new Request('http://localhost:3999/dashboard/photos', {
        method: 'POST',
        headers: { cookie },
        body,
      })
      try {
        const result = (await action({ request, params: {}, context: {} } as never)) as {
          data: unknown
          init?: ResponseInit | null
        }
        return { status: result.init?.status ?? 200, body: result.data }
      } catch (thrown) {
        if (thrown instanceof Response) return { status: thrown.status }
        throw thrown
      }
    }
    const form = {
      intent: 'edit',
      id: uploaded.photo.id,
      rotation: '90',
      crop: 'portrait',
      position: 'center',
    }
    expect(await send(await sessionCookie(sol.email), form)).toEqual({ status: 404 })
    expect(await send(await sessionCookie(luna.email), { ...form, rotation: '45' })).toMatchObject({
      status: 400,
      body: { error: { message: 'photoEdit' } },
    })
    expect(await send(await sessionCookie(luna.email), form)).toMatchObject({
      status: 200,
      body: { intent: 'edit', done: true, editedId: uploaded.photo.id },
    })
    // 800×600 turned is 600×800, already 3:4.
    expect((await ownPhotos(luna.id))[0]).toMatchObject({ width: 600, height: 800 })
  })
})
