import { mkdir, readFile, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import express from 'express'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { settleAuthTasks } from '#app/modules/auth/auth.server.ts'
import { fileReport } from '#app/modules/client/reports.server.ts'
import { startChangeFeed } from '#app/modules/http/public-pages.server.ts'
import { mediaAccess } from '#app/modules/media/photo-access.server.ts'
import { banProfile, setHidden, suspendProfile } from '#app/modules/moderation/sanctions.server.ts'
import { deletePhoto, editPhoto, uploadPhoto } from '#app/modules/provider/photos.server.ts'
import { databaseHandle, db } from '#db/client.server.ts'
import { images, profiles } from '#db/schema/profiles.ts'
import { mediaFiles } from '#server/media.server.ts'
import { createAccount, sessionCookie, signedIn } from '#tests/factories/account.ts'
import { createProfile } from '#tests/factories/profile.ts'
import { muteOutput, useTestServerEnv } from '#tests/support/test-server.ts'

// Issue 30 point 3: /media is the one address of a photo, and a gate. A photo is served to
// everyone only while it shows on the site (its profile approved and active, the photo approved,
// the key its current one); otherwise only to its provider and to the team, never kept by a
// cache, and to anyone else it is the 404 of a missing file. Real sessions, real rows, real files
// on disk, through the handler server/app.ts mounts.

let dataDir = ''
let site: { base: string; close: () => void }
let admin: { id: string; email: string; cookie: string }
let stranger: { cookie: string }

beforeAll(async () => {
  dataDir = await useTestServerEnv()
  const app = express()
  app.use(
    '/media',
    mediaFiles({ kind: 'local', directory: path.join(dataDir, 'media'), gate: mediaAccess }),
  )
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  site = { base: `http://127.0.0.1:${port}`, close: () => server.close() }
  admin = await signedIn('admin')
  stranger = await signedIn('provider')
})

afterAll(async () => {
  site?.close()
  await settleAuthTasks()
})

beforeEach(muteOutput)

const PUBLIC = 'public, max-age=60, s-maxage=1'
const PRIVATE = 'private, no-store'

const picture = (seed: number) =>
  sharp({
    create: { width: 900, height: 1200, channels: 3, background: { r: seed * 25, g: 90, b: 60 } },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200"><circle cx="${150 + seed * 40}" cy="500" r="260" fill="#fff"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer()

let seeds = 0

/** A provider with one approved photo on her public profile; its key (640 px) and her session. */
async function publicPhoto() {
  const account = await createAccount({ role: 'provider', name: 'Luna Clara' })
  const uploaded = await uploadPhoto(account.id, await picture(++seeds))
  if (!uploaded.ok) throw new Error(uploaded.error)
  const [profile] = await db()
    .update(profiles)
    .set({ status: 'approved', visibilityStatus: 'active', verifiedAt: new Date() })
    .where(eq(profiles.userId, account.id))
    .returning()
  if (!profile) throw new Error('no profile')
  return {
    ...account,
    cookie: await sessionCookie(account.email),
    profileId: profile.id,
    photo: uploaded.photo,
    key: `${uploaded.photo.storagePath}-640.webp`,
  }
}

const get = (key: string, cookie?: string) =>
  fetch(`${site.base}/media/${key}`, { headers: cookie ? { cookie } : {} })

/** The status each kind of asker gets for `key`, and the caching of what the owner gets. */
async function whoSees(key: string, owner: { cookie: string }) {
  const statuses = async (cookie?: string) => {
    const response = await get(key, cookie)
    await response.arrayBuffer()
    return { status: response.status, cache: response.headers.get('cache-control') }
  }
  const [visitor, other, own, team] = await Promise.all([
    statuses(),
    statuses(stranger.cookie),
    statuses(owner.cookie),
    statuses(admin.cookie),
  ])
  return {
    visitor: visitor.status,
    stranger: other.status,
    owner: own.status,
    admin: team.status,
    ownerCache: own.cache,
  }
}

const ONLY_OWNER_AND_TEAM = {
  visitor: 404,
  stranger: 404,
  owner: 200,
  admin: 200,
  ownerCache: PRIVATE,
}

describe('a photo of a public profile', () => {
  it('is served to everyone, kept a minute by a browser and a second by a CDN', async () => {
    const luna = await publicPhoto()
    const response = await get(luna.key)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe(PUBLIC)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(await whoSees(luna.key, luna)).toMatchObject({
      visitor: 200,
      stranger: 200,
      owner: 200,
      ownerCache: PUBLIC,
    })
  })
})

describe('a photo of a profile that is not public is served only to its provider and the team', () => {
  const actor = () => ({ id: admin.id, email: admin.email })
  const ways: [string, (profileId: string) => Promise<unknown>][] = [
    [
      'pending',
      (id) => db().update(profiles).set({ status: 'pending' }).where(eq(profiles.id, id)),
    ],
    ['draft', (id) => db().update(profiles).set({ status: 'draft' }).where(eq(profiles.id, id))],
    [
      'rejected',
      (id) => db().update(profiles).set({ status: 'rejected' }).where(eq(profiles.id, id)),
    ],
    [
      'paused by her',
      (id) => db().update(profiles).set({ visibilityStatus: 'paused' }).where(eq(profiles.id, id)),
    ],
    ['hidden by the team', (id) => setHidden(actor(), id, true, 'Conteúdo em análise')],
    [
      'suspended',
      (id) =>
        suspendProfile(actor(), id, { days: 3, dailyValueCents: 1000, reason: 'Fotos de outra' }),
    ],
    ['banned', (id) => banProfile(actor(), id, 'Documento de terceiros')],
    [
      "hidden by a 'minor' report",
      (id) =>
        fileReport(
          { clientIp: `198.51.100.${++seeds}` },
          { profileId: id, reason: 'minor', details: null },
        ),
    ],
  ]

  it.each(ways)('%s', async (_way, leave) => {
    const luna = await publicPhoto()
    expect(await whoSees(luna.key, luna)).toMatchObject({ visitor: 200 })
    await leave(luna.profileId)
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, luna.profileId))
    expect(profile?.status === 'approved' && profile.visibilityStatus === 'active').toBe(false)
    expect(await whoSees(luna.key, luna)).toEqual(ONLY_OWNER_AND_TEAM)
    // Every width alike.
    for (const width of luna.photo.variantWidths) {
      expect((await get(`${luna.photo.storagePath}-${width}.webp`)).status).toBe(404)
    }
  })
})

describe('on a public profile', () => {
  it('a photo waiting for the team’s review is its provider’s and the team’s only', async () => {
    const luna = await publicPhoto()
    const added = await uploadPhoto(luna.id, await picture(++seeds))
    if (!added.ok) throw new Error(added.error)
    expect(added.photo.pending).toBe(true)
    expect(await whoSees(`${added.photo.storagePath}-320.webp`, luna)).toEqual(ONLY_OWNER_AND_TEAM)
    // The approved one stays public meanwhile.
    expect((await get(luna.key)).status).toBe(200)
  })

  it('an edited photo’s old files, and a deleted photo’s, are not served to the public', async () => {
    const luna = await publicPhoto()
    const oldKeys = luna.photo.variantWidths.map((w) => `${luna.photo.storagePath}-${w}.webp`)
    const oldFiles = await Promise.all(
      oldKeys.map((key) => readFile(path.join(dataDir, 'media', key))),
    )
    expect(
      await editPhoto(luna.id, luna.photo.id, {
        rotation: '90',
        crop: 'square',
        position: 'center',
      }),
    ).toBe('edited')
    // As if deleting the old files had failed: they are still on disk.
    await Promise.all(
      oldKeys.map((key, i) => writeFile(path.join(dataDir, 'media', key), oldFiles[i] ?? '')),
    )
    expect(await whoSees(oldKeys[0] ?? '', luna)).toEqual(ONLY_OWNER_AND_TEAM)
    const [edited] = await db().select().from(images).where(eq(images.id, luna.photo.id))
    const newKey = `${edited?.storagePath}-320.webp`
    expect(newKey).not.toBe(oldKeys[0])
    expect((await get(newKey)).headers.get('cache-control')).toBe(PUBLIC)

    // Deleted, with its files left behind the same way: nobody's but hers and the team's.
    const newFiles = await readFile(path.join(dataDir, 'media', newKey))
    expect(await deletePhoto(luna.id, luna.photo.id)).toBe(true)
    await writeFile(path.join(dataDir, 'media', newKey), newFiles)
    expect(await whoSees(newKey, luna)).toEqual(ONLY_OWNER_AND_TEAM)
  })
})

describe('who counts as the team or the owner', () => {
  it('an admin without two-step verification, and any other account, see nothing private', async () => {
    const luna = await publicPhoto()
    await db().update(profiles).set({ status: 'pending' }).where(eq(profiles.id, luna.profileId))
    const unsecured = await createAccount({ role: 'admin' })
    const client = await signedIn('client')
    for (const cookie of [
      await sessionCookie(unsecured.email),
      client.cookie,
      'aprova.session_token=forged.x',
    ]) {
      expect((await get(luna.key, cookie)).status).toBe(404)
    }
    expect((await get(luna.key, admin.cookie)).status).toBe(200)
  })

  it("art that belongs to no profile's photo, or to a hidden demonstration profile, is the team's only", async () => {
    const demo = await createProfile({ isDemo: true })
    const storagePath = `demo/${demo.username}-1`
    const art = await picture(++seeds)
    await mkdir(path.join(dataDir, 'media', 'demo'), { recursive: true })
    await writeFile(path.join(dataDir, 'media', `${storagePath}-640.webp`), art)
    await writeFile(path.join(dataDir, 'media', 'demo/orphan-1-640.webp'), art)
    await db()
      .insert(images)
      .values({ profileId: demo.id, url: `/media/${storagePath}-640.webp`, storagePath })
    expect((await get(`${storagePath}-640.webp`)).status).toBe(200)
    await db().update(profiles).set({ visibilityStatus: 'hidden' }).where(eq(profiles.id, demo.id))
    for (const key of [`${storagePath}-640.webp`, 'demo/orphan-1-640.webp']) {
      expect((await get(key)).status).toBe(404)
      expect((await get(key, stranger.cookie)).status).toBe(404)
      expect((await get(key, admin.cookie)).headers.get('cache-control')).toBe(PRIVATE)
    }
  })
})

describe('with the change feed heard (decisions kept in memory)', () => {
  let stopFeed: (() => Promise<void>) | undefined

  beforeAll(async () => {
    const handle = databaseHandle()
    if (!handle) throw new Error('no database')
    stopFeed = await startChangeFeed(handle)
  })

  afterAll(async () => {
    await stopFeed?.()
  })

  it('a public photo stops being served within a second of its profile leaving the public', async () => {
    const luna = await publicPhoto()
    // Asked twice: the decision is kept.
    expect((await get(luna.key)).status).toBe(200)
    expect((await get(luna.key)).status).toBe(200)
    const actor = { id: admin.id, email: admin.email }
    await setHidden(actor, luna.profileId, true, 'Conteúdo em análise')
    const decided = Date.now()
    await expect
      .poll(async () => (await get(luna.key)).status, { timeout: 1000, interval: 20 })
      .toBe(404)
    expect(Date.now() - decided).toBeLessThan(1000)
    // Shown again: public again, as fast.
    await setHidden(actor, luna.profileId, false, 'Revisado')
    await expect
      .poll(async () => (await get(luna.key)).status, { timeout: 1000, interval: 20 })
      .toBe(200)
  })
})
