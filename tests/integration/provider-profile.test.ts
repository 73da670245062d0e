import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { resolveProfileSlug } from '#app/modules/profile/resolve.server.ts'
import { ensureOwnProfile } from '#app/modules/provider/own-profile.server.ts'
import { action as overviewAction } from '#app/routes/provider/overview.tsx'
import { action as profileAction, loader as profileLoader } from '#app/routes/provider/profile.tsx'
import { db } from '#db/client.server.ts'
import { profileServices, profiles, reservedUsernames } from '#db/schema/profiles.ts'
import { createAccount, sessionCookie } from '#tests/factories/account.ts'
import { setUpTestServer, TEST_BASE_URL } from '#tests/support/test-server.ts'

// The provider's profile editor and visibility switch (issue 7 items 2 and 6), called the way
// React Router calls them, for each kind of visitor.

setUpTestServer()

/** A confirmed provider with her session cookie and her draft profile's id. */
async function provider(name = 'Luna Clara') {
  const account = await createAccount({ role: 'provider', name })
  const [profile] = await db().select().from(profiles).where(eq(profiles.userId, account.id))
  if (!profile) throw new Error('no profile')
  return { ...account, cookie: await sessionCookie(account.email), profile }
}

const editorForm = (changes: Record<string, string | string[]> = {}) => {
  const form = new URLSearchParams()
  const fields: Record<string, string | string[]> = {
    intent: 'save',
    workingName: 'Luna Clara',
    username: 'luna-clara',
    age: '27',
    citySlug: 'recife',
    neighborhoodSlug: 'boa-viagem',
    description: 'Olá! Sou a Luna, atendo em Boa Viagem com hora marcada e discrição.',
    hourlyRate: '350',
    whatsapp: '(81) 99999-0000',
    telegram: '@luna_clara',
    xHandle: '',
    services: ['gfe', 'casais'],
    showAvailabilityStatus: 'on',
    availableNow: 'on',
    ...changes,
  }
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one)
  }
  return form
}

/** Runs an action as the holder of `cookie` (or signed out); the Response or data it gives. */
async function run(
  action: (args: never) => unknown,
  path: string,
  body: URLSearchParams,
  cookie?: string,
) {
  const request = new Request(`${TEST_BASE_URL}${path}`, {
    method: 'POST',
    headers: cookie ? { cookie } : {},
    body,
  })
  try {
    const result = await action({ request, params: {}, context: {} } as never)
    if (result instanceof Response)
      return { status: result.status, location: result.headers.get('location') }
    const value = result as { data: Record<string, unknown>; init?: ResponseInit | null }
    return { status: value.init?.status ?? 200, data: value.data }
  } catch (thrown) {
    if (thrown instanceof Response) {
      return { status: thrown.status, location: thrown.headers.get('location') }
    }
    throw thrown
  }
}

const save = (body: URLSearchParams, cookie?: string) =>
  run(profileAction as never, '/dashboard/profile', body, cookie)

