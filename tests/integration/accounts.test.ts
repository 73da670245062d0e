import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ACCOUNT_EMAILS_PER_HOUR } from '#app/domain/account.ts'
import type { AuthActionData } from '#app/modules/auth/form-state.ts'
import {
  AUTH_LIMIT_PER_VISITOR,
  EVEN_ANSWER_MS,
  limitAuthAttempt,
} from '#app/modules/auth/limits.server.ts'
import { currentUser, requireRole } from '#app/modules/auth/session.server.ts'
import { action as authAction, loader as authLoader } from '#app/routes/auth/auth.tsx'
import {
  action as confirmAction,
  loader as confirmLoader,
} from '#app/routes/auth/email-confirmation.tsx'
import { action as signOutAction } from '#app/routes/auth/sign-out.ts'
import { db } from '#db/client.server.ts'
import {
  account as accountTable,
  clientProfiles,
  session,
  user,
  userRoles,
  verification,
} from '#db/schema/auth.ts'
import { profiles } from '#db/schema/profiles.ts'
import { createAccount, sessionCookie, TEST_PASSWORD } from '#tests/factories/account.ts'
import { setUpTestServer, TEST_BASE_URL } from '#tests/support/test-server.ts'

// The account actions of /auth on a real database (PGlite, and PostgreSQL with DATABASE_URL),
// called the way React Router calls them. E-mails go to the outbox of the test's DATA_DIR.

let visitor = 0

// Outbox lines and better-auth's warnings are logged on stdout (muted).
const server = setUpTestServer()

interface Answer {
  status: number
  location?: string | null
  data?: AuthActionData
  headers: Headers
}

/** Reads whatever a loader or action gave back: a Response, a data() answer, or a throw. */
async function answerOf(run: () => Promise<unknown> | unknown): Promise<Answer> {
  let result: unknown
  try {
    result = await run()
  } catch (thrown) {
    result = thrown
  }
  if (result instanceof Response) {
    return {
      status: result.status,
      location: result.headers.get('location'),
      headers: result.headers,
    }
  }
  const value = result as { data: unknown; init?: ResponseInit | null }
  return {
    status: value.init?.status ?? 200,
    data: value.data as AuthActionData,
    headers: new Headers(value.init?.headers),
  }
}

type ActionArgs = Parameters<typeof authAction>[0]

/** Posts a form of /auth as a visitor of its own (so limits never leak between tests). */
function post(
  fields: Record<string, string>,
  { cookie = '', ip = `198.51.100.${++visitor % 250}`, language = 'pt-BR' } = {},
) {
  const request = new Request(`${TEST_BASE_URL}/auth`, {
    method: 'POST',
    headers: { cookie, 'accept-language': language },
    body: new URLSearchParams(fields),
  })
  return answerOf(() =>
    authAction({ request, params: {}, context: { clientIp: ip } } as unknown as ActionArgs),
  )
}

function load(url: string, headers: Record<string, string> = {}) {
  const request = new Request(`${TEST_BASE_URL}${url}`, { headers })
  return answerOf(() =>
    authLoader({ request, params: {}, context: {} } as unknown as Parameters<typeof authLoader>[0]),
  )
}

/** The messages in the outbox to `to`, newest last, as readable text. */
const mailTo = (to: string) => server.mailsTo(to)

const cookieHeader = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')

const providerForm = (email: string, changes: Record<string, string> = {}) => ({
  intent: 'provider-sign-up',
  workingName: 'Luna Clara',
  email,
  password: TEST_PASSWORD,
  confirmPassword: TEST_PASSWORD,
  acceptTerms: 'on',
  acceptPolicies: 'on',
  ...changes,
})

const clientForm = (email: string, changes: Record<string, string> = {}) => ({
  intent: 'client-sign-up',
  displayName: 'Rafa',
  email,
  password: TEST_PASSWORD,
  confirmPassword: TEST_PASSWORD,
  about: 'Gosto de boas conversas.',
  dateOfBirth: '20/05/1990',
  acceptTerms: 'on',
  acceptPolicies: 'on',
  ...changes,
})

