import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { loader as rootLoader } from '#app/root.tsx'
import { action as authAction } from '#app/routes/auth/auth.tsx'
import { loader as authApiLoader } from '#app/routes/resources/auth-api.ts'
import { db } from '#db/client.server.ts'
import { session } from '#db/schema/auth.ts'
import { createAccount, sessionCookie, TEST_PASSWORD } from '#tests/factories/account.ts'
import { setUpTestServer } from '#tests/support/test-server.ts'

// Sessions on a public (https) site: Secure cookies, sliding expiry, the OAuth callback.
const BASE = 'https://aprova.example'

setUpTestServer({ baseUrl: BASE })

const cookiePairs = (setCookies: string[]) => setCookies.map((c) => c.split(';')[0]).join('; ')

describe('on an https site', () => {
  it('every cookie of a sign-in is Secure, httpOnly and SameSite=Lax', async () => {
    const account = await createAccount({ role: 'client' })
    const request = new Request(`${BASE}/auth?mode=login`, {
      method: 'POST',
      headers: { origin: BASE },
      body: new URLSearchParams({
        intent: 'login',
        email: account.email,
        password: TEST_PASSWORD,
        rememberMe: 'on',
      }),
    })
    const response = (await authAction({
      request,
      params: {},
      context: { clientIp: '192.0.2.9' },
    } as never)) as Response
    expect(response.status).toBe(302)
    const cookies = response.headers.getSetCookie()
    expect(cookies.find((c) => c.startsWith('__Secure-aprova.session_token='))).toBeDefined()
    expect(cookies.find((c) => c.startsWith('aprova-age='))).toBeDefined()
    for (const cookie of cookies) {
      expect(cookie).toMatch(/; Secure/i)
      expect(cookie).toMatch(/HttpOnly/i)
      expect(cookie).toMatch(/SameSite=Lax/i)
    }
  })

  it('a remembered session slides: a day later its cookie gets 14 days again', async () => {
    const account = await createAccount({ role: 'provider' })
    const cookie = await sessionCookie(account.email)
    // A day has passed since the session was made or last extended.
    await db()
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 13 * 86_400_000) })
      .where(eq(session.userId, account.id))
    const result = await rootLoader({
      request: new Request(`${BASE}/pt/`, { headers: { cookie } }),
      params: {},
      context: {},
    } as never)
    const refreshed = new Headers(result.init?.headers)
      .getSetCookie()
      .find((c) => c.includes('session_token='))
    expect(refreshed).toMatch(/Max-Age=1209600/)
    expect(result.data.account).toEqual({ area: '/dashboard', role: 'provider' })
    const [row] = await db().select().from(session).where(eq(session.userId, account.id))
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 13.9 * 86_400_000)
  })

  it('an ended session clears its cookie and shows the page signed out', async () => {
    const account = await createAccount({ role: 'client' })
    const cookie = await sessionCookie(account.email)
    await db().delete(session).where(eq(session.userId, account.id))
    const result = await rootLoader({
      request: new Request(`${BASE}/pt/`, { headers: { cookie } }),
      params: {},
      context: {},
    } as never)
    expect(result.data.account).toBeNull()
    expect(cookiePairs(new Headers(result.init?.headers).getSetCookie())).toMatch(
      /session_token=(;|$)/,
    )
  })
})

it('the OAuth callback reaches better-auth (its failure lands on the login card)', async () => {
  const answer = await authApiLoader({
    request: new Request(`${BASE}/api/auth/callback/google?code=x&state=y`),
    params: {},
    context: { clientIp: '192.0.2.9' },
  } as never).catch((thrown: unknown) => thrown as Response)
  expect(answer.status).toBe(302)
  expect(answer.headers.get('location')).toMatch(
    /^https:\/\/aprova\.example\/auth\?mode=login&error=/,
  )
})
