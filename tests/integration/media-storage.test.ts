import { existsSync } from 'node:fs'
import { mkdtemp, readdir, utimes, writeFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import express from 'express'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { deleteAccount } from '#app/modules/account/account.server.ts'
import {
  deletePhoto,
  sweepUnfinishedPhotos,
  uploadPhoto,
} from '#app/modules/provider/photos.server.ts'
import { submitVerification } from '#app/modules/provider/verification.server.ts'
import { decideVerification } from '#app/modules/provider/verification-decision.server.ts'
import {
  SUBMISSION_LEASE_SECONDS,
  sweepUnfinishedSubmissions,
} from '#app/modules/provider/verification-documents.server.ts'
import {
  localStorage,
  type MediaStorage,
  StorageError,
  s3Storage,
} from '#app/platform/storage.server.ts'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { images, profiles, verificationSubmissions } from '#db/schema/profiles.ts'
import { mediaFiles } from '#server/media.server.ts'
import { createAccount } from '#tests/factories/account.ts'
import { type S3TestServer, startS3Server } from '#tests/support/s3-server.ts'
import { useTestServerEnv } from '#tests/support/test-server.ts'

// The storage interface (issue 7 item 3): local disk under DATA_DIR, or an S3-compatible store
// (a real one, s3rver behind AWS's own Signature V4 check), the same contract for both; photos and
// documents through the bucket; /media served from either; a store outage loses nothing.

let s3: S3TestServer

beforeAll(async () => {
  s3 = await startS3Server()
})

afterAll(async () => {
  await s3?.stop()
})

beforeEach(() => {
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
})

const webp = (seed: number) =>
  sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: seed * 30, g: 120, b: 90 } },
  })
    .webp()
    .toBuffer()

const backends: [string, () => Promise<MediaStorage>][] = [
  ['local disk', async () => localStorage(await mkdtemp(path.join(tmpdir(), 'aprova-store-')))],
  ['S3-compatible store', async () => s3Storage(s3.config)],
]

describe.each(backends)('storage contract: %s', (_name, open) => {
  it('keeps, replaces and deletes files by key, each area apart', async () => {
    const storage = await open()
    const key = `contract/${Date.now().toString(36)}/photo-320.webp`
    const first = await webp(1)
    const second = await webp(2)
    expect(await storage.get('public', key)).toBeUndefined()

    await storage.put('public', key, first)
    expect(await storage.get('public', key)).toEqual(first)
    // The same key in the private area is another file.
    expect(await storage.get('private', key)).toBeUndefined()

    await storage.put('public', key, second)
    expect(await storage.get('public', key)).toEqual(second)

    await storage.delete('public', [key, `${key.slice(0, -5)}-missing.webp`])
    expect(await storage.get('public', key)).toBeUndefined()
    // Deleting what is gone is not an error.
    await storage.delete('public', [key])
  })

  it('refuses keys that could leave the area before touching anything', async () => {
    const storage = await open()
    for (const key of [
      '../escape.webp',
      'a/../../b.webp',
      '/absolute.webp',
      'UPPER.webp',
      'x.exe',
    ]) {
      await expect(storage.put('public', key, Buffer.from('x'))).rejects.toThrow(
        /invalid storage key/,
      )
      await expect(storage.get('public', key)).rejects.toThrow(/invalid storage key/)
    }
  })
})

