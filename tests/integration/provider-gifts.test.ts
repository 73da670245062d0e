import { and, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { maskedCpf } from '#app/domain/gifts.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { en } from '#app/i18n/en.ts'
import { format } from '#app/i18n/format.ts'
import { pt } from '#app/i18n/pt.ts'
import { exportAccountData } from '#app/modules/account/account.server.ts'
import { releaseMaturedGifts } from '#app/modules/payments/gift-credit.server.ts'
import { startGift } from '#app/modules/payments/gifts.server.ts'
import { cpfHash, reconcilePayouts } from '#app/modules/payments/withdrawals.server.ts'
import { serverEnv, setServerEnv } from '#app/platform/env.server.ts'
import { action as accountAction } from '#app/routes/provider/account.tsx'
import { loader as dashboardLoader } from '#app/routes/provider/dashboard.tsx'
import { action as giftsAction, loader as giftsLoader } from '#app/routes/provider/gifts.tsx'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { balanceFreezes, gifts, withdrawals } from '#db/schema/gifts.ts'
import { pixCharges } from '#db/schema/payments.ts'
import { profiles } from '#db/schema/profiles.ts'
import { createAccount } from '#tests/factories/account.ts'
import { brokenCpf, newCpf, typedCpf } from '#tests/factories/cpf.ts'
import { signedInProvider } from '#tests/factories/profile.ts'
import { mailsTo } from '#tests/support/outbox.ts'
import { setUpPixSite } from '#tests/support/pix-site.ts'
import { callRoute } from '#tests/support/route-call.ts'

// The provider's side of gifts (issue 22 point 3) through /dashboard/gifts' loader and action,
// against the local Pix server (which pays payouts too), on PGlite and PostgreSQL: her balances
// after gifts are paid, become available and are withdrawn; the two steps of a withdrawal; the
// CPF rule; payouts that fail, wait or cannot be sent; the limits; a frozen balance; her
// e-mails, her export, and an account that still holds money.

const DAY = 86_400_000

const site = setUpPixSite({ gifts: true }, { mute: true })

beforeEach(() => {
  site.pix.setDown(false)
  site.pix.payoutOutcome('pay')
})

type Provider = Awaited<ReturnType<typeof signedInProvider>> & { cpf: string }

/** An approved, verified provider whose identity check gave `cpf` (none: `cpf: ''`). */
async function provider(options: { cpf?: boolean; language?: 'pt' | 'en' } = {}) {
  const signed = await signedInProvider({ approved: true })
  const cpf = options.cpf === false ? '' : newCpf()
  if (cpf) {
    await db()
      .update(profiles)
      .set({ payoutCpfHash: cpfHash(cpf) })
      .where(eq(profiles.id, signed.profile.id))
  }
  if (options.language) {
    await db().update(user).set({ language: options.language }).where(eq(user.id, signed.id))
  }
  return { ...signed, cpf } as Provider
}

/** A client's gift of `amountCents` to her, paid by its Pix (each by a client of its own). */
async function paidGift(to: Provider, amountCents: number, message = '') {
  const client = await createAccount({ role: 'client' })
  const started = await startGift({
    clientId: client.id,
    profileId: to.profile.id,
    amountCents,
    message,
  })
  if (!started.ok) throw new Error(`no gift: ${started.error}`)
  const [charge] = await db().select().from(pixCharges).where(eq(pixCharges.id, started.chargeId))
  await site.pix.pay(charge?.txid ?? '')
  const [gift] = await db().select().from(gifts).where(eq(gifts.id, started.giftId))
  expect(gift?.status).toBe('pending')
  return started.giftId
}

/** Gifts whose business day has come are available (4 days on, past any weekend or holiday). */
const matured = () => releaseMaturedGifts(new Date(Date.now() + 4 * DAY))

const page = (who: Provider) => callRoute(giftsLoader, '/dashboard/gifts', { cookie: who.cookie })

const post = (who: Provider, body: Record<string, string>) =>
  callRoute(giftsAction, '/dashboard/gifts', { cookie: who.cookie, body })

const quote = (who: Provider, amount: string, key = who.cpf) =>
  post(who, { intent: 'quote', amount, key })

const confirm = (who: Provider, amount: string, key = who.cpf) =>
  post(who, { intent: 'confirm', amount, key })

const withdrawalsOf = (who: Provider) =>
  db().select().from(withdrawals).where(eq(withdrawals.profileId, who.profile.id))

/** Her available balance of `cents`, from gifts paid and matured. */
async function withAvailable(who: Provider, cents: number) {
  await paidGift(who, cents)
  await matured()
}

describe('the gifts page', () => {
  it('exists only with gifts on, and so does its tab', async () => {
    const luna = await provider()
    expect((await page(luna)).status).toBe(200)
    const layout = await callRoute(dashboardLoader, '/dashboard', { cookie: luna.cookie })
    expect(layout.data?.gifts).toBe(true)
    const env = serverEnv()
    setServerEnv({ ...env, gifts: false })
    try {
      expect((await page(luna)).status).toBe(404)
      const off = await callRoute(dashboardLoader, '/dashboard', { cookie: luna.cookie })
      expect(off.data?.gifts).toBe(false)
    } finally {
      setServerEnv(env)
    }
  })

  it('shows her balances after gifts are paid, become available and are withdrawn', async () => {
    const luna = await provider({ language: 'en' })
    await paidGift(luna, 10_000, 'Obrigado pela conversa!')
    await paidGift(luna, 6_000)
    let shown = await page(luna)
    expect(shown.headers?.get('Cache-Control')).toContain('no-store')
    expect(shown.data?.balance).toEqual({ pendingCents: 16_000, availableCents: 0, payoutCents: 0 })
    expect(shown.data?.nextAvailableAt).toBeInstanceOf(Date)
    expect(shown.data?.nextAvailableAt.getTime()).toBeGreaterThan(Date.now())
    // Newest first, with the client's words and when each becomes available.
    expect(shown.data?.gifts.map((gift: { amountCents: number }) => gift.amountCents)).toEqual([
      6_000, 10_000,
    ])
    expect(shown.data?.gifts[1]).toMatchObject({
      status: 'pending',
      message: 'Obrigado pela conversa!',
    })
    expect(shown.data?.gifts[1].availableAt).toBeInstanceOf(Date)

    expect(await matured()).toBeGreaterThanOrEqual(2)
    shown = await page(luna)
    expect(shown.data?.balance).toEqual({ pendingCents: 0, availableCents: 16_000, payoutCents: 0 })
    expect(shown.data?.nextAvailableAt).toBeNull()
    expect(shown.data?.gifts[0].status).toBe('available')

    // The first step shows the fee and what reaches her key, and changes nothing.
    const quoted = await quote(luna, '100,00', typedCpf(luna.cpf))
    expect(quoted.status).toBe(200)
    expect(quoted.data?.quote).toEqual({
      amountCents: 10_000,
      feeCents: 65,
      netCents: 9_935,
      key: luna.cpf,
    })
    expect(await withdrawalsOf(luna)).toEqual([])
    expect((await page(luna)).data?.balance.availableCents).toBe(16_000)

    // The confirmation asks for it: the amount leaves her balance at once. (The institution
    // holds the payout, so the page shows it on its way.)
    site.pix.payoutOutcome('hold')
    const asked = await confirm(luna, '100.00')
    expect(asked.status).toBe(302)
    expect(asked.location).toBe('/dashboard/gifts?withdrawal=asked')
    shown = await callRoute(giftsLoader, '/dashboard/gifts?withdrawal=asked', {
      cookie: luna.cookie,
    })
    expect(shown.data?.asked).toBe(true)
    expect(shown.data?.balance).toEqual({
      pendingCents: 0,
      availableCents: 6_000,
      payoutCents: 10_000,
    })
    expect(shown.data?.withdrawals).toHaveLength(1)
    expect(shown.data?.withdrawals[0]).toMatchObject({
      amountCents: 10_000,
      feeCents: 65,
      netCents: 9_935,
      status: 'sent',
      key: `***.***.***-${luna.cpf.slice(-2)}`,
    })
    expect(JSON.stringify(shown.data)).not.toContain(luna.cpf)
    const [payout] = site.pix.payouts().filter((one) => one.chave === luna.cpf)
    expect(payout?.valor).toBe('99.35')

    // The institution pays: the money has left; she is told, in her language.
    site.pix.settlePayout(payout?.idEnvio ?? '', true)
    await reconcilePayouts()
    shown = await page(luna)
    expect(shown.data?.balance).toEqual({ pendingCents: 0, availableCents: 6_000, payoutCents: 0 })
    expect(shown.data?.withdrawals[0].status).toBe('paid')
    expect(shown.data?.withdrawals[0].settledAt).toBeInstanceOf(Date)
    const paidMail = (await mailsTo(site.dataDir, luna.email)).find((mail) =>
      mail.includes(en.email.payoutPaidSubject.replace('{net}', 'R$99.35')),
    )
    expect(paidMail).toBeDefined()
    expect(paidMail).toContain(`***.***.***-${luna.cpf.slice(-2)}`)
    expect(paidMail).not.toContain(luna.cpf)
  })

  it('refuses amounts outside the limits or above her available balance', async () => {
    const luna = await provider()
    await withAvailable(luna, 20_000)
    expect((await quote(luna, '49,99')).data).toMatchObject({ intent: 'quote', error: 'amount' })
    expect((await quote(luna, '1.000,01')).data?.error).toBe('amount')
    expect((await quote(luna, 'cem reais')).data?.error).toBe('amount')
    const over = await quote(luna, '200,01')
    expect(over.status).toBe(409)
    expect(over.data).toMatchObject({ error: 'balance', values: { amount: '200,01' } })
    expect((await confirm(luna, '250')).data?.error).toBe('balance')
    expect((await quote(luna, '200')).data?.quote.amountCents).toBe(20_000)
    expect(await withdrawalsOf(luna)).toEqual([])
  })
})

describe('the CPF rule', () => {
  it('pays only the CPF of her identity check', async () => {
    const luna = await provider()
    await withAvailable(luna, 10_000)
    const other = await quote(luna, '60', newCpf())
    expect(other.status).toBe(409)
    expect(other.data?.error).toBe('keyMismatch')
    expect((await confirm(luna, '60', newCpf())).data?.error).toBe('keyMismatch')
    const invalid = await quote(luna, '60', brokenCpf(luna.cpf))
    expect(invalid.status).toBe(400)
    expect(invalid.data?.error).toBe('key')
    expect((await quote(luna, '60', 'luna@example.com')).data?.error).toBe('key')
    expect(await withdrawalsOf(luna)).toEqual([])
  })

  it('refuses a provider with no CPF on file, and says how to give one', async () => {
    const sol = await provider({ cpf: false })
    await withAvailable(sol, 10_000)
    const shown = await page(sol)
    expect(shown.data).toMatchObject({ hasCpf: false, allowed: true, checkPending: false })
    const refused = await quote(sol, '60', newCpf())
    expect(refused.status).toBe(403)
    expect(refused.data?.error).toBe('noCpf')
    expect((await confirm(sol, '60', newCpf())).data?.error).toBe('noCpf')
    expect(await withdrawalsOf(sol)).toEqual([])
  })
})

describe('payouts', () => {
  it('puts the money back when the payout fails, and tells her', async () => {
    const luna = await provider()
    await withAvailable(luna, 10_000)
    site.pix.payoutOutcome('hold')
    expect((await confirm(luna, '80')).status).toBe(302)
    expect((await page(luna)).data?.balance).toMatchObject({
      availableCents: 2_000,
      payoutCents: 8_000,
    })
    const [held] = site.pix.payouts().filter((one) => one.chave === luna.cpf)
    site.pix.settlePayout(held?.idEnvio ?? '', false)
    await reconcilePayouts()
    const shown = await page(luna)
    expect(shown.data?.balance).toEqual({ pendingCents: 0, availableCents: 10_000, payoutCents: 0 })
    // Efí's lookup documents no reason for a payout not made (ADR 0029): none is shown.
    expect(shown.data?.withdrawals[0]).toMatchObject({ status: 'failed', failure: 'NAO_REALIZADO' })
    const failedText = format(pt.email.payoutFailedText, {
      amount: formatBrlCents(8_000, 'pt'),
      key: maskedCpf(luna.cpf),
    })
    const mail = (await mailsTo(site.dataDir, luna.email)).find((one) => one.includes(failedText))
    expect(mail).toBeDefined()
    expect(mail).not.toContain('NAO_REALIZADO')
    // A failed withdrawal does not count against the day: she may ask again.
    site.pix.payoutOutcome('pay')
    expect((await confirm(luna, '80')).status).toBe(302)
  })

  it('settles a held payout when reconciliation hears the institution paid it', async () => {
    const luna = await provider()
    await withAvailable(luna, 10_000)
    site.pix.payoutOutcome('hold')
    expect((await confirm(luna, '100')).status).toBe(302)
    await reconcilePayouts()
    let [row] = await withdrawalsOf(luna)
    expect(row?.status).toBe('sent')
    expect((await page(luna)).data?.balance.payoutCents).toBe(10_000)
    site.pix.settlePayout(row?.payoutId ?? '', true)
    await reconcilePayouts()
    ;[row] = await withdrawalsOf(luna)
    expect(row?.status).toBe('paid')
    expect((await page(luna)).data?.balance).toEqual({
      pendingCents: 0,
      availableCents: 0,
      payoutCents: 0,
    })
  })

  it('keeps a withdrawal asked while the institution is down, and sends it once when back', async () => {
    const luna = await provider()
    await withAvailable(luna, 10_000)
    site.pix.setDown(true)
    expect((await confirm(luna, '70')).status).toBe(302)
    const payoutsOf = () => site.pix.payouts().filter((one) => one.chave === luna.cpf)
    expect(payoutsOf()).toEqual([])
    let shown = await page(luna)
    expect(shown.data?.withdrawals[0].status).toBe('requested')
    expect(shown.data?.balance).toMatchObject({ availableCents: 3_000, payoutCents: 7_000 })
    await reconcilePayouts()
    expect(payoutsOf()).toEqual([])
    site.pix.setDown(false)
    // Each failed send claims the payout for a minute; reconciliation comes every two.
    await db()
      .update(withdrawals)
      .set({ sentAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(withdrawals.profileId, luna.profile.id))
    await reconcilePayouts()
    await reconcilePayouts()
    expect(payoutsOf()).toHaveLength(1)
    shown = await page(luna)
    expect(shown.data?.withdrawals[0].status).toBe('paid')
    expect(shown.data?.balance).toMatchObject({ availableCents: 3_000, payoutCents: 0 })
  })
})

describe('limits and holds', () => {
  it('allows one withdrawal a day and says when the next may be asked for', async () => {
    const luna = await provider()
    await withAvailable(luna, 20_000)
    expect((await confirm(luna, '60')).status).toBe(302)
    const again = await quote(luna, '60')
    expect(again.status).toBe(409)
    expect(again.data?.error).toBe('perDay')
    expect((await confirm(luna, '60')).data?.error).toBe('perDay')
    expect(await withdrawalsOf(luna)).toHaveLength(1)
    const shown = await page(luna)
    const next = shown.data?.nextWithdrawalAt as Date
    expect(Math.abs(next.getTime() - (Date.now() + DAY))).toBeLessThan(60_000)
  })

  it('refuses while her balance is frozen, and says so', async () => {
    const luna = await provider()
    await withAvailable(luna, 10_000)
    await db().insert(balanceFreezes).values({ profileId: luna.profile.id, cause: 'minor_report' })
    const shown = await page(luna)
    expect(shown.data?.freeze).toMatchObject({ cause: 'minor_report' })
    expect(shown.data?.freeze.since).toBeInstanceOf(Date)
    const refused = await quote(luna, '60')
    expect(refused.status).toBe(403)
    expect(refused.data?.error).toBe('frozen')
    expect((await confirm(luna, '60')).data?.error).toBe('frozen')
    expect(await withdrawalsOf(luna)).toEqual([])
    await db()
      .update(balanceFreezes)
      .set({ releasedAt: new Date() })
      .where(and(eq(balanceFreezes.profileId, luna.profile.id)))
    expect((await quote(luna, '60')).status).toBe(200)
  })

  it('refuses a profile that is not approved and verified', async () => {
    const luna = await provider()
    await withAvailable(luna, 10_000)
    await db().update(profiles).set({ status: 'suspended' }).where(eq(profiles.id, luna.profile.id))
    expect((await page(luna)).data?.allowed).toBe(false)
    const refused = await quote(luna, '60')
    expect(refused.status).toBe(403)
    expect(refused.data?.error).toBe('notAllowed')
  })
})

describe('her account', () => {
  it('cannot be deleted while it holds money, in any of her accounts', async () => {
    const luna = await provider()
    await paidGift(luna, 5_000)
    const deleteIt = () =>
      callRoute(accountAction, '/dashboard/account', {
        cookie: luna.cookie,
        body: { intent: 'delete', confirmEmail: luna.email },
      })
    // Pending.
    let refused = await deleteIt()
    expect(refused.status).toBe(409)
    expect(refused.data?.error).toEqual({ field: 'form', message: 'deletionHasBalance' })
    // Available.
    await matured()
    expect((await deleteIt()).status).toBe(409)
    // On its way.
    site.pix.payoutOutcome('hold')
    expect((await confirm(luna, '50')).status).toBe(302)
    refused = await deleteIt()
    expect(refused.status).toBe(409)
    const [still] = await db().select().from(user).where(eq(user.id, luna.id))
    expect(still).toBeDefined()
    // Once it has all gone out, she may.
    const [row] = await withdrawalsOf(luna)
    site.pix.settlePayout(row?.payoutId ?? '', true)
    await reconcilePayouts()
    const deleted = await deleteIt()
    expect(deleted.status).toBe(302)
    expect(await db().select().from(user).where(eq(user.id, luna.id))).toEqual([])
  })

  it('exports the gifts she received and her withdrawals, the key masked', async () => {
    const luna = await provider()
    await paidGift(luna, 7_000, 'Um presente para você')
    await matured()
    expect((await confirm(luna, '50')).status).toBe(302)
    const exported = await exportAccountData(luna.id)
    expect(exported?.provider?.giftsReceived).toEqual([
      expect.objectContaining({
        amountCents: 7_000,
        message: 'Um presente para você',
        status: 'available',
      }),
    ])
    expect(exported?.provider?.withdrawals).toEqual([
      expect.objectContaining({
        amountCents: 5_000,
        feeCents: 65,
        pixKey: `***.***.***-${luna.cpf.slice(-2)}`,
      }),
    ])
    expect(JSON.stringify(exported)).not.toContain(luna.cpf)
  })
})
