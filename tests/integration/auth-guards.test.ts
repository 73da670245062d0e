import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { Role } from '#app/domain/account.ts'
import { auth } from '#app/modules/auth/auth.server.ts'
import { currentUser, requireRole, requireUser } from '#app/modules/auth/session.server.ts'
import { loader as adminArea } from '#app/routes/admin/overview.tsx'
import { loader as clientArea } from '#app/routes/client/layout.tsx'
import { loader as providerArea } from '#app/routes/provider/dashboard.tsx'
import { loader as authApiLoader } from '#app/routes/resources/auth-api.ts'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import {
  createAccount,
  enrolTwoFactor,
  sessionCookie,
  TEST_PASSWORD,
} from '#tests/factories/account.ts'
import { TEST_BASE_URL, useTestServerEnv } from '#tests/support/test-server.ts'

type AuthApiArgs = Parameters<typeof authApiLoader>[0]

/** The status /api/auth/* answers a request with. */
async function authApi(request: Request): Promise<number> {
  try {
    const response = await authApiLoader({
      request,
      params: {},
      context: {},
    } as unknown as AuthApiArgs)
    return response.status
  } catch (thrown) {
    return thrown instanceof Response ? thrown.status : 500
  }
}

const cookies: Partial<Record<Role, string>> = {}
const emails: Partial<Record<Role, string>> = {}
let dataDirectory = ''

const request = (pathname: string, role?: Role) =>
  new Request(`${TEST_BASE_URL}${pathname}`, {
    headers: role ? { cookie: cookies[role] ?? '' } : {},
  })

/** Where a guard sends the request: 'ok', or the Location of its redirect. */
async function outcome(guard: Promise<unknown>) {
  try {
    await guard
    return 'ok'
  } catch (thrown) {
    return thrown instanceof Response ? thrown.headers.get('location') : String(thrown)
  }
}

let unenrolledAdmin = ''
/** A session of the enrolled admin opened before she set up her second factor. */
let olderSession = ''

beforeAll(async () => {
  dataDirectory = await useTestServerEnv()
  // Sign-up writes the confirmation e-mail to the outbox and logs it.
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  for (const role of ['client', 'provider', 'admin'] as const) {
    const account = await createAccount({ role })
    emails[role] = account.email
    cookies[role] = await sessionCookie(account.email)
  }
  // Issue 23: an admin without a second factor is sent to set one up; with one, she goes in.
  unenrolledAdmin = await sessionCookie((await createAccount({ role: 'admin' })).email)
  olderSession = await sessionCookie(emails.admin ?? '')
  cookies.admin = (await enrolTwoFactor(cookies.admin ?? '')).cookie
  vi.restoreAllMocks()
})

