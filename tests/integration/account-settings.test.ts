import { existsSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { AUTH_LIMIT_PER_ACCOUNT } from '#app/modules/auth/limits.server.ts'
import { currentUser } from '#app/modules/auth/session.server.ts'
import { uploadPhoto } from '#app/modules/provider/photos.server.ts'
import { submitVerification } from '#app/modules/provider/verification.server.ts'
import { loader as exportLoader } from '#app/routes/account/export.ts'
import { action as confirmAction } from '#app/routes/auth/email-confirmation.tsx'
import { action as accountAction } from '#app/routes/provider/account.tsx'
import { db } from '#db/client.server.ts'
import { session, user } from '#db/schema/auth.ts'
import { images, profiles, verificationSubmissions } from '#db/schema/profiles.ts'
import { createAccount, sessionCookie, TEST_PASSWORD } from '#tests/factories/account.ts'
import { setUpTestServer, TEST_BASE_URL } from '#tests/support/test-server.ts'

// The account section (issue 7 item 8): password, e-mail, data copy and deletion.

const server = setUpTestServer()

async function provider() {
  const account = await createAccount({ role: 'provider' })
  return { ...account, cookie: await sessionCookie(account.email) }
}

async function post(fields: Record<string, string>, cookie?: string) {
  const request = new Request(`${TEST_BASE_URL}/dashboard/account`, {
    method: 'POST',
    headers: cookie ? { cookie } : {},
    body: new URLSearchParams(fields),
  })
  try {
    const result = await accountAction({ request, params: {}, context: {} } as never)
    if (result instanceof Response) {
      return {
        status: result.status,
        location: result.headers.get('location'),
        headers: result.headers,
      }
    }
    const value = result as unknown as { data: Record<string, unknown>; init?: ResponseInit | null }
    return {
      status: value.init?.status ?? 200,
      data: value.data,
      headers: new Headers(value.init?.headers),
    }
  } catch (thrown) {
    const response = thrown as Response
    return {
      status: response.status,
      location: response.headers.get('location'),
      headers: response.headers,
    }
  }
}

const mailTo = (to: string) => server.mailsTo(to)

describe('account section', () => {
  it('refuses signed-out visitors and other roles', async () => {
    expect(await post({ intent: 'delete', confirmEmail: 'x@example.com' })).toMatchObject({
      status: 302,
      location: '/auth?mode=login&next=%2Fdashboard%2Faccount',
    })
    const client = await createAccount({ role: 'client' })
    expect(
      await post(
        { intent: 'delete', confirmEmail: client.email },
        await sessionCookie(client.email),
      ),
    ).toMatchObject({ location: '/client-dashboard' })
    expect(await db().select().from(user).where(eq(user.id, client.id))).toHaveLength(1)
  })

  it('limits password guesses on a signed-in session like the sign-in form', async () => {
    const luna = await provider()
    const attempt = (currentPassword: string) =>
      post(
        {
          intent: 'password',
          currentPassword,
          password: 'nova-senha-1',
          confirmPassword: 'nova-senha-1',
        },
        luna.cookie,
      )
    for (let i = 0; i < AUTH_LIMIT_PER_ACCOUNT; i++) {
      expect((await attempt(`palpite-${i}-errado`)).status).toBe(400)
    }
    const refused = await attempt(TEST_PASSWORD)
    expect(refused).toMatchObject({
      status: 429,
      data: { intent: 'password', alert: { title: 'tooManyAttempts', text: 'tryAgainIn' } },
    })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // The password did not change: it still signs in.
    expect(await sessionCookie(luna.email)).toMatch(/session_token=/)
  })

  it('changes the password with the current one, and ends the other sessions', async () => {
    const luna = await provider()
    const other = await sessionCookie(luna.email)
    const wrong = await post(
      {
        intent: 'password',
        currentPassword: 'errada-123',
        password: 'nova-senha-1',
        confirmPassword: 'nova-senha-1',
      },
      luna.cookie,
    )
    expect(wrong).toMatchObject({
      status: 400,
      data: { error: { field: 'currentPassword', message: 'currentPasswordWrong' } },
    })
    const changed = await post(
      {
        intent: 'password',
        currentPassword: TEST_PASSWORD,
        password: 'nova-senha-1',
        confirmPassword: 'nova-senha-1',
      },
      luna.cookie,
    )
    expect(changed).toMatchObject({ status: 200, data: { done: true } })
    const renewed = changed.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ')
    expect(
      await currentUser(new Request(TEST_BASE_URL, { headers: { cookie: renewed } })),
    ).toMatchObject({ id: luna.id })
    expect(await currentUser(new Request(TEST_BASE_URL, { headers: { cookie: other } }))).toBeNull()
  })

  it('a new e-mail counts once the link sent to it is opened', async () => {
    const luna = await provider()
    const answer = await post({ intent: 'email', email: 'Luna.Nova@Example.com' }, luna.cookie)
    expect(answer).toMatchObject({ status: 200, data: { done: true } })
    const [mail] = await mailTo('luna.nova@example.com')
    expect(mail).toContain('Subject: Confirme seu novo e-mail no Aprova')
    const [unchanged] = await db().select().from(user).where(eq(user.id, luna.id))
    expect(unchanged?.email).toBe(luna.email)
    const token = /\?token=([\w.-]+)/.exec(mail ?? '')?.[1] ?? ''
    const confirmed = (await confirmAction({
      request: new Request(`${TEST_BASE_URL}/?index`, {
        method: 'POST',
        headers: { cookie: luna.cookie },
        body: new URLSearchParams({ token }),
      }),
      context: {},
    } as never)) as { data: { result: unknown } }
    expect(confirmed.data.result).toEqual({ kind: 'changed', email: 'luna.nova@example.com' })
    const [moved] = await db().select().from(user).where(eq(user.id, luna.id))
    expect(moved?.email).toBe('luna.nova@example.com')
    // An address that has an account answers the same, and nothing is sent to it.
    const taken = await createAccount({ role: 'client' })
    const before = (await mailTo(taken.email)).length
    expect(await post({ intent: 'email', email: taken.email }, luna.cookie)).toMatchObject({
      data: { done: true },
    })
    expect(await mailTo(taken.email)).toHaveLength(before)
  })

  it('gives the owner a copy of her data, never anyone else’s', async () => {
    const luna = await provider()
    await uploadPhoto(
      luna.id,
      await sharp({ create: { width: 400, height: 500, channels: 3, background: '#7a1f45' } })
        .jpeg()
        .toBuffer(),
    )
    const response = await exportLoader({
      request: new Request(`${TEST_BASE_URL}/account/export`, { headers: { cookie: luna.cookie } }),
      params: {},
      context: {},
    } as never)
    expect(response.headers.get('content-disposition')).toMatch(/attachment/)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const exported = JSON.parse(await response.text())
    expect(exported.account).toMatchObject({ email: luna.email, role: 'provider' })
    expect(exported.provider.profile.userId).toBe(luna.id)
    expect(exported.provider.photos).toHaveLength(1)
    expect(exported.sessions.length).toBeGreaterThan(0)
    // What issue 23 records: the session's last use and the devices the account signed in from.
    expect(exported.sessions[0]).toHaveProperty('lastSeenAt')
    expect(exported.knownDevices).toEqual([expect.objectContaining({ device: 'unknown' })])
    expect(exported.account.twoFactorEnabled).toBe(false)
    const signedOut = await exportLoader({
      request: new Request(`${TEST_BASE_URL}/account/export`),
      params: {},
      context: {},
    } as never).catch((thrown: Response) => thrown)
    expect(signedOut.status).toBe(302)
  })

  it('deletes the account with everything that belongs to it, files included', async () => {
    const luna = await provider()
    const photo = await uploadPhoto(
      luna.id,
      await sharp({ create: { width: 400, height: 500, channels: 3, background: '#1f4f7a' } })
        .jpeg()
        .toBuffer(),
    )
    const [profile] = await db()
      .update(profiles)
      .set({
        age: 30,
        citySlug: 'recife',
        description: 'Olá! Sou a Luna, atendo em Boa Viagem com hora marcada e discrição.',
        whatsapp: '+5581999990000',
      })
      .where(eq(profiles.userId, luna.id))
      .returning()
    const document = await sharp({
      create: { width: 600, height: 400, channels: 3, background: '#888' },
    })
      .jpeg()
      .toBuffer()
    expect(
      await submitVerification(
        luna.id,
        { documentFront: document, documentBack: document, selfie: document },
        true,
      ),
    ).toEqual({ ok: true })
    const [check] = await db()
      .select()
      .from(verificationSubmissions)
      .where(eq(verificationSubmissions.profileId, profile?.id ?? ''))

    const unconfirmed = await post(
      { intent: 'delete', confirmEmail: 'outra@example.com' },
      luna.cookie,
    )
    expect(unconfirmed).toMatchObject({
      status: 400,
      data: { error: { message: 'deletionNotConfirmed' } },
    })
    const deleted = await post(
      { intent: 'delete', confirmEmail: luna.email.toUpperCase() },
      luna.cookie,
    )
    expect(deleted).toMatchObject({ status: 302, location: '/pt/' })
    expect(deleted.headers.getSetCookie().join('\n')).toMatch(/session_token=;/)

    expect(await db().select().from(user).where(eq(user.id, luna.id))).toEqual([])
    expect(await db().select().from(session).where(eq(session.userId, luna.id))).toEqual([])
    expect(await db().select().from(profiles).where(eq(profiles.userId, luna.id))).toEqual([])
    expect(
      await db()
        .select()
        .from(images)
        .where(eq(images.profileId, profile?.id ?? '')),
    ).toEqual([])
    expect(
      await db()
        .select()
        .from(verificationSubmissions)
        .where(eq(verificationSubmissions.profileId, profile?.id ?? '')),
    ).toEqual([])
    const storagePath = photo.ok ? photo.photo.storagePath : ''
    expect(existsSync(path.join(server.dataDir, 'media', `${storagePath}-320.webp`))).toBe(false)
    expect(existsSync(path.join(server.dataDir, 'private', check?.selfieKey ?? 'x'))).toBe(false)
  })
})
