import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { currentUser } from '#app/modules/auth/session.server.ts'
import { action as authAction } from '#app/routes/auth/auth.tsx'
import { action as confirmAction } from '#app/routes/auth/email-confirmation.tsx'
import { action as clientAccountAction } from '#app/routes/client/account.tsx'
import { db } from '#db/client.server.ts'
import { account as login, session, twoFactor, user, userRoles } from '#db/schema/auth.ts'
import { profiles } from '#db/schema/profiles.ts'
import { createAccount, sessionCookie, TEST_PASSWORD } from '#tests/factories/account.ts'
import { callRoute, type RouteAnswer } from '#tests/support/route-call.ts'
import { setUpTestServer, TEST_BASE_URL } from '#tests/support/test-server.ts'

// Issue 30 points 1 and 2 on a real database: confirming an address proves the confirmer chose
// the account's password (the browser that signed up, the password typed, or a new one set), a
// new sign-up replaces an account nobody confirmed, and a link never swaps a signed-in browser
// into its account.

let visitor = 0

const server = setUpTestServer()

const ATTACKER_PASSWORD = 'senha-do-invasor-1'
const VICTIM_PASSWORD = 'senha-da-dona-123'

/** The Cookie header a browser sends back from Set-Cookie values (cleared ones left out). */
const cookieOf = (answer: RouteAnswer, before = '') => {
  const jar = new Map(
    before
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.split('=')[0], pair] as const),
  )
  for (const line of answer.headers?.getSetCookie() ?? []) {
    const pair = line.split(';')[0] ?? ''
    const name = pair.split('=')[0] ?? ''
    if (/Max-Age=0\b/.test(line)) jar.delete(name)
    else jar.set(name, pair)
  }
  return [...jar.values()].join('; ')
}

/** The client sign-up form of /auth, posted from a browser holding `cookie`. */
async function signUp(
  email: string,
  password: string,
  displayName: string,
  cookie = '',
): Promise<RouteAnswer> {
  return callRoute(authAction, '/auth', {
    cookie,
    context: { clientIp: `198.51.100.${++visitor % 250}` },
    body: {
      intent: 'client-sign-up',
      email,
      password,
      confirmPassword: password,
      displayName,
      about: 'Gosto de boas conversas.',
      dateOfBirth: '20/05/1990',
      acceptTerms: 'on',
      acceptPolicies: 'on',
    },
  })
}

/** The newest confirmation mail to `email` and its link's token. */
async function newestLink(email: string) {
  const mails = (await server.mailsTo(email)).filter((mail) => mail.includes('?token='))
  const mail = mails.at(-1) ?? ''
  return { mail, token: /\?token=([\w.-]+)/.exec(mail)?.[1] ?? '', count: mails.length }
}

/** A form of the confirmation screen, from a browser holding `cookie`. */
function confirmWith(token: string, fields: Record<string, string> = {}, cookie = '') {
  return callRoute(confirmAction, `/?index&token=${token}`, {
    cookie,
    context: { clientIp: `203.0.113.${++visitor % 250}` },
    body: { token, ...fields },
  })
}

const signsIn = async (email: string, password: string) =>
  sessionCookie(email, password).then(
    () => true,
    () => false,
  )

const accountRow = async (email: string) =>
  (await db().select().from(user).where(eq(user.email, email)))[0]

const sessionSet = (answer: RouteAnswer) =>
  (answer.headers?.getSetCookie() ?? []).some((line) => /session_token=[^;]/.test(line))