describe('half-written files on local disk', () => {
  it('are written apart and swept once older than the grace time', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'aprova-partial-'))
    const storage = localStorage(dataDir)
    await storage.put('public', 'kept/photo-320.webp', await webp(6))
    // What a process killed between writing and renaming leaves behind.
    const area = path.join(dataDir, 'uploading')
    expect(await readdir(area)).toEqual([])
    await writeFile(path.join(area, 'old.part'), 'half')
    await writeFile(path.join(area, 'fresh.part'), 'half')
    const hourAgo = new Date(Date.now() - 3_600_000)
    await utimes(path.join(area, 'old.part'), hourAgo, hourAgo)

    expect(await storage.sweepPartial(60_000)).toBe(1)
    expect(await readdir(area)).toEqual(['fresh.part'])
    expect(await storage.sweepPartial(0)).toBe(1)
    expect(await readdir(area)).toEqual([])
    expect(await storage.get('public', 'kept/photo-320.webp')).toBeDefined()
  })

  it('with no grace time, sweeps a file written in this very millisecond', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'aprova-partial-'))
    const storage = localStorage(dataDir)
    await storage.put('public', 'kept/photo-320.webp', await webp(6))
    const file = path.join(dataDir, 'uploading', 'now.part')
    await writeFile(file, 'half')
    // The clock stands at a whole millisecond; the file's time is a fraction past it, as a file
    // system with finer times than Date.now() records it.
    const now = Date.now()
    vi.useFakeTimers({ toFake: ['Date'], now })
    try {
      await utimes(file, (now + 0.6) / 1000, (now + 0.6) / 1000)
      expect(await storage.sweepPartial(0)).toBe(1)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('S3-compatible store', () => {
  it('signs every request: a wrong secret is refused by the store', async () => {
    const wrong = s3Storage({ ...s3.config, secretAccessKey: 'not-the-secret' })
    await expect(wrong.put('public', 'signed/refused.webp', await webp(3))).rejects.toThrow(
      /403[\s\S]*SignatureDoesNotMatch/,
    )
    expect(await s3.keys()).not.toContain('media/signed/refused.webp')
  })

  it('an outage is a StorageError, not a hang', async () => {
    const storage = s3Storage(s3.config)
    s3.setUnavailable(true)
    try {
      await expect(storage.get('public', 'outage/any.webp')).rejects.toBeInstanceOf(StorageError)
    } finally {
      s3.setUnavailable(false)
    }
  })
})

/**
 * The status of a conditional GET as a browser sends it (fetch itself adds 'no-cache' to a
 * request with If-None-Match, which rightly defeats revalidation).
 */
function revalidated(url: string, etag: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'If-None-Match': etag } }, (response) => {
        response.resume()
        resolve(response.statusCode ?? 0)
      })
      .on('error', reject)
  })
}

/**
 * A gate deciding by the key's name (the real one, on the database, is tested in
 * photo-privacy.test.ts): 'hidden' keys are nobody's to see, 'own' ones the asker's only.
 */
const gateByName = async (key: string) =>
  key.includes('hidden') ? 'none' : key.includes('own') ? 'private' : ('public' as const)

/** A tiny site serving /media the way server/app.ts does; returns its address. */
async function mediaSite(handler: express.RequestHandler) {
  const app = express()
  app.use('/media', handler)
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return { base: `http://127.0.0.1:${port}`, close: () => server.close() }
}

describe.each([
  ['local disk', 'local'],
  ['S3-compatible store', 's3'],
] as const)('/media served from the %s', (_name, kind) => {
  it('answers a photo with its type and caching, 304 on revalidation, 404 for anything else', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'aprova-served-'))
    const storage = kind === 's3' ? s3Storage(s3.config) : localStorage(dataDir)
    const site = await mediaSite(
      mediaFiles({
        ...(kind === 's3' ? { kind, storage } : { kind, directory: path.join(dataDir, 'media') }),
        gate: gateByName,
      }),
    )
    try {
      const key = `served/${kind}-${Date.now().toString(36)}-640.webp`
      const bytes = await webp(4)
      await storage.put('public', key, bytes)
      // An identity document with a key of the same shape, in the private area.
      await storage.put('private', `verification/${kind}-doc/selfie.webp`, bytes)

      const answer = await fetch(`${site.base}/media/${key}`)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-type')).toMatch(/^image\/webp/)
      // Kept a minute by a browser, a second by a CDN (issue 30 point 3, ADR 0024).
      expect(answer.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=1')
      expect(Buffer.from(await answer.arrayBuffer())).toEqual(bytes)
      const etag = answer.headers.get('etag') ?? ''
      expect(etag).not.toBe('')
      expect(await revalidated(`${site.base}/media/${key}`, etag)).toBe(304)

      const post = await fetch(`${site.base}/media/${key}`, { method: 'POST' })
      expect(post.status).toBe(405)
      expect(post.headers.get('allow')).toBe('GET, HEAD')

      // A photo only its owner and the team may see is kept by nobody.
      const own = `served/own-${kind}-${Date.now().toString(36)}-640.webp`
      await storage.put('public', own, bytes)
      const owned = await fetch(`${site.base}/media/${own}`)
      expect(owned.status).toBe(200)
      expect(owned.headers.get('cache-control')).toBe('private, no-store')
      // One the asker may not see is answered as a missing one, to the byte.
      const hidden = `served/hidden-${kind}-${Date.now().toString(36)}-640.webp`
      await storage.put('public', hidden, bytes)
      const refused = await fetch(`${site.base}/media/${hidden}`)
      const missing = await fetch(`${site.base}/media/served/none-640.webp`)
      expect([refused.status, missing.status]).toEqual([404, 404])
      expect(Object.fromEntries(refused.headers)).toEqual({
        ...Object.fromEntries(missing.headers),
        date: refused.headers.get('date'),
      })
      expect(await refused.text()).toBe(await missing.text())

      for (const missing of [
        `/media/served/none-640.webp`,
        `/media/verification/${kind}-doc/selfie.webp`,
        '/media/..%2F..%2Fprivate%2Fverification%2Fx.webp',
        '/media/%2e%2e/private/verification/x.webp',
      ]) {
        const response = await fetch(`${site.base}${missing}`)
        expect(response.status, missing).toBe(404)
        expect(await response.text()).not.toMatch(/Error:|at .*\(/)
      }
    } finally {
      site.close()
    }
  })
})

