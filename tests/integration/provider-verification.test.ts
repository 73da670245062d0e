import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { verificationEndsAt } from '#app/domain/provider.ts'
import { resolveProfileSlug } from '#app/modules/profile/resolve.server.ts'
import { submitVerification } from '#app/modules/provider/verification.server.ts'
import { runVerificationCalendar } from '#app/modules/provider/verification-calendar.server.ts'
import { decideVerification } from '#app/modules/provider/verification-decision.server.ts'
import { sweepUnfinishedSubmissions } from '#app/modules/provider/verification-documents.server.ts'
import { loader as documentLoader } from '#app/routes/account/verification-document.ts'
import { db } from '#db/client.server.ts'
import { images, profiles, verificationSubmissions } from '#db/schema/profiles.ts'
import { createAccount, sessionCookie, signedIn } from '#tests/factories/account.ts'
import { testPicture } from '#tests/factories/profile.ts'
import { setUpTestServer } from '#tests/support/test-server.ts'

// Identity checks (issue 7 item 5): private files, the team's decision, the 6-month calendar.

const server = setUpTestServer()

/** A neutral test picture standing in for a document photo. */
const picture = testPicture

async function documents() {
  return {
    documentFront: await readFile(path.resolve('tests/fixtures/photos/gps-rotated.jpg')),
    documentBack: await picture(2),
    selfie: await picture(3),
  }
}

/** A provider whose profile has everything but the documents. */
async function readyProvider(name = 'Luna Clara') {
  const account = await createAccount({ role: 'provider', name })
  const [profile] = await db()
    .update(profiles)
    .set({
      age: 27,
      citySlug: 'recife',
      city: 'Recife',
      description: 'Olá! Sou a Luna, atendo em Boa Viagem com hora marcada e discrição.',
      whatsapp: '+5581999990000',
    })
    .where(eq(profiles.userId, account.id))
    .returning()
  if (!profile) throw new Error('no profile')
  await db()
    .insert(images)
    .values({
      profileId: profile.id,
      url: '/media/x-320.webp',
      storagePath: `profiles/${profile.id}/x`,
    })
  return { ...account, profileId: profile.id, username: profile.username }
}

const privateFiles = async () =>
  (
    await readdir(path.join(server.dataDir, 'private', 'verification'), { recursive: true }).catch(
      () => [],
    )
  )
    .filter((file) => file.endsWith('.webp'))
    .sort()

const submissionOf = async (profileId: string) =>
  (
    await db()
      .select()
      .from(verificationSubmissions)
      .where(eq(verificationSubmissions.profileId, profileId))
  )[0]

describe('sending documents', () => {
  it('needs a complete profile, all three photos and the consent', async () => {
    const bare = await createAccount({ role: 'provider' })
    expect(await submitVerification(bare.id, await documents(), true)).toEqual({
      ok: false,
      error: { field: 'form', message: 'profileIncomplete' },
    })
    const luna = await readyProvider()
    const { selfie: _, ...twoOfThree } = await documents()
    expect(await submitVerification(luna.id, twoOfThree, true)).toEqual({
      ok: false,
      error: { field: 'selfie', message: 'documentMissing' },
    })
    expect(await submitVerification(luna.id, await documents(), false)).toEqual({
      ok: false,
      error: { field: 'consent', message: 'consentRequired' },
    })
    const program = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(1000, 1)])
    expect(
      await submitVerification(luna.id, { ...(await documents()), documentBack: program }, true),
    ).toEqual({ ok: false, error: { field: 'documentBack', message: 'photoType' } })
    expect(await submitVerification(luna.id, await documents(), true)).toEqual({ ok: true })
    expect(await submitVerification(luna.id, await documents(), true)).toEqual({
      ok: false,
      error: { field: 'form', message: 'verificationAlreadyPending' },
    })
  })

  it('keeps the files privately, without metadata, and sends the profile to the queue', async () => {
    const luna = await readyProvider()
    expect(await submitVerification(luna.id, await documents(), true)).toEqual({ ok: true })
    const submission = await submissionOf(luna.profileId)
    expect(submission).toMatchObject({ status: 'pending' })
    expect(submission?.consentAt).toBeInstanceOf(Date)
    expect(submission?.documentFrontHash).toMatch(/^[0-9a-f]{64}$/)
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, luna.profileId))
    expect(profile).toMatchObject({ status: 'pending', verificationStatus: 'pending' })
    const front = await readFile(
      path.join(server.dataDir, 'private', submission?.documentFrontKey ?? ''),
    )
    expect((await sharp(front).metadata()).exif).toBeUndefined()
    // Nothing of it under the public media folder.
    const publicFiles = await readdir(path.join(server.dataDir, 'media'), {
      recursive: true,
    }).catch(() => [])
    expect(publicFiles.filter((file) => file.includes(submission?.id ?? '-'))).toEqual([])
  })
})

