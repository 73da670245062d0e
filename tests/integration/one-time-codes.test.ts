import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { action as securityAction } from '#app/routes/account/security.tsx'
import { action as confirmAction } from '#app/routes/auth/confirm.tsx'
import { db } from '#db/client.server.ts'
import { session, twoFactor } from '#db/schema/auth.ts'
import {
  enrolTwoFactor,
  makeStale,
  sessionCookie,
  signedIn,
  TEST_PASSWORD,
} from '#tests/factories/account.ts'
import { callRoute } from '#tests/support/route-call.ts'
import { passwordStep, secondFactorStep } from '#tests/support/sign-in.ts'
import { setUpTestServer } from '#tests/support/test-server.ts'
import { totpCode } from '#tests/support/totp.ts'

// Issue 30 point 6: a code from the authenticator app is accepted once (RFC 6238 §5.2). The
// account keeps the last time step accepted and any code of that step or an earlier one is
// refused, at sign-in, on a session waiting for its factor, at a step-up and at set-up alike;
// two requests with one code at the same moment open one session. Backup codes are single-use.

setUpTestServer()

let visitors = 0
const newVisitor = () => ({ clientIp: `198.18.0.${(++visitors % 250) + 1}` })

/** The password step of /auth for an account with a second factor: the challenge's cookie. */
async function challenge(email: string) {
  const answer = await passwordStep(email, newVisitor())
  expect(answer.location).toBe('/auth/two-factor')
  return answer.cookie
}

/** The code form of /auth/two-factor. */
const typeCode = (cookie: string, code: string) => secondFactorStep(cookie, code, newVisitor())

const sessionsOf = async (userId: string) =>
  (await db().select({ id: session.id }).from(session).where(eq(session.userId, userId))).length

/**
 * A provider with an authenticator set up a while ago: no step of now used yet, so each test
 * chooses the codes it types by their time. The key (base32) and the account.
 */
async function providerWithApp() {
  const provider = await signedIn('provider')
  const { secret, cookie, backupCodes } = await enrolTwoFactor(provider.cookie)
  await db()
    .update(twoFactor)
    .set({ lastAcceptedStep: null })
    .where(eq(twoFactor.userId, provider.id))
  return { ...provider, cookie, secret, backupCodes }
}

const WRONG = { field: 'code', message: 'codeWrong' }

describe('a code from the app opens one session (RFC 6238 §5.2)', () => {
  it('the same code twice, seconds apart, signs in once', async () => {
    const provider = await providerWithApp()
    const code = totpCode(provider.secret)
    const before = await sessionsOf(provider.id)
    const first = await typeCode(await challenge(provider.email), code)
    expect(first.location).toBe('/dashboard')
    expect(await sessionsOf(provider.id)).toBe(before + 1)

    const again = await typeCode(await challenge(provider.email), code)
    expect(again.status).toBe(401)
    expect(again.data?.error).toEqual(WRONG)
    expect(again.headers?.getSetCookie().join()).not.toMatch(/session_token=[^;]/)
    expect(await sessionsOf(provider.id)).toBe(before + 1)
  })

  it('two requests with one code at the same moment open one session', async () => {
    const provider = await providerWithApp()
    const code = totpCode(provider.secret)
    const [one, two] = [await challenge(provider.email), await challenge(provider.email)]
    const before = await sessionsOf(provider.id)
    const answers = await Promise.all([typeCode(one, code), typeCode(two, code)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 401])
    expect(await sessionsOf(provider.id)).toBe(before + 1)
  })

  it('a code older than one accepted is refused; a newer one still works', async () => {
    const provider = await providerWithApp()
    const now = Date.now()
    const newer = totpCode(provider.secret, now + 30_000)
    const older = totpCode(provider.secret, now)
    expect((await typeCode(await challenge(provider.email), newer)).location).toBe('/dashboard')
    const refused = await typeCode(await challenge(provider.email), older)
    expect(refused.status).toBe(401)
    expect(refused.data?.error).toEqual(WRONG)
    // Nor the step before it (still inside the window of ±30 s a clock may be off by).
    const oldest = await typeCode(
      await challenge(provider.email),
      totpCode(provider.secret, now - 30_000),
    )
    expect(oldest.status).toBe(401)
  })

  it('a session waiting for its factor: one code passes one session', async () => {
    const provider = await signedIn('provider')
    // Two sessions opened before the factor was turned on: each must pass it now (issue 23).
    const waiting = [await sessionCookie(provider.email), await sessionCookie(provider.email)]
    const { secret } = await enrolTwoFactor(provider.cookie)
    await db()
      .update(twoFactor)
      .set({ lastAcceptedStep: null })
      .where(eq(twoFactor.userId, provider.id))
    const code = totpCode(secret)
    const answers = await Promise.all(waiting.map((cookie) => typeCode(cookie, code)))
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 401])
  })
})

describe('step-up and set-up use the same steps', () => {
  it('a code that confirmed a step-up confirms nothing again, and opens no session', async () => {
    const admin = await signedIn('admin')
    await db()
      .update(twoFactor)
      .set({ lastAcceptedStep: null })
      .where(eq(twoFactor.userId, admin.id))
    const code = totpCode(admin.totpSecret ?? '')
    const confirm = () =>
      callRoute(confirmAction, '/auth/confirm', {
        cookie: admin.cookie,
        body: { intent: 'code', code, next: '/account/security' },
        context: newVisitor(),
      })
    await makeStale(admin.cookie)
    expect((await confirm()).location).toBe('/account/security')
    await makeStale(admin.cookie)
    const again = await confirm()
    expect(again.status).toBe(401)
    expect(again.data?.error).toEqual(WRONG)
    // Typed at a sign-in instead, the same code is spent too.
    expect((await typeCode(await challenge(admin.email), code)).status).toBe(401)
  })

  it('the code that turned the app on cannot sign in', async () => {
    const provider = await signedIn('provider')
    const started = await callRoute(securityAction, '/account/security', {
      body: { intent: 'enrol', password: TEST_PASSWORD },
      cookie: provider.cookie,
    })
    const { uri, secret } = started.data?.enrolment ?? {}
    const code = totpCode(String(secret).replaceAll(' ', ''))
    const on = await callRoute(securityAction, '/account/security', {
      body: { intent: 'enrol-confirm', code, uri },
      cookie: provider.cookie,
    })
    expect(on.location).toBe('/account/security')
    const signIn = await typeCode(await challenge(provider.email), code)
    expect(signIn.status).toBe(401)
    expect(signIn.data?.error).toEqual(WRONG)
  })
})

describe('backup codes', () => {
  it('one backup code typed twice at the same moment signs in once, and no 500', async () => {
    const provider = await providerWithApp()
    const code = provider.backupCodes[0] ?? ''
    const [one, two] = [await challenge(provider.email), await challenge(provider.email)]
    const before = await sessionsOf(provider.id)
    const answers = await Promise.all([typeCode(one, code), typeCode(two, code)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 401])
    expect(await sessionsOf(provider.id)).toBe(before + 1)
  })
})
