import { and, eq, like, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { SECURE_LINK_DAYS } from '#app/modules/auth/secure-account.server.ts'
import { currentUser } from '#app/modules/auth/session.server.ts'
import { action as authAction, loader as authLoader } from '#app/routes/auth/auth.tsx'
import { action as confirmAction } from '#app/routes/auth/email-confirmation.tsx'
import { action as clientAccountAction } from '#app/routes/client/account.tsx'
import { loader as setLanguage } from '#app/routes/resources/set-language.ts'
import { db } from '#db/client.server.ts'
import { session, user, verification } from '#db/schema/auth.ts'
import {
  createAccount,
  enrolTwoFactor,
  sessionCookie,
  TEST_PASSWORD,
} from '#tests/factories/account.ts'
import { setUpTestServer, TEST_BASE_URL } from '#tests/support/test-server.ts'
import { totpCode } from '#tests/support/totp.ts'

// Issue 19 points 14 and 15: every account e-mail in the account's language, whatever the page
// it was asked from; a change of e-mail told to the old address, with a link that secures the
// account (every session ended, the old address kept, a new password), once and for 7 days.

let visitor = 0

const server = setUpTestServer()

const mailTo = (to: string) => server.mailsTo(to)

/** The page's language: the path's, else the stored cookie, else the browser's. */
const pageHeaders = (language: 'pt' | 'en', cookie = '') => ({
  'accept-language': language === 'pt' ? 'pt-BR' : 'en-US',
  cookie: [`aprova-lang=${language}`, cookie].filter(Boolean).join('; '),
})

async function answer(run: () => unknown) {
  let result: unknown
  try {
    result = await run()
  } catch (thrown) {
    result = thrown
  }
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get('location'), data: undefined }
  }
  const value = result as { data: Record<string, unknown>; init?: ResponseInit | null }
  return { status: value.init?.status ?? 200, location: null, data: value.data }
}

function postAuth(fields: Record<string, string>, headers: Record<string, string>) {
  const request = new Request(`${TEST_BASE_URL}/auth`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(fields),
  })
  return answer(() =>
    authAction({
      request,
      params: {},
      context: { clientIp: `203.0.113.${++visitor % 250}` },
    } as never),
  )
}

function loadAuth(url: string, headers: Record<string, string> = {}) {
  return answer(() =>
    authLoader({
      request: new Request(`${TEST_BASE_URL}${url}`, { headers }),
      params: {},
      context: {},
    } as never),
  )
}

/** /language/{lang} asked with the account's cookie, from `from` (Sec-Fetch-Site; none: absent). */
function switchLanguage(cookie: string, lang: 'pt' | 'en', from: string | null = 'same-origin') {
  const headers: Record<string, string> = { cookie }
  if (from) headers['sec-fetch-site'] = from
  return setLanguage({
    request: new Request(`${TEST_BASE_URL}/language/${lang}?to=%2F`, { headers }),
    params: { lang },
    context: {},
  } as never) as Promise<Response>
}

/** The language stored with the account `id`. */
async function storedLanguage(id: string) {
  const [row] = await db().select({ language: user.language }).from(user).where(eq(user.id, id))
  return row?.language
}

/** A client account whose language is `language`, switched the way the site does it. */
async function clientIn(language: 'pt' | 'en') {
  const account = await createAccount({ role: 'client' })
  const cookie = await sessionCookie(account.email)
  if (language === 'en') await switchLanguage(cookie, 'en')
  expect(await storedLanguage(account.id)).toBe(language)
  return { ...account, cookie }
}

function changeEmail(cookie: string, email: string, page: 'pt' | 'en') {
  const request = new Request(`${TEST_BASE_URL}/client-dashboard/account`, {
    method: 'POST',
    headers: pageHeaders(page, cookie),
    body: new URLSearchParams({ intent: 'email', email }),
  })
  return answer(() => clientAccountAction({ request, params: {}, context: {} } as never))
}

async function confirm(token: string, cookie = '') {
  const result = (await confirmAction({
    request: new Request(`${TEST_BASE_URL}/?index`, {
      method: 'POST',
      headers: { cookie },
      body: new URLSearchParams({ token }),
    }),
    context: {},
  } as never)) as { data: { result: unknown } }
  return result.data.result
}

const subjectOf = (mail: string | undefined) => /^Subject: (.*)$/m.exec(mail ?? '')?.[1]

