import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { action as reportsAction } from '#app/routes/admin/reports.tsx'
import { db } from '#db/client.server.ts'
import { auditLog, reports } from '#db/schema/moderation.ts'
import { images, photoFlags, profiles } from '#db/schema/profiles.ts'
import { signedIn } from '#tests/factories/account.ts'
import { signedInProvider } from '#tests/factories/profile.ts'
import { callRoute } from '#tests/support/route-call.ts'
import { setUpTestServer } from '#tests/support/test-server.ts'

// Bulk decisions on the admin queue (issue 19 point 21): one decision and one reason for several
// reports or flags, one audit entry each, all or nothing in one transaction.

const server = setUpTestServer()

const fileReport = async (profileId: string, reason: 'fake_photos' | 'threats' = 'fake_photos') => {
  const [report] = await db().insert(reports).values({ profileId, reason }).returning()
  if (!report) throw new Error('no report')
  return report.id
}

const bulk = (cookie: string, intent: string, ids: string[], fields: Record<string, string>) => {
  const body = new URLSearchParams({ intent, ...fields })
  for (const id of ids) body.append('subjects', id)
  return callRoute(reportsAction, '/admin/reports', { cookie, body })
}

const auditOf = (ids: string[]) =>
  db().select().from(auditLog).where(inArray(auditLog.targetId, ids))
const openOf = async (ids: string[]) =>
  (await db().select().from(reports).where(inArray(reports.id, ids))).filter(
    (row) => !row.resolvedAt,
  )

describe('bulk decisions on reports', () => {
  it('closes several reports with one decision and reason: one audit entry each, each provider told once', async () => {
    const admin = await signedIn('admin')
    const luna = await signedInProvider({ approved: true })
    const sol = await signedInProvider({ approved: true })
    // Two reports about Luna: her profile is hidden once, not refused the second time.
    const ids = [
      await fileReport(luna.profile.id),
      await fileReport(luna.profile.id, 'threats'),
      await fileReport(sol.profile.id),
    ]
    const mailsBefore = await Promise.all([luna, sol].map((one) => server.mailsTo(one.email)))
    const answer = await bulk(admin.cookie, 'resolve-reports', ids, {
      resolution: 'hide_profile',
      note: 'Fotos falsas confirmadas',
    })
    expect(answer).toMatchObject({ status: 200, data: { notice: 'Encerradas: 3.' } })
    expect(await openOf(ids)).toEqual([])
    const entries = await auditOf(ids)
    expect(entries.map((entry) => entry.action)).toEqual([
      'report_resolve',
      'report_resolve',
      'report_resolve',
    ])
    expect(entries.every((entry) => entry.reason === 'Fotos falsas confirmadas')).toBe(true)
    for (const [index, provider] of [luna, sol].entries()) {
      const [profile] = await db()
        .select()
        .from(profiles)
        .where(eq(profiles.id, provider.profile.id))
      expect(profile?.visibilityStatus).toBe('hidden')
      expect(await server.mailsTo(provider.email)).toHaveLength(
        (mailsBefore[index]?.length ?? 0) + 1,
      )
    }
    // Each hide is one entry of its own, once per profile.
    const hides = await db()
      .select()
      .from(auditLog)
      .where(inArray(auditLog.targetId, [luna.profile.id, sol.profile.id]))
    expect(hides.map((entry) => entry.action)).toEqual(['hide', 'hide'])
  })

  it('closes none when one cannot be closed, and names each one refused, in the admin’s language', async () => {
    const admin = await signedIn('admin')
    const luna = await signedInProvider({ approved: true })
    const sol = await signedInProvider({ approved: true })
    const closedBefore = await fileReport(sol.profile.id)
    const first = await bulk(admin.cookie, 'resolve-reports', [closedBefore], {
      resolution: 'no_action',
      note: 'Sem fundamento',
    })
    expect(first.status).toBe(200)
    const open = [await fileReport(luna.profile.id), await fileReport(luna.profile.id)]
    const gone = crypto.randomUUID()
    const lunaMails = (await server.mailsTo(luna.email)).length
    const answer = await bulk(admin.cookie, 'resolve-reports', [...open, closedBefore, gone], {
      resolution: 'ban_profile',
      note: 'Golpe',
    })
    expect(answer.status).toBe(409)
    expect(answer.data).toMatchObject({
      error: {
        field: 'form',
        message:
          'Nada foi encerrado. Estas não puderam ser (total: 2); atualize a página e decida de novo:',
      },
      refused: [
        {
          label: `${sol.profile.name} (${sol.profile.username})`,
          message: 'Já foi encerrada por outra pessoa da equipe.',
        },
        { label: 'Uma denúncia ou alerta que não existe mais', message: expect.any(String) },
      ],
    })
    // Rolled back: still open, Luna not banned, no entry, no e-mail.
    expect(await openOf(open)).toHaveLength(2)
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, luna.profile.id))
    expect(profile?.status).toBe('approved')
    expect(await auditOf([...open, luna.profile.id])).toEqual([])
    expect(await server.mailsTo(luna.email)).toHaveLength(lunaMails)

    // In English for an admin reading in English.
    const english = await callRoute(reportsAction, '/admin/reports?lang=en', {
      cookie: admin.cookie,
      body: new URLSearchParams([
        ['intent', 'resolve-reports'],
        ['subjects', closedBefore],
        ['resolution', 'no_action'],
        ['note', 'Again'],
      ]),
    })
    expect(english.data).toMatchObject({
      error: {
        message:
          'Nothing was closed. These could not be (total: 1); reload the page and decide again:',
      },
      refused: [{ message: 'Someone else on the team already closed it.' }],
    })
  })

  it('asks for at least one box and a reason; an id that cannot be one is a 404', async () => {
    const admin = await signedIn('admin')
    const luna = await signedInProvider({ approved: true })
    const id = await fileReport(luna.profile.id)
    expect(
      await bulk(admin.cookie, 'resolve-reports', [], { resolution: 'no_action', note: 'Nada' }),
    ).toMatchObject({
      status: 400,
      data: { error: { field: 'subjects', message: 'Marque pelo menos uma (no máximo 100).' } },
    })
    expect(
      await bulk(admin.cookie, 'resolve-reports', [id], { resolution: 'no_action', note: '' }),
    ).toMatchObject({ status: 400, data: { error: { field: 'note' } } })
    expect(
      await bulk(admin.cookie, 'resolve-reports', [id, 'x'], {
        resolution: 'no_action',
        note: 'Nada',
      }),
    ).toMatchObject({ status: 404 })
    expect(await openOf([id])).toHaveLength(1)
  })
})

