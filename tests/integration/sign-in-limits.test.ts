import { eq, like, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { FAILURE_BURST } from '#app/domain/guess-backoff.ts'
import { settleAuthTasks } from '#app/modules/auth/auth.server.ts'
import { AUTH_LIMIT_PER_VISITOR } from '#app/modules/auth/limits.server.ts'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { sharedCounters } from '#db/schema/counters.ts'
import {
  createAccount,
  enrolTwoFactor,
  sessionCookie,
  TEST_PASSWORD,
} from '#tests/factories/account.ts'
import { passwordStep, secondFactorStep } from '#tests/support/sign-in.ts'
import { setUpTestServer } from '#tests/support/test-server.ts'
import { totpCode } from '#tests/support/totp.ts'

// Issue 30 point 4: anyone could lock anyone out (ten wrong passwords from anywhere blocked the
// owner's right one for 15 minutes). Now the password is checked unless the network typing it
// is refused: a network that keeps failing on an account waits longer each time and is then
// refused, one that has not failed gets in; the owner is e-mailed once about a burst; the
// per-visitor limit across accounts still holds. On the real shared counters (the database);
// time passes by ending the running waits in their rows, never by sleeping.

const server = setUpTestServer()

/** A sign-in from `clientIp` with the browser in Portuguese or English. */
const signIn = (email: string, password: string, clientIp: string, language = 'pt-BR') =>
  passwordStep(email, { clientIp, headers: { 'accept-language': language } }, password)

/** Every running wait between guesses ends now, as if its seconds had gone by. */
const endWaits = () =>
  db()
    .update(sharedCounters)
    .set({ expiresAt: sql`now()` })
    .where(like(sharedCounters.key, 'guess-wait:%'))

/**
 * Wrong passwords from `clientIp` until `failures` were checked, waiting out each wait; the
 * statuses of the guesses the network may still make afterwards are not this helper's concern.
 */
async function fail(email: string, clientIp: string, failures: number) {
  for (let checked = 0, refusals = 0; checked < failures; ) {
    const answer = await signIn(email, 'senha-errada-1', clientIp)
    if (answer.status === 401) checked++
    else if (answer.status === 429 && ++refusals < 3 * failures) await endWaits()
    else throw new Error(`a wrong password answered ${answer.status} after ${checked} failures`)
  }
}

const burstMails = async (email: string) =>
  (await server.mailsTo(email)).filter((mail) =>
    /Tentativas de entrar|Attempts to sign in/.test(mail),
  )

// Each test signs in a dozen or two times in a row, each a password hash: on a loaded two-core
// machine (CI beside other work) that passed the default 30 s once.
const SIGN_IN_SERIES_MS = 90_000

describe('a stranger cannot lock the owner out', { timeout: SIGN_IN_SERIES_MS }, () => {
  it('after ten wrong passwords from one network, the right one from another signs in', async () => {
    const owner = await createAccount({ role: 'client' })
    await fail(owner.email, '203.0.113.40', FAILURE_BURST)
    // No wait ends its refusal now: the eleventh wrong password is not even checked.
    await endWaits()
    expect((await signIn(owner.email, 'senha-errada-1', '203.0.113.40')).status).toBe(429)
    const elsewhere = await signIn(owner.email, TEST_PASSWORD, '198.51.100.40')
    expect(elsewhere.status).toBe(302)
    expect(elsewhere.location).toBe('/client-dashboard')
    // The failing network is refused, even with the right password, for the rest of the window.
    await endWaits()
    const refused = await signIn(owner.email, TEST_PASSWORD, '203.0.113.40')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers?.get('retry-after'))).toBeGreaterThan(60)
    expect(refused.data?.alert).toMatchObject({ title: 'tooManyAttempts', text: 'tryAgainIn' })
  })

  it('a network that has been failing waits, even with the right password, and is told how long', async () => {
    const owner = await createAccount({ role: 'client' })
    await fail(owner.email, '203.0.113.41', 3)
    const waiting = await signIn(owner.email, TEST_PASSWORD, '203.0.113.41')
    expect(waiting.status).toBe(429)
    expect(waiting.headers?.get('retry-after')).toBe('2')
    expect(waiting.data?.alert).toEqual({
      title: 'tooManyAttempts',
      text: 'tryAgainInSeconds',
      seconds: 2,
    })
    // Two seconds later the right password gets in.
    await endWaits()
    expect((await signIn(owner.email, TEST_PASSWORD, '203.0.113.41')).status).toBe(302)
  })

  it('signing in often counts nothing', async () => {
    const owner = await createAccount({ role: 'client' })
    for (let i = 0; i < FAILURE_BURST + 2; i++)
      expect((await signIn(owner.email, TEST_PASSWORD, '203.0.113.42')).status).toBe(302)
  })

  it('a burst of failures from many networks slows those that failed, never a clean one', async () => {
    const owner = await createAccount({ role: 'client' })
    for (let i = 1; i <= FAILURE_BURST; i++) await fail(owner.email, `192.0.2.${100 + i}`, 1)
    // A network that failed once may guess once more, then waits; a clean one is not slowed.
    expect((await signIn(owner.email, 'senha-errada-2', '192.0.2.101')).status).toBe(401)
    expect((await signIn(owner.email, TEST_PASSWORD, '192.0.2.101')).status).toBe(429)
    expect((await signIn(owner.email, TEST_PASSWORD, '198.51.100.43')).status).toBe(302)
    expect((await signIn(owner.email, TEST_PASSWORD, '198.51.100.43')).status).toBe(302)
  })
})