describe('the admin route for documents', () => {
  it('serves a waiting document to admins only, never cached', async () => {
    const luna = await readyProvider()
    await submitVerification(luna.id, await documents(), true)
    const submission = await submissionOf(luna.profileId)
    const get = async (cookie?: string, part = 'selfie', id = submission?.id ?? '') => {
      try {
        const response = await documentLoader({
          request: new Request(`http://localhost:3999/admin/verification/${id}/${part}`, {
            headers: cookie ? { cookie } : {},
          }),
          params: { id, part },
          context: {},
        } as never)
        return {
          status: response.status,
          type: response.headers.get('content-type'),
          cache: response.headers.get('cache-control'),
        }
      } catch (thrown) {
        const response = thrown as Response
        return { status: response.status, location: response.headers.get('location') }
      }
    }
    expect(await get()).toMatchObject({ status: 302 })
    expect(await get(await sessionCookie(luna.email))).toMatchObject({
      location: '/dashboard',
    })
    const client = await createAccount({ role: 'client' })
    expect(await get(await sessionCookie(client.email))).toMatchObject({
      location: '/client-dashboard',
    })
    // An admin with her second factor, as every admin is (issue 23).
    const adminCookie = (await signedIn('admin')).cookie
    expect(await get(adminCookie)).toEqual({
      status: 200,
      type: 'image/webp',
      cache: 'private, no-store',
    })
    expect(await get(adminCookie, 'passport')).toMatchObject({ status: 404 })
    expect(await get(adminCookie, 'selfie', '../../etc')).toMatchObject({ status: 404 })
  })
})

describe("the team's decision", () => {
  it('approval makes the profile public for 6 months; the files go, the hashes stay', async () => {
    const luna = await readyProvider()
    const admin = await createAccount({ role: 'admin' })
    await submitVerification(luna.id, await documents(), true)
    const submission = await submissionOf(luna.profileId)
    const before = await privateFiles()
    expect(before.length).toBeGreaterThanOrEqual(3)
    expect(
      await decideVerification(submission?.id ?? '', { approved: true, reviewerId: admin.id }),
    ).toBe(true)
    const decided = await submissionOf(luna.profileId)
    expect(decided).toMatchObject({
      status: 'approved',
      reviewerId: admin.id,
      documentFrontKey: null,
      selfieKey: null,
      documentFrontHash: submission?.documentFrontHash,
    })
    expect(existsSync(path.join(server.dataDir, 'private', submission?.selfieKey ?? ''))).toBe(
      false,
    )
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, luna.profileId))
    expect(profile).toMatchObject({ status: 'approved', verificationStatus: 'approved' })
    expect(profile?.verifiedAt).toBeInstanceOf(Date)
    expect(await resolveProfileSlug(luna.username)).toEqual({ kind: 'profile', id: luna.profileId })
    // Decided once.
    expect(
      await decideVerification(submission?.id ?? '', { approved: false, reviewerId: admin.id }),
    ).toBe(false)
  })

  it('rejection sends the profile back with the reason, and deletes the files', async () => {
    const luna = await readyProvider()
    const admin = await createAccount({ role: 'admin' })
    await submitVerification(luna.id, await documents(), true)
    const submission = await submissionOf(luna.profileId)
    await decideVerification(submission?.id ?? '', {
      approved: false,
      reviewerId: admin.id,
      reason: 'Documento ilegível',
    })
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, luna.profileId))
    expect(profile).toMatchObject({ status: 'rejected', statusReason: 'Documento ilegível' })
    expect(
      existsSync(path.join(server.dataDir, 'private', submission?.documentBackKey ?? '')),
    ).toBe(false)
    // She can send new documents.
    expect(await submitVerification(luna.id, await documents(), true)).toEqual({ ok: true })
  })
})

