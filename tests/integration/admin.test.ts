import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { deleteAccount } from '#app/modules/account/account.server.ts'
import { openAccount } from '#app/modules/auth/accounts.server.ts'
import { expireTiers } from '#app/modules/moderation/plans.server.ts'
import { resolveProfileSlug } from '#app/modules/profile/resolve.server.ts'
import { saveOwnProfile } from '#app/modules/provider/own-profile.server.ts'
import { submitVerification } from '#app/modules/provider/verification.server.ts'
import { loader as auditLoader } from '#app/routes/admin/audit.tsx'
import { action as checkAction, loader as checkLoader } from '#app/routes/admin/check.tsx'
import { loader as overviewLoader } from '#app/routes/admin/overview.tsx'
import { action as profileAction, loader as profileLoader } from '#app/routes/admin/profile.tsx'
import { loader as queueLoader } from '#app/routes/admin/queue.tsx'
import { action as reportsAction, loader as reportsLoader } from '#app/routes/admin/reports.tsx'
import { loader as searchLoader } from '#app/routes/admin/search.tsx'
import { action as teamAction, loader as teamLoader } from '#app/routes/admin/team.tsx'
import {
  action as usernamesAction,
  loader as usernamesLoader,
} from '#app/routes/admin/usernames.tsx'
import { db } from '#db/client.server.ts'
import { user, userRoles } from '#db/schema/auth.ts'
import { backupRuns } from '#db/schema/backups.ts'
import { auditLog, bannedIdentifiers, profileSanctions, reports } from '#db/schema/moderation.ts'
import { planPrices } from '#db/schema/payments.ts'
import {
  images,
  photoFlags,
  profiles,
  reservedUsernames,
  verificationSubmissions,
} from '#db/schema/profiles.ts'
import { createAccount, signedIn, TEST_PASSWORD } from '#tests/factories/account.ts'
import { createProfile, signedInProvider, testPicture } from '#tests/factories/profile.ts'
import { callRoute, type Handler } from '#tests/support/route-call.ts'
import { setUpTestServer } from '#tests/support/test-server.ts'

// The admin area (issue 8), called the way React Router calls its loaders and actions.

const server = setUpTestServer()

const call = callRoute

const mailTo = (to: string) => server.mailsTo(to)

/** A provider whose identity check waits in the queue; her documents differ by `seed`. */
async function pendingCheck(seed = 1) {
  const luna = await signedInProvider()
  const sent = await submitVerification(
    luna.id,
    {
      documentFront: await testPicture(seed),
      documentBack: await testPicture(seed + 5),
      selfie: await testPicture(seed + 9),
    },
    true,
  )
  expect(sent).toEqual({ ok: true })
  const [submission] = await db()
    .select()
    .from(verificationSubmissions)
    .where(eq(verificationSubmissions.profileId, luna.profile.id))
  if (!submission) throw new Error('no submission')
  return { ...luna, submission }
}

const profileOf = async (id: string) =>
  (await db().select().from(profiles).where(eq(profiles.id, id)))[0]
const auditOf = (targetId: string) =>
  db().select().from(auditLog).where(eq(auditLog.targetId, targetId))