describe('sign-up', () => {
  it('opens a provider account with its role and a private draft profile, and e-mails a link', async () => {
    const answer = await post(
      providerForm('Luna.Clara@Example.com', { workingName: ' Luna  Clara ' }),
    )
    expect(answer.status).toBe(302)
    expect(answer.location).toBe('/auth?mode=login&type=provider')
    expect(answer.headers.getSetCookie().join('\n')).toMatch(/aprova-flash=account-created/)

    const [account] = await db().select().from(user).where(eq(user.email, 'luna.clara@example.com'))
    expect(account).toMatchObject({ name: 'Luna Clara', emailVerified: false, language: 'pt' })
    const [role] = await db()
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, account?.id ?? ''))
    expect(role?.role).toBe('provider')
    const [profile] = await db()
      .select()
      .from(profiles)
      .where(eq(profiles.userId, account?.id ?? ''))
    expect(profile).toMatchObject({
      name: 'Luna Clara',
      workingName: 'Luna Clara',
      username: 'luna-clara',
      status: 'draft',
    })
    expect(profile?.termsAcceptedAt).toBeInstanceOf(Date)

    const [mail] = await mailTo('luna.clara@example.com')
    expect(mail).toContain('Subject: Confirme seu e-mail no Aprova')
    expect(mail).toMatch(new RegExp(`${TEST_BASE_URL}/\\?token=[\\w.-]+`))
  })

  it('gives the next provider with the same name a username of her own', async () => {
    await post(providerForm('luna2@example.com'))
    const [account] = await db().select().from(user).where(eq(user.email, 'luna2@example.com'))
    const [profile] = await db()
      .select()
      .from(profiles)
      .where(eq(profiles.userId, account?.id ?? ''))
    expect(profile?.username).toMatch(/^luna-clara-\d{4}$/)
  })

  it('opens a client account with the sign-up details, in the visitor’s language', async () => {
    const answer = await post(clientForm('rafa@example.com'), { language: 'en-US' })
    expect(answer.location).toBe('/auth?mode=login&type=client')
    const [account] = await db().select().from(user).where(eq(user.email, 'rafa@example.com'))
    expect(account).toMatchObject({ name: 'Rafa', language: 'en' })
    const [details] = await db()
      .select()
      .from(clientProfiles)
      .where(eq(clientProfiles.userId, account?.id ?? ''))
    expect(details).toMatchObject({ about: 'Gosto de boas conversas.', dateOfBirth: '1990-05-20' })
    const [mail] = await mailTo('rafa@example.com')
    expect(mail).toContain('Subject: Confirm your e-mail on Aprova')
  })

  it('answers a registered address like a new one, and tells only its owner', async () => {
    const first = await post(clientForm('dupla@example.com'))
    const [pending] = await db().select().from(user).where(eq(user.email, 'dupla@example.com'))
    // Not confirmed yet: a second sign-up replaces the pending account (issue 30: whoever
    // opened it may not be the address's owner) and sends the new account's link.
    const unconfirmed = await post(clientForm('dupla@example.com', { displayName: 'Outra Pessoa' }))
    expect(unconfirmed.status).toBe(first.status)
    expect(unconfirmed.location).toBe(first.location)
    let mails = await mailTo('dupla@example.com')
    expect(mails).toHaveLength(2)
    expect(mails[1]).toContain('Subject: Confirme seu e-mail no Aprova')
    let accounts = await db().select().from(user).where(eq(user.email, 'dupla@example.com'))
    expect(accounts).toHaveLength(1)
    expect(accounts[0]?.id).not.toBe(pending?.id)
    expect(accounts[0]?.name).toBe('Outra Pessoa')

    await db().update(user).set({ emailVerified: true }).where(eq(user.email, 'dupla@example.com'))
    const confirmed = await post(clientForm('dupla@example.com', { displayName: 'Terceira' }))
    expect(confirmed.status).toBe(first.status)
    expect(confirmed.location).toBe(first.location)
    accounts = await db().select().from(user).where(eq(user.email, 'dupla@example.com'))
    expect(accounts).toHaveLength(1)
    expect(accounts[0]?.name).toBe('Outra Pessoa')
    mails = await mailTo('dupla@example.com')
    expect(mails).toHaveLength(3)
    expect(mails[2]).toContain('Subject: Tentativa de cadastro no Aprova')
    expect(mails[2]).toContain(
      'E-mail já cadastrado. Este e-mail já possui uma conta. Tente fazer login.',
    )
  })

  it('reports the first broken rule, keeps what was typed and creates nothing', async () => {
    const answer = await post(
      providerForm('nome@example.com', {
        workingName: 'Copacabana',
        password: 'curta',
        confirmPassword: 'curta',
      }),
    )
    expect(answer.status).toBe(400)
    expect(answer.data).toMatchObject({
      intent: 'provider-sign-up',
      error: { field: 'password', message: 'passwordTooShort' },
      values: { email: 'nome@example.com', workingName: 'Copacabana' },
    })
    expect(answer.data?.values).not.toHaveProperty('password')
    const place = await post(providerForm('nome@example.com', { workingName: 'Copacabana' }))
    expect(place.data?.error).toEqual({ field: 'workingName', message: 'workingNamePlace' })
    const terms = await post(clientForm('nome@example.com', { acceptPolicies: '' }))
    expect(terms.data?.error).toEqual({ field: 'acceptTerms', message: 'termsNotAccepted' })
    const young = await post(clientForm('nome@example.com', { dateOfBirth: '01/01/2015' }))
    expect(young.data?.error).toEqual({ field: 'dateOfBirth', message: 'underage' })
    expect(await db().select().from(user).where(eq(user.email, 'nome@example.com'))).toEqual([])
  })

  it('creates nothing at all when the role data cannot be written', async () => {
    // A date the database refuses: the role write fails inside the sign-up's transaction.
    const { openAccount } = await import('#app/modules/auth/accounts.server.ts')
    await expect(
      openAccount(
        { email: 'metade@example.com', password: TEST_PASSWORD, name: 'Metade' },
        { role: 'client', about: null, dateOfBirth: '1990-02-31' },
        { language: 'pt' },
      ),
    ).rejects.toThrow()
    expect(await db().select().from(user).where(eq(user.email, 'metade@example.com'))).toEqual([])
  })
})