describe('profile editor', () => {
  it('saves the profile: E.164 number, handles without @, city name, services', async () => {
    const luna = await provider()
    const answer = await save(editorForm({ username: luna.profile.username }), luna.cookie)
    expect(answer).toMatchObject({ status: 200, data: { saved: true, forReview: false } })
    const [saved] = await db().select().from(profiles).where(eq(profiles.id, luna.profile.id))
    expect(saved).toMatchObject({
      name: 'Luna Clara',
      age: 27,
      city: 'Recife',
      citySlug: 'recife',
      neighborhoodSlug: 'boa-viagem',
      hourlyRate: 350,
      whatsapp: '+5581999990000',
      telegram: 'luna_clara',
      xHandle: null,
      showAvailabilityStatus: true,
      availableNow: true,
      status: 'draft',
    })
    const offered = await db()
      .select()
      .from(profileServices)
      .where(eq(profileServices.profileId, luna.profile.id))
    expect(offered.map((row) => row.serviceSlug).sort()).toEqual(['casais', 'gfe'])
  })

  it('refuses signed-out visitors, clients and admins, and changes nothing', async () => {
    const luna = await provider()
    const client = await createAccount({ role: 'client' })
    const admin = await createAccount({ role: 'admin' })
    const body = editorForm({ username: luna.profile.username, age: '40' })
    expect(await save(body)).toMatchObject({
      status: 302,
      location: '/auth?mode=login&next=%2Fdashboard%2Fprofile',
    })
    expect(await save(body, await sessionCookie(client.email))).toMatchObject({
      location: '/client-dashboard',
    })
    expect(await save(body, await sessionCookie(admin.email))).toMatchObject({ location: '/admin' })
    const pause = new URLSearchParams({ intent: 'pause' })
    expect(await run(overviewAction as never, '/dashboard', pause)).toMatchObject({ status: 302 })
    const [unchanged] = await db().select().from(profiles).where(eq(profiles.id, luna.profile.id))
    expect(unchanged?.age).toBeNull()
  })

  it('another provider only ever changes her own profile', async () => {
    const luna = await provider('Luna Clara')
    const sol = await provider('Sol Dourada')
    // Sol posts Luna's username: it is taken, and Luna's profile stays as it was.
    const answer = await save(
      editorForm({ workingName: 'Sol Dourada', username: luna.profile.username }),
      sol.cookie,
    )
    expect(answer).toMatchObject({
      status: 409,
      data: { error: { field: 'username', message: 'usernameTaken' } },
    })
    const [lunaNow] = await db().select().from(profiles).where(eq(profiles.id, luna.profile.id))
    expect(lunaNow?.userId).toBe(luna.id)
    expect(lunaNow?.age).toBeNull()
  })

  it('checks every field on the server and reports the first problem', async () => {
    const luna = await provider()
    const cases: [Record<string, string>, string, string][] = [
      [{ workingName: 'Copacabana' }, 'workingName', 'workingNamePlace'],
      [{ username: 'Luna Clara!' }, 'username', 'usernameInvalid'],
      [{ age: '17' }, 'age', 'ageInvalid'],
      [{ citySlug: 'atlantida' }, 'citySlug', 'cityUnknown'],
      [{ neighborhoodSlug: 'copacabana' }, 'neighborhoodSlug', 'neighborhoodUnknown'],
      [{ description: 'curta' }, 'description', 'descriptionTooShort'],
      [{ hourlyRate: '10' }, 'hourlyRate', 'rateInvalid'],
      [{ whatsapp: '(10) 99999-0000' }, 'whatsapp', 'whatsappInvalid'],
      [{ telegram: 'abc' }, 'telegram', 'telegramInvalid'],
      [{ xHandle: 'nome.com.ponto' }, 'xHandle', 'xInvalid'],
    ]
    for (const [change, field, message] of cases) {
      const answer = await save(
        editorForm({ username: luna.profile.username, ...change }),
        luna.cookie,
      )
      expect(answer, JSON.stringify(change)).toMatchObject({
        status: 400,
        data: { error: { field, message } },
      })
    }
    const bad = await save(
      editorForm({ username: luna.profile.username, services: ['gfe', 'massagem'] }),
      luna.cookie,
    )
    expect(bad).toMatchObject({ data: { error: { field: 'services', message: 'serviceUnknown' } } })
  })

  it('a new username keeps the old one as a redirect; a reserved name is taken', async () => {
    const luna = await provider()
    await db().update(profiles).set({ status: 'approved' }).where(eq(profiles.id, luna.profile.id))
    const old = luna.profile.username
    expect(await save(editorForm({ username: 'luna-recife' }), luna.cookie)).toMatchObject({
      status: 200,
    })
    expect(await resolveProfileSlug(old)).toEqual({ kind: 'redirect', username: 'luna-recife' })
    // Another provider cannot take the old address: it is reserved for Luna.
    const sol = await provider('Sol Dourada')
    expect(
      await save(editorForm({ workingName: 'Sol Dourada', username: old }), sol.cookie),
    ).toMatchObject({
      data: { error: { message: 'usernameTaken' } },
    })
    // Luna can take her old address back.
    expect(await save(editorForm({ username: old }), luna.cookie)).toMatchObject({ status: 200 })
    const reserved = await db()
      .select()
      .from(reservedUsernames)
      .where(eq(reservedUsernames.profileId, luna.profile.id))
    expect(reserved.map((row) => row.username)).toEqual(['luna-recife'])
  })

  it('a draft that was never public does not hold its old names', async () => {
    const luna = await provider()
    const old = luna.profile.username
    expect(await save(editorForm({ username: 'luna-rascunho' }), luna.cookie)).toMatchObject({
      status: 200,
    })
    expect(
      await db()
        .select()
        .from(reservedUsernames)
        .where(eq(reservedUsernames.profileId, luna.profile.id)),
    ).toEqual([])
    const sol = await provider('Sol Dourada')
    expect(
      await save(editorForm({ workingName: 'Sol Dourada', username: old }), sol.cookie),
    ).toMatchObject({ status: 200, data: { saved: true } })
  })

  it("a suspended profile's new name waits for review too; a banned one cannot be changed", async () => {
    const luna = await provider()
    await db().update(profiles).set({ status: 'suspended' }).where(eq(profiles.id, luna.profile.id))
    expect(
      await save(
        editorForm({ username: luna.profile.username, workingName: 'Luna Serena' }),
        luna.cookie,
      ),
    ).toMatchObject({ data: { saved: true, forReview: true } })
    const [suspended] = await db().select().from(profiles).where(eq(profiles.id, luna.profile.id))
    expect(suspended).toMatchObject({ name: 'Luna Clara', pendingWorkingName: 'Luna Serena' })

    await db().update(profiles).set({ status: 'banned' }).where(eq(profiles.id, luna.profile.id))
    expect(
      await save(editorForm({ username: luna.profile.username, age: '30' }), luna.cookie),
    ).toMatchObject({ status: 409, data: { error: { field: 'form', message: 'profileClosed' } } })
    const [banned] = await db().select().from(profiles).where(eq(profiles.id, luna.profile.id))
    expect(banned?.age).toBe(27)
  })

  it('two requests creating a missing profile at once make one', async () => {
    const luna = await provider()
    await db().delete(profiles).where(eq(profiles.id, luna.profile.id))
    const [first, second] = await Promise.all([
      ensureOwnProfile({ id: luna.id, name: 'Luna Clara' }),
      ensureOwnProfile({ id: luna.id, name: 'Luna Clara' }),
    ])
    expect(first.id).toBe(second.id)
    expect(await db().select().from(profiles).where(eq(profiles.userId, luna.id))).toHaveLength(1)
  })

  it('on an approved profile a new name waits for review; the approved one stays public', async () => {
    const luna = await provider()
    await db().update(profiles).set({ status: 'approved' }).where(eq(profiles.id, luna.profile.id))
    const answer = await save(
      editorForm({ username: luna.profile.username, workingName: 'Luna Serena' }),
      luna.cookie,
    )
    expect(answer).toMatchObject({ data: { saved: true, forReview: true } })
    const [saved] = await db().select().from(profiles).where(eq(profiles.id, luna.profile.id))
    expect(saved).toMatchObject({ name: 'Luna Clara', pendingWorkingName: 'Luna Serena', age: 27 })
    expect(saved?.changesSubmittedAt).toBeInstanceOf(Date)
    const page = (await profileLoader({
      request: new Request(`${TEST_BASE_URL}/dashboard/profile`, {
        headers: { cookie: luna.cookie },
      }),
      params: {},
      context: {},
    } as never)) as { data: { profile: { pendingWorkingName: string } } }
    expect(page.data.profile.pendingWorkingName).toBe('Luna Serena')
  })
})

