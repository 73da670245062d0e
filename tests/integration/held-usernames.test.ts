import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { deleteAccount } from '#app/modules/account/account.server.ts'
import { reservedList } from '#app/modules/admin/team-queries.server.ts'
import {
  forgetExpiredHolds,
  reserveUsername,
} from '#app/modules/moderation/reserved-names.server.ts'
import { resolveProfileSlug } from '#app/modules/profile/resolve.server.ts'
import { action as profileAction } from '#app/routes/provider/profile.tsx'
import { loader as profilePage } from '#app/routes/public/profile.tsx'
import { db } from '#db/client.server.ts'
import { profiles, reservedUsernames } from '#db/schema/profiles.ts'
import { createAccount, sessionCookie } from '#tests/factories/account.ts'
import { createProfile } from '#tests/factories/profile.ts'
import { setUpTestServer, TEST_BASE_URL } from '#tests/support/test-server.ts'

// Issue 30 point 11: a deleted profile's username (and its old names) is held for 90 days, so no
// other provider takes its address at once and inherits its links and reputation; then it is
// free again. The clock is moved through the row, never by waiting.

const DAY_MS = 86_400_000

setUpTestServer()

/** A provider with her session; `public` makes her profile approved and verified first. */
async function provider(name: string, options: { public?: boolean } = {}) {
  const account = await createAccount({ role: 'provider', name })
  if (options.public) {
    await db()
      .update(profiles)
      .set({ status: 'approved', verifiedAt: new Date(), visibilityStatus: 'active' })
      .where(eq(profiles.userId, account.id))
  }
  const [profile] = await db().select().from(profiles).where(eq(profiles.userId, account.id))
  if (!profile) throw new Error('no profile')
  return { ...account, cookie: await sessionCookie(account.email), profile }
}

/** Saves the profile editor with `username` as the holder of `cookie` does; its answer. */
async function takeUsername(cookie: string, username: string) {
  const form = new URLSearchParams({
    intent: 'save',
    workingName: 'Sol Dourada',
    username,
    age: '29',
    citySlug: 'recife',
    neighborhoodSlug: 'boa-viagem',
    description: 'Olá! Sou a Sol, atendo em Boa Viagem com hora marcada e discrição.',
    hourlyRate: '300',
    whatsapp: '(81) 99999-0101',
    telegram: '',
    xHandle: '',
  })
  const request = new Request(`${TEST_BASE_URL}/dashboard/profile`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  })
  const result = (await profileAction({ request, params: {}, context: {} } as never)) as {
    data: { saved?: boolean; error?: { field: string; message: string } }
  }
  return result.data
}

const holdOf = async (username: string) =>
  (await db().select().from(reservedUsernames).where(eq(reservedUsernames.username, username)))[0]

/** Moves the hold on `username` so that it ended `ago` milliseconds before now. */
const endHold = (username: string, ago = 1000) =>
  db()
    .update(reservedUsernames)
    .set({ heldUntil: new Date(Date.now() - ago) })
    .where(eq(reservedUsernames.username, username))

