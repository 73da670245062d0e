import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { FAVORITES_MAX, HISTORY_SIZE, REPORT_LIMITS } from '#app/domain/client-area.ts'
import { REPORT_REVIEW_REASON } from '#app/domain/provider.ts'
import { fileReport, forgetReporterKeys } from '#app/modules/client/reports.server.ts'
import { recordView } from '#app/modules/client/saved.server.ts'
import { resolveReport } from '#app/modules/moderation/reports-and-flags.server.ts'
import { publicProfile } from '#app/modules/profile/queries.server.ts'
import { loader as rootLoader } from '#app/root.tsx'
import { loader as exportLoader } from '#app/routes/account/export.ts'
import {
  action as clientAccountAction,
  loader as clientAccountLoader,
} from '#app/routes/client/account.tsx'
import { loader as favoritesLoader } from '#app/routes/client/favorites.tsx'
import { action as historyAction, loader as historyLoader } from '#app/routes/client/history.tsx'
import { loader as clientLayoutLoader } from '#app/routes/client/layout.tsx'
import { loader as providerOverview } from '#app/routes/provider/overview.tsx'
import { action as reportAction, loader as reportLoader } from '#app/routes/public/report.tsx'
import { action as favoritesAction } from '#app/routes/resources/favorites.ts'
import { loader as meLoader } from '#app/routes/resources/me.ts'
import { action as profileViewAction } from '#app/routes/resources/profile-view.ts'
import { db } from '#db/client.server.ts'
import { clientProfiles, user, userRoles } from '#db/schema/auth.ts'
import { favorites, recentlyViewed } from '#db/schema/clients.ts'
import { auditLog, reports } from '#db/schema/moderation.ts'
import { profiles, reservedUsernames } from '#db/schema/profiles.ts'
import { signedIn } from '#tests/factories/account.ts'
import { createProfile } from '#tests/factories/profile.ts'
import { callRoute } from '#tests/support/route-call.ts'
import { setUpTestServer } from '#tests/support/test-server.ts'

// The client area (issue 9): favourites, history, account details, reports and data rights,
// called the way React Router calls the loaders and actions.

const server = setUpTestServer()

/** A signed-in provider whose own profile is public. */
async function approvedProvider() {
  const provider = await signedIn('provider')
  const [profile] = await db()
    .update(profiles)
    .set({ status: 'approved', citySlug: 'recife', city: 'Recife' })
    .where(eq(profiles.userId, provider.id))
    .returning()
  if (!profile) throw new Error('no profile')
  return { provider, profile }
}

const favorite = (cookie: string | undefined, fields: Record<string, string>) =>
  callRoute(favoritesAction, '/api/favorites', { cookie, body: { js: '1', ...fields } })

const favoriteIds = async (userId: string) =>
  (await db().select().from(favorites).where(eq(favorites.userId, userId))).map((f) => f.profileId)

const historyIds = async (userId: string) =>
  (await db().select().from(recentlyViewed).where(eq(recentlyViewed.userId, userId))).map(
    (row) => row.profileId,
  )

/** The beacon a profile page sends when it shows, with the visitor's session. */
const view = (profileId: string, cookie?: string) =>
  callRoute(profileViewAction, `/api/profile-views/${profileId}`, {
    cookie,
    body: {},
    params: { profileId },
    headers: { 'sec-fetch-site': 'same-origin', 'user-agent': 'Mozilla/5.0 (test)' },
    context: { clientIp: '198.51.100.7' },
  })

// Each report from its own address unless a test says which: the limits count per address.
let addresses = 0
const nextAddress = () => {
  addresses += 1
  return `198.18.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`
}

const report = (
  profile: { id: string; username: string },
  fields: Record<string, string>,
  options: { cookie?: string; ip?: string } = {},
) =>
  callRoute(reportAction, `/acompanhante/${profile.username}/denunciar`, {
    cookie: options.cookie,
    body: fields,
    params: { slug: profile.username },
    context: { clientIp: options.ip ?? nextAddress() },
  })

const mailTo = (to: string) => server.mailsTo(to)

