import { and, eq, like } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
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
  sessionCookie,
  TEST_BASE_URL,
  TEST_PASSWORD,
  useTestServerEnv,
} from '#tests/factories/account.ts'
import { mailsTo } from '#tests/support/outbox.ts'

// Issue 19 points 14 and 15: every account e-mail in the account's language, whatever the page
// it was asked from; a change of e-mail told to the old address, with a link that secures the
// account (every session ended, the old address kept, a new password), once and for 7 days.

let dataDir = ''
let visitor = 0

beforeAll(async () => {
  dataDir = await useTestServerEnv()
})

beforeEach(() => {
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
})

const mailTo = (to: string) => mailsTo(dataDir, to)

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

  it('the link ends every session, keeps the old address, refuses the pending change and opens the password screen, once', async () => {
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
    expect(secured.status).toBe(302)
    const resetToken =
      new URL(secured.location ?? '', TEST_BASE_URL).searchParams.get('token') ?? ''
    expect(secured.location).toMatch(/^\/auth\?mode=reset&token=/)
    expect(await db().select().from(session).where(eq(session.userId, account.id))).toEqual([])
    for (const cookie of [account.cookie, otherDevice]) {
      expect(await currentUser(new Request(TEST_BASE_URL, { headers: { cookie } }))).toBeNull()
    }

    // The pending new address can no longer be confirmed.
    expect(await confirm(confirmation)).toMatchObject({ kind: 'error' })
    const [kept] = await db().select().from(user).where(eq(user.id, account.id))
    expect(kept?.email).toBe(account.email)

    // The password screen takes a new password with its token; the old one no longer works.
    const NEW_PASSWORD = 'outra-senha-forte-456'
    const reset = await postAuth(
      { intent: 'reset', token: resetToken, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      pageHeaders('pt'),
    )
    expect(reset).toMatchObject({ status: 302, location: '/auth?mode=login' })
    await expect(sessionCookie(account.email)).rejects.toThrow(/invalid/)
    expect(await sessionCookie(account.email, NEW_PASSWORD)).toMatch(/session_token=/)

    // Once only.
    const again = await postAuth({ intent: 'secure-account', token }, pageHeaders('pt'))
    expect(again).toMatchObject({ status: 400, data: { invalidToken: true } })
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

  it('takes the address back from an unconfirmed account opened on it, and the old password stops signing in at once', async () => {
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
    // Before any new password is set, the one known until now opens nothing.
    await expect(sessionCookie(account.email)).rejects.toThrow(/invalid/)
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
          eq(verification.value, JSON.stringify({ userId: account.id, email: account.email })),
        ),
      )
    for (const tried of [token, 'inventado', '']) {
      const refused = await postAuth({ intent: 'secure-account', token: tried }, pageHeaders('pt'))
      expect(refused).toMatchObject({ status: 400, data: { invalidToken: true } })
    }
    expect(await db().select().from(session).where(eq(session.userId, account.id))).toHaveLength(1)
  })
})
