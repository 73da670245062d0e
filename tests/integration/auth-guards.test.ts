import { mkdtemp, readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { auth, type Role } from '#app/modules/auth/auth.server.ts'
import { currentUser, requireRole, requireUser } from '#app/modules/auth/session.server.ts'
import { db } from '#db/client.server.ts'
import { user, userRoles } from '#db/schema/auth.ts'
import { setServerEnv } from '#server/env.server.ts'

const BASE = 'http://localhost:3999'
const cookies: Partial<Record<Role, string>> = {}
let dataDirectory = ''

/** Opens a confirmed account with `role` and signs it in; returns its session cookie. */
async function signedIn(role: Role) {
  const email = `${role}@example.com`
  await auth().api.signUpEmail({ body: { email, password: 'senha-forte-123', name: role } })
  const [row] = await db()
    .update(user)
    .set({ emailVerified: true })
    .where(eq(user.email, email))
    .returning({ id: user.id })
  await db()
    .insert(userRoles)
    .values({ userId: row?.id ?? '', role })
  const response = await auth().api.signInEmail({
    body: { email, password: 'senha-forte-123' },
    asResponse: true,
  })
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
}

const request = (pathname: string, role?: Role) =>
  new Request(`${BASE}${pathname}`, { headers: role ? { cookie: cookies[role] ?? '' } : {} })

/** Where a guard sends the request: 'ok', or the Location of its redirect. */
async function outcome(guard: Promise<unknown>) {
  try {
    await guard
    return 'ok'
  } catch (thrown) {
    return thrown instanceof Response ? thrown.headers.get('location') : String(thrown)
  }
}

beforeAll(async () => {
  dataDirectory = await mkdtemp(path.join(tmpdir(), 'aprova-auth-'))
  setServerEnv({
    mode: 'production',
    host: '127.0.0.1',
    port: 3999,
    databaseUrl: undefined,
    dataDir: dataDirectory,
    baseUrl: BASE,
    authSecret: 'test-secret-0123456789-abcdefghijklmnop',
    smtpUrl: undefined,
    google: undefined,
    demoData: false,
  })
  // Sign-up would send a confirmation e-mail; these accounts are confirmed by hand.
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  for (const role of ['client', 'provider', 'admin'] as const) cookies[role] = await signedIn(role)
  vi.restoreAllMocks()
})

describe('session helpers', () => {
  it('read the signed-in user with the role, and nobody without a session', async () => {
    expect(await currentUser(request('/x', 'provider'))).toMatchObject({
      email: 'provider@example.com',
      role: 'provider',
      emailVerified: true,
    })
    expect(await currentUser(request('/x'))).toBeNull()
    expect(
      await currentUser(
        new Request(`${BASE}/x`, { headers: { cookie: 'aprova.session_token=forged' } }),
      ),
    ).toBeNull()
  })

  it('the session cookie is httpOnly and SameSite=Lax', async () => {
    expect(cookies.client).toMatch(/^aprova\.session_token=/)
    const response = await auth().api.signInEmail({
      body: { email: 'client@example.com', password: 'senha-forte-123' },
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
  })

  it('requireUser lets any signed-in user through', async () => {
    expect(await outcome(requireUser(request('/conta', 'client')))).toBe('ok')
    expect(await outcome(requireUser(request('/conta')))).toBe('/auth?mode=login&next=%2Fconta')
  })

  it('accounts cannot be opened by calling the sign-up endpoint directly', async () => {
    const response = await auth().handler(
      new Request(`${BASE}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: BASE },
        body: JSON.stringify({
          email: 'direto@example.com',
          password: 'senha-forte-123',
          name: 'D',
        }),
      }),
    )
    expect(response.status).toBe(404)
    expect(await db().select().from(user).where(eq(user.email, 'direto@example.com'))).toEqual([])
  })

  it('an unconfirmed account cannot sign in', async () => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    try {
      await auth().api.signUpEmail({
        body: { email: 'nova@example.com', password: 'senha-forte-123', name: 'Nova' },
      })
      const response = await auth().api.signInEmail({
        body: { email: 'nova@example.com', password: 'senha-forte-123' },
        asResponse: true,
      })
      expect(response.status).toBe(403)
      expect(response.headers.get('set-cookie') ?? '').not.toContain('session_token=')
      // The confirmation e-mail went to the outbox (no SMTP_URL here), in the request's language.
      const outbox = path.join(dataDirectory, 'outbox')
      const sent = await Promise.all(
        (await readdir(outbox)).map((file) => readFile(path.join(outbox, file), 'utf8')),
      )
      const confirmation = sent.find((eml) => eml.includes('To: nova@example.com')) ?? ''
      expect(confirmation).toContain('Subject: Confirme seu e-mail no Aprova')
      expect(confirmation).toContain('/api/auth/verify-email?token=')
    } finally {
      vi.restoreAllMocks()
    }
  })
})