describe('who may use the admin area', () => {
  it('refuses every loader and action to signed-out visitors, clients and providers, changing nothing', async () => {
    const target = await signedInProvider({ approved: true })
    const check = await pendingCheck(2)
    await db().insert(reservedUsernames).values({ username: 'reservado', reason: 'teste' })
    const [report] = await db()
      .insert(reports)
      .values({ profileId: target.profile.id, reason: 'fake_photos' })
      .returning()
    const admin = await signedIn('admin')
    const copier = await signedInProvider({ approved: true })
    const [original] = await db()
      .select()
      .from(images)
      .where(eq(images.profileId, target.profile.id))
    const [copy] = await db().select().from(images).where(eq(images.profileId, copier.profile.id))
    const [flag] = await db()
      .insert(photoFlags)
      .values({ imageId: copy?.id ?? '', matchedImageId: original?.id ?? '', distance: 2 })
      .returning()
    const loaders: [Handler, string, Record<string, string>?][] = [
      [overviewLoader, '/admin'],
      [queueLoader, '/admin/verifications'],
      [checkLoader, `/admin/verifications/${check.submission.id}`, { id: check.submission.id }],
      [searchLoader, '/admin/profiles?q=luna'],
      [profileLoader, `/admin/profiles/${target.profile.id}`, { id: target.profile.id }],
      [reportsLoader, '/admin/reports'],
      [usernamesLoader, '/admin/usernames'],
      [teamLoader, '/admin/team'],
      [auditLoader, '/admin/audit'],
    ]
    const reason = 'Motivo de teste'
    const actions: [Handler, string, Record<string, string>][] = [
      [
        checkAction,
        '/admin/verifications/x',
        { intent: 'approve-check', submissionId: check.submission.id },
      ],
      [
        checkAction,
        '/admin/verifications/x',
        { intent: 'reject-check', submissionId: check.submission.id, code: 'unreadable' },
      ],
      [
        profileAction,
        '/admin/profiles/x',
        { intent: 'suspend', profileId: target.profile.id, days: '3', dailyValue: '10', reason },
      ],
      [
        profileAction,
        '/admin/profiles/x',
        { intent: 'ban', profileId: target.profile.id, reason, confirm: 'on' },
      ],
      [
        profileAction,
        '/admin/profiles/x',
        { intent: 'hide', profileId: target.profile.id, reason },
      ],
      [
        profileAction,
        '/admin/profiles/x',
        {
          intent: 'tier',
          profileId: target.profile.id,
          tier: 'ouro',
          expires: '2099-01-01',
          reason,
        },
      ],
      [
        profileAction,
        '/admin/profiles/x',
        { intent: 'approve-changes', profileId: target.profile.id },
      ],
      [
        reportsAction,
        '/admin/reports',
        {
          intent: 'resolve-report',
          subject: report?.id ?? '',
          resolution: 'hide_profile',
          note: reason,
        },
      ],
      [usernamesAction, '/admin/usernames', { intent: 'reserve', username: 'novo-nome', reason }],
      [usernamesAction, '/admin/usernames', { intent: 'release', subject: 'reservado', reason }],
      [teamAction, '/admin/team', { intent: 'grant-admin', email: target.email, reason }],
      [teamAction, '/admin/team', { intent: 'revoke-admin', subject: admin.id, reason }],
      [
        profileAction,
        '/admin/profiles/x',
        { intent: 'lift', profileId: target.profile.id, reason },
      ],
      [
        profileAction,
        '/admin/profiles/x',
        { intent: 'unhide', profileId: target.profile.id, reason },
      ],
      [
        profileAction,
        '/admin/profiles/x',
        { intent: 'reject-changes', profileId: target.profile.id, note: reason },
      ],
      [
        reportsAction,
        '/admin/reports',
        {
          intent: 'resolve-flag',
          subject: flag?.id ?? '',
          resolution: 'remove_photo',
          note: reason,
        },
      ],
    ]
    const client = await signedIn('client')
    const other = await signedIn('provider')
    const visitors = [
      { cookie: undefined, location: /^\/auth\?mode=login/ },
      { cookie: client.cookie, location: /^\/client-dashboard$/ },
      { cookie: other.cookie, location: /^\/dashboard$/ },
    ]
    for (const visitor of visitors) {
      for (const [loader, url, params] of loaders) {
        const answer = await call(loader, url, { cookie: visitor.cookie, params })
        expect(answer.status, url).toBe(302)
        expect(answer.location, url).toMatch(visitor.location)
      }
      for (const [action, url, body] of actions) {
        const answer = await call(action, url, { cookie: visitor.cookie, body })
        expect(answer.status, body.intent).toBe(302)
        expect(answer.location, body.intent).toMatch(visitor.location)
      }
    }
    expect(await db().select().from(auditLog)).toEqual([])
    expect(await profileOf(target.profile.id)).toMatchObject({
      status: 'approved',
      visibilityStatus: 'active',
      membershipTier: 'free',
    })
    expect((await profileOf(check.profile.id))?.status).toBe('pending')
    expect(await db().select().from(reservedUsernames)).toHaveLength(1)
    const [role] = await db().select().from(userRoles).where(eq(userRoles.userId, target.id))
    expect(role?.role).toBe('provider')
    const [adminRole] = await db().select().from(userRoles).where(eq(userRoles.userId, admin.id))
    expect(adminRole?.role).toBe('admin')
    expect(
      await db()
        .select()
        .from(images)
        .where(eq(images.id, copy?.id ?? '')),
    ).toHaveLength(1)
    const [openFlag] = await db()
      .select()
      .from(photoFlags)
      .where(eq(photoFlags.id, flag?.id ?? ''))
    expect(openFlag?.resolvedAt).toBeNull()
  })

  it('answers bad input with a message or a 4xx, never a crash', async () => {
    const admin = await signedIn('admin')
    const target = await signedInProvider({ approved: true })
    const post = (body: Record<string, string>) =>
      call(profileAction, '/admin/profiles/x', { cookie: admin.cookie, body })
    expect((await post({ intent: 'drop-table' })).status).toBe(400)
    expect((await post({ intent: 'ban', profileId: 'not-a-uuid', reason: 'xxxx' })).status).toBe(
      404,
    )
    const days = await post({
      intent: 'suspend',
      profileId: target.profile.id,
      days: 'abc',
      dailyValue: '10',
      reason: 'Motivo',
    })
    expect(days).toMatchObject({
      status: 400,
      data: { error: { field: 'days', message: 'Dias: de 1 a 365.' } },
    })
    const value = await post({
      intent: 'suspend',
      profileId: target.profile.id,
      days: '3',
      fee: '<b>',
      feeReason: 'Motivo da taxa',
      reason: 'Motivo',
    })
    expect(value).toMatchObject({ status: 400, data: { error: { field: 'fee' } } })
    const noReason = await post({ intent: 'hide', profileId: target.profile.id, reason: ' ' })
    expect(noReason).toMatchObject({ status: 400, data: { error: { field: 'reason' } } })
    const past = await post({
      intent: 'tier',
      profileId: target.profile.id,
      tier: 'ouro',
      expires: '2001-01-01',
      reason: 'Plano',
    })
    expect(past).toMatchObject({ status: 400, data: { error: { field: 'expires' } } })
    const unticked = await post({ intent: 'ban', profileId: target.profile.id, reason: 'Fraude' })
    expect(unticked).toMatchObject({ status: 400, data: { error: { field: 'confirm' } } })
    const missing = await post({
      intent: 'hide',
      profileId: '00000000-0000-4000-8000-000000000000',
      reason: 'Motivo',
    })
    expect(missing.status).toBe(404)
    const search = await call(
      searchLoader,
      `/admin/profiles?q=${'%'.repeat(500)}&status=x&role=y&page=-4`,
      { cookie: admin.cookie },
    )
    expect(search.status).toBe(200)
    const audit = await call(auditLoader, '/admin/audit?from=2026-13-45&before=nonsense&action=x', {
      cookie: admin.cookie,
    })
    expect(audit.status).toBe(200)
    const farFuture = await post({
      intent: 'tier',
      profileId: target.profile.id,
      tier: 'ouro',
      expires: '9999-12-31',
      reason: 'Plano',
    })
    expect(farFuture).toMatchObject({ status: 400, data: { error: { field: 'expires' } } })
    const nul = await call(searchLoader, '/admin/profiles?q=a%00b', { cookie: admin.cookie })
    expect(nul.status).toBe(200)
    const years = await call(
      auditLoader,
      '/admin/audit?from=9999-12-31&to=0000-01-01&actor=%00&before=9999-01-01T00:00:00.000000Z_00000000-0000-4000-8000-000000000000',
      { cookie: admin.cookie },
    )
    expect(years.status).toBe(200)
    expect(await db().select().from(auditLog)).toEqual([])
    const hidden = await post({
      intent: 'hide',
      profileId: target.profile.id,
      reason: 'Nul\u0000 aqui',
    })
    expect(hidden.status).toBe(200)
    const [entry] = await auditOf(target.profile.id)
    expect(entry?.reason).toBe('Nul aqui')
  })
})