it('the 6-month calendar: a reminder 15 days before, then the profile leaves the listings', async () => {
  const luna = await readyProvider()
  const day = 86_400_000
  const sixMonthsAgo = new Date()
  sixMonthsAgo.setUTCMonth(sixMonthsAgo.getUTCMonth() - 6)
  await db()
    .update(profiles)
    .set({ status: 'approved', verifiedAt: new Date(sixMonthsAgo.getTime() + 10 * day) })
    .where(eq(profiles.id, luna.profileId))
  expect(await runVerificationCalendar()).toEqual({ reminded: 1, lapsed: 0 })
  expect(await runVerificationCalendar()).toEqual({ reminded: 0, lapsed: 0 })
  const outbox = path.join(server.dataDir, 'outbox')
  const mails = await Promise.all(
    (await readdir(outbox)).map((file) => readFile(path.join(outbox, file), 'utf8')),
  )
  expect(
    mails.filter(
      (mail) => mail.includes(`To: ${luna.email}`) && mail.includes('dashboard/verification'),
    ),
  ).toHaveLength(1)
  await db()
    .update(profiles)
    .set({ verifiedAt: new Date(sixMonthsAgo.getTime() - day) })
    .where(eq(profiles.id, luna.profileId))
  expect(await runVerificationCalendar()).toEqual({ reminded: 0, lapsed: 1 })
  const [profile] = await db().select().from(profiles).where(eq(profiles.id, luna.profileId))
  expect(profile).toMatchObject({ status: 'draft', statusReason: 'verification_expired' })
  expect(await resolveProfileSlug(luna.username)).toEqual({ kind: 'missing' })
})

it('documents a dead process left half-written are deleted with their row', async () => {
  const luna = await readyProvider()
  await submitVerification(luna.id, await documents(), true)
  const submission = await submissionOf(luna.profileId)
  await db()
    .update(verificationSubmissions)
    .set({ status: 'receiving' })
    .where(eq(verificationSubmissions.id, submission?.id ?? ''))
  expect(await sweepUnfinishedSubmissions(0)).toBe(1)
  expect(await submissionOf(luna.profileId)).toBeUndefined()
  expect(existsSync(path.join(server.dataDir, 'private', submission?.selfieKey ?? ''))).toBe(false)
})