describe('/media from an unreachable store', () => {
  it('answers 503 with Retry-After, and serves again once the store is back', async () => {
    const storage = s3Storage(s3.config)
    const key = `outage/${Date.now().toString(36)}-320.webp`
    await storage.put('public', key, await webp(5))
    const site = await mediaSite(mediaFiles({ kind: 's3', storage, gate: gateByName }))
    try {
      s3.setUnavailable(true)
      const down = await fetch(`${site.base}/media/${key}`)
      expect(down.status).toBe(503)
      expect(down.headers.get('retry-after')).toBe('30')
      expect(down.headers.get('cache-control')).toBe('no-store')
      s3.setUnavailable(false)
      expect((await fetch(`${site.base}/media/${key}`)).status).toBe(200)
    } finally {
      s3.setUnavailable(false)
      site.close()
    }
  })
})

describe('photos and documents in the bucket', () => {
  let dataDir = ''

  beforeAll(async () => {
    dataDir = await useTestServerEnv({ s3: s3.config })
  })

  const submissionsOf = (profileId: string) =>
    db()
      .select({ id: verificationSubmissions.id, status: verificationSubmissions.status })
      .from(verificationSubmissions)
      .where(eq(verificationSubmissions.profileId, profileId))
  const keysOf = (submissionId: string) =>
    ['document-back', 'document-front', 'selfie'].map(
      (name) => `private/verification/${submissionId}/${name}.webp`,
    )

  async function readyProvider() {
    const account = await createAccount({ role: 'provider', name: 'Aurora Brisa' })
    const [profile] = await db()
      .update(profiles)
      .set({
        age: 30,
        citySlug: 'recife',
        city: 'Recife',
        description: 'Olá! Sou a Aurora, atendo em Boa Viagem com hora marcada e discrição.',
        whatsapp: '+5581999990001',
      })
      .where(eq(profiles.userId, account.id))
      .returning()
    if (!profile) throw new Error('no profile')
    return { ...account, profileId: profile.id }
  }

  const picture = (seed: number) =>
    sharp({
      create: {
        width: 900,
        height: 1200,
        channels: 3,
        background: { r: 40, g: seed * 25, b: 160 },
      },
    })
      .composite([
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200"><circle cx="${200 + seed * 50}" cy="400" r="220" fill="#fff"/></svg>`,
          ),
        },
      ])
      .jpeg()
      .toBuffer()

  it('uploads write every variant to the bucket and nothing to DATA_DIR; deletion removes them', async () => {
    const aurora = await readyProvider()
    const result = await uploadPhoto(aurora.id, await picture(1))
    if (!result.ok) throw new Error(result.error)
    const prefix = `media/profiles/${aurora.profileId}/`
    const stored = (await s3.keys()).filter((key) => key.startsWith(prefix))
    expect(stored).toEqual(
      result.photo.variantWidths.map((w) => `${prefix}${result.photo.id}-${w}.webp`).sort(),
    )
    expect(existsSync(path.join(dataDir, 'media'))).toBe(false)

    expect(await deletePhoto(aurora.id, result.photo.id)).toBe(true)
    expect((await s3.keys()).filter((key) => key.startsWith(prefix))).toEqual([])
    expect(await db().select().from(images).where(eq(images.id, result.photo.id))).toEqual([])
  })

  it('a store outage during an upload refuses the photo cleanly; the sweep finishes the rest', async () => {
    const aurora = await readyProvider()
    const bytes = await picture(2)
    s3.setUnavailable(true)
    try {
      expect(await uploadPhoto(aurora.id, bytes)).toEqual({ ok: false, error: 'photoStorage' })
    } finally {
      s3.setUnavailable(false)
    }
    // The half-done upload is never shown; marked at once, it holds neither her upload slot nor
    // quota (issue 30 point 10), and its files wait for the sweep.
    const left = await db().select().from(images).where(eq(images.profileId, aurora.profileId))
    expect(left.map((row) => row.verificationType)).toEqual(['deleting'])
    await sweepUnfinishedPhotos(0)
    expect(await db().select().from(images).where(eq(images.profileId, aurora.profileId))).toEqual(
      [],
    )
    expect((await s3.keys()).some((key) => key.includes(aurora.profileId))).toBe(false)
    // And the same photo can be sent again.
    expect((await uploadPhoto(aurora.id, bytes)).ok).toBe(true)
  })

  it('documents go to the private prefix only and are deleted after the decision, even after an outage', async () => {
    const aurora = await readyProvider()
    const photo = await uploadPhoto(aurora.id, await picture(3))
    expect(photo.ok).toBe(true)
    const documents = {
      documentFront: await picture(4),
      documentBack: await picture(5),
      selfie: await picture(6),
    }
    expect(await submitVerification(aurora.id, documents, true)).toEqual({ ok: true })
    const [submission] = await db()
      .select()
      .from(verificationSubmissions)
      .where(eq(verificationSubmissions.profileId, aurora.profileId))
    if (!submission) throw new Error('no submission')
    const documentKeys = (await s3.keys()).filter((key) => key.includes(submission.id))
    expect(documentKeys).toEqual(
      ['document-back', 'document-front', 'selfie'].map(
        (name) => `private/verification/${submission.id}/${name}.webp`,
      ),
    )

    // The decision is taken while the store is down: it stands, the files wait for the sweep.
    const admin = await createAccount({ role: 'admin' })
    s3.setUnavailable(true)
    try {
      expect(
        await decideVerification(submission.id, { approved: true, reviewerId: admin.id }),
      ).toBe(true)
    } finally {
      s3.setUnavailable(false)
    }
    expect((await s3.keys()).filter((key) => key.includes(submission.id))).toHaveLength(3)
    await sweepUnfinishedSubmissions(60_000)
    expect((await s3.keys()).filter((key) => key.includes(submission.id))).toEqual([])
    const [decided] = await db()
      .select()
      .from(verificationSubmissions)
      .where(eq(verificationSubmissions.id, submission.id))
    expect(decided).toMatchObject({ status: 'approved', documentFrontKey: null, selfieKey: null })
    expect(decided?.selfieHash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('an upload that outlives its grace time and is swept meanwhile keeps nothing', async () => {
    const aurora = await readyProvider()
    const [before] = await db()
      .select({ used: profiles.monthlyPhotoUploads })
      .from(profiles)
      .where(eq(profiles.id, aurora.profileId))
    // Another instance's sweep takes the row while the first variant is on its way.
    const swept = s3.duringNextPut(() => sweepUnfinishedPhotos(0))
    expect(await uploadPhoto(aurora.id, await picture(8))).toEqual({
      ok: false,
      error: 'photoStorage',
    })
    await swept
    expect(await db().select().from(images).where(eq(images.profileId, aurora.profileId))).toEqual(
      [],
    )
    expect((await s3.keys()).some((key) => key.includes(aurora.profileId))).toBe(false)
    const [after] = await db()
      .select({ used: profiles.monthlyPhotoUploads })
      .from(profiles)
      .where(eq(profiles.id, aurora.profileId))
    expect(after?.used).toBe(before?.used)
  })

  it('deleting the account while a photo is on its way leaves no file behind', async () => {
    const aurora = await readyProvider()
    const deleted = s3.duringNextPut(() => deleteAccount(aurora.id))
    expect(await uploadPhoto(aurora.id, await picture(9))).toEqual({
      ok: false,
      error: 'photoStorage',
    })
    await deleted
    expect(await db().select().from(user).where(eq(user.id, aurora.id))).toEqual([])
    expect((await s3.keys()).some((key) => key.includes(aurora.profileId))).toBe(false)
  })

  it('documents whose submission was swept meanwhile are deleted and not queued', async () => {
    const aurora = await readyProvider()
    expect((await uploadPhoto(aurora.id, await picture(10))).ok).toBe(true)
    const privateKeys = async () => (await s3.keys()).filter((key) => key.startsWith('private/'))
    const before = await privateKeys()
    const swept = s3.duringNextPut(() => sweepUnfinishedSubmissions(0))
    const documents = {
      documentFront: await picture(11),
      documentBack: await picture(12),
      selfie: await picture(13),
    }
    expect(await submitVerification(aurora.id, documents, true)).toEqual({
      ok: false,
      error: { field: 'form', message: 'photoStorage' },
    })
    await swept
    expect(
      await db()
        .select()
        .from(verificationSubmissions)
        .where(eq(verificationSubmissions.profileId, aurora.profileId)),
    ).toEqual([])
    expect(await privateKeys()).toEqual(before)
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, aurora.profileId))
    expect(profile?.status).toBe('draft')
  })

  it('a store outage while documents are stored frees her slot at once; nothing is left', async () => {
    const aurora = await readyProvider()
    expect((await uploadPhoto(aurora.id, await picture(14))).ok).toBe(true)
    const privateKeys = async () => (await s3.keys()).filter((key) => key.startsWith('private/'))
    const before = await privateKeys()
    const documents = {
      documentFront: await picture(15),
      documentBack: await picture(16),
      selfie: await picture(17),
    }
    s3.setUnavailable(true)
    try {
      expect(await submitVerification(aurora.id, documents, true)).toEqual({
        ok: false,
        error: { field: 'form', message: 'photoStorage' },
      })
    } finally {
      s3.setUnavailable(false)
    }
    // Its row waits for the sweep (its files could not be deleted), its lease already over: she
    // sends again at once, and that send discards the dead one.
    expect(await submitVerification(aurora.id, documents, true)).toEqual({ ok: true })
    const rows = await submissionsOf(aurora.profileId)
    expect(rows.map((row) => row.status)).toEqual(['pending'])
    expect(await privateKeys()).toEqual([...before, ...keysOf(rows[0]?.id ?? '')].sort())
  })

  it('a send whose lease ran out while its documents were stored is not queued once taken over', async () => {
    const aurora = await readyProvider()
    expect((await uploadPhoto(aurora.id, await picture(18))).ok).toBe(true)
    const privateKeys = async () => (await s3.keys()).filter((key) => key.startsWith('private/'))
    const before = await privateKeys()
    const documents = async (seed: number) => ({
      documentFront: await picture(seed),
      documentBack: await picture(seed + 1),
      selfie: await picture(seed + 2),
    })
    const second = await documents(22)
    // While the first send's first document is on its way, its lease runs out (a process stuck
    // on the store) and she sends again: the second send takes the slot over.
    let takenOver: unknown
    const meanwhile = s3.duringNextPut(async () => {
      await db()
        .update(verificationSubmissions)
        .set({
          submittedAt: sql`now() - make_interval(secs => ${SUBMISSION_LEASE_SECONDS + 1})`,
        })
        .where(eq(verificationSubmissions.profileId, aurora.profileId))
      takenOver = await submitVerification(aurora.id, second, true)
    })
    expect(await submitVerification(aurora.id, await documents(19), true)).toEqual({
      ok: false,
      error: { field: 'form', message: 'photoStorage' },
    })
    await meanwhile
    expect(takenOver).toEqual({ ok: true })
    const rows = await submissionsOf(aurora.profileId)
    expect(rows.map((row) => row.status)).toEqual(['pending'])
    expect(await privateKeys()).toEqual([...before, ...keysOf(rows[0]?.id ?? '')].sort())
  })

  it('account deletion waits for the store: nothing is half deleted', async () => {
    const aurora = await readyProvider()
    const photo = await uploadPhoto(aurora.id, await picture(7))
    if (!photo.ok) throw new Error(photo.error)
    s3.setUnavailable(true)
    try {
      expect(await deleteAccount(aurora.id)).toBe(false)
    } finally {
      s3.setUnavailable(false)
    }
    // The account is still there; its photo is hidden on its way out, its files still named.
    expect(await db().select().from(user).where(eq(user.id, aurora.id))).toHaveLength(1)
    const [row] = await db().select().from(images).where(eq(images.id, photo.photo.id))
    expect(row?.verificationType).toBe('deleting')

    expect(await deleteAccount(aurora.id)).toBe(true)
    expect(await db().select().from(user).where(eq(user.id, aurora.id))).toEqual([])
    expect((await s3.keys()).some((key) => key.includes(aurora.profileId))).toBe(false)
  })
})