describe('session helpers', () => {
  it('read the signed-in user with the role, and nobody without a session', async () => {
    expect(await currentUser(request('/x', 'provider'))).toMatchObject({
      email: emails.provider,
      role: 'provider',
      emailVerified: true,
    })
    expect(await currentUser(request('/x'))).toBeNull()
    expect(
      await currentUser(
        new Request(`${TEST_BASE_URL}/x`, {
          headers: { cookie: 'aprova.session_token=forged' },
        }),
      ),
    ).toBeNull()
  })

  it('the session cookie is httpOnly and SameSite=Lax', async () => {
    expect(cookies.client).toMatch(/^aprova\.session_token=/)
    const response = await auth().api.signInEmail({
      body: { email: emails.client ?? '', password: TEST_PASSWORD },
      asResponse: true,
    })
    const header = response.headers.get('set-cookie') ?? ''
    expect(header).toMatch(/HttpOnly/i)
    expect(header).toMatch(/SameSite=Lax/i)
  })

  // Each protected area for each kind of visitor (SPEC §2, §4; issue 6 item 9).
  it.each([
    ['/dashboard', 'provider', undefined, '/auth?mode=login&next=%2Fdashboard'],
    ['/dashboard', 'provider', 'provider', 'ok'],
    ['/dashboard', 'provider', 'client', '/client-dashboard'],
    ['/dashboard', 'provider', 'admin', '/admin'],
    ['/client-dashboard', 'client', undefined, '/auth?mode=login&next=%2Fclient-dashboard'],
    ['/client-dashboard', 'client', 'client', 'ok'],
    ['/client-dashboard', 'client', 'provider', '/dashboard'],
    ['/client-dashboard', 'client', 'admin', '/admin'],
    ['/admin?tab=queue', 'admin', undefined, '/auth?mode=login&next=%2Fadmin%3Ftab%3Dqueue'],
    ['/admin', 'admin', 'admin', 'ok'],
    ['/admin', 'admin', 'client', '/client-dashboard'],
    ['/admin', 'admin', 'provider', '/dashboard'],
  ] as const)('%s needs %s; as %s → %s', async (pathname, needed, who, expected) => {
    expect(await outcome(requireRole(request(pathname, who), needed))).toBe(expected)
    // The route's own loader answers the same way.
    const loader = { provider: providerArea, client: clientArea, admin: adminArea }[needed]
    const page = await outcome(loader({ request: request(pathname, who) } as never))
    expect(page).toBe(expected)
  })

  it('an admin without a second factor sets one up before anything else (issue 23)', async () => {
    const asUnenrolled = () =>
      new Request(`${TEST_BASE_URL}/admin`, { headers: { cookie: unenrolledAdmin } })
    expect(await outcome(requireRole(asUnenrolled(), 'admin'))).toBe('/account/security?setup=1')
    expect(await outcome(adminArea({ request: asUnenrolled() } as never))).toBe(
      '/account/security?setup=1',
    )
    // A session opened before the second factor existed must pass it before anything opens.
    const older = new Request(`${TEST_BASE_URL}/admin`, { headers: { cookie: olderSession } })
    expect(await outcome(requireUser(older))).toBe('/auth/two-factor?next=%2Fadmin')
    expect(await currentUser(older)).toBeNull()
  })

  it('requireUser lets any signed-in user through', async () => {
    expect(await outcome(requireUser(request('/conta', 'client')))).toBe('ok')
    expect(await outcome(requireUser(request('/conta')))).toBe('/auth?mode=login&next=%2Fconta')
  })

  it('better-auth answers over HTTP only for the OAuth callback', async () => {
    for (const [method, path] of [
      ['POST', '/api/auth/sign-up/email'],
      ['POST', '/api/auth/sign-in/email'],
      ['POST', '/api/auth/request-password-reset'],
      ['GET', '/api/auth/get-session'],
      ['GET', '/api/auth/verify-email?token=x'],
    ] as const) {
      const body =
        method === 'POST'
          ? JSON.stringify({ email: 'direto@example.com', password: TEST_PASSWORD, name: 'D' })
          : undefined
      const outcome = await authApi(
        new Request(`${TEST_BASE_URL}${path}`, {
          method,
          headers: { 'content-type': 'application/json', origin: TEST_BASE_URL },
          body,
        }),
      )
      expect(outcome, `${method} ${path}`).toBe(404)
    }
    expect(await db().select().from(user).where(eq(user.email, 'direto@example.com'))).toEqual([])
  })

  it('an account cannot be opened without its role, not even by server code', async () => {
    await expect(
      auth().api.signUpEmail({
        body: { email: 'sem-papel@example.com', password: TEST_PASSWORD, name: 'Sem Papel' },
      }),
    ).rejects.toThrow()
    expect(await db().select().from(user).where(eq(user.email, 'sem-papel@example.com'))).toEqual(
      [],
    )
  })

  it('an unconfirmed account cannot sign in', async () => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    try {
      const account = await createAccount({ role: 'client', confirmed: false })
      const response = await auth().api.signInEmail({
        body: { email: account.email, password: TEST_PASSWORD },
        asResponse: true,
      })
      expect(response.status).toBe(403)
      expect(response.headers.get('set-cookie') ?? '').not.toContain('session_token=')
      // The confirmation e-mail went to the outbox (no SMTP_URL here), in the request's language.
      const outbox = path.join(dataDirectory, 'outbox')
      const sent = await Promise.all(
        (await readdir(outbox)).map((file) => readFile(path.join(outbox, file), 'utf8')),
      )
      const confirmation = sent.find((eml) => eml.includes(`To: ${account.email}`)) ?? ''
      expect(confirmation).toContain('Subject: Confirme seu e-mail no Aprova')
      expect(confirmation).toContain(`${TEST_BASE_URL}/?token=`)
    } finally {
      vi.restoreAllMocks()
    }
  })
})