describe('e-mail confirmation on /', () => {
  it('in the browser that signed up, signs the account in and names its role and area; the link works once', async () => {
    const signedUp = await post(providerForm('confirma@example.com'))
    // The sign-up's answer binds this browser to the new account (issue 30).
    const browser = cookieHeader(signedUp.headers)
    expect(browser).toMatch(/aprova-sign-up=/)
    const [mail] = await mailTo('confirma@example.com')
    const token =
      new URL(/http:\/\/\S+\?token=[\w.-]+/.exec(mail ?? '')?.[0] ?? '').searchParams.get(
        'token',
      ) ?? ''
    const page = await answerOf(() =>
      confirmLoader({ request: new Request(`${TEST_BASE_URL}/?token=${token}`) } as never),
    )
    expect(page.data).toEqual({ token })
    expect(page.headers.get('cache-control')).toBe('no-store')

    const confirm = () =>
      answerOf(() =>
        confirmAction({
          request: new Request(`${TEST_BASE_URL}/?index`, {
            method: 'POST',
            headers: { cookie: browser },
            body: new URLSearchParams({ token }),
          }),
          context: {},
        } as never),
      )
    const first = await confirm()
    expect(first.data).toEqual({
      intent: 'confirm',
      result: {
        kind: 'confirmed',
        email: 'confirma@example.com',
        role: 'provider',
        area: '/dashboard',
      },
    })
    const cookie = cookieHeader(first.headers)
    expect(cookie).toMatch(/aprova\.session_token=/)
    expect(cookie).toMatch(/aprova-age=1/)
    expect(await currentUser(new Request(TEST_BASE_URL, { headers: { cookie } }))).toMatchObject({
      email: 'confirma@example.com',
      emailVerified: true,
      role: 'provider',
    })
    expect((await confirm()).data).toEqual({
      intent: 'confirm',
      result: { kind: 'error', reason: 'expired' },
    })
  })

  it('turns a forged token into the expired-or-invalid message; no token goes home', async () => {
    const forged = await answerOf(() =>
      confirmAction({
        request: new Request(`${TEST_BASE_URL}/?index`, {
          method: 'POST',
          body: new URLSearchParams({ token: 'eyJhbGciOiJIUzI1NiJ9.e30.forged' }),
        }),
        context: {},
      } as never),
    )
    expect(forged.data).toEqual({
      intent: 'confirm',
      result: { kind: 'error', reason: 'expired' },
    })
    const home = await answerOf(() =>
      confirmLoader({ request: new Request(`${TEST_BASE_URL}/`) } as never),
    )
    expect(home).toMatchObject({ status: 302, location: '/pt/' })
  })
})