describe('verification queue', () => {
  it('approves a check: the profile is public, the provider told, the files gone, the action logged', async () => {
    const admin = await signedIn('admin')
    const check = await pendingCheck(3)
    const queue = await call(queueLoader, '/admin/verifications', { cookie: admin.cookie })
    expect(queue.data?.checks.map((row: { id: string }) => row.id)).toContain(check.submission.id)
    const answer = await call(checkAction, '/admin/verifications/x', {
      cookie: admin.cookie,
      body: { intent: 'approve-check', submissionId: check.submission.id },
    })
    expect(answer).toMatchObject({
      status: 200,
      data: { notice: expect.stringContaining('aprovada') },
    })
    expect(await profileOf(check.profile.id)).toMatchObject({
      status: 'approved',
      verificationStatus: 'approved',
    })
    expect(await resolveProfileSlug(check.profile.username)).toMatchObject({ kind: 'profile' })
    const [decided] = await db()
      .select()
      .from(verificationSubmissions)
      .where(eq(verificationSubmissions.id, check.submission.id))
    expect(decided).toMatchObject({
      status: 'approved',
      reviewerId: admin.id,
      documentFrontKey: null,
    })
    expect(await auditOf(check.profile.id)).toMatchObject([
      {
        action: 'verification_approve',
        actorEmail: admin.email,
        targetLabel: expect.stringContaining(check.profile.username),
      },
    ])
    const mails = await mailTo(check.email)
    expect(mails.at(-1)).toContain('Seu perfil no Aprova foi aprovado')
    const again = await call(checkAction, '/admin/verifications/x', {
      cookie: admin.cookie,
      body: { intent: 'approve-check', submissionId: check.submission.id },
    })
    expect(again.status).toBe(409)
  })

  it('rejects with a reason from the list and the admin’s words, in the provider’s language', async () => {
    const admin = await signedIn('admin')
    const check = await pendingCheck(4)
    await db().update(user).set({ language: 'en' }).where(eq(user.id, check.id))
    const noNote = await call(checkAction, '/admin/verifications/x', {
      cookie: admin.cookie,
      body: { intent: 'reject-check', submissionId: check.submission.id, code: 'other', note: '' },
    })
    expect(noNote).toMatchObject({ status: 400, data: { error: { field: 'note' } } })
    const answer = await call(checkAction, '/admin/verifications/x', {
      cookie: admin.cookie,
      body: {
        intent: 'reject-check',
        submissionId: check.submission.id,
        code: 'unreadable',
        note: 'The back is blurred.',
      },
    })
    expect(answer.status).toBe(200)
    expect(await profileOf(check.profile.id)).toMatchObject({
      status: 'rejected',
      statusReason: 'Document or selfie unreadable: The back is blurred.',
    })
    const mails = await mailTo(check.email)
    expect(mails.at(-1)).toContain('Your Aprova identity check was not approved')
    expect(mails.at(-1)).toContain('Reason: Document or selfie unreadable: The back is blurred.')
    expect(await auditOf(check.profile.id)).toMatchObject([{ action: 'verification_reject' }])
  })

  it('approves or refuses the new name and photos of a public profile', async () => {
    const admin = await signedIn('admin')
    const luna = await signedInProvider({ approved: true })
    await db()
      .update(profiles)
      .set({ pendingWorkingName: 'Luna Nova', changesSubmittedAt: new Date() })
      .where(eq(profiles.id, luna.profile.id))
    const [pending] = await db()
      .insert(images)
      .values({
        profileId: luna.profile.id,
        url: '/media/y-320.webp',
        storagePath: `profiles/${luna.profile.id}/y`,
        verificationType: 'pending',
      })
      .returning()
    const approve = await call(profileAction, '/admin/profiles/x', {
      cookie: admin.cookie,
      body: { intent: 'approve-changes', profileId: luna.profile.id, note: '' },
    })
    expect(approve.status).toBe(200)
    expect(await profileOf(luna.profile.id)).toMatchObject({
      name: 'Luna Nova',
      pendingWorkingName: null,
      changesSubmittedAt: null,
    })
    const [photo] = await db()
      .select()
      .from(images)
      .where(eq(images.id, pending?.id ?? ''))
    expect(photo?.verificationType).toBe('profile')

    await db()
      .update(profiles)
      .set({ changesSubmittedAt: new Date() })
      .where(eq(profiles.id, luna.profile.id))
    const [second] = await db()
      .insert(images)
      .values({
        profileId: luna.profile.id,
        url: '/media/z-320.webp',
        storagePath: `profiles/${luna.profile.id}/z`,
        verificationType: 'pending',
      })
      .returning()
    const refuse = await call(profileAction, '/admin/profiles/x', {
      cookie: admin.cookie,
      body: { intent: 'reject-changes', profileId: luna.profile.id, note: 'Foto de outra pessoa' },
    })
    expect(refuse.status).toBe(200)
    expect(
      await db()
        .select()
        .from(images)
        .where(eq(images.id, second?.id ?? '')),
    ).toEqual([])
    expect((await auditOf(luna.profile.id)).map((row) => row.action).sort()).toEqual([
      'changes_approve',
      'changes_reject',
    ])
  })
})

