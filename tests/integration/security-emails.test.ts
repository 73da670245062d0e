import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { lookupIpPlace } from '#app/modules/location/geolocation.server.ts'
import { action as securityAction } from '#app/routes/account/security.tsx'
import { action as authAction } from '#app/routes/auth/auth.tsx'
import { action as confirmAction } from '#app/routes/auth/confirm.tsx'
import { action as clientAccountAction } from '#app/routes/client/account.tsx'
import { action as providerAccountAction } from '#app/routes/provider/account.tsx'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import {
  createAccount,
  enrolTwoFactor,
  makeStale,
  sessionCookie,
  signedIn,
  TEST_PASSWORD,
  updatedCookie,
} from '#tests/factories/account.ts'
import { callRoute } from '#tests/support/route-call.ts'
import { passwordStep, secondFactorStep } from '#tests/support/sign-in.ts'
import { setUpTestServer, TEST_BASE_URL } from '#tests/support/test-server.ts'
import { nextCode } from '#tests/support/totp.ts'

// Issue 33 point 11: turning two-step verification on or off, using a backup code, renewing the
// codes, and a password change (signed in, or by a reset link) each e-mail the owner: what
// happened, when (Brasília time), from which device and place, and what to do if it was not
// her; never a password or a code.

const server = setUpTestServer()

/** A Brazilian address the offline database places, and a browser the mails name. */
const FROM = {
  ip: '187.31.100.1',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
}
const device = { pt: 'Firefox no Linux', en: 'Firefox on Linux' }
/** The year in the mail's date (the current one in Brasília). */
const year = String(new Date().getUTCFullYear())

/** A visitor's address of its own for the forms whose limits count per visitor. */
let visitors = 0
const newVisitor = () => `203.0.113.${(++visitors % 250) + 1}`

/** The e-mails to `email` whose text holds `words`. */
const mailsWith = async (email: string, words: string) =>
  (await server.mailsTo(email)).filter((mail) => mail.includes(words))

/** The account of `email` speaks `language` (as switching the site's language leaves it). */
const speaks = (id: string, language: 'pt' | 'en') =>
  db().update(user).set({ language }).where(eq(user.id, id))

/** The security page's form, sent from FROM. */
const onSecurityPage = (cookie: string, body: Record<string, string>) =>
  callRoute(securityAction, '/account/security', {
    body,
    cookie,
    headers: { 'user-agent': FROM.userAgent },
    context: { clientIp: FROM.ip },
  })

/** What every notice says: when, from where, and never a password. */
function expectWhenAndWhere(mail: string | undefined, language: 'pt' | 'en') {
  expect(mail).toContain(device[language])
  expect(mail).toContain(lookupIpPlace(FROM.ip))
  expect(mail).toContain(year)
  expect(mail).toContain(language === 'pt' ? '(horário de Brasília)' : '(Brasília time)')
  expect(mail).not.toContain(TEST_PASSWORD)
}

it('the test address is placed by the offline database', () => {
  expect(lookupIpPlace(FROM.ip)).toBeTruthy()
})

describe('two-step verification turned on and off', () => {
  for (const language of ['pt', 'en'] as const) {
    it(`tells the owner each time, in ${language}, with no key or code in the mail`, async () => {
      const client = await signedIn('client')
      await speaks(client.id, language)
      const started = await onSecurityPage(client.cookie, {
        intent: 'enrol',
        password: TEST_PASSWORD,
      })
      const { uri, secret, backupCodes } = started.data?.enrolment ?? {}
      const key = String(secret).replaceAll(' ', '')
      // A wrong first code turns nothing on, and tells nothing.
      await onSecurityPage(client.cookie, { intent: 'enrol-confirm', code: '000000', uri })
      const on = language === 'pt' ? 'foi ativada na sua conta' : 'was turned on for your'
      expect(await mailsWith(client.email, on)).toHaveLength(0)
      const done = await onSecurityPage(client.cookie, {
        intent: 'enrol-confirm',
        code: await nextCode(key),
        uri,
      })
      expect(done.location).toBe('/account/security')
      const [onMail] = await mailsWith(client.email, on)
      expectWhenAndWhere(onMail, language)
      expect(onMail).toContain(
        language === 'pt'
          ? 'Subject: =?UTF-8?'
          : 'Subject: Two-step verification turned on for your Aprova account',
      )
      expect(onMail).toContain(language === 'pt' ? 'Se não foi' : 'If it was not')
      expect(onMail).toContain(`${TEST_BASE_URL}/account/security`)
      expect(onMail).not.toContain(key)
      for (const code of backupCodes) expect(onMail).not.toContain(code)

      // Off: a wrong password changes nothing and tells nothing; the right one is told.
      const cookie = updatedCookie(client.cookie, done.headers?.getSetCookie() ?? [])
      const off = language === 'pt' ? 'foi desativada na sua conta' : 'was turned off for your'
      const wrong = await onSecurityPage(cookie, { intent: 'turn-off', password: 'nao-e-essa-1' })
      expect(wrong.status).toBe(401)
      expect(await mailsWith(client.email, off)).toHaveLength(0)
      const turnedOff = await onSecurityPage(cookie, {
        intent: 'turn-off',
        password: TEST_PASSWORD,
      })
      expect(turnedOff.location).toBe('/account/security')
      const offMails = await mailsWith(client.email, off)
      expect(offMails).toHaveLength(1)
      expectWhenAndWhere(offMails[0], language)
      expect(offMails[0]).toContain(
        language === 'pt' ? 'Agora só a senha protege' : 'Only the password protects',
      )
    })
  }
})