/** Tables (but the append-only audit log) with a row whose text holds `needle`. */
async function tablesHolding(needle: string): Promise<string[]> {
  const tables = await db().execute(
    sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'audit_log'`,
  )
  const found: string[] = []
  for (const { name } of (tables as unknown as { rows: { name: string }[] }).rows) {
    const result = await db().execute(
      sql`select count(*)::int as n from ${sql.identifier(name)} t where t::text like ${`%${needle}%`}`,
    )
    if ((result as unknown as { rows: { n: number }[] }).rows[0]?.n) found.push(name)
  }
  return found
}

describe('who may use the client area', () => {
  it('answers only the signed-in client; everyone else is sent away and nothing changes', async () => {
    const client = await signedIn('client')
    const provider = await signedIn('provider')
    const admin = await signedIn('admin')
    const profile = await createProfile()
    await favorite(client.cookie, { intent: 'add', profileId: profile.id })
    await recordView(client.id, profile.id)

    const loaders = [
      [clientLayoutLoader, '/client-dashboard'],
      [favoritesLoader, '/client-dashboard'],
      [historyLoader, '/client-dashboard/history'],
      [clientAccountLoader, '/client-dashboard/account'],
    ] as const
    for (const [loader, url] of loaders) {
      expect((await callRoute(loader, url, { cookie: client.cookie })).status).toBe(200)
      const out = await callRoute(loader, url)
      expect(out.status).toBe(302)
      expect(out.location).toMatch(/^\/auth\?mode=login/)
      expect((await callRoute(loader, url, { cookie: provider.cookie })).location).toBe(
        '/dashboard',
      )
      expect((await callRoute(loader, url, { cookie: admin.cookie })).location).toBe('/admin')
    }

    for (const cookie of [undefined, provider.cookie, admin.cookie]) {
      // The client's favourite cannot be removed, nor another added, by anyone else.
      const removed = await favorite(cookie, { intent: 'remove', profileId: profile.id })
      expect(removed.status).toBe(cookie ? 403 : 401)
      const added = await favorite(cookie, { intent: 'add', profileId: profile.id })
      expect(added.status).toBe(cookie ? 403 : 401)
      for (const body of [
        { intent: 'clear' } as Record<string, string>,
        { intent: 'forget', profileId: profile.id },
        { intent: 'keep', keep: '' },
      ]) {
        const answer = await callRoute(historyAction, '/client-dashboard/history', { cookie, body })
        expect([302, 403]).toContain(answer.status)
      }
      const details = await callRoute(clientAccountAction, '/client-dashboard/account', {
        cookie,
        body: {
          intent: 'details',
          displayName: 'Outro Nome',
          about: 'Texto de outra pessoa aqui.',
        },
      })
      expect(details.status).toBe(302)
    }
    expect(await favoriteIds(client.id)).toEqual([profile.id])
    expect(await historyIds(client.id)).toEqual([profile.id])
    const [kept] = await db().select({ name: user.name }).from(user).where(eq(user.id, client.id))
    expect(kept?.name).toBe('Cliente Teste')

    // Without JavaScript, a visitor's heart leads to the client log-in and back.
    const noScript = await callRoute(favoritesAction, '/api/favorites', {
      body: { intent: 'add', profileId: profile.id, back: '/pt/acompanhantes/sao-paulo' },
    })
    expect(noScript.location).toBe(
      '/auth?mode=login&type=client&next=%2Fpt%2Facompanhantes%2Fsao-paulo',
    )
  })

  it("keeps each client's favourites and history to that client alone", async () => {
    const ana = await signedIn('client')
    const bia = await signedIn('client')
    const [one, two] = [await createProfile(), await createProfile()]
    for (const profile of [one, two]) {
      expect(await favorite(ana.cookie, { intent: 'add', profileId: profile.id })).toMatchObject({
        status: 200,
        data: { ok: true, saved: true },
      })
      expect((await view(profile.id, ana.cookie)).status).toBe(204)
    }
    // Bia sees none of it, and removing "her" copies (a user id in the form is ignored)
    // leaves Ana's untouched.
    const biaList = await callRoute(favoritesLoader, '/client-dashboard', { cookie: bia.cookie })
    expect(biaList.data?.favorites).toEqual([])
    const biaHistory = await callRoute(historyLoader, '/client-dashboard/history', {
      cookie: bia.cookie,
    })
    expect(biaHistory.data?.history).toEqual([])
    await favorite(bia.cookie, { intent: 'remove', profileId: one.id, userId: ana.id })
    await callRoute(historyAction, '/client-dashboard/history', {
      cookie: bia.cookie,
      body: { intent: 'clear', userId: ana.id },
    })
    expect((await favoriteIds(ana.id)).sort()).toEqual([one.id, two.id].sort())
    expect((await historyIds(ana.id)).sort()).toEqual([one.id, two.id].sort())

    // Public pages are the same for every client (issue 17: kept once for all of them); the
    // header knows the role only…
    const root = async (cookie?: string) => (await callRoute(rootLoader, '/pt', { cookie })).data
    expect(await root(ana.cookie)).toEqual(await root(bia.cookie))
    expect((await root(ana.cookie))?.account).toEqual({ area: '/client-dashboard', role: 'client' })
    expect((await root())?.account).toBeNull()
    // …and the hearts learn Ana's favourites, and only hers, after the page from /api/me, which
    // nothing keeps.
    const me = async (cookie?: string) => {
      const answer = await callRoute(meLoader, '/api/me', { cookie })
      expect(answer.headers?.get('cache-control')).toBe('private, no-store')
      return answer.data?.favoriteIds
    }
    expect(((await me(ana.cookie)) as string[]).sort()).toEqual([one.id, two.id].sort())
    expect(await me(bia.cookie)).toEqual([])
    expect(await me()).toBeNull()

    const anaList = await callRoute(favoritesLoader, '/client-dashboard', { cookie: ana.cookie })
    expect(anaList.data?.favorites.map((entry: { card: { id: string } }) => entry.card.id)).toEqual(
      [two.id, one.id],
    )
  })
})

describe('favourites', () => {
  it("toggles a client's heart pressed without JavaScript, and says so on the page it returns to", async () => {
    const client = await signedIn('client')
    const profile = await createProfile()
    const press = () =>
      callRoute(favoritesAction, '/api/favorites', {
        cookie: client.cookie,
        body: { intent: 'toggle', profileId: profile.id, back: '/pt/acompanhantes/sao-paulo' },
      })
    const saved = await press()
    expect(saved.status).toBe(303)
    expect(saved.location).toBe('/pt/acompanhantes/sao-paulo')
    expect(saved.headers?.get('set-cookie')).toMatch(/^aprova-flash=favorite-saved;/)
    expect(await favoriteIds(client.id)).toEqual([profile.id])
    const removed = await press()
    expect(removed.headers?.get('set-cookie')).toMatch(/^aprova-flash=favorite-removed;/)
    expect(await favoriteIds(client.id)).toEqual([])
    // With JavaScript, a press made before the page knew the state gets the state it made.
    expect(
      await callRoute(favoritesAction, '/api/favorites', {
        cookie: client.cookie,
        body: { intent: 'toggle', profileId: profile.id, js: '1' },
      }),
    ).toMatchObject({ status: 200, data: { ok: true, saved: true } })
  })

  it('shows a hidden profile as unavailable and a deleted one as removed, each removable', async () => {
    const client = await signedIn('client')
    const [shown, hidden, gone] = [
      await createProfile(),
      await createProfile(),
      await createProfile(),
    ]
    for (const profile of [shown, hidden, gone])
      await favorite(client.cookie, { intent: 'add', profileId: profile.id })
    await db()
      .update(profiles)
      .set({ visibilityStatus: 'hidden' })
      .where(eq(profiles.id, hidden.id))
    await db().delete(profiles).where(eq(profiles.id, gone.id))

    const list = await callRoute(favoritesLoader, '/client-dashboard', { cookie: client.cookie })
    const entries = list.data?.favorites as { kind: string; entryId: string }[]
    expect(entries.map((entry) => entry.kind)).toEqual(['removed', 'unavailable', 'public'])
    expect(entries[1]).toMatchObject({ name: hidden.name, profileId: hidden.id })
    // Nothing of a profile that is not public but its name: no photo, no place, no link.
    expect(JSON.stringify(entries[1])).not.toContain(hidden.username)
    expect(JSON.stringify(entries[0])).not.toContain(gone.name)

    const removed = entries[0]?.entryId ?? ''
    expect(
      (await favorite(client.cookie, { intent: 'remove-entry', entryId: removed })).status,
    ).toBe(200)
    await favorite(client.cookie, { intent: 'remove', profileId: hidden.id })
    expect(await favoriteIds(client.id)).toEqual([shown.id])
  })

  it('refuses profiles that are not public, bad ids and more than the limit', async () => {
    const client = await signedIn('client')
    const draft = await createProfile({ status: 'pending' })
    expect(await favorite(client.cookie, { intent: 'add', profileId: draft.id })).toMatchObject({
      status: 404,
      data: { ok: false, error: 'notPublic' },
    })
    for (const profileId of ['nope', "1' or '1'='1", `${draft.id}\u0000`, '']) {
      expect((await favorite(client.cookie, { intent: 'add', profileId })).status).toBe(400)
    }
    expect((await favorite(client.cookie, { intent: 'shout' })).status).toBe(400)

    const many = await db()
      .insert(profiles)
      .values(
        Array.from({ length: FAVORITES_MAX }, (_, i) => ({
          name: `Lote ${i}`,
          username: `lote-${client.id.slice(0, 6).toLowerCase()}-${i}`,
          status: 'approved' as const,
        })),
      )
      .returning({ id: profiles.id })
    await db()
      .insert(favorites)
      .values(many.map((profile) => ({ userId: client.id, profileId: profile.id })))
    const extra = await createProfile()
    expect(await favorite(client.cookie, { intent: 'add', profileId: extra.id })).toMatchObject({
      status: 409,
      data: { error: 'full' },
    })
    // Without JavaScript a full list does not come back as if saved: the page it returns to
    // says why.
    const noScript = await callRoute(favoritesAction, '/api/favorites', {
      cookie: client.cookie,
      body: { intent: 'add', profileId: extra.id, back: '/pt/acompanhantes/recife?pagina=2' },
    })
    expect(noScript.status).toBe(303)
    expect(noScript.location).toBe('/pt/acompanhantes/recife?pagina=2')
    expect(noScript.headers?.get('set-cookie')).toMatch(/^aprova-flash=favorite-full;/)
    expect(await favoriteIds(client.id)).not.toContain(extra.id)
    // Only a path of this site is gone back to.
    const offSite = await callRoute(favoritesAction, '/api/favorites', {
      cookie: client.cookie,
      body: { intent: 'add', profileId: extra.id, back: '//evil.example' },
    })
    expect(offSite.location).toBe('/client-dashboard')
    // One already saved may be saved again.
    expect(
      (await favorite(client.cookie, { intent: 'add', profileId: many[0]?.id ?? '' })).status,
    ).toBe(200)
    await db().delete(profiles).where(sql`${profiles.username} like ${'lote-%'}`)
  })

  it("takes over the device's favourites, the public ones only", async () => {
    const client = await signedIn('client')
    const [one, two] = [await createProfile(), await createProfile()]
    const paused = await createProfile({ visibilityStatus: 'paused' })
    const body = new URLSearchParams({ intent: 'import', js: '1' })
    for (const id of [one.id, two.id, paused.id, one.id]) body.append('profileIds', id)
    const answer = await callRoute(favoritesAction, '/api/favorites', {
      cookie: client.cookie,
      body,
    })
    // The answer says one was left out (the device's list is cleared after it).
    expect(answer.data).toEqual({ ok: true, saved: true, kept: 2, left: 1 })
    expect((await favoriteIds(client.id)).sort()).toEqual([one.id, two.id].sort())

    // None of them public: nothing kept, and the answer says so.
    const none = new URLSearchParams({ intent: 'import', js: '1', profileIds: paused.id })
    expect(
      await callRoute(favoritesAction, '/api/favorites', { cookie: client.cookie, body: none }),
    ).toMatchObject({ status: 404, data: { ok: false, error: 'notPublic' } })

    // Without JavaScript, a provider's heart is told it is for clients, not sent back as saved.
    const provider = await signedIn('provider')
    const refused = await callRoute(favoritesAction, '/api/favorites', {
      cookie: provider.cookie,
      body: { intent: 'add', profileId: one.id, back: '/pt/' },
    })
    expect(refused.location).toBe('/pt/')
    expect(refused.headers?.get('set-cookie')).toMatch(/^aprova-flash=favorite-notClient;/)
  })
})

describe('recently viewed', () => {
  it('keeps the last profiles a client opened, never a provider’s, and can be turned off', async () => {
    const client = await signedIn('client')
    const provider = await signedIn('provider')
    const profile = await createProfile()
    expect((await view(profile.id, provider.cookie)).status).toBe(204)
    expect(await historyIds(provider.id)).toEqual([])
    // Viewed twice the same day: one entry, and the visit still counts once.
    await view(profile.id, client.cookie)
    await view(profile.id, client.cookie)
    expect(await historyIds(client.id)).toEqual([profile.id])

    const batch = await db()
      .insert(profiles)
      .values(
        Array.from({ length: HISTORY_SIZE + 5 }, (_, i) => ({
          name: `Visto ${i}`,
          username: `visto-${client.id.slice(0, 6).toLowerCase()}-${i}`,
          status: 'approved' as const,
        })),
      )
      .returning({ id: profiles.id })
    for (const one of batch) await recordView(client.id, one.id)
    const kept = await historyIds(client.id)
    expect(kept).toHaveLength(HISTORY_SIZE)
    expect(kept).toContain(batch.at(-1)?.id)
    expect(kept).not.toContain(profile.id)

    const forget = batch.at(-1)?.id ?? ''
    await callRoute(historyAction, '/client-dashboard/history', {
      cookie: client.cookie,
      body: { intent: 'forget', profileId: forget },
    })
    expect(await historyIds(client.id)).not.toContain(forget)
    expect(
      (
        await callRoute(historyAction, '/client-dashboard/history', {
          cookie: client.cookie,
          body: { intent: 'forget', profileId: 'x' },
        })
      ).status,
    ).toBe(400)

    // Off: cleared, and nothing new is kept until it is on again.
    const off = await callRoute(historyAction, '/client-dashboard/history', {
      cookie: client.cookie,
      body: { intent: 'keep' },
    })
    expect(off.data).toEqual({ done: 'historyOff' })
    expect(await historyIds(client.id)).toEqual([])
    await view(profile.id, client.cookie)
    expect(await historyIds(client.id)).toEqual([])
    await callRoute(historyAction, '/client-dashboard/history', {
      cookie: client.cookie,
      body: { intent: 'keep', keep: 'on' },
    })
    await view(profile.id, client.cookie)
    expect(await historyIds(client.id)).toEqual([profile.id])
    await db().delete(profiles).where(sql`${profiles.username} like ${'visto-%'}`)
  })
})

describe('account details', () => {
  it('saves the display name and about with the sign-up rules', async () => {
    const client = await signedIn('client')
    const post = (fields: Record<string, string>) =>
      callRoute(clientAccountAction, '/client-dashboard/account', {
        cookie: client.cookie,
        body: { intent: 'details', ...fields },
      })
    expect(await post({ displayName: 'A', about: 'Gosto de conversar.' })).toMatchObject({
      status: 400,
      data: { error: { field: 'displayName', message: 'displayNameTooShort' } },
    })
    expect(await post({ displayName: 'Rafa', about: 'curto' })).toMatchObject({
      status: 400,
      data: { error: { field: 'about', message: 'aboutTooShort' } },
    })
    expect((await post({ displayName: 'Rafa', about: 'x'.repeat(301) })).status).toBe(400)
    expect(
      await post({ displayName: '  Rafa\u0000 Souza ', about: ' Gosto de boas conversas.\u0000 ' }),
    ).toMatchObject({ status: 200, data: { done: true } })
    const [row] = await db()
      .select({ name: user.name, about: clientProfiles.about })
      .from(user)
      .innerJoin(clientProfiles, eq(clientProfiles.userId, user.id))
      .where(eq(user.id, client.id))
    expect(row).toEqual({ name: 'Rafa Souza', about: 'Gosto de boas conversas.' })
    const page = await callRoute(clientAccountLoader, '/client-dashboard/account', {
      cookie: client.cookie,
    })
    expect(page.data?.details).toEqual({
      displayName: 'Rafa Souza',
      about: 'Gosto de boas conversas.',
    })
  })
})

describe('reports', () => {
  it('files a visitor’s and a client’s report, once each, within the limits', async () => {
    const profile = await createProfile()
    const client = await signedIn('client')
    const page = await callRoute(reportLoader, `/acompanhante/${profile.username}/denunciar`, {
      params: { slug: profile.username },
    })
    expect(page.data?.profile).toEqual({
      id: profile.id,
      name: profile.name,
      username: profile.username,
    })

    const ip = '203.0.113.77'
    expect(
      await report(
        profile,
        { reason: 'advance_payment', details: 'Pediu um Pix de sinal.' },
        { ip },
      ),
    ).toMatchObject({ status: 200, data: { done: true } })
    // The same visitor again with the same reason: the same answer, no second report (a report
    // of another reason is filed: tests/integration/reports.test.ts).
    expect(
      await report(
        profile,
        { reason: 'advance_payment', details: 'Pediu um Pix de sinal.' },
        { ip },
      ),
    ).toMatchObject({ status: 200, data: { done: true } })
    expect((await report(profile, { reason: 'threats' }, { cookie: client.cookie })).status).toBe(
      200,
    )
    const filed = await db().select().from(reports).where(eq(reports.profileId, profile.id))
    expect(filed).toHaveLength(2)
    const byVisitor = filed.find((one) => one.reporterId === null)
    expect(byVisitor).toMatchObject({
      reason: 'advance_payment',
      details: 'Pediu um Pix de sinal.',
    })
    // The visitor's address is kept only as a keyed hash.
    expect(byVisitor?.reporterKey).toMatch(/^[\w-]{43}$/)
    expect(JSON.stringify(byVisitor)).not.toContain(ip)
    expect(filed.find((one) => one.reporterId === client.id)?.reason).toBe('threats')

    // REPORT_LIMITS.perHour reports an hour from one address, then a 429 with the wait.
    const others = await Promise.all(
      Array.from({ length: REPORT_LIMITS.perHour }, () => createProfile()),
    )
    const burst = []
    for (const other of others) burst.push(await report(other, { reason: 'fake_photos' }, { ip }))
    expect(burst.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 429])
    expect(burst.at(-1)?.headers?.get('Retry-After')).toMatch(/^\d+$/)
    expect(burst.at(-1)?.data?.alert).toMatchObject({ title: 'tooManyAttempts' })
    // Another address is not limited.
    expect((await report(others[4] ?? profile, { reason: 'fake_photos' })).status).toBe(200)

    // A week later the hashed address is forgotten.
    await db()
      .update(reports)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) })
      .where(eq(reports.profileId, profile.id))
    expect(await forgetReporterKeys()).toBeGreaterThanOrEqual(1)
    const [aged] = await db()
      .select({ key: reports.reporterKey })
      .from(reports)
      .where(and(eq(reports.profileId, profile.id), sql`${reports.reporterId} is null`))
    expect(aged?.key).toBeNull()
  })

  it('counts a client by account and by address, and an IPv6 /56 as one reporter', async () => {
    const profiles_ = await Promise.all(
      Array.from({ length: REPORT_LIMITS.perHour + 1 }, () => createProfile()),
    )
    // A visitor uses up an address's hour; a client on the same line is limited too.
    const ip = '198.51.100.66'
    for (const one of profiles_.slice(0, REPORT_LIMITS.perHour))
      expect((await report(one, { reason: 'fake_photos' }, { ip })).status).toBe(200)
    const client = await signedIn('client')
    const last = profiles_.at(-1) ?? profiles_[0]
    if (!last) throw new Error('no profile')
    expect(
      (await report(last, { reason: 'fake_photos' }, { cookie: client.cookie, ip })).status,
    ).toBe(429)
    // …and a client moving from address to address is limited by account.
    for (const one of profiles_.slice(0, REPORT_LIMITS.perHour))
      expect((await report(one, { reason: 'threats' }, { cookie: client.cookie })).status).toBe(200)
    expect((await report(last, { reason: 'threats' }, { cookie: client.cookie })).status).toBe(429)

    // Addresses of one /56 (a home line) share one budget; the next /56 has its own.
    const v6 = (n: number) => `2804:14c:5b:${(0x4100 + n).toString(16)}::${n}`
    for (let n = 0; n < REPORT_LIMITS.perHour; n++)
      expect(
        (
          await report(
            profiles_[n] ?? last,
            { reason: 'other', details: 'Perfil copiado de outro site.' },
            { ip: v6(n) },
          )
        ).status,
      ).toBe(200)
    expect((await report(last, { reason: 'fake_photos' }, { ip: v6(0x40) })).status).toBe(429)
    expect(
      (await report(last, { reason: 'fake_photos' }, { ip: '2804:14c:5b:4200::1' })).status,
    ).toBe(200)
  })

  it('lets one reporter hide few profiles, hides a profile once, and shows it after review', async () => {
    const admin = await signedIn('admin')
    const actor = { id: admin.id, email: admin.email }
    const [a, b, c] = [await createProfile(), await createProfile(), await createProfile()]
    const ip = '198.51.100.99'
    for (const one of [a, b, c])
      expect((await report(one, { reason: 'minor' }, { ip })).status).toBe(200)
    const visibility = async (id: string) =>
      (await db().select().from(profiles).where(eq(profiles.id, id)))[0]?.visibilityStatus
    // MINOR_HIDES.perReporterPerDay hides; the third is filed and the team told, nothing hidden.
    expect([await visibility(a.id), await visibility(b.id), await visibility(c.id)]).toEqual([
      'hidden',
      'hidden',
      'active',
    ])
    const [third] = await db().select().from(reports).where(eq(reports.profileId, c.id))
    expect(third).toMatchObject({ reason: 'minor', hidFrom: null })
    expect((await mailTo(admin.email)).join('\n')).toContain('O perfil continua no ar')

    // Two 'minor' reports at the same moment: one hide, one audit entry.
    const d = await createProfile()
    const both = await Promise.all([
      fileReport(
        { clientIp: '198.51.100.120' },
        { profileId: d.id, reason: 'minor', details: null },
      ),
      fileReport(
        { clientIp: '198.51.100.121' },
        { profileId: d.id, reason: 'minor', details: null },
      ),
    ])
    expect(both.filter((one) => one.ok)).toHaveLength(1)
    expect(both.filter((one) => !one.ok)).toEqual([{ ok: false, error: 'notFound' }])
    const hides = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, d.id), eq(auditLog.action, 'report_hide')))
    expect(hides).toHaveLength(1)

    // Closed as 'handled' (the team acted on the profile page): the profile is back.
    const [open] = await db().select().from(reports).where(eq(reports.profileId, d.id))
    await resolveReport(actor, open?.id ?? '', { resolution: 'handled', note: 'Conferido' })
    expect(await visibility(d.id)).toBe('active')
    // A profile the team hid is not 'reported' over: the report finds no public profile.
    await db()
      .update(profiles)
      .set({ visibilityStatus: 'hidden', hiddenReason: 'Equipe' })
      .where(eq(profiles.id, c.id))
    expect((await report(c, { reason: 'minor' })).status).toBe(404)
  })

  it('answers bad input with the field, and a profile that is not public with 404', async () => {
    const profile = await createProfile()
    const cases: [Record<string, string>, string, string][] = [
      [{}, 'reason', 'reportReasonRequired'],
      [{ reason: 'spam' }, 'reason', 'reportReasonRequired'],
      [{ reason: "minor' or 1=1 --" }, 'reason', 'reportReasonRequired'],
      [{ reason: 'other' }, 'details', 'reportDetailsRequired'],
      [{ reason: 'other', details: '\u0000\u0000 ' }, 'details', 'reportDetailsRequired'],
      [{ reason: 'threats', details: 'curto' }, 'details', 'reportDetailsTooShort'],
      [{ reason: 'threats', details: 'x'.repeat(1001) }, 'details', 'reportDetailsTooLong'],
    ]
    for (const [body, field, message] of cases) {
      expect(await report(profile, body)).toMatchObject({
        status: 400,
        data: { error: { field, message } },
      })
    }
    expect(await db().select().from(reports).where(eq(reports.profileId, profile.id))).toEqual([])
    // Markup is kept as text; the admin page prints it escaped like any text.
    expect(
      (await report(profile, { reason: 'other', details: '<script>alert(1)</script> golpe' }))
        .status,
    ).toBe(200)

    const paused = await createProfile({ visibilityStatus: 'paused' })
    for (const slug of [
      paused.username,
      'nobody-here',
      `${profile.username}\u0000`,
      'x'.repeat(500),
    ]) {
      expect((await callRoute(reportLoader, '/', { params: { slug } })).status).toBe(404)
      expect(
        (
          await callRoute(reportAction, '/', {
            params: { slug },
            body: { reason: 'fake_photos' },
          })
        ).status,
      ).toBe(404)
    }
  })

  it('hides a profile at once on a suspected minor, until an admin closes the report', async () => {
    const admin = await signedIn('admin')
    const { provider, profile } = await approvedProvider()
    expect(await publicProfile(profile.id)).toBeDefined()

    expect((await report(profile, { reason: 'minor' })).status).toBe(200)
    const [hidden] = await db().select().from(profiles).where(eq(profiles.id, profile.id))
    expect(hidden).toMatchObject({
      visibilityStatus: 'hidden',
      hiddenReason: REPORT_REVIEW_REASON,
      hiddenBy: null,
    })
    expect(await publicProfile(profile.id)).toBeUndefined()
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, profile.id), eq(auditLog.action, 'report_hide')))
    expect(entry).toMatchObject({ actorId: 'system', targetType: 'profile' })
    // The provider is told it is hidden for a review, never by whom nor why; the team is alerted.
    const told = (await mailTo(provider.email)).join('\n')
    expect(told).toContain('Uma denúncia sobre o seu perfil o ocultou automaticamente')
    expect(told).not.toMatch(/menor/i)
    expect((await mailTo(admin.email)).join('\n')).toContain(profile.username)

    // A second 'minor' report while it is hidden: nothing more to hide; the page is gone.
    const client = await signedIn('client')
    expect((await report(profile, { reason: 'minor' }, { cookie: client.cookie })).status).toBe(404)
    const actor = { id: admin.id, email: admin.email }
    const [open] = await db().select().from(reports).where(eq(reports.profileId, profile.id))
    expect(open?.hidFrom).toBe('active')
    expect(
      await resolveReport(actor, open?.id ?? '', {
        resolution: 'no_action',
        note: 'Documento confere',
      }),
    ).toEqual({ ok: true, value: undefined })
    const [shown] = await db().select().from(profiles).where(eq(profiles.id, profile.id))
    expect(shown).toMatchObject({ visibilityStatus: 'active', hiddenReason: null })
    expect(await publicProfile(profile.id)).toBeDefined()

    // Another one, closed by hiding it: hidden by the team now, with the team's words.
    expect((await report(profile, { reason: 'minor' }, { ip: '203.0.113.90' })).status).toBe(200)
    const [second] = await db()
      .select()
      .from(reports)
      .where(and(eq(reports.profileId, profile.id), sql`${reports.resolvedAt} is null`))
    await resolveReport(actor, second?.id ?? '', {
      resolution: 'hide_profile',
      note: 'Aguardando novo documento',
    })
    const [kept] = await db().select().from(profiles).where(eq(profiles.id, profile.id))
    expect(kept).toMatchObject({
      visibilityStatus: 'hidden',
      hiddenReason: 'Aguardando novo documento',
      hiddenBy: admin.id,
    })
  })
})

describe('privacy and data rights', () => {
  it("never shows a client's identity to the provider she saved, viewed and reported", async () => {
    const { provider, profile } = await approvedProvider()
    const client = await signedIn('client')
    await db().update(user).set({ name: 'Otávio Secreto' }).where(eq(user.id, client.id))
    await favorite(client.cookie, { intent: 'add', profileId: profile.id })
    await view(profile.id, client.cookie)
    await report(profile, { reason: 'fake_photos' }, { cookie: client.cookie })
    const overview = JSON.stringify(
      await callRoute(providerOverview, '/dashboard', { cookie: provider.cookie }),
    )
    for (const secret of [client.email, client.id, 'Otávio Secreto', 'fake_photos'])
      expect(overview).not.toContain(secret)
  })

  it('exports what a client saved, viewed and reported', async () => {
    const client = await signedIn('client')
    const profile = await createProfile()
    await favorite(client.cookie, { intent: 'add', profileId: profile.id })
    await recordView(client.id, profile.id)
    await fileReport(
      { userId: client.id, clientIp: '198.51.100.20' },
      {
        profileId: profile.id,
        reason: 'not_the_person',
        details: 'As fotos são de outra pessoa.',
      },
    )
    const answer = await exportLoader({
      request: new Request('http://localhost:3999/account/export', {
        headers: { cookie: client.cookie },
      }),
      params: {},
      context: {},
    } as never)
    const exported = JSON.parse(await (answer as Response).text())
    expect(exported.favorites).toEqual([
      expect.objectContaining({ profileId: profile.id, username: profile.username }),
    ])
    expect(exported.recentlyViewed).toEqual([expect.objectContaining({ profileId: profile.id })])
    expect(exported.reportsFiled).toEqual([
      expect.objectContaining({
        reason: 'not_the_person',
        details: 'As fotos são de outra pessoa.',
      }),
    ])
    expect(exported.client).toMatchObject({ keepHistory: true })
  })

  it('deletes a client with everything that belongs to her; her open report stays, anonymous', async () => {
    const client = await signedIn('client')
    const profile = await createProfile()
    await favorite(client.cookie, { intent: 'add', profileId: profile.id })
    await recordView(client.id, profile.id)
    await report(profile, { reason: 'threats' }, { cookie: client.cookie })
    // A report the team closed already goes with the account (the audit log keeps the decision).
    const closed = await createProfile()
    await report(
      closed,
      { reason: 'fake_photos', details: 'Fotos de banco de imagens.' },
      {
        cookie: client.cookie,
      },
    )
    await db()
      .update(reports)
      .set({ resolvedAt: new Date(), resolution: 'no_action' })
      .where(eq(reports.profileId, closed.id))
    await callRoute(clientAccountAction, '/client-dashboard/account', {
      cookie: client.cookie,
      body: { intent: 'details', displayName: 'Apagar Depois', about: 'Vou apagar esta conta.' },
    })
    expect((await tablesHolding(client.id)).sort()).toEqual(
      [
        'account',
        'client_profiles',
        'favorites',
        // The devices she signed in from (issue 23: the new-device e-mail).
        'known_devices',
        'recently_viewed',
        'reports',
        'session',
        'user',
        'user_roles',
      ].sort(),
    )

    const deleted = await callRoute(clientAccountAction, '/client-dashboard/account', {
      cookie: client.cookie,
      body: { intent: 'delete', confirmEmail: client.email },
    })
    expect(deleted.status).toBe(302)
    expect(await tablesHolding(client.id)).toEqual([])
    expect(await tablesHolding(client.email)).toEqual([])
    expect(await tablesHolding('Apagar Depois')).toEqual([])
    const [kept] = await db().select().from(reports).where(eq(reports.profileId, profile.id))
    expect(kept).toMatchObject({ reason: 'threats', reporterId: null, reporterKey: null })
    expect(await db().select().from(reports).where(eq(reports.profileId, closed.id))).toEqual([])
    // The session is gone with the account.
    expect(
      (await callRoute(favoritesLoader, '/client-dashboard', { cookie: client.cookie })).status,
    ).toBe(302)
    const [role] = await db().select().from(userRoles).where(eq(userRoles.userId, client.id))
    expect(role).toBeUndefined()
  })

  it('deletes a provider whose profile others saved: their lists say it was removed', async () => {
    const { provider, profile } = await approvedProvider()
    const client = await signedIn('client')
    await favorite(client.cookie, { intent: 'add', profileId: profile.id })
    await recordView(client.id, profile.id)
    const deleted = await callRoute(clientAccountAction, '/dashboard/account', {
      cookie: provider.cookie,
      body: { intent: 'delete', confirmEmail: provider.email },
    })
    // Her own area's action is the provider one: this route sends her there, untouched.
    expect(deleted.location).toBe('/dashboard')
    const { action: providerAccount } = await import('#app/routes/provider/account.tsx')
    await callRoute(providerAccount, '/dashboard/account', {
      cookie: provider.cookie,
      body: { intent: 'delete', confirmEmail: provider.email },
    })
    for (const trace of [provider.id, provider.email, profile.id])
      expect(await tablesHolding(trace)).toEqual([])
    // Her public name is held for 90 days (issue 30 point 11), tied to no account or profile.
    expect(await tablesHolding(profile.username)).toEqual(['reserved_usernames'])
    const [held] = await db()
      .select()
      .from(reservedUsernames)
      .where(eq(reservedUsernames.username, profile.username))
    expect(held).toMatchObject({ profileId: null, reason: 'released' })
    const list = await callRoute(favoritesLoader, '/client-dashboard', { cookie: client.cookie })
    expect(list.data?.favorites.map((entry: { kind: string }) => entry.kind)).toEqual(['removed'])
    expect(await historyIds(client.id)).toEqual([])
  })
})