describe('a deleted profile’s username', () => {
  it('is held for 90 days: nobody takes it on day 1, another provider can after day 90', async () => {
    const luna = await provider('Luna Serena', { public: true })
    const name = luna.profile.username
    expect(await deleteAccount(luna.id)).toBe(true)

    const hold = await holdOf(name)
    expect(hold).toMatchObject({ profileId: null, reason: 'released' })
    const heldFor = (hold?.heldUntil?.getTime() ?? 0) - Date.now()
    expect(heldFor).toBeGreaterThan(90 * DAY_MS - 60_000)
    expect(heldFor).toBeLessThanOrEqual(90 * DAY_MS)

    // The team's list of names shows it with the end of its hold.
    expect(await reservedList()).toContainEqual(
      expect.objectContaining({ username: name, reason: 'released', heldUntil: hold?.heldUntil }),
    )

    // Day 1: another provider cannot take it, and her profile keeps its own name.
    const sol = await provider('Sol Dourada')
    expect(await takeUsername(sol.cookie, name)).toMatchObject({
      error: { field: 'username', message: 'usernameTaken' },
    })
    const [unchanged] = await db().select().from(profiles).where(eq(profiles.id, sol.profile.id))
    expect(unchanged?.username).toBe(sol.profile.username)

    // Day 89 still holds; day 90 passed (the row's end moved into the past): free again.
    await db()
      .update(reservedUsernames)
      .set({ heldUntil: new Date(Date.now() + DAY_MS) })
      .where(eq(reservedUsernames.username, name))
    expect(await takeUsername(sol.cookie, name)).toMatchObject({ error: { field: 'username' } })
    await endHold(name)
    expect(await takeUsername(sol.cookie, name)).toMatchObject({ saved: true })
    const [renamed] = await db().select().from(profiles).where(eq(profiles.id, sol.profile.id))
    expect(renamed?.username).toBe(name)
    // The ended hold went with it: the name is hers now, not a reservation.
    expect(await holdOf(name)).toBeUndefined()
  })

  it('holds its old names too, which no longer lead anywhere (a 404, not an error)', async () => {
    const luna = await provider('Luna Clara', { public: true })
    const old = luna.profile.username
    expect(await takeUsername(luna.cookie, `${old}-nova`)).toMatchObject({ saved: true })
    expect(await resolveProfileSlug(old)).toEqual({ kind: 'redirect', username: `${old}-nova` })
    expect(await deleteAccount(luna.id)).toBe(true)

    // The cascade that would have dropped the old name's row found it held instead.
    for (const name of [old, `${old}-nova`]) {
      expect(await holdOf(name)).toMatchObject({ profileId: null, reason: 'released' })
      expect(await resolveProfileSlug(name)).toEqual({ kind: 'missing' })
      const page = await profilePage({
        request: new Request(`${TEST_BASE_URL}/acompanhante/${name}`),
        params: { slug: name },
        context: {},
      } as never).catch((thrown: unknown) => thrown)
      // Thrown as React Router's data(…, { status: 404 }): the not-found page.
      expect((page as { init?: ResponseInit }).init?.status).toBe(404)
    }
    const sol = await provider('Sol Dourada')
    expect(await takeUsername(sol.cookie, old)).toMatchObject({ error: { field: 'username' } })
  })

  it('of a draft that was never public is not held', async () => {
    const luna = await provider('Luna Rascunho')
    const name = luna.profile.username
    expect(await deleteAccount(luna.id)).toBe(true)
    expect(await holdOf(name)).toBeUndefined()
    const sol = await provider('Sol Dourada')
    expect(await takeUsername(sol.cookie, name)).toMatchObject({ saved: true })
  })

  it('is not given to a new sign-up while held, and is once the hold ended', async () => {
    const luna = await provider('Aurora Marinho', { public: true })
    expect(luna.profile.username).toBe('aurora-marinho')
    expect(await deleteAccount(luna.id)).toBe(true)
    const during = await provider('Aurora Marinho')
    expect(during.profile.username).not.toBe('aurora-marinho')
    await endHold('aurora-marinho')
    const after = await provider('Aurora Marinho')
    expect(after.profile.username).toBe('aurora-marinho')
  })

  it('ended holds are swept; holds running and the team’s reservations stay', async () => {
    const admin = await createAccount({ role: 'admin' })
    const actor = { id: admin.id, email: admin.email }
    for (const name of ['ended-hold', 'running-hold']) {
      await db()
        .insert(reservedUsernames)
        .values({ username: name, reason: 'released', heldUntil: new Date(Date.now() + DAY_MS) })
    }
    await endHold('ended-hold')
    expect(await reserveUsername(actor, 'kept-for-good', 'Marca do site')).toMatchObject({
      ok: true,
    })
    expect(await forgetExpiredHolds()).toBeGreaterThanOrEqual(1)
    expect(await holdOf('ended-hold')).toBeUndefined()
    expect(await holdOf('running-hold')).toBeDefined()
    expect(await holdOf('kept-for-good')).toMatchObject({ heldUntil: null })
    // The team can keep a held name for good.
    expect(await reserveUsername(actor, 'running-hold', 'Nome de marca')).toMatchObject({
      ok: true,
    })
    expect(await holdOf('running-hold')).toMatchObject({ heldUntil: null, reason: 'Nome de marca' })
  })

  it('of a demonstration profile is not held', async () => {
    const demo = await createProfile({ isDemo: true, verifiedAt: new Date() })
    await db().delete(profiles).where(eq(profiles.id, demo.id))
    expect(await holdOf(demo.username)).toBeUndefined()
  })
})