describe("account e-mails go in the account's language (point 14)", () => {
  it("a signed-in account that switches the site's language gets its e-mails in it", async () => {
    const account = await clientIn('en')
    await switchLanguage(account.cookie, 'pt')
    expect(await storedLanguage(account.id)).toBe('pt')
  })

  it("a link from another site switches the page's language, not the account's", async () => {
    const account = await clientIn('pt')
    for (const from of ['cross-site', 'same-site', null]) {
      const answer = await switchLanguage(account.cookie, 'en', from)
      expect(answer.headers.get('set-cookie')).toMatch(/aprova-lang=en/)
    }
    expect(await storedLanguage(account.id)).toBe('pt')
  })

  it('password reset: an English account asking from a Portuguese page gets English', async () => {
    const account = await clientIn('en')
    await postAuth({ intent: 'forgot', email: account.email }, pageHeaders('pt'))
    const mail = (await mailTo(account.email)).at(-1)
    expect(subjectOf(mail)).toBe('Password reset on Aprova')
    expect(mail).toContain('Hello')
  })

  it('password reset: a Portuguese account asking from an English page gets Portuguese', async () => {
    const account = await clientIn('pt')
    await postAuth({ intent: 'forgot', email: account.email }, pageHeaders('en'))
    const mail = (await mailTo(account.email)).at(-1)
    // (The subject is MIME-encoded: its accents.)
    expect(mail).toContain('Recebemos um pedido para redefinir a senha da sua conta.')
  })

  it("a sign-up with a registered address tells the owner in the account's language", async () => {
    for (const [mine, page, words] of [
      ['en', 'pt', 'Someone tried to open a new Aprova account'],
      ['pt', 'en', 'E-mail já cadastrado'],
    ] as const) {
      const account = await clientIn(mine)
      await postAuth(
        {
          intent: 'client-sign-up',
          displayName: 'Outra Pessoa',
          email: account.email,
          password: TEST_PASSWORD,
          confirmPassword: TEST_PASSWORD,
          about: 'Uma descrição qualquer.',
          dateOfBirth: '20/05/1990',
          acceptTerms: 'on',
          acceptPolicies: 'on',
        },
        pageHeaders(page),
      )
      const mails = await mailTo(account.email)
      expect(mails.at(-1)).toContain(words)
    }
  })

  it("a new address is confirmed in the account's language, both ways", async () => {
    for (const [mine, page, subject] of [
      ['en', 'pt', 'Confirm your new e-mail on Aprova'],
      ['pt', 'en', 'Confirme seu novo e-mail no Aprova'],
    ] as const) {
      const account = await clientIn(mine)
      const next = `novo-${mine}-${account.id.slice(0, 6).toLowerCase()}@example.com`
      expect(await changeEmail(account.cookie, next, page)).toMatchObject({ status: 200 })
      const [mail] = await mailTo(next)
      expect(subjectOf(mail)).toBe(subject)
    }
  })
})

/** The token of the confirmation link sent to a new address. */
async function confirmationToken(newEmail: string) {
  return /\?token=([\w.-]+)/.exec((await mailTo(newEmail))[0] ?? '')?.[1] ?? ''
}

/** The proof screen's token in the address the secure button sends the browser to. */
const proofOf = (location: string | null | undefined) =>
  new URL(location ?? '/', TEST_BASE_URL).searchParams.get('proof') ?? ''

/** The link of the notice sent to the old address, and its token. */
async function noticeLink(oldEmail: string) {
  const mail = (await mailTo(oldEmail)).find((m) => m.includes('mode=secure')) ?? ''
  const link = /http:\/\/\S+\/auth\?mode=secure&(?:amp;)?token=[\w-]+/.exec(mail)?.[0] ?? ''
  return { mail, token: new URL(link.replace('&amp;', '&')).searchParams.get('token') ?? '' }
}

