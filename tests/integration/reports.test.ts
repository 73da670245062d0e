import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MINOR_HIDES, REPORT_LIMITS } from '#app/domain/client-area.ts'
import { REPORT_REVIEW_REASON } from '#app/domain/provider.ts'
import { loader as adminReportsLoader } from '#app/routes/admin/reports.tsx'
import { action as reportAction } from '#app/routes/public/report.tsx'
import { db } from '#db/client.server.ts'
import { auditLog, reports } from '#db/schema/moderation.ts'
import { profiles } from '#db/schema/profiles.ts'
import { signedIn } from '#tests/factories/account.ts'
import { createProfile, signedInProvider } from '#tests/factories/profile.ts'
import { callRoute } from '#tests/support/route-call.ts'
import { setUpTestServer } from '#tests/support/test-server.ts'

// Issue 17 item 6: an open report of one reason never stands in for a report of another, from
// the same reporter or the same address (many people share one address in Brazil). A file of its
// own, so that the admin queue holds only what these tests filed.

const server = setUpTestServer()

const report = (
  profile: { username: string },
  fields: Record<string, string>,
  from: { ip: string; cookie?: string },
) =>
  callRoute(reportAction, `/acompanhante/${profile.username}/denunciar`, {
    cookie: from.cookie,
    body: fields,
    params: { slug: profile.username },
    context: { clientIp: from.ip },
  })

const reportsAbout = (profileId: string) =>
  db().select().from(reports).where(eq(reports.profileId, profileId)).orderBy(reports.createdAt)

const visibility = async (id: string) =>
  (await db().select().from(profiles).where(eq(profiles.id, id)))[0]

const mailTo = (to: string) => server.mailsTo(to)

