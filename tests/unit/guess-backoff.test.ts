import { describe, expect, it } from 'vitest'
import {
  allowanceFor,
  BURST_ALLOWANCE,
  FAILURE_BURST,
  USUAL_ALLOWANCE,
  waitAfterFailures,
} from '#app/domain/guess-backoff.ts'
import { guessLimits } from '#app/modules/auth/limits.server.ts'
import { memoryCounterStore } from '#app/modules/security/counter-store.server.ts'

// Issue 30 point 4: wrong guesses slow the network that types them, never the owner elsewhere.

describe('the wait a network owes after its failures on one account', () => {
  it.each([
    [0, 0],
    [2, 0],
    [3, 2000],
    [4, 4000],
    [6, 16_000],
    [8, 64_000],
    [9, 120_000],
    [10, 'refused'],
    [25, 'refused'],
  ] as const)('usual: after %i failures, %s', (failures, wait) => {
    expect(waitAfterFailures(failures, USUAL_ALLOWANCE)).toBe(wait)
  })

  it.each([
    [0, 0],
    [1, 2000],
    [4, 16_000],
    [5, 'refused'],
  ] as const)('during a burst: after %i failures, %s', (failures, wait) => {
    expect(waitAfterFailures(failures, BURST_ALLOWANCE)).toBe(wait)
  })

  it('a burst is ten failures on the account from anywhere', () => {
    expect(allowanceFor(FAILURE_BURST - 1)).toBe(USUAL_ALLOWANCE)
    expect(allowanceFor(FAILURE_BURST)).toBe(BURST_ALLOWANCE)
  })
})

describe('guess limits on counters with a clock the test moves', () => {
  function limits() {
    const clock = { time: Date.UTC(2026, 10, 28, 12) }
    const store = memoryCounterStore({ now: () => clock.time })
    const guard = guessLimits({ store: () => store, secret: () => 'unit-test-secret-0123456789' })
    return { clock, guard }
  }
  const A = { clientIp: '203.0.113.10' }
  const B = { clientIp: '198.51.100.20' }
  const account = 'dona@example.com'

  it('a failing network waits longer each time, then is refused; a clean one is never slowed', async () => {
    const { clock, guard } = limits()
    const bursts: boolean[] = []
    const fail = async () => bursts.push((await guard.failed('sign-in', A, account)).burst)
    for (let i = 0; i < 3; i++) {
      expect(await guard.before('sign-in', A, account)).toBeUndefined()
      await fail()
    }
    // Three typos are free; the fourth guess waits 2 s after the third failure.
    expect(await guard.before('sign-in', A, account)).toBe(2)
    clock.time += 2000
    expect(await guard.before('sign-in', A, account)).toBeUndefined()
    await fail()
    expect(await guard.before('sign-in', A, account)).toBe(4)
    // Ten failures (waiting out each wait): refused for the rest of the 15 minutes.
    for (let failures = 4; failures < 10; failures++) {
      clock.time += Number(waitAfterFailures(failures))
      expect(await guard.before('sign-in', A, account)).toBeUndefined()
      await fail()
    }
    clock.time += 120_000
    const refused = await guard.before('sign-in', A, account)
    expect(refused).toBeGreaterThan(8 * 60)
    // The burst is reported once, at the tenth failure.
    expect(bursts.filter(Boolean)).toHaveLength(1)
    expect(bursts.indexOf(true)).toBe(FAILURE_BURST - 1)
    // Another network that has not failed on the account goes straight on.
    expect(await guard.before('sign-in', B, account)).toBeUndefined()
    // After the window, A starts over.
    clock.time += 15 * 60 * 1000
    expect(await guard.before('sign-in', A, account)).toBeUndefined()
  })

  it('two guesses sent at the same moment after a wait: one goes on, the other waits', async () => {
    const { clock, guard } = limits()
    for (let i = 0; i < 3; i++) await guard.failed('sign-in', A, account)
    clock.time += 2000
    const answers = await Promise.all([
      guard.before('sign-in', A, account),
      guard.before('sign-in', A, account),
    ])
    expect(answers.filter((one) => one === undefined)).toHaveLength(1)
  })

  it('during a burst, a network that failed once already waits; a clean one does not', async () => {
    const { guard } = limits()
    // Ten networks fail once each: a burst on the account.
    for (let i = 0; i < FAILURE_BURST; i++)
      await guard.failed('sign-in', { clientIp: `192.0.2.${i + 1}` }, account)
    // Its next guess goes on, and starts a wait for the one after (no typo is free any more).
    expect(await guard.before('sign-in', { clientIp: '192.0.2.1' }, account)).toBeUndefined()
    expect(await guard.before('sign-in', { clientIp: '192.0.2.1' }, account)).toBe(2)
    expect(await guard.before('sign-in', B, account)).toBeUndefined()
    expect(await guard.before('sign-in', B, account)).toBeUndefined()
  })

  it('codes of the second factor are capped per account too: they need the password first', async () => {
    const { guard } = limits()
    for (let i = 0; i < FAILURE_BURST; i++)
      await guard.failed('second-factor', { clientIp: `192.0.2.${i + 1}` }, 'user-1')
    expect(await guard.before('second-factor', B, 'user-1')).toBeGreaterThan(60)
    // Passwords of the same account are another count.
    expect(await guard.before('sign-in', B, 'user-1')).toBeUndefined()
  })

  it('an IPv6 home line is one network for its /56', async () => {
    const { guard } = limits()
    for (let i = 0; i < 3; i++)
      await guard.failed('sign-in', { clientIp: `2001:db8:0:1${i}::1` }, account)
    expect(await guard.before('sign-in', { clientIp: '2001:db8:0:20::1' }, account)).toBe(2)
    expect(await guard.before('sign-in', { clientIp: '2001:db8:0:100::1' }, account)).toBe(
      undefined,
    )
  })
})