describe('visibility', () => {
  const post = (intent: string, cookie: string) =>
    run(overviewAction as never, '/dashboard', new URLSearchParams({ intent }), cookie)

  it('an approved profile pauses and comes back; nothing else can', async () => {
    const luna = await provider()
    expect(await post('pause', luna.cookie)).toMatchObject({
      status: 409,
      data: { changed: false },
    })
    await db().update(profiles).set({ status: 'approved' }).where(eq(profiles.id, luna.profile.id))
    expect(await post('pause', luna.cookie)).toMatchObject({ data: { changed: true } })
    let [row] = await db().select().from(profiles).where(eq(profiles.id, luna.profile.id))
    expect(row?.visibilityStatus).toBe('paused')
    expect(await post('republish', luna.cookie)).toMatchObject({ data: { changed: true } })
    ;[row] = await db().select().from(profiles).where(eq(profiles.id, luna.profile.id))
    expect(row?.visibilityStatus).toBe('active')
  })

  it('a provider changes her public profile at most 30 times in 10 minutes (each empties every cache)', async () => {
    const luna = await provider()
    await db().update(profiles).set({ status: 'approved' }).where(eq(profiles.id, luna.profile.id))
    for (let i = 0; i < 30; i++) {
      expect(await post(i % 2 === 0 ? 'pause' : 'republish', luna.cookie)).toMatchObject({
        data: { changed: true },
      })
    }
    expect(await post('pause', luna.cookie)).toMatchObject({
      status: 429,
      data: { changed: false, limited: true },
    })
    const [row] = await db().select().from(profiles).where(eq(profiles.id, luna.profile.id))
    expect(row?.visibilityStatus).toBe('active')
  })

  it('only the team lifts a suspension or a hidden profile', async () => {
    const luna = await provider()
    await db()
      .update(profiles)
      .set({ status: 'suspended', visibilityStatus: 'paused' })
      .where(eq(profiles.id, luna.profile.id))
    expect(await post('republish', luna.cookie)).toMatchObject({ data: { changed: false } })
    await db()
      .update(profiles)
      .set({ status: 'approved', visibilityStatus: 'hidden' })
      .where(eq(profiles.id, luna.profile.id))
    expect(await post('republish', luna.cookie)).toMatchObject({ data: { changed: false } })
    const [row] = await db().select().from(profiles).where(eq(profiles.id, luna.profile.id))
    expect(row?.visibilityStatus).toBe('hidden')
  })
})