describe('backup codes used and renewed', () => {
  it('a backup code at sign-in and at a step-up each tell how many are left', async () => {
    const provider = await signedIn('provider')
    const { backupCodes, cookie, secret } = await enrolTwoFactor(provider.cookie)
    const used = 'Um código de recuperação foi usado'
    expect(await mailsWith(provider.email, used)).toHaveLength(0)

    // Signing in with the password, then a backup code.
    const from = { clientIp: FROM.ip, headers: { 'user-agent': FROM.userAgent } }
    const challenge = await passwordStep(provider.email, from)
    expect(challenge.location).toBe('/auth/two-factor')
    const signedInAnswer = await secondFactorStep(challenge.cookie, backupCodes[0] ?? '', from)
    expect(signedInAnswer.location).toBe('/dashboard')
    const first = await mailsWith(provider.email, used)
    expect(first).toHaveLength(1)
    expectWhenAndWhere(first[0], 'pt')
    expect(first[0]).toContain('Restam 9 códigos de recuperação.')
    expect(first[0]).toContain(`${TEST_BASE_URL}/account/security`)
    for (const code of backupCodes) expect(first[0]).not.toContain(code)

    // Confirming who she is before a sensitive action, with another one.
    await makeStale(cookie)
    const confirmed = await callRoute(confirmAction, '/auth/confirm', {
      body: { intent: 'code', code: backupCodes[1] ?? '', next: '/dashboard/account' },
      cookie,
      headers: { 'user-agent': FROM.userAgent },
      context: { clientIp: FROM.ip },
    })
    expect(confirmed.location).toBe('/dashboard/account')
    const second = await mailsWith(provider.email, used)
    expect(second).toHaveLength(2)
    expect(second[1]).toContain('Restam 8 códigos de recuperação.')
    // A code from the app is no news.
    await makeStale(cookie)
    const withApp = await callRoute(confirmAction, '/auth/confirm', {
      body: { intent: 'code', code: await nextCode(secret), next: '/dashboard/account' },
      cookie,
      context: { clientIp: newVisitor() },
    })
    expect(withApp.location).toBe('/dashboard/account')
    expect(await mailsWith(provider.email, used)).toHaveLength(2)
  })

  it('in English, the last codes are counted in English', async () => {
    const client = await signedIn('client')
    await speaks(client.id, 'en')
    const { backupCodes, cookie } = await enrolTwoFactor(client.cookie)
    await makeStale(cookie)
    for (const code of backupCodes.slice(0, 9)) {
      await makeStale(cookie)
      const answer = await callRoute(confirmAction, '/auth/confirm', {
        body: { intent: 'code', code, next: '/client-dashboard' },
        cookie,
        context: { clientIp: newVisitor() },
      })
      expect(answer.location).toBe('/client-dashboard')
    }
    const mails = await mailsWith(client.email, 'A backup code was used')
    expect(mails).toHaveLength(9)
    // The outbox's order is not the order of sending: each count once, in words of English.
    for (let left = 1; left <= 9; left++) {
      const words = left === 1 ? '1 backup code is left.' : `${left} backup codes are left.`
      expect(
        mails.filter((mail) => mail.includes(words)),
        words,
      ).toHaveLength(1)
    }
  })

  it('renewing the codes tells the owner, without the new codes', async () => {
    const client = await signedIn('client')
    const { cookie } = await enrolTwoFactor(client.cookie)
    const renewed = await onSecurityPage(cookie, {
      intent: 'backup-codes',
      password: TEST_PASSWORD,
    })
    const codes: string[] = renewed.data?.backupCodes ?? []
    expect(codes).toHaveLength(10)
    // When they were made, for the file the page offers.
    expect(Date.parse(renewed.data?.codesAt)).toBeGreaterThan(Date.now() - 60_000)
    const mails = await mailsWith(client.email, 'Novos códigos de recuperação foram gerados')
    expect(mails).toHaveLength(1)
    expectWhenAndWhere(mails[0], 'pt')
    expect(mails[0]).toContain('os anteriores não valem mais')
    for (const code of codes) expect(mails[0]).not.toContain(code)
  })
})