describe('a link confirms only with proof that the confirmer chose the password (point 1)', () => {
  it('in the browser that signed up, as before: confirmed and signed in', async () => {
    const signedUp = await signUp('mesmo@example.com', TEST_PASSWORD, 'Rafa')
    const browser = cookieOf(signedUp)
    expect(browser).toMatch(/aprova-sign-up=\d+\.[\w-]+/)
    const { token } = await newestLink('mesmo@example.com')
    const answer = await confirmWith(token, {}, browser)
    expect(answer.data?.result).toEqual({
      kind: 'confirmed',
      email: 'mesmo@example.com',
      role: 'client',
      area: '/client-dashboard',
    })
    const signedIn = cookieOf(answer, browser)
    expect(signedIn).not.toMatch(/aprova-sign-up=/)
    expect(
      await currentUser(new Request(TEST_BASE_URL, { headers: { cookie: signedIn } })),
    ).toMatchObject({ email: 'mesmo@example.com', emailVerified: true })
    const row = await accountRow('mesmo@example.com')
    expect(row?.confirmedAt).toBeInstanceOf(Date)
    expect(row?.passwordSignInAt?.getTime()).toBe(row?.confirmedAt?.getTime())
  })

  it('the link alone, anywhere else, confirms nothing and asks for the password', async () => {
    await signUp('longe@example.com', TEST_PASSWORD, 'Rafa')
    const { token } = await newestLink('longe@example.com')
    for (const cookie of ['', 'aprova-sign-up=1700000000.forjado', 'aprova-age=1']) {
      const answer = await confirmWith(token, {}, cookie)
      expect(answer.data?.result).toEqual({
        kind: 'prove',
        target: 'account',
        email: 'longe@example.com',
        role: 'client',
        hasPassword: true,
      })
      expect(sessionSet(answer)).toBe(false)
    }
    // The cookie of another sign-up does not stand for this one.
    const other = cookieOf(await signUp('outra-conta@example.com', TEST_PASSWORD, 'Rafa'))
    expect((await confirmWith(token, {}, other)).data?.result.kind).toBe('prove')
    expect((await accountRow('longe@example.com'))?.emailVerified).toBe(false)

    const wrong = await confirmWith(token, { intent: 'password', password: 'nao-e-esta-1' })
    expect(wrong).toMatchObject({
      status: 401,
      data: { error: { field: 'password', message: 'passwordWrong' } },
    })
    expect((await accountRow('longe@example.com'))?.emailVerified).toBe(false)
    const right = await confirmWith(token, { intent: 'password', password: TEST_PASSWORD })
    expect(right.data?.result).toMatchObject({ kind: 'confirmed', email: 'longe@example.com' })
    expect(sessionSet(right)).toBe(true)
    // Spent.
    const again = await confirmWith(token, { intent: 'password', password: TEST_PASSWORD })
    expect(again.data?.result).toEqual({ kind: 'error', reason: 'expired' })
  })

  it('a new password in place of the old: confirmed, every session and other login gone, not signed in', async () => {
    const pending = await createAccount({ email: 'trocar@example.com', confirmed: false })
    // A Google login someone linked to the pending account, and a session (as if opened).
    await db().insert(login).values({
      id: 'google-alheio',
      accountId: 'sub-alheio',
      providerId: 'google',
      userId: pending.id,
    })
    await db()
      .insert(session)
      .values({
        id: 'sessao-alheia',
        token: 'token-alheio',
        userId: pending.id,
        expiresAt: new Date(Date.now() + 60_000),
      })
    // A second factor set up on it meanwhile (a Google sign-in could, before issue 30).
    await db()
      .insert(twoFactor)
      .values({ id: 'fator-alheio', secret: 'dele', backupCodes: 'dele', userId: pending.id })
    await db().update(user).set({ twoFactorEnabled: true }).where(eq(user.id, pending.id))
    const { token } = await newestLink('trocar@example.com')
    const mismatch = await confirmWith(token, {
      intent: 'new-password',
      password: VICTIM_PASSWORD,
      confirmPassword: 'outra-coisa-1',
    })
    expect(mismatch).toMatchObject({
      status: 400,
      data: { error: { field: 'confirmPassword', message: 'passwordMismatch' } },
    })
    expect((await accountRow('trocar@example.com'))?.emailVerified).toBe(false)
    const answer = await confirmWith(token, {
      intent: 'new-password',
      password: VICTIM_PASSWORD,
      confirmPassword: VICTIM_PASSWORD,
    })
    expect(answer.data?.result).toEqual({
      kind: 'confirmed-apart',
      email: 'trocar@example.com',
      role: 'client',
      why: 'new-password',
    })
    expect(sessionSet(answer)).toBe(false)
    const row = await accountRow('trocar@example.com')
    expect(row).toMatchObject({ emailVerified: true, passwordSignInAt: null })
    expect(row?.confirmedAt).toBeInstanceOf(Date)
    expect(await db().select().from(session).where(eq(session.userId, pending.id))).toEqual([])
    // His second factor would keep her out: gone.
    expect(row?.twoFactorEnabled).toBe(false)
    expect(await db().select().from(twoFactor).where(eq(twoFactor.userId, pending.id))).toEqual([])
    const logins = await db().select().from(login).where(eq(login.userId, pending.id))
    expect(logins.map((one) => one.providerId)).toEqual(['credential'])
    expect(await signsIn('trocar@example.com', TEST_PASSWORD)).toBe(false)
    expect(await signsIn('trocar@example.com', VICTIM_PASSWORD)).toBe(true)
  })

  it('refuses a forged or tampered token and a link for an address the account no longer has', async () => {
    await signUp('mudou@example.com', TEST_PASSWORD, 'Rafa')
    const { token } = await newestLink('mudou@example.com')
    const [head, body, signature] = token.split('.')
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString())
    const tampered = [
      head,
      Buffer.from(JSON.stringify({ ...claims, email: 'outro@example.com' })).toString('base64url'),
      signature,
    ].join('.')
    for (const bad of [tampered, 'eyJhbGciOiJIUzI1NiJ9.e30.forged']) {
      const answer = await confirmWith(bad, { intent: 'password', password: TEST_PASSWORD })
      expect(answer.data?.result).toEqual({ kind: 'error', reason: 'expired' })
    }
    await db()
      .update(user)
      .set({ email: 'mudou-depois@example.com' })
      .where(eq(user.email, 'mudou@example.com'))
    const moved = await confirmWith(token, { intent: 'password', password: TEST_PASSWORD })
    expect(moved.data?.result).toEqual({ kind: 'error', reason: 'expired' })
    expect((await accountRow('mudou-depois@example.com'))?.emailVerified).toBe(false)
  })
})