describe('renewals, races and the team’s own decisions', () => {
  const profileOf = async (id: string) =>
    (await db().select().from(profiles).where(eq(profiles.id, id)))[0]
  const approve = (id: string, verifiedAt = new Date()) =>
    db()
      .update(profiles)
      .set({
        status: 'approved',
        verificationStatus: 'approved',
        documentVerificationStatus: 'approved',
        verifiedAt,
      })
      .where(eq(profiles.id, id))
  const waitingChecks = (profileId: string) =>
    db()
      .select()
      .from(verificationSubmissions)
      .where(
        and(
          eq(verificationSubmissions.profileId, profileId),
          inArray(verificationSubmissions.status, ['receiving', 'pending']),
        ),
      )

  it('a renewal keeps the profile public and verified; a refused one keeps the current check', async () => {
    const luna = await readyProvider()
    const admin = await createAccount({ role: 'admin' })
    await approve(luna.profileId)
    expect(await submitVerification(luna.id, await documents(), true)).toEqual({ ok: true })
    expect(await profileOf(luna.profileId)).toMatchObject({
      status: 'approved',
      verificationStatus: 'approved',
    })
    const [renewal] = await waitingChecks(luna.profileId)
    await decideVerification(renewal?.id ?? '', {
      approved: false,
      reviewerId: admin.id,
      reason: 'Foto escura',
    })
    expect(await profileOf(luna.profileId)).toMatchObject({
      status: 'approved',
      verificationStatus: 'approved',
    })
    expect(await resolveProfileSlug(luna.username)).toEqual({ kind: 'profile', id: luna.profileId })
  })

  it('approving a check does not lift a suspension or a ban made meanwhile', async () => {
    for (const held of ['suspended', 'banned'] as const) {
      const luna = await readyProvider()
      const admin = await createAccount({ role: 'admin' })
      expect(await submitVerification(luna.id, await documents(), true)).toEqual({ ok: true })
      await db()
        .update(profiles)
        .set({ status: held, statusReason: 'Denúncia em análise' })
        .where(eq(profiles.id, luna.profileId))
      const [check] = await waitingChecks(luna.profileId)
      expect(
        await decideVerification(check?.id ?? '', { approved: true, reviewerId: admin.id }),
      ).toBe(true)
      expect(await profileOf(luna.profileId)).toMatchObject({
        status: held,
        statusReason: 'Denúncia em análise',
        verificationStatus: 'approved',
      })
    }
  })

  it('two sends at once make one check', async () => {
    const luna = await readyProvider()
    const answers = await Promise.all([
      submitVerification(luna.id, await documents(), true),
      submitVerification(luna.id, await documents(), true),
    ])
    expect(answers).toContainEqual({ ok: true })
    expect(answers).toContainEqual({
      ok: false,
      error: { field: 'form', message: 'verificationAlreadyPending' },
    })
    expect(await waitingChecks(luna.profileId)).toHaveLength(1)
  })

  it('the calendar counts months like the dashboard: 31 August lapses on 28 February', async () => {
    const luna = await readyProvider()
    const verifiedAt = new Date('2026-08-31T10:00:00Z')
    await approve(luna.profileId, verifiedAt)
    await db()
      .update(profiles)
      .set({ verificationReminderAt: new Date() })
      .where(eq(profiles.id, luna.profileId))
    expect(verificationEndsAt(verifiedAt)).toEqual(new Date('2027-02-28T10:00:00Z'))
    await runVerificationCalendar(new Date('2027-02-28T09:59:00Z'))
    expect((await profileOf(luna.profileId))?.status).toBe('approved')
    await runVerificationCalendar(new Date('2027-02-28T10:00:00Z'))
    expect((await profileOf(luna.profileId))?.status).toBe('draft')
  })

  it('one reminder even when two calendars run at once; none once new documents are sent', async () => {
    const day = 86_400_000
    const luna = await readyProvider()
    await approve(luna.profileId, new Date(Date.now() - 175 * day))
    const runs = await Promise.all([runVerificationCalendar(), runVerificationCalendar()])
    expect(runs.reduce((sum, run) => sum + run.reminded, 0)).toBe(1)

    const sol = await readyProvider('Sol Dourada')
    const verifiedAt = new Date(Date.now() - 175 * day)
    await approve(sol.profileId, verifiedAt)
    expect(await submitVerification(sol.id, await documents(), true)).toEqual({ ok: true })
    await runVerificationCalendar()
    expect((await profileOf(sol.profileId))?.verificationReminderAt).toBeNull()
    // At the lapse the renewal is still waiting: the profile waits in the queue, not as a draft.
    await runVerificationCalendar(new Date(verifiedAt.getTime() + 200 * day))
    expect(await profileOf(sol.profileId)).toMatchObject({
      status: 'pending',
      verificationStatus: 'pending',
    })
  })
})