describe('a change of e-mail is told to the old address (point 15)', () => {
  it("sends the notice in the account's language with the new address and the link", async () => {
    for (const [mine, page, subject, words] of [
      ['en', 'pt', 'Your Aprova account e-mail is about to change', 'valid for 7 days'],
      ['pt', 'en', 'O e-mail da sua conta no Aprova vai mudar', 'vale por 7 dias'],
    ] as const) {
      const account = await clientIn(mine)
      const next = `troca-${mine}-${account.id.slice(0, 6).toLowerCase()}@example.com`
      await changeEmail(account.cookie, next, page)
      const { mail, token } = await noticeLink(account.email)
      expect(subjectOf(mail)).toBe(subject)
      expect(mail).toContain(next)
      expect(mail).toContain(words)
      expect(token).not.toBe('')
    }
    expect(SECURE_LINK_DAYS).toBe(7)
  })

  it('the link ends every session, keeps the old address, refuses the pending change and asks for a proof before a new password, once', async () => {
    const account = await clientIn('pt')
    const otherDevice = await sessionCookie(account.email)
    const next = `invasor-${account.id.slice(0, 6).toLowerCase()}@example.com`
    await changeEmail(account.cookie, next, 'pt')
    const { token } = await noticeLink(account.email)
    const confirmation = await confirmationToken(next)

    // Opening the link changes nothing by itself (mail scanners open links): a button does.
    expect((await loadAuth(`/auth?mode=secure&token=${token}`)).data).toMatchObject({
      screen: 'secure',
      token,
    })
    expect(await db().select().from(session).where(eq(session.userId, account.id))).toHaveLength(2)
    const secured = await postAuth({ intent: 'secure-account', token }, pageHeaders('pt'))
    const proof = proofOf(secured.location)
    expect(secured.location).toMatch(/^\/auth\?mode=secure&proof=/)
    expect(await db().select().from(session).where(eq(session.userId, account.id))).toEqual([])
    for (const cookie of [account.cookie, otherDevice]) {
      expect(await currentUser(new Request(TEST_BASE_URL, { headers: { cookie } }))).toBeNull()
    }

    // The pending new address can no longer be confirmed.
    expect(await confirm(confirmation)).toMatchObject({ kind: 'error' })
    const [kept] = await db().select().from(user).where(eq(user.id, account.id))
    expect(kept?.email).toBe(account.email)

    // No password is handed out: the screen asks for the current one (no code: none set up).
    expect((await loadAuth(`/auth?mode=secure&proof=${proof}`)).data?.proof).toEqual({
      token: proof,
      password: true,
      code: false,
    })
    const proved = await postAuth(
      { intent: 'prove-password', proof, password: TEST_PASSWORD },
      pageHeaders('pt'),
    )
    expect(proved.location).toMatch(/^\/auth\?mode=reset&token=/)
    const resetToken = new URL(proved.location ?? '', TEST_BASE_URL).searchParams.get('token') ?? ''

    // The password screen takes a new password with its token; the old one no longer works.
    const NEW_PASSWORD = 'outra-senha-forte-456'
    const reset = await postAuth(
      { intent: 'reset', token: resetToken, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      pageHeaders('pt'),
    )
    expect(reset).toMatchObject({ status: 302, location: '/auth?mode=login' })
    await expect(sessionCookie(account.email)).rejects.toThrow(/invalid/)
    expect(await sessionCookie(account.email, NEW_PASSWORD)).toMatch(/session_token=/)

    // Once only, the link and the proof screen.
    const again = await postAuth({ intent: 'secure-account', token }, pageHeaders('pt'))
    expect(again).toMatchObject({ status: 400, data: { invalidToken: true } })
    const twice = await postAuth(
      { intent: 'prove-password', proof, password: NEW_PASSWORD },
      pageHeaders('pt'),
    )
    expect(twice).toMatchObject({ status: 400, data: { invalidToken: true } })
  })

  it('undoes a change that was already confirmed', async () => {
    const account = await clientIn('pt')
    const next = `confirmado-${account.id.slice(0, 6).toLowerCase()}@example.com`
    await changeEmail(account.cookie, next, 'pt')
    const confirmation = await confirmationToken(next)
    expect(await confirm(confirmation, account.cookie)).toMatchObject({ kind: 'changed' })
    const { token } = await noticeLink(account.email)
    const secured = await postAuth({ intent: 'secure-account', token }, pageHeaders('pt'))
    expect(secured.status).toBe(302)
    const [row] = await db().select().from(user).where(eq(user.id, account.id))
    expect(row).toMatchObject({ email: account.email, emailVerified: true })
  })

  it('takes the address back from an unconfirmed account opened on it', async () => {
    const account = await clientIn('pt')
    const next = `tomado-${account.id.slice(0, 6).toLowerCase()}@example.com`
    await changeEmail(account.cookie, next, 'pt')
    const confirmation = await confirmationToken(next)
    expect(await confirm(confirmation, account.cookie)).toMatchObject({ kind: 'changed' })
    // Whoever changed it keeps the freed address with a second, unconfirmed account.
    const squatter = await createAccount({ email: account.email, confirmed: false })
    const { token } = await noticeLink(account.email)
    const secured = await postAuth({ intent: 'secure-account', token }, pageHeaders('pt'))
    expect(secured.status).toBe(302)
    const [row] = await db().select().from(user).where(eq(user.id, account.id))
    expect(row).toMatchObject({ email: account.email, emailVerified: true })
    expect(await db().select().from(user).where(eq(user.id, squatter.id))).toEqual([])
  })

  it('leaves a confirmed account on the old address alone', async () => {
    const account = await clientIn('pt')
    const next = `livre-${account.id.slice(0, 6).toLowerCase()}@example.com`
    await changeEmail(account.cookie, next, 'pt')
    const confirmation = await confirmationToken(next)
    expect(await confirm(confirmation, account.cookie)).toMatchObject({ kind: 'changed' })
    const other = await createAccount({ email: account.email })
    const { token } = await noticeLink(account.email)
    expect((await postAuth({ intent: 'secure-account', token }, pageHeaders('pt'))).status).toBe(
      302,
    )
    const [row] = await db().select().from(user).where(eq(user.id, account.id))
    expect(row?.email).toBe(next)
    expect(await db().select().from(user).where(eq(user.id, other.id))).toHaveLength(1)
  })

  it(`refuses a link past its ${SECURE_LINK_DAYS} days, or made up`, async () => {
    const account = await clientIn('pt')
    await changeEmail(
      account.cookie,
      `tarde-${account.id.slice(0, 6).toLowerCase()}@example.com`,
      'pt',
    )
    const { token } = await noticeLink(account.email)
    await db()
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        and(
          like(verification.identifier, 'secure-account:%'),
          like(verification.value, `%${account.id}%`),
        ),
      )
    for (const tried of [token, 'inventado', '']) {
      const refused = await postAuth({ intent: 'secure-account', token: tried }, pageHeaders('pt'))
      expect(refused).toMatchObject({ status: 400, data: { invalidToken: true } })
    }
    expect(await db().select().from(session).where(eq(session.userId, account.id))).toHaveLength(1)
  })
})