describe('a new sign-up replaces an account nobody confirmed (point 1)', () => {
  it("the owner's sign-up takes the attacker's place: her password, name and role; his link and password are worth nothing", async () => {
    const email = 'vitima@example.com'
    // The attacker's pending account, as a provider, with his password and a 'name' of his.
    const attackerBrowser = cookieOf(
      await callRoute(authAction, '/auth', {
        context: { clientIp: '198.51.100.201' },
        body: {
          intent: 'provider-sign-up',
          workingName: 'Pague Aqui',
          email,
          password: ATTACKER_PASSWORD,
          confirmPassword: ATTACKER_PASSWORD,
          acceptTerms: 'on',
          acceptPolicies: 'on',
        },
      }),
    )
    const attackers = await accountRow(email)
    const { token: attackersLink } = await newestLink(email)
    // The owner signs up herself: the same answer as any sign-up.
    const signedUp = await signUp(email, VICTIM_PASSWORD, 'Ana Souza')
    expect(signedUp).toMatchObject({ status: 302, location: '/auth?mode=login&type=client' })
    const hers = await accountRow(email)
    expect(hers?.id).not.toBe(attackers?.id)
    expect(hers).toMatchObject({ name: 'Ana Souza', emailVerified: false })
    expect(
      await db()
        .select()
        .from(user)
        .where(eq(user.id, attackers?.id ?? '')),
    ).toEqual([])
    expect(
      await db()
        .select()
        .from(profiles)
        .where(eq(profiles.userId, attackers?.id ?? '')),
    ).toEqual([])
    const [role] = await db()
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, hers?.id ?? ''))
    expect(role?.role).toBe('client')
    // Her own link came, greeting no name at all.
    const { mail, token, count } = await newestLink(email)
    expect(count).toBe(2)
    expect(mail).toContain('Olá,')
    expect(mail).not.toContain('Pague Aqui')
    expect(mail).not.toContain('Ana Souza')
    // The attacker's link and his sign-up browser confirm nothing now, even with his password.
    for (const [link, cookie] of [
      [attackersLink, attackerBrowser],
      [token, attackerBrowser],
    ] as const) {
      const answer = await confirmWith(
        link,
        { intent: 'password', password: ATTACKER_PASSWORD },
        cookie,
      )
      expect(answer.data?.result.kind).not.toMatch(/^confirmed/)
    }
    expect((await confirmWith(attackersLink, {}, attackerBrowser)).data?.result).toEqual({
      kind: 'error',
      reason: 'expired',
    })
    expect((await accountRow(email))?.emailVerified).toBe(false)
    // Her link in her browser: confirmed; only her password signs in.
    const confirmed = await confirmWith(token, {}, cookieOf(signedUp))
    expect(confirmed.data?.result).toMatchObject({ kind: 'confirmed', role: 'client' })
    expect(await signsIn(email, ATTACKER_PASSWORD)).toBe(false)
    expect(await signsIn(email, VICTIM_PASSWORD)).toBe(true)
  })

  it("a confirmed address keeps its account: the owner is told, in her account's name", async () => {
    const owner = await createAccount({ email: 'firme@example.com', name: 'Dona Firme' })
    await signUp('firme@example.com', ATTACKER_PASSWORD, 'Outra Pessoa')
    const accounts = await db().select().from(user).where(eq(user.email, 'firme@example.com'))
    expect(accounts.map((one) => one.id)).toEqual([owner.id])
    const mails = await server.mailsTo('firme@example.com')
    expect(mails.at(-1)).toContain('Olá, Dona Firme!')
    expect(mails.at(-1)).toContain('E-mail já cadastrado')
    expect(await signsIn('firme@example.com', ATTACKER_PASSWORD)).toBe(false)
  })
})