describe('the owner is told of a burst', { timeout: SIGN_IN_SERIES_MS }, () => {
  it('once per window, in the account’s language, with what to do and nothing the guesser typed', async () => {
    const owner = await createAccount({ role: 'client' })
    await db().update(user).set({ language: 'en' }).where(eq(user.id, owner.id))
    // Failures from several networks, sent from a Portuguese page.
    for (let i = 1; i <= 4; i++) await fail(owner.email, `192.0.2.${10 + i}`, 4)
    await settleAuthTasks()
    const mails = await burstMails(owner.email)
    expect(mails).toHaveLength(1)
    const [mail = ''] = mails
    expect(mail).toContain('Attempts to sign in to your Aprova account')
    expect(mail).toContain(`${FAILURE_BURST} times`)
    expect(mail).toContain('two-step verification')
    expect(mail).toContain('/account/security')
    for (const guessed of ['senha-errada-1', '192.0.2.11', '192.0.2.14'])
      expect(mail).not.toContain(guessed)
  })

  it('an address without a confirmed account gets no mail', async () => {
    const unconfirmed = await createAccount({ role: 'client', confirmed: false })
    for (let i = 1; i <= 3; i++) await fail(unconfirmed.email, `192.0.2.${30 + i}`, 4)
    await fail('ninguem-aqui@example.com', '192.0.2.40', FAILURE_BURST)
    await settleAuthTasks()
    expect(await burstMails(unconfirmed.email)).toEqual([])
    expect(await server.mailsTo('ninguem-aqui@example.com')).toEqual([])
  })
})

describe('the other limits hold', { timeout: SIGN_IN_SERIES_MS }, () => {
  it('a visitor is limited across accounts', async () => {
    const statuses: number[] = []
    for (let i = 0; i <= AUTH_LIMIT_PER_VISITOR; i++)
      statuses.push(
        (await signIn(`muitos-${i}@example.com`, 'senha-errada-1', '203.0.113.50')).status,
      )
    expect(statuses.slice(0, AUTH_LIMIT_PER_VISITOR).every((status) => status === 401)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
  })

  it('wrong codes after the right password slow that network; the owner elsewhere gets in', async () => {
    const owner = await createAccount({ role: 'provider' })
    const { secret } = await enrolTwoFactor(await sessionCookie(owner.email))
    const challenge = async (clientIp: string) => {
      const answer = await signIn(owner.email, TEST_PASSWORD, clientIp)
      expect(answer.location).toBe('/auth/two-factor')
      return answer.cookie
    }
    const typeCode = async (cookie: string, code: string, clientIp: string) =>
      (await secondFactorStep(cookie, code, { clientIp })).status
    const stolen = await challenge('203.0.113.60')
    for (let i = 0; i < 3; i++) expect(await typeCode(stolen, '000000', '203.0.113.60')).toBe(401)
    expect(await typeCode(stolen, '000000', '203.0.113.60')).toBe(429)
    const mine = await challenge('198.51.100.60')
    expect(await typeCode(mine, totpCode(secret, Date.now() + 30_000), '198.51.100.60')).toBe(302)
  })
})