/** The account's change to `next`, confirmed from the new mailbox; the notice's link token. */
async function changedTo(account: { cookie: string; email: string }, next: string) {
  await changeEmail(account.cookie, next, 'pt')
  expect(await confirm(await confirmationToken(next), account.cookie)).toMatchObject({
    kind: 'changed',
  })
  return (await noticeLink(account.email)).token
}

const securedMails = async (to: string) =>
  (await mailTo(to)).filter((mail) =>
    /A troca de e-mail da sua conta no Aprova foi cancelada|e-mail change of your Aprova account was cancelled/.test(
      mail,
    ),
  )

describe('the old mailbox alone does not take the account back (issue 30 point 5)', () => {
  it('the new address is told when the link is used, in the account’s language', async () => {
    for (const [language, words] of [
      ['pt', 'A troca de e-mail da sua conta no Aprova foi cancelada'],
      ['en', 'The e-mail change of your Aprova account was cancelled'],
    ] as const) {
      const account = await clientIn(language)
      // A change still pending: the address it was moving to is told all the same.
      const next = `avisado-${language}-${account.id.slice(0, 6).toLowerCase()}@example.com`
      await changeEmail(account.cookie, next, 'pt')
      const { token } = await noticeLink(account.email)
      await postAuth({ intent: 'secure-account', token }, pageHeaders('pt'))
      const mails = await securedMails(next)
      expect(mails).toHaveLength(1)
      expect(mails[0]).toContain(words)
      expect(mails[0]).toContain('/auth?mode=login')
    }
  })

  it('the proof screen takes five wrong answers, then ends; the password is left as it was', async () => {
    const account = await clientIn('pt')
    const token = await changedTo(
      account,
      `tentado-${account.id.slice(0, 6).toLowerCase()}@example.com`,
    )
    const proof = proofOf(
      (await postAuth({ intent: 'secure-account', token }, pageHeaders('pt'))).location,
    )
    for (let i = 0; i < 5; i++) {
      const wrong = await postAuth(
        { intent: 'prove-password', proof, password: `chute-errado-${i}` },
        pageHeaders('pt'),
      )
      expect(wrong).toMatchObject({
        status: 401,
        data: { error: { field: 'password', message: 'passwordWrong' } },
      })
    }
    const late = await postAuth(
      { intent: 'prove-password', proof, password: TEST_PASSWORD },
      pageHeaders('pt'),
    )
    expect(late).toMatchObject({ status: 400, data: { invalidToken: true } })
    expect((await loadAuth(`/auth?mode=secure&proof=${proof}`)).data?.proof).toEqual({
      expired: true,
    })
    // Nobody was handed a password; the owner's still signs in.
    expect(await sessionCookie(account.email)).toMatch(/session_token=/)
  })

  it('with two-step verification, a code from the app proves it', async () => {
    const account = await clientIn('pt')
    // The set-up moves the account to a new session, which has just proved itself.
    const { secret, cookie } = await enrolTwoFactor(account.cookie)
    const token = await changedTo(
      { ...account, cookie },
      `com-app-${account.id.slice(0, 6).toLowerCase()}@example.com`,
    )
    const proof = proofOf(
      (await postAuth({ intent: 'secure-account', token }, pageHeaders('pt'))).location,
    )
    expect((await loadAuth(`/auth?mode=secure&proof=${proof}`)).data?.proof).toMatchObject({
      password: true,
      code: true,
    })
    const code = totpCode(secret, Date.now() + 30_000)
    const proved = await postAuth({ intent: 'prove-code', proof, code }, pageHeaders('pt'))
    expect(proved.location).toMatch(/^\/auth\?mode=reset&token=/)
  })

  it('a recycled old mailbox: no reset, no undoing the next change; the owner moves the account again', async () => {
    const owner = await clientIn('pt')
    const stranger = owner.email
    const next = `nova-caixa-${owner.id.slice(0, 6).toLowerCase()}@example.com`
    const token = await changedTo(owner, next)

    // The stranger who now holds the old mailbox presses the link: the address comes back to
    // his mailbox and every session ends; the owner is told at the new address.
    const secured = await postAuth({ intent: 'secure-account', token }, pageHeaders('pt'))
    expect(secured.location).toMatch(/^\/auth\?mode=secure&proof=/)
    expect((await db().select().from(user).where(eq(user.id, owner.id)))[0]?.email).toBe(stranger)
    expect(await securedMails(next)).toHaveLength(1)

    // He cannot prove the account is his, and 'forgot password' sends him no reset link.
    const before = (await mailTo(stranger)).length
    expect(await postAuth({ intent: 'forgot', email: stranger }, pageHeaders('pt'))).toMatchObject({
      status: 200,
      data: { sent: true },
    })
    const held = (await mailTo(stranger)).slice(before)
    expect(held).toHaveLength(1)
    expect(held[0]).not.toMatch(/mode=reset/)
    expect(held[0]).toContain('não pode ser redefinida por e-mail')
    expect(
      await db()
        .select()
        .from(verification)
        .where(
          and(like(verification.identifier, 'reset-password:%'), eq(verification.value, owner.id)),
        ),
    ).toEqual([])

    // The owner signs in with her password and moves the account to her mailbox again; the old
    // address is told without a link to undo it.
    const cookie = await sessionCookie(owner.email)
    // Links are refused when issued in the second the account was secured or before (their
    // time is in whole seconds): she comes back a moment later.
    await db()
      .update(verification)
      .set({ value: sql`(${verification.value}::bigint - 1000)::text` })
      .where(eq(verification.identifier, `email-change-blocked:${owner.id}`))
    await changeEmail(cookie, next, 'pt')
    const notices = (await mailTo(stranger)).slice(before + 1)
    expect(notices).toHaveLength(1)
    expect(notices[0]).not.toMatch(/mode=secure/)
    expect(notices[0]).toContain('não pode desfazer a troca')
    const confirmation = /\?token=([\w.-]+)/.exec((await mailTo(next)).at(-1) ?? '')?.[1] ?? ''
    expect(await confirm(confirmation, cookie)).toMatchObject({ kind: 'changed' })
    expect((await db().select().from(user).where(eq(user.id, owner.id)))[0]?.email).toBe(next)
    // A reset now goes to her.
    await postAuth({ intent: 'forgot', email: next }, pageHeaders('pt'))
    expect((await mailTo(next)).at(-1)).toMatch(/mode=reset/)
  })

  it('the owner who proves it ends the dispute: her old mailbox resets again', async () => {
    const account = await clientIn('pt')
    const token = await changedTo(
      account,
      `provado-${account.id.slice(0, 6).toLowerCase()}@example.com`,
    )
    const proof = proofOf(
      (await postAuth({ intent: 'secure-account', token }, pageHeaders('pt'))).location,
    )
    await postAuth({ intent: 'prove-password', proof, password: TEST_PASSWORD }, pageHeaders('pt'))
    await postAuth({ intent: 'forgot', email: account.email }, pageHeaders('pt'))
    expect((await mailTo(account.email)).at(-1)).toMatch(/mode=reset/)
  })
})