describe('login', () => {
  it('signs in and goes to the role’s area, or to the page that asked', async () => {
    const account = await createAccount({ role: 'client' })
    const answer = await post({ intent: 'login', email: account.email, password: TEST_PASSWORD })
    expect(answer).toMatchObject({ status: 302, location: '/client-dashboard' })
    const next = await post({
      intent: 'login',
      email: account.email,
      password: TEST_PASSWORD,
      next: '/acompanhante/luna-azul',
    })
    expect(next.location).toBe('/acompanhante/luna-azul')
    const offsite = await post({
      intent: 'login',
      email: account.email,
      password: TEST_PASSWORD,
      next: '//evil.example/x',
    })
    expect(offsite.location).toBe('/client-dashboard')
  })

  it('remember me keeps the session 14 days; without it the cookie ends with the browser', async () => {
    const account = await createAccount({ role: 'provider' })
    const remembered = await post({
      intent: 'login',
      email: account.email,
      password: TEST_PASSWORD,
      rememberMe: 'on',
    })
    const persistent = remembered.headers.getSetCookie().find((c) => c.includes('session_token='))
    expect(persistent).toMatch(/Max-Age=1209600/)
    expect(persistent).toMatch(/HttpOnly/i)
    expect(persistent).toMatch(/SameSite=Lax/i)
    const forgetful = await post({ intent: 'login', email: account.email, password: TEST_PASSWORD })
    const browserSession = forgetful.headers
      .getSetCookie()
      .find((c) => c.includes('session_token='))
    expect(browserSession).toBeDefined()
    expect(browserSession).not.toMatch(/Max-Age|Expires/i)
  })

  it('never says which part was wrong', async () => {
    const account = await createAccount({ role: 'client' })
    const wrongPassword = await post({
      intent: 'login',
      email: account.email,
      password: 'errada-123',
    })
    const unknown = await post({
      intent: 'login',
      email: 'ninguem@example.com',
      password: 'errada-123',
    })
    for (const answer of [wrongPassword, unknown]) {
      expect(answer.status).toBe(401)
      expect(answer.data?.alert).toEqual({ title: 'loginError', text: 'invalidCredentials' })
      expect(answer.headers.getSetCookie()).toEqual([])
    }
  })

  it('tells an unconfirmed account so, and the resend answers the same for anyone', async () => {
    const account = await createAccount({ role: 'client', confirmed: false })
    const answer = await post({ intent: 'login', email: account.email, password: TEST_PASSWORD })
    expect(answer.status).toBe(403)
    expect(answer.data?.unconfirmedEmail).toBe(account.email)
    const before = (await mailTo(account.email)).length
    const resend = await post({ intent: 'resend', email: account.email })
    const stranger = await post({ intent: 'resend', email: 'ninguem@example.com' })
    expect(resend.data).toMatchObject({ intent: 'resend', sent: true })
    expect(stranger.data).toMatchObject({ intent: 'resend', sent: true })
    expect(await mailTo(account.email)).toHaveLength(before + 1)
    expect(await mailTo('ninguem@example.com')).toEqual([])
  })

  it('is limited per visitor across accounts', async () => {
    const ip = '203.0.113.77'
    const attempt = (i: number) =>
      post({ intent: 'login', email: `muitos-${i}@example.com`, password: 'errada-123' }, { ip })
    for (let i = 0; i < AUTH_LIMIT_PER_VISITOR; i++) expect((await attempt(i)).status).toBe(401)
    expect((await attempt(99)).status).toBe(429)
    // Another address is not affected.
    expect(
      (await post({ intent: 'login', email: 'muitos-0@example.com', password: 'x' })).status,
    ).toBe(401)
  })

  it('sign-ups are limited per visitor too, and nothing is created past the limit', async () => {
    const ip = '203.0.113.78'
    // The visitor's earlier sign-ups (counted the way the action counts them).
    for (let i = 0; i < AUTH_LIMIT_PER_VISITOR; i++) {
      await limitAuthAttempt('sign-up', { clientIp: ip }, `cheio-${i}@example.com`)
    }
    const refused = await post(clientForm('cheio-ultimo@example.com'), { ip })
    expect(refused.status).toBe(429)
    expect(
      await db().select().from(user).where(eq(user.email, 'cheio-ultimo@example.com')),
    ).toEqual([])
  })
})