describe('bulk decisions on duplicate-photo flags', () => {
  it('deletes the flagged photos of several flags at once, each profile keeping a cover', async () => {
    const admin = await signedIn('admin')
    const luna = await signedInProvider({ approved: true })
    const copiers = [
      await signedInProvider({ approved: true }),
      await signedInProvider({ approved: true }),
    ]
    const [original] = await db().select().from(images).where(eq(images.profileId, luna.profile.id))
    const flagIds: string[] = []
    const copies: string[] = []
    for (const copier of copiers) {
      const [copy] = await db().select().from(images).where(eq(images.profileId, copier.profile.id))
      const [flag] = await db()
        .insert(photoFlags)
        .values({ imageId: copy?.id ?? '', matchedImageId: original?.id ?? '', distance: 2 })
        .returning()
      flagIds.push(flag?.id ?? '')
      copies.push(copy?.id ?? '')
    }
    const answer = await bulk(admin.cookie, 'resolve-flags', flagIds, {
      resolution: 'remove_photo',
      note: 'Fotos copiadas',
    })
    expect(answer).toMatchObject({ status: 200, data: { notice: 'Encerradas: 2.' } })
    expect(await db().select().from(images).where(inArray(images.id, copies))).toEqual([])
    expect((await auditOf(flagIds)).map((entry) => entry.action)).toEqual([
      'flag_resolve',
      'flag_resolve',
    ])
    // A flag already closed refuses the next batch, which then changes nothing.
    const again = await bulk(admin.cookie, 'resolve-flags', flagIds, {
      resolution: 'no_action',
      note: 'De novo',
    })
    expect(again.status).toBe(409)
    expect((again.data as { refused: unknown[] }).refused).toHaveLength(2)
    expect(await auditOf(flagIds)).toHaveLength(2)
  })
})