describe('a report of another reason never swallows a new one', () => {
  it("files a visitor's 'minor' report from an address with another open report: hidden, first in the queue", async () => {
    const admin = await signedIn('admin')
    const profile = await createProfile()
    const elsewhere = await createProfile()
    // One mobile carrier address, two people: a neighbour reported fake photos an hour ago, and
    // another profile has an older open report still.
    const shared = '198.51.100.23'
    expect(
      await report(elsewhere, { reason: 'advance_payment' }, { ip: '203.0.113.5' }),
    ).toMatchObject({ status: 200, data: { done: true } })
    expect(await report(profile, { reason: 'fake_photos' }, { ip: shared })).toMatchObject({
      status: 200,
      data: { done: true },
    })
    const anHourAgo = new Date(Date.now() - 60 * 60_000)
    await db().update(reports).set({ createdAt: anHourAgo })
    expect((await visibility(profile.id))?.visibilityStatus).toBe('active')

    // The visitor on the same address suspects a minor.
    expect(await report(profile, { reason: 'minor' }, { ip: shared })).toMatchObject({
      status: 200,
      data: { done: true },
    })
    const filed = await reportsAbout(profile.id)
    expect(filed.map((one) => [one.reason, one.hidFrom, one.resolvedAt])).toEqual([
      ['fake_photos', null, null],
      ['minor', 'active', null],
    ])
    expect(await visibility(profile.id)).toMatchObject({
      visibilityStatus: 'hidden',
      hiddenReason: REPORT_REVIEW_REASON,
      hiddenBy: null,
    })
    const hides = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, profile.id), eq(auditLog.action, 'report_hide')))
    expect(hides).toHaveLength(1)

    // First in the team's queue, before the older reports, and the team is told.
    const queue = await callRoute(adminReportsLoader, '/admin/reports', { cookie: admin.cookie })
    expect(queue.status).toBe(200)
    const rows = queue.data?.reports as { id: string; reason: string; hidProfile: boolean }[]
    expect(rows).toHaveLength(3)
    expect(rows[0]).toMatchObject({ id: filed[1]?.id, reason: 'minor', hidProfile: true })
    expect((await mailTo(admin.email)).join('\n')).toContain(profile.username)
  })

  it("answers 'received' again only for an open report with the same reason, without spending the budget", async () => {
    const profile = await createProfile()
    const ip = '198.51.100.41'
    expect((await report(profile, { reason: 'fake_photos' }, { ip })).status).toBe(200)
    // Sent again (a reload, a second tap): already with the team, nothing new.
    expect(await report(profile, { reason: 'fake_photos' }, { ip })).toMatchObject({
      status: 200,
      data: { done: true },
    })
    // Another reason from the same address is a report of its own.
    expect(
      (await report(profile, { reason: 'threats', details: 'Mandou mensagens ameaçando.' }, { ip }))
        .status,
    ).toBe(200)
    expect((await reportsAbout(profile.id)).map((one) => one.reason)).toEqual([
      'fake_photos',
      'threats',
    ])

    // The address spends its hour on other profiles; a repeat is still 'received' (it is
    // filed), a new report is refused with the wait.
    const others = await Promise.all(
      Array.from({ length: REPORT_LIMITS.perHour - 2 }, () => createProfile()),
    )
    for (const other of others)
      expect((await report(other, { reason: 'fake_photos' }, { ip })).status).toBe(200)
    expect((await report(profile, { reason: 'fake_photos' }, { ip })).status).toBe(200)
    const refused = await report(profile, { reason: 'not_the_person' }, { ip })
    expect(refused.status).toBe(429)
    expect(refused.headers?.get('Retry-After')).toMatch(/^\d+$/)
    expect(await reportsAbout(profile.id)).toHaveLength(2)
  })

  it("tells a 'minor' reporter past the hide budget that the profile stays online", async () => {
    const ip = '198.51.100.77'
    const hidden = await Promise.all(
      Array.from({ length: MINOR_HIDES.perReporterPerDay }, () => createProfile()),
    )
    for (const profile of hidden) {
      const answer = await report(profile, { reason: 'minor' }, { ip })
      expect(answer.data).toMatchObject({ done: true, keptOnline: false })
      expect((await visibility(profile.id))?.visibilityStatus).toBe('hidden')
    }
    // The form promised 'offline at once'; past the budget the answer says it is not.
    const online = await createProfile()
    const answer = await report(online, { reason: 'minor' }, { ip })
    expect(answer).toMatchObject({ status: 200, data: { done: true, keptOnline: true } })
    expect((await visibility(online.id))?.visibilityStatus).toBe('active')
    expect((await reportsAbout(online.id)).map((one) => [one.reason, one.hidFrom])).toEqual([
      ['minor', null],
    ])
    // Sent again: already filed, and still online.
    expect((await report(online, { reason: 'minor' }, { ip })).data).toMatchObject({
      done: true,
      keptOnline: true,
    })
    expect(await reportsAbout(online.id)).toHaveLength(1)
    // Any other reason never promised a hide.
    expect(
      (await report(online, { reason: 'fake_photos' }, { ip: '203.0.113.78' })).data,
    ).toMatchObject({ done: true, keptOnline: false })
  })

  it("files a client's 'minor' report after the client's own open report of another reason", async () => {
    const client = await signedIn('client')
    const profile = await createProfile()
    expect(
      (
        await report(
          profile,
          { reason: 'not_the_person' },
          { ip: '203.0.113.60', cookie: client.cookie },
        )
      ).status,
    ).toBe(200)
    expect(
      (await report(profile, { reason: 'minor' }, { ip: '203.0.113.61', cookie: client.cookie }))
        .status,
    ).toBe(200)
    expect(
      (await reportsAbout(profile.id)).map((one) => [one.reason, one.reporterId, one.hidFrom]),
    ).toEqual([
      ['not_the_person', client.id, null],
      ['minor', client.id, 'active'],
    ])
    expect((await visibility(profile.id))?.visibilityStatus).toBe('hidden')
  })
})

describe("a profile the site hid on a 'minor' report (issue 33 point 15)", () => {
  it('tells her it was hidden automatically on a report, not by a decision of the team', async () => {
    const provider = await signedInProvider({ approved: true })
    expect(
      await report(provider.profile, { reason: 'minor' }, { ip: '192.0.2.151' }),
    ).toMatchObject({ status: 200, data: { done: true } })
    expect(await visibility(provider.profile.id)).toMatchObject({
      visibilityStatus: 'hidden',
      hiddenReason: REPORT_REVIEW_REASON,
    })
    // The e-mail goes in the background: it arrives a moment after the answer.
    await expect
      .poll(async () => (await mailTo(provider.email)).join('\n'))
      .toContain('Uma denúncia sobre o seu perfil o ocultou automaticamente')
    const mail = (await mailTo(provider.email)).join('\n')
    expect(mail).toContain('A equipe ainda não tomou nenhuma decisão')
    expect(mail).not.toContain('A equipe ocultou seu perfil')
  })
})