describe('the password changed', () => {
  it('signed in: the owner is told, never the password, with a way to ask for a new one', async () => {
    for (const [role, action, path, language] of [
      ['provider', providerAccountAction, '/dashboard/account', 'pt'],
      ['client', clientAccountAction, '/client-dashboard/account', 'en'],
    ] as const) {
      const account = await signedIn(role)
      await speaks(account.id, language)
      const NEW_PASSWORD = 'uma-senha-nova-789'
      const changed = await callRoute(action, path, {
        body: {
          intent: 'password',
          currentPassword: TEST_PASSWORD,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        },
        cookie: account.cookie,
        headers: { 'user-agent': FROM.userAgent },
        context: { clientIp: FROM.ip },
      })
      expect(changed.data).toMatchObject({ intent: 'password', done: true })
      const mails = await mailsWith(
        account.email,
        language === 'pt'
          ? 'A senha da sua conta do Aprova foi trocada em'
          : 'The password of your Aprova account was changed on',
      )
      expect(mails).toHaveLength(1)
      expectWhenAndWhere(mails[0], language)
      expect(mails[0]).not.toContain(NEW_PASSWORD)
      expect(mails[0]).toContain(`${TEST_BASE_URL}/auth?mode=forgot`)
    }
  })

  it('by a reset link: the address the link went to is told, in the account’s language', async () => {
    for (const language of ['pt', 'en'] as const) {
      const account = await createAccount({ role: 'client' })
      await speaks(account.id, language)
      await callRoute(authAction, '/auth?mode=forgot', {
        body: { intent: 'forgot', email: account.email },
        context: { clientIp: newVisitor() },
      })
      const link = /mode=reset&token=([\w-]+)/.exec(
        (await server.mailsTo(account.email)).at(-1) ?? '',
      )?.[1]
      expect(link).toBeTruthy()
      const NEW_PASSWORD = 'senha-redefinida-321'
      const reset = await callRoute(authAction, '/auth?mode=reset', {
        body: {
          intent: 'reset',
          token: link ?? '',
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        },
        headers: { 'user-agent': FROM.userAgent },
        context: { clientIp: FROM.ip },
      })
      expect(reset.location).toBe('/auth?mode=login')
      const mails = await mailsWith(
        account.email,
        language === 'pt'
          ? 'A senha da sua conta do Aprova foi redefinida em'
          : 'The password of your Aprova account was reset on',
      )
      expect(mails).toHaveLength(1)
      expectWhenAndWhere(mails[0], language)
      expect(mails[0]).not.toContain(NEW_PASSWORD)
      expect(mails[0]).not.toContain(link)
      expect(mails[0]).toContain(`${TEST_BASE_URL}/auth?mode=forgot`)
      expect(await sessionCookie(account.email, NEW_PASSWORD)).toMatch(/session_token=/)
    }
  })

  it('a used or made-up reset link tells nobody', async () => {
    const account = await createAccount({ role: 'client' })
    const reset = await callRoute(authAction, '/auth?mode=reset', {
      body: {
        intent: 'reset',
        token: 'nao-existe-este-token',
        password: 'senha-redefinida-321',
        confirmPassword: 'senha-redefinida-321',
      },
      context: { clientIp: newVisitor() },
    })
    expect(reset.status).toBe(400)
    expect(await mailsWith(account.email, 'foi redefinida em')).toHaveLength(0)
  })
})