describe('password reset', () => {
  it('answers the same for any address; the link works once, within the hour, and ends every session', async () => {
    const account = await createAccount({ role: 'client' })
    const otherSession = await sessionCookie(account.email)
    const known = await post({ intent: 'forgot', email: account.email })
    const unknown = await post({ intent: 'forgot', email: 'ninguem@example.com' })
    expect(known.data).toEqual({ intent: 'forgot', sent: true, values: { email: account.email } })
    expect(unknown.data).toEqual({
      intent: 'forgot',
      sent: true,
      values: { email: 'ninguem@example.com' },
    })
    expect(await mailTo('ninguem@example.com')).toEqual([])

    const mail = (await mailTo(account.email)).find((m) => m.includes('mode=reset')) ?? ''
    const link = /http:\/\/\S+\/auth\?mode=reset&(?:amp;)?token=[\w-]+/.exec(mail)?.[0] ?? ''
    const token = new URL(link.replace('&amp;', '&')).searchParams.get('token') ?? ''
    expect(token).not.toBe('')
    const page = await load(`/auth?mode=reset&token=${token}`)
    expect(page.data).toMatchObject({ screen: 'reset', token })

    const mismatch = await post({
      intent: 'reset',
      token,
      password: 'nova-senha-1',
      confirmPassword: 'x',
    })
    expect(mismatch.data?.error).toEqual({ field: 'confirmPassword', message: 'passwordMismatch' })
    const reset = await post({
      intent: 'reset',
      token,
      password: 'nova-senha-123',
      confirmPassword: 'nova-senha-123',
    })
    expect(reset).toMatchObject({ status: 302, location: '/auth?mode=login' })
    expect(
      await currentUser(new Request(TEST_BASE_URL, { headers: { cookie: otherSession } })),
    ).toBeNull()
    expect(
      (await post({ intent: 'login', email: account.email, password: TEST_PASSWORD })).status,
    ).toBe(401)
    expect(
      (await post({ intent: 'login', email: account.email, password: 'nova-senha-123' })).status,
    ).toBe(302)
    const again = await post({
      intent: 'reset',
      token,
      password: 'outra-senha-123',
      confirmPassword: 'outra-senha-123',
    })
    expect(again.data?.invalidToken).toBe(true)
  })

  it('takes the same time for any address, and never floods an inbox', async () => {
    const started = performance.now()
    await post({ intent: 'forgot', email: 'ninguem-mais@example.com' })
    expect(performance.now() - started).toBeGreaterThanOrEqual(EVEN_ANSWER_MS - 5)
    const account = await createAccount({ role: 'client' })
    // The confirmation e-mail of the sign-up was the first of the hour.
    expect(await mailTo(account.email)).toHaveLength(1)
    for (let i = 0; i < ACCOUNT_EMAILS_PER_HOUR + 3; i++) {
      const answer = await post({ intent: 'forgot', email: account.email })
      expect(answer.data?.sent).toBe(true)
    }
    expect(await mailTo(account.email)).toHaveLength(ACCOUNT_EMAILS_PER_HOUR)
  })

  it('sets a first password on an account that only had Google', async () => {
    const account = await createAccount({ role: 'client' })
    // As after a Google sign-up: no password of its own, a Google account instead.
    await db()
      .update(accountTable)
      .set({ providerId: 'google', accountId: 'google-sub-1', password: null })
      .where(eq(accountTable.userId, account.id))
    expect(
      (await post({ intent: 'login', email: account.email, password: TEST_PASSWORD })).status,
    ).toBe(401)
    await post({ intent: 'forgot', email: account.email })
    const mail = (await mailTo(account.email)).find((m) => m.includes('mode=reset')) ?? ''
    const token = /token=([\w-]+)/.exec(mail)?.[1] ?? ''
    const reset = await post({
      intent: 'reset',
      token,
      password: 'primeira-senha-1',
      confirmPassword: 'primeira-senha-1',
    })
    expect(reset).toMatchObject({ status: 302, location: '/auth?mode=login' })
    expect(
      (await post({ intent: 'login', email: account.email, password: 'primeira-senha-1' })).status,
    ).toBe(302)
  })

  it('answers a token that cannot be one (a NUL byte) as an invalid link, not a failure', async () => {
    for (const token of ['\u0000', 'abc\u0000def', 'x'.repeat(300)]) {
      const answer = await post({
        intent: 'reset',
        token,
        password: 'nova-senha-123',
        confirmPassword: 'nova-senha-123',
      })
      expect(answer).toMatchObject({ status: 400, data: { invalidToken: true } })
    }
  })

  it('refuses a link older than an hour', async () => {
    const account = await createAccount({ role: 'client' })
    await post({ intent: 'forgot', email: account.email })
    const mail = (await mailTo(account.email)).find((m) => m.includes('mode=reset')) ?? ''
    const token = /token=([\w-]+)/.exec(mail)?.[1] ?? ''
    await db()
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`))
    const answer = await post({
      intent: 'reset',
      token,
      password: 'nova-senha-123',
      confirmPassword: 'nova-senha-123',
    })
    expect(answer.data?.invalidToken).toBe(true)
  })

  it('answers a token no link carries (a NUL byte, spaces) as invalid, not as a failure', async () => {
    for (const token of ['\u0000', 'a b', 'x'.repeat(300)]) {
      const answer = await post({
        intent: 'reset',
        token,
        password: 'nova-senha-123',
        confirmPassword: 'nova-senha-123',
      })
      expect(answer.status).toBe(400)
      expect(answer.data?.invalidToken).toBe(true)
    }
  })
})

describe('/auth for a signed-in account', () => {
  it('sends an account with a role to its area (SPEC §4)', async () => {
    for (const role of ['provider', 'client', 'admin'] as const) {
      const account = await createAccount({ role })
      const cookie = await sessionCookie(account.email)
      const answer = await load('/auth', { cookie })
      expect(answer.location).toBe(
        { provider: '/dashboard', client: '/client-dashboard', admin: '/admin' }[role],
      )
    }
  })

  it('asks an account without a role (after Google) to choose one, once', async () => {
    const account = await createAccount({ role: 'client' })
    await db().delete(clientProfiles).where(eq(clientProfiles.userId, account.id))
    await db().delete(userRoles).where(eq(userRoles.userId, account.id))
    const cookie = await sessionCookie(account.email)
    const page = await load('/auth', { cookie })
    expect(page.data).toMatchObject({ roleChoice: { email: account.email } })
    // Protected pages send it back here to choose.
    await expect(
      requireRole(new Request(`${TEST_BASE_URL}/dashboard`, { headers: { cookie } }), 'provider'),
    ).rejects.toMatchObject({ status: 302, headers: expect.any(Headers) })

    const missing = await post({ intent: 'choose-role', role: 'provider' }, { cookie })
    expect(missing.data?.error).toEqual({ field: 'acceptTerms', message: 'termsNotAccepted' })
    const chosen = await post(
      { intent: 'choose-role', role: 'provider', acceptTerms: 'on' },
      { cookie },
    )
    expect(chosen).toMatchObject({ status: 302, location: '/dashboard' })
    expect(chosen.headers.getSetCookie().join('\n')).toMatch(/aprova-flash=setup-complete/)
    const [profile] = await db().select().from(profiles).where(eq(profiles.userId, account.id))
    expect(profile).toMatchObject({ name: 'Cliente Teste', workingName: null, status: 'draft' })
    // The choice is final: another post changes nothing.
    const again = await post(
      { intent: 'choose-role', role: 'client', acceptTerms: 'on' },
      { cookie },
    )
    expect(again.location).toBe('/dashboard')
    const roles = await db().select().from(userRoles).where(eq(userRoles.userId, account.id))
    expect(roles.map((row) => row.role)).toEqual(['provider'])
  })

  it('the role dialog needs a session', async () => {
    const answer = await post({ intent: 'choose-role', role: 'client', acceptTerms: 'on' })
    expect(answer).toMatchObject({ status: 302, location: '/auth?mode=login&next=%2Fauth' })
  })

  it('keeps the page the visitor came from for the back button (SPEC §2, §4)', async () => {
    const first = await load('/auth', { referer: `${TEST_BASE_URL}/pt/acompanhantes/recife` })
    expect(first.data).toMatchObject({ screen: 'choice', backTo: '/pt/acompanhantes/recife' })
    const stored = first.headers.getSetCookie().find((c) => c.startsWith('aprova-auth-from='))
    expect(stored).toMatch(/Path=\/; SameSite=Lax; HttpOnly/)
    const later = await load('/auth?mode=login', {
      referer: `${TEST_BASE_URL}/auth`,
      cookie: stored?.split(';')[0] ?? '',
    })
    expect(later.data).toMatchObject({ screen: 'login', backTo: '/pt/acompanhantes/recife' })
    const fresh = await load('/auth?mode=login', { 'accept-language': 'en' })
    // No GOOGLE_CLIENT_ID here: no Google button.
    expect(fresh.data).toMatchObject({ backTo: '/en/', google: false })
  })

  it('sign-out ends the session', async () => {
    const account = await createAccount({ role: 'client' })
    const cookie = await sessionCookie(account.email)
    const before = await db().select().from(session).where(eq(session.userId, account.id))
    expect(before).toHaveLength(1)
    const answer = await answerOf(() =>
      signOutAction({
        request: new Request(`${TEST_BASE_URL}/sign-out`, { method: 'POST', headers: { cookie } }),
        context: {},
      } as never),
    )
    expect(answer).toMatchObject({ status: 302, location: '/pt/' })
    expect(answer.headers.getSetCookie().join('\n')).toMatch(/session_token=;/)
    expect(await db().select().from(session).where(eq(session.userId, account.id))).toEqual([])
  })
})