describe('a link never swaps a signed-in browser into its account (point 2)', () => {
  it("B's browser opening A's link stays B's: asked for A's password; given it, A is confirmed and B still signed in", async () => {
    const b = await createAccount({ role: 'client', email: 'conta-b@example.com' })
    const bCookie = await sessionCookie(b.email)
    await signUp('conta-a@example.com', ATTACKER_PASSWORD, 'Conta A')
    const { token } = await newestLink('conta-a@example.com')
    const opened = await confirmWith(token, {}, bCookie)
    expect(opened.data?.result.kind).toBe('prove')
    expect(opened.headers?.getSetCookie() ?? []).toEqual([])
    const proved = await confirmWith(
      token,
      { intent: 'password', password: ATTACKER_PASSWORD },
      bCookie,
    )
    expect(proved.data?.result).toEqual({
      kind: 'confirmed-apart',
      email: 'conta-a@example.com',
      role: 'client',
      why: 'other-account',
    })
    expect(sessionSet(proved)).toBe(false)
    const still = cookieOf(proved, bCookie)
    expect(
      await currentUser(new Request(TEST_BASE_URL, { headers: { cookie: still } })),
    ).toMatchObject({ id: b.id })
    const a = await accountRow('conta-a@example.com')
    expect(a?.emailVerified).toBe(true)
    expect(
      await db()
        .select()
        .from(session)
        .where(eq(session.userId, a?.id ?? '')),
    ).toEqual([])
  })

  it('even in the browser that signed up A, a session of B stays', async () => {
    const b = await createAccount({ role: 'client', email: 'conta-b2@example.com' })
    const browser = cookieOf(await signUp('conta-a2@example.com', TEST_PASSWORD, 'Conta A'))
    const withB = `${browser}; ${await sessionCookie(b.email)}`
    const { token } = await newestLink('conta-a2@example.com')
    const answer = await confirmWith(token, {}, withB)
    expect(answer.data?.result).toMatchObject({ kind: 'confirmed-apart', why: 'other-account' })
    expect(sessionSet(answer)).toBe(false)
    expect(
      await currentUser(new Request(TEST_BASE_URL, { headers: { cookie: withB } })),
    ).toMatchObject({ id: b.id })
  })
})

describe('a link for a new address of an account (point 1: kept safe)', () => {
  async function changeTo(email: string) {
    const owner = await createAccount({ role: 'client' })
    const cookie = await sessionCookie(owner.email)
    const changed = await callRoute(clientAccountAction, '/client-dashboard/account', {
      cookie,
      body: { intent: 'email', email },
    })
    expect(changed.status).toBe(200)
    const { token } = await newestLink(email)
    return { owner, cookie, token }
  }

  it("moves the account only for its own session or its password, never someone else's browser", async () => {
    const { owner, token } = await changeTo('novo-endereco@example.com')
    const stranger = await sessionCookie((await createAccount({ role: 'client' })).email)
    for (const cookie of ['', stranger]) {
      const answer = await confirmWith(token, {}, cookie)
      expect(answer.data?.result).toEqual({
        kind: 'prove',
        target: 'address',
        email: 'novo-endereco@example.com',
        role: null,
        hasPassword: true,
      })
      const replaced = await confirmWith(
        token,
        { intent: 'new-password', password: ATTACKER_PASSWORD, confirmPassword: ATTACKER_PASSWORD },
        cookie,
      )
      expect(replaced.data?.result.kind).toBe('prove')
    }
    const wrong = await confirmWith(token, { intent: 'password', password: ATTACKER_PASSWORD })
    expect(wrong.status).toBe(401)
    expect((await db().select().from(user).where(eq(user.id, owner.id)))[0]?.email).toBe(
      owner.email,
    )
    const moved = await confirmWith(
      token,
      { intent: 'password', password: TEST_PASSWORD },
      stranger,
    )
    expect(moved.data?.result).toEqual({ kind: 'changed', email: 'novo-endereco@example.com' })
    expect(sessionSet(moved)).toBe(false)
    expect((await db().select().from(user).where(eq(user.id, owner.id)))[0]?.email).toBe(
      'novo-endereco@example.com',
    )
  })

  it('with the account signed in here, as before', async () => {
    const { owner, cookie, token } = await changeTo('mesmo-navegador@example.com')
    const answer = await confirmWith(token, {}, cookie)
    expect(answer.data?.result).toEqual({ kind: 'changed', email: 'mesmo-navegador@example.com' })
    const [row] = await db().select().from(user).where(eq(user.id, owner.id))
    expect(row?.email).toBe('mesmo-navegador@example.com')
    // The new address counts from now: granting admin waits for a sign-in with the password.
    expect(row?.confirmedAt?.getTime()).toBeGreaterThan(row?.passwordSignInAt?.getTime() ?? 0)
  })
})