describe('moderation', () => {
  const post = (cookie: string, body: Record<string, string>) =>
    call(profileAction, '/admin/profiles/x', { cookie, body })

  it('suspends with the return fee, keeps the profile off the site, and only the team lifts it', async () => {
    const admin = await signedIn('admin')
    const luna = await signedInProvider({ approved: true })
    // Her plan gives the daily value (issue 33 point 5): Ouro at R$ 375,00 a month is R$ 12,50.
    await db().update(planPrices).set({ priceCents: 37_500 }).where(eq(planPrices.tier, 'ouro'))
    await db()
      .update(profiles)
      .set({ membershipTier: 'ouro', tierExpiresAt: new Date(Date.now() + 20 * 86_400_000) })
      .where(eq(profiles.id, luna.profile.id))
    const answer = await post(admin.cookie, {
      intent: 'suspend',
      profileId: luna.profile.id,
      days: '7',
      reason: 'Anúncio compartilhado',
    })
    expect(answer).toMatchObject({
      status: 200,
      data: { notice: expect.stringMatching(/R\$\s87,50/) },
    })
    const suspended = await profileOf(luna.profile.id)
    expect(suspended).toMatchObject({ status: 'suspended', statusReason: 'Anúncio compartilhado' })
    const days = ((suspended?.suspendedUntil?.getTime() ?? 0) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.9)
    expect(days).toBeLessThan(7.1)
    expect(await resolveProfileSlug(luna.profile.username)).toEqual({ kind: 'missing' })
    expect(await auditOf(luna.profile.id)).toMatchObject([
      {
        action: 'suspend',
        reason: 'Anúncio compartilhado',
        details: { days: 7, dailyValueCents: 1250, feeCents: 8750 },
      },
    ])
    expect((await mailTo(luna.email)).at(-1)).toMatch(/R\$\s87,50 \(7 dias × R\$\s12,50\)/)
    const lift = await post(admin.cookie, {
      intent: 'lift',
      profileId: luna.profile.id,
      reason: 'Taxa paga',
    })
    expect(lift.status).toBe(200)
    expect(await profileOf(luna.profile.id)).toMatchObject({
      status: 'approved',
      suspendedUntil: null,
    })
    expect(await resolveProfileSlug(luna.profile.username)).toMatchObject({ kind: 'profile' })
  })

  it('the third consecutive suspension is a ban, and the banned cannot come back', async () => {
    const admin = await signedIn('admin')
    const luna = await pendingCheck(6)
    await call(checkAction, '/admin/verifications/x', {
      cookie: admin.cookie,
      body: { intent: 'approve-check', submissionId: luna.submission.id },
    })
    const suspend = () =>
      post(admin.cookie, {
        intent: 'suspend',
        profileId: luna.profile.id,
        days: '1',
        dailyValue: '0',
        reason: 'Regra quebrada',
      })
    const lift = () =>
      post(admin.cookie, { intent: 'lift', profileId: luna.profile.id, reason: 'Voltou' })
    expect((await suspend()).status).toBe(200)
    expect((await lift()).status).toBe(200)
    expect((await suspend()).status).toBe(200)
    expect((await lift()).status).toBe(200)
    const third = await suspend()
    expect(third).toMatchObject({
      status: 200,
      data: { notice: expect.stringContaining('banido automaticamente') },
    })
    expect(await profileOf(luna.profile.id)).toMatchObject({ status: 'banned' })
    const [ban] = await db()
      .select()
      .from(profileSanctions)
      .where(
        sql`${profileSanctions.profileId} = ${luna.profile.id} and ${profileSanctions.kind} = 'ban'`,
      )
    expect(ban).toMatchObject({ automatic: true })
    expect((await auditOf(luna.profile.id)).map((row) => row.action)).toEqual([
      'verification_approve',
      'suspend',
      'lift_suspension',
      'suspend',
      'lift_suspension',
      'ban',
    ])
    const blocked = await db().select().from(bannedIdentifiers)
    expect(blocked.map((row) => row.kind).sort()).toEqual([
      'document',
      'document',
      'email',
      'phone',
    ])
    expect(JSON.stringify(blocked)).not.toContain(luna.email)

    // A banned provider can neither edit nor suspend again.
    expect((await suspend()).status).toBe(409)

    // Her address opens no new advertiser account (after deleting the old one)…
    await db().delete(user).where(eq(user.id, luna.id))
    await openAccount(
      { email: luna.email, password: TEST_PASSWORD, name: 'Luna Outra' },
      { role: 'provider', workingName: 'Luna Outra' },
      { language: 'pt', clientIp: '192.0.2.9', userAgent: 'vitest' },
    )
    expect(await db().select().from(user).where(eq(user.email, luna.email))).toEqual([])
    expect((await mailTo(luna.email)).at(-1)).toContain('não pode ser usado para anunciar')
    // …her number is refused on another profile, and so are her documents.
    const other = await signedInProvider()
    const saved = await saveOwnProfile(other.id, {
      workingName: 'Outra Pessoa',
      username: other.profile.username,
      age: 30,
      citySlug: 'recife',
      neighborhoodSlug: null,
      description: 'Olá! Atendo com hora marcada e discrição em Recife.',
      hourlyRate: 300,
      whatsapp: luna.profile.whatsapp,
      telegram: null,
      xHandle: null,
      services: [],
      touringAvailable: false,
      showAvailabilityStatus: false,
      availableNow: false,
    } as never)
    expect(saved).toEqual({ ok: false, error: { field: 'whatsapp', message: 'phoneBlocked' } })
    const documents = await submitVerification(
      other.id,
      {
        documentFront: await testPicture(6),
        documentBack: await testPicture(11),
        selfie: await testPicture(40),
      },
      true,
    )
    expect(documents).toEqual({
      ok: false,
      error: { field: 'documentFront', message: 'documentBlocked' },
    })
  })

  it('suspensions more than 6 months apart are not consecutive', async () => {
    const admin = await signedIn('admin')
    const luna = await signedInProvider({ approved: true })
    const longAgo = (months: number) => {
      const date = new Date()
      date.setUTCMonth(date.getUTCMonth() - months)
      return date
    }
    await db()
      .insert(profileSanctions)
      .values([
        {
          profileId: luna.profile.id,
          kind: 'suspension',
          reason: 'a',
          startsAt: longAgo(20),
          endsAt: longAgo(19),
        },
        {
          profileId: luna.profile.id,
          kind: 'suspension',
          reason: 'b',
          startsAt: longAgo(10),
          endsAt: longAgo(9),
        },
      ])
    const answer = await post(admin.cookie, {
      intent: 'suspend',
      profileId: luna.profile.id,
      days: '2',
      dailyValue: '5',
      reason: 'Nova falta',
    })
    expect(answer.data?.notice).toContain('suspenso até')
    expect((await profileOf(luna.profile.id))?.status).toBe('suspended')
  })

  it('hides and shows a profile; the provider cannot undo it', async () => {
    const admin = await signedIn('admin')
    const luna = await signedInProvider({ approved: true })
    expect(
      (
        await post(admin.cookie, {
          intent: 'hide',
          profileId: luna.profile.id,
          reason: 'Denúncia em análise',
        })
      ).status,
    ).toBe(200)
    expect(await profileOf(luna.profile.id)).toMatchObject({
      visibilityStatus: 'hidden',
      hiddenBy: admin.id,
      hiddenReason: 'Denúncia em análise',
    })
    expect(await resolveProfileSlug(luna.profile.username)).toEqual({ kind: 'missing' })
    expect(
      (await post(admin.cookie, { intent: 'hide', profileId: luna.profile.id, reason: 'De novo' }))
        .status,
    ).toBe(409)
    expect(
      (
        await post(admin.cookie, {
          intent: 'unhide',
          profileId: luna.profile.id,
          reason: 'Resolvido',
        })
      ).status,
    ).toBe(200)
    expect(await resolveProfileSlug(luna.profile.username)).toMatchObject({ kind: 'profile' })
  })

  it('sets a tier with its expiry; expired tiers fall back to free', async () => {
    const admin = await signedIn('admin')
    const luna = await signedInProvider({ approved: true })
    const answer = await post(admin.cookie, {
      intent: 'tier',
      profileId: luna.profile.id,
      tier: 'ouro',
      expires: '2099-12-31',
      reason: 'Plano pago',
    })
    expect(answer.status).toBe(200)
    const gold = await profileOf(luna.profile.id)
    expect(gold).toMatchObject({ membershipTier: 'ouro', isPremium: true })
    expect(gold?.tierExpiresAt?.toISOString()).toBe('2100-01-01T02:59:59.999Z')
    expect(gold?.tierUpgradedAt).toBeInstanceOf(Date)
    expect(await expireTiers()).toBe(0)
    await db()
      .update(profiles)
      .set({ tierExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(profiles.id, luna.profile.id))
    const other = await createProfile({
      membershipTier: 'prata',
      tierExpiresAt: new Date(Date.now() + 86_400_000),
    })
    expect(await expireTiers()).toBe(1)
    expect(await profileOf(luna.profile.id)).toMatchObject({
      membershipTier: 'free',
      tierExpiresAt: null,
      isPremium: false,
    })
    expect((await profileOf(other.id))?.membershipTier).toBe('prata')
    expect(await auditOf(luna.profile.id)).toMatchObject([
      { action: 'set_tier', details: { from: 'free', to: 'ouro' } },
    ])
  })
})

describe('reports and duplicate photos', () => {
  it('closes a report with an action that is carried out, and a flag by deleting the new photo', async () => {
    const admin = await signedIn('admin')
    const luna = await signedInProvider({ approved: true })
    const [report] = await db()
      .insert(reports)
      .values({
        profileId: luna.profile.id,
        reason: 'advance_payment',
        details: 'Pediu Pix antes.',
      })
      .returning()
    const listed = await call(reportsLoader, '/admin/reports', { cookie: admin.cookie })
    expect(listed.data?.reports.find((row: { id: string }) => row.id === report?.id)).toMatchObject(
      {
        reason: 'advance_payment',
        details: 'Pediu Pix antes.',
        byClient: false,
      },
    )
    const resolve = (body: Record<string, string>) =>
      call(reportsAction, '/admin/reports', { cookie: admin.cookie, body })
    const closed = await resolve({
      intent: 'resolve-report',
      subject: report?.id ?? '',
      resolution: 'hide_profile',
      note: 'Golpe confirmado',
    })
    expect(closed.status).toBe(200)
    expect((await profileOf(luna.profile.id))?.visibilityStatus).toBe('hidden')
    const again = await resolve({
      intent: 'resolve-report',
      subject: report?.id ?? '',
      resolution: 'no_action',
      note: 'Outra vez',
    })
    expect(again.status).toBe(409)

    const copier = await signedInProvider({ approved: true })
    const [original] = await db().select().from(images).where(eq(images.profileId, luna.profile.id))
    const [copy] = await db().select().from(images).where(eq(images.profileId, copier.profile.id))
    const [flag] = await db()
      .insert(photoFlags)
      .values({ imageId: copy?.id ?? '', matchedImageId: original?.id ?? '', distance: 3 })
      .returning()
    const flags = await call(reportsLoader, '/admin/reports', { cookie: admin.cookie })
    expect(flags.data?.flags.find((row: { id: string }) => row.id === flag?.id)).toMatchObject({
      id: flag?.id,
      profile: { id: copier.profile.id },
      matchedProfile: { id: luna.profile.id },
    })
    expect(flags.data?.reports.some((row: { id: string }) => row.id === report?.id)).toBe(false)
    const resolved = await resolve({
      intent: 'resolve-flag',
      subject: flag?.id ?? '',
      resolution: 'remove_photo',
      note: 'Foto copiada',
    })
    expect(resolved.status).toBe(200)
    expect(
      await db()
        .select()
        .from(images)
        .where(eq(images.id, copy?.id ?? '')),
    ).toEqual([])
    const logged = await db().select().from(auditLog).where(eq(auditLog.actorId, admin.id))
    expect(logged.map((row) => row.action).sort()).toEqual([
      'flag_resolve',
      'hide',
      'report_resolve',
    ])
  })
})

describe('reserved usernames, roles, audit log', () => {
  it('reserves and releases names', async () => {
    const admin = await signedIn('admin')
    const luna = await signedInProvider()
    const post = (body: Record<string, string>) =>
      call(usernamesAction, '/admin/usernames', { cookie: admin.cookie, body })
    const reserve = (username: string) => post({ intent: 'reserve', username, reason: 'Equipe' })
    expect((await reserve('Suporte')).status).toBe(200)
    expect((await reserve('suporte')).status).toBe(409)
    expect((await reserve(luna.profile.username)).status).toBe(409)
    expect((await reserve('a b')).data?.error.field).toBe('username')
    const list = await call(usernamesLoader, '/admin/usernames', { cookie: admin.cookie })
    expect(list.data?.reserved).toContainEqual(
      expect.objectContaining({ username: 'suporte', reason: 'Equipe' }),
    )
    const released = await post({ intent: 'release', subject: 'suporte', reason: 'Não precisa' })
    expect(released.status).toBe(200)
    const left = await db()
      .select()
      .from(reservedUsernames)
      .where(eq(reservedUsernames.username, 'suporte'))
    expect(left).toEqual([])
  })

  it('makes and removes admins, never the last one and never a provider', async () => {
    const first = await signedIn('admin')
    // The admins of the tests before step aside: this one is the only admin.
    await db()
      .update(userRoles)
      .set({ role: 'client' })
      .where(sql`${userRoles.role} = 'admin' and ${userRoles.userId} <> ${first.id}`)
    const post = (body: Record<string, string>) =>
      call(teamAction, '/admin/team', { cookie: first.cookie, body })
    const last = await post({ intent: 'revoke-admin', subject: first.id, reason: 'Saindo' })
    expect(last).toMatchObject({
      status: 409,
      data: { error: { message: expect.stringContaining('último administrador') } },
    })
    const luna = await signedInProvider()
    expect(
      (await post({ intent: 'grant-admin', email: luna.email, reason: 'Equipe' })).status,
    ).toBe(409)
    const nobody = await post({ intent: 'grant-admin', email: 'ninguem@example.com', reason: 'Eq' })
    expect(nobody.status).toBe(400)
    const noAccount = await post({
      intent: 'grant-admin',
      email: 'ninguem@example.com',
      reason: 'Equipe',
    })
    expect(noAccount.status).toBe(409)
    const unconfirmed = await createAccount({ role: 'client', confirmed: false })
    const notProven = await post({ intent: 'grant-admin', email: unconfirmed.email, reason: 'Eq.' })
    expect(notProven).toMatchObject({
      status: 409,
      data: { error: { message: expect.stringContaining('não confirmou') } },
    })
    const client = await signedIn('client')
    const granted = await post({
      intent: 'grant-admin',
      email: client.email.toUpperCase(),
      reason: 'Nova na equipe',
    })
    expect(granted.status).toBe(200)
    const team = await call(teamLoader, '/admin/team', { cookie: first.cookie })
    expect(team.data?.admins.map((row: { email: string }) => row.email)).toEqual([
      first.email,
      client.email,
    ])
    const revoked = await post({ intent: 'revoke-admin', subject: client.id, reason: 'Saiu' })
    expect(revoked.status).toBe(200)
    const [role] = await db().select().from(userRoles).where(eq(userRoles.userId, client.id))
    expect(role?.role).toBe('client')
    const logged = await db().select().from(auditLog).where(eq(auditLog.actorId, first.id))
    expect(logged.map((row) => row.action).sort()).toEqual(['grant_admin', 'revoke_admin'])
    // Two admins deleting their accounts at the same moment: the database keeps one.
    const second = await signedIn('admin')
    const both = await Promise.allSettled([
      db().delete(user).where(eq(user.id, first.id)),
      db().delete(user).where(eq(user.id, second.id)),
    ])
    expect(both.filter((one) => one.status === 'fulfilled')).toHaveLength(1)
    const left = await db().select().from(userRoles).where(eq(userRoles.role, 'admin'))
    expect(left).toHaveLength(1)
    const refusal = await deleteAccount(left[0]?.userId ?? '').catch((error: Error) => error)
    expect(`${refusal} ${(refusal as Error).cause}`).toContain('last admin cannot be removed')
  })

  it('lists and filters the log, which the database refuses to change or delete', async () => {
    const admin = await signedIn('admin')
    const luna = await signedInProvider({ approved: true })
    const act = (intent: string, reason: string) =>
      call(profileAction, '/admin/profiles/x', {
        cookie: admin.cookie,
        body: { intent, profileId: luna.profile.id, reason },
      })
    await act('hide', 'Checar fotos')
    await act('unhide', 'Fotos ok')
    const list = (query: string) =>
      call(auditLoader, `/admin/audit?${query}`, { cookie: admin.cookie })
    const all = await list(`target=${luna.profile.id}`)
    expect(all.data?.entries.map((row: { action: string }) => row.action)).toEqual([
      'unhide',
      'hide',
    ])
    const hides = await list(`action=hide&target=${luna.profile.username}`)
    expect(hides.data?.entries).toMatchObject([
      { action: 'hide', reason: 'Checar fotos', actorEmail: admin.email },
    ])
    expect((await list('actor=someone-else@')).data?.entries).toEqual([])
    const before = await db().select().from(auditLog)
    await expect(db().execute(sql`update audit_log set reason = 'changed'`)).rejects.toThrow()
    await expect(db().execute(sql`delete from audit_log`)).rejects.toThrow()
    expect(await db().select().from(auditLog)).toEqual(before)
  })

  it('counts what waits on the overview', async () => {
    const admin = await signedIn('admin')
    const counts = async () => (await call(overviewLoader, '/admin', { cookie: admin.cookie })).data
    const before = await counts()
    await pendingCheck(8)
    const luna = await signedInProvider({ approved: true })
    await db().insert(reports).values({ profileId: luna.profile.id, reason: 'minor' })
    const after = await counts()
    expect(after?.pendingChecks).toBe(before?.pendingChecks + 1)
    expect(after?.openReports).toBe(before?.openReports + 1)
    expect(after?.openFlags).toBe(before?.openFlags)
    expect(after?.byStatus.approved).toBe((before?.byStatus.approved ?? 0) + 1)
    expect(after?.byStatus.pending).toBe((before?.byStatus.pending ?? 0) + 1)
    expect(after?.byTier.free).toBe((before?.byTier.free ?? 0) + 2)
  })

  it('shows the last backup, and a failure only when it came after it (issue 32 point 1)', async () => {
    const admin = await signedIn('admin')
    const backup = async () =>
      (await call(overviewLoader, '/admin', { cookie: admin.cookie })).data?.backup
    expect(await backup()).toEqual({ lastSuccess: undefined, failure: undefined })
    const run = (at: string, ok: boolean, error?: string) => ({
      trigger: 'daily',
      startedAt: new Date(at),
      finishedAt: new Date(at),
      ok,
      location: `/var/backups/aprova/${at}`,
      error,
    })
    await db()
      .insert(backupRuns)
      .values(run('2026-11-01T03:00:00Z', false, 'disk full'))
    expect(await backup()).toEqual({
      lastSuccess: undefined,
      failure: { at: '2026-11-01T03:00:00.000Z', error: 'disk full' },
    })
    await db().insert(backupRuns).values(run('2026-11-02T03:00:00Z', true))
    expect(await backup()).toEqual({ lastSuccess: '2026-11-02T03:00:00.000Z', failure: undefined })
    await db()
      .insert(backupRuns)
      .values(run('2026-11-03T03:00:00Z', false, 'pg_dump failed'))
    expect(await backup()).toEqual({
      lastSuccess: '2026-11-02T03:00:00.000Z',
      failure: { at: '2026-11-03T03:00:00.000Z', error: 'pg_dump failed' },
    })
  })
})
