import { and, eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { availableAfterBusinessDays } from '#app/domain/business-days.ts'
import { GIFT_CAP_CENTS, GIFTS_PER_DAY, LEDGER_ACCOUNTS } from '#app/domain/gifts.ts'
import { deleteAccount, HoldsGiftMoney } from '#app/modules/account/account.server.ts'
import { releaseMaturedGifts } from '#app/modules/payments/gift-credit.server.ts'
import { startGift } from '#app/modules/payments/gifts.server.ts'
import { balances, providerBalance } from '#app/modules/payments/ledger.server.ts'
import { payoutInstitution } from '#app/modules/payments/payouts/payouts.server.ts'
import {
  cpfHash,
  reconcilePayouts,
  requestWithdrawal,
  withdrawalQuote,
} from '#app/modules/payments/withdrawals.server.ts'
import { serverEnv, setServerEnv } from '#app/platform/env.server.ts'
import { db } from '#db/client.server.ts'
import { balanceFreezes, gifts, ledgerTransfers, withdrawals } from '#db/schema/gifts.ts'
import { auditLog } from '#db/schema/moderation.ts'
import { pixCharges } from '#db/schema/payments.ts'
import { images, profiles } from '#db/schema/profiles.ts'
import { createAccount } from '#tests/factories/account.ts'
import { signedInProvider } from '#tests/factories/profile.ts'
import { mailsTo } from '#tests/support/outbox.ts'
import { setUpPixSite } from '#tests/support/pix-site.ts'

// Gifts and withdrawals, the money (issue 22 points 1–4; ADR 0020), against the local Pix
// server, on PGlite and PostgreSQL: limits and caps, business-day crediting, the ledger's
// balances after every kind of event (a webhook delivered twice, a payout that fails, one held,
// the institution down), the CPF rule and freezing.

const DAY = 86_400_000
const CPF = '52998224725'
const OTHER_CPF = '11144477735'

const site = setUpPixSite({ gifts: true }, { mute: true })

beforeEach(() => {
  site.pix.setDown(false)
  site.pix.payoutOutcome('pay')
})

type Provider = Awaited<ReturnType<typeof signedInProvider>>

/** A public, verified provider whose identity check carried `cpf`. */
async function giftableProvider(cpf: string | null = CPF): Promise<Provider> {
  const provider = await signedInProvider({ approved: true })
  await db()
    .update(profiles)
    .set({ payoutCpfHash: cpf ? cpfHash(cpf) : null })
    .where(eq(profiles.id, provider.profile.id))
  return provider
}

/** A gift started by `clientId` (a new client when none) and its charge's txid. */
async function gift(provider: Provider, amountCents: number, clientId?: string) {
  const client = clientId ?? (await createAccount({ role: 'client' })).id
  const started = await startGift({
    clientId: client,
    profileId: provider.profile.id,
    amountCents,
    message: 'Obrigado pela conversa!',
  })
  if (!started.ok) throw new Error(`gift refused: ${started.error}`)
  const [charge] = await db()
    .select({ txid: pixCharges.txid })
    .from(pixCharges)
    .where(eq(pixCharges.id, started.chargeId))
  return { ...started, clientId: client, txid: charge?.txid ?? '' }
}

async function paidGift(provider: Provider, amountCents: number, clientId?: string) {
  const made = await gift(provider, amountCents, clientId)
  const paid = await site.pix.pay(made.txid)
  expect(paid.webhookStatus).toBe(200)
  return { ...made, endToEndId: paid.endToEndId }
}

const giftOf = async (id: string) => (await db().select().from(gifts).where(eq(gifts.id, id)))[0]

/**
 * The ledger agrees with the rows it moved money for: every profile's pending balance is the sum
 * of its pending gifts; its payout balance, of its withdrawals on their way; its available
 * balance, of its available gifts less its withdrawals asked, sent or paid; the site's fees, of
 * the fees of paid withdrawals; and the world gave what all of these hold.
 */
async function ledgerIsBalanced() {
  const result = await db().execute(sql`
    select p.id,
      coalesce((select sum(amount_cents) from gifts g where g.profile_id = p.id and g.status = 'pending'), 0)::bigint as pending,
      coalesce((select sum(amount_cents) from gifts g where g.profile_id = p.id and g.status = 'available'), 0)::bigint
        - coalesce((select sum(amount_cents) from withdrawals w where w.profile_id = p.id and w.status in ('requested', 'sent', 'paid')), 0)::bigint as available,
      coalesce((select sum(amount_cents) from withdrawals w where w.profile_id = p.id and w.status in ('requested', 'sent')), 0)::bigint as payout
    from profiles p
    where exists (select 1 from gifts g where g.profile_id = p.id)`)
  const rows = (result as unknown as { rows: Record<string, string | number>[] }).rows
  let held = 0
  for (const row of rows) {
    const id = String(row.id)
    const expected = {
      pendingCents: Number(row.pending),
      availableCents: Number(row.available),
      payoutCents: Number(row.payout),
    }
    expect(await providerBalance(id), `profile ${id}`).toEqual(expected)
    held += expected.pendingCents + expected.availableCents + expected.payoutCents
  }
  const fees = await db().execute(
    sql`select coalesce(sum(fee_cents), 0)::bigint as cents from withdrawals where status = 'paid'`,
  )
  const feeCents = Number((fees as unknown as { rows: { cents: string }[] }).rows[0]?.cents ?? 0)
  const found = await balances([LEDGER_ACCOUNTS.fees, LEDGER_ACCOUNTS.world])
  expect(found.get(LEDGER_ACCOUNTS.fees)).toBe(feeCents)
  expect(found.get(LEDGER_ACCOUNTS.world)).toBe(-(held + feeCents))
}

const later = (days: number) => new Date(Date.now() + days * DAY)

describe('a gift', () => {
  it('is credited pending when paid, available a business day later, once however reported', async () => {
    const provider = await giftableProvider()
    const made = await paidGift(provider, 5_000)
    const row = await giftOf(made.giftId)
    expect(row?.status).toBe('pending')
    expect(row?.availableAt?.toISOString()).toBe(
      availableAfterBusinessDays(row?.paidAt ?? new Date(), 1).toISOString(),
    )
    expect(await providerBalance(provider.profile.id)).toEqual({
      pendingCents: 5_000,
      availableCents: 0,
      payoutCents: 0,
    })
    // The webhook again, and reconciliation: nothing more.
    expect(await site.pix.redeliver(made.endToEndId)).toBe(200)
    expect((await providerBalance(provider.profile.id)).pendingCents).toBe(5_000)

    // Not before its business day; then once, however often the clock runs.
    await releaseMaturedGifts(new Date((row?.availableAt?.getTime() ?? 0) - 1_000))
    expect((await giftOf(made.giftId))?.status).toBe('pending')
    await releaseMaturedGifts(later(5))
    await releaseMaturedGifts(later(5))
    expect((await giftOf(made.giftId))?.status).toBe('available')
    expect(await providerBalance(provider.profile.id)).toEqual({
      pendingCents: 0,
      availableCents: 5_000,
      payoutCents: 0,
    })
    const moves = await db()
      .select({ kind: ledgerTransfers.kind })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.giftId, made.giftId))
    expect(moves.map((move) => move.kind).sort()).toEqual(['gift_available', 'gift_paid'])
    await ledgerIsBalanced()
  })

  it('tells her (with his message) and sends him the receipt, each in their language', async () => {
    const provider = await giftableProvider()
    const made = await paidGift(provider, 2_000)
    const toHer = await mailsTo(site.dataDir, provider.email)
    expect(toHer.some((mail) => /enviou um presente de R\$\s20,00/u.test(mail))).toBe(true)
    expect(toHer.some((mail) => mail.includes('Obrigado pela conversa!'))).toBe(true)
    const [client] = await db()
      .execute(sql`select email from "user" where id = ${made.clientId}`)
      .then((result) => (result as unknown as { rows: { email: string }[] }).rows)
    const toHim = await mailsTo(site.dataDir, client?.email ?? '')
    expect(toHim.some((mail) => /Recebemos seu Pix de R\$\s20,00/u.test(mail))).toBe(true)
    // Issue 33 point 3: the receipt says what the terms say, the gift whole and the fee kept.
    const receipt = toHim.find((mail) => mail.includes('Recibo: presente')) ?? ''
    expect(receipt).toMatch(/chega inteiro ao saldo dela/u)
    expect(receipt).toMatch(/tarifa de saque \(0,39% do valor sacado, no mínimo R\$\s0,65\)/u)
    expect(receipt).not.toMatch(/não fica com nada/u)
  })

  it('keeps to the limits: amount, message, gifts a day, the two-week cap counting paid gifts', async () => {
    const provider = await giftableProvider()
    const client = (await createAccount({ role: 'client' })).id
    const start = (amountCents: number, message = '') =>
      startGift({ clientId: client, profileId: provider.profile.id, amountCents, message })
    expect(await start(999)).toEqual({ ok: false, error: 'amount' })
    expect(await start(100_001)).toEqual({ ok: false, error: 'amount' })
    expect(await start(2_000, 'me chama no 11 98765-4321')).toEqual({
      ok: false,
      error: 'reviewHasPhone',
    })
    expect(await start(2_000, 'x'.repeat(141))).toEqual({ ok: false, error: 'messageLength' })

    // Paid gifts count against the cap; started ones do not.
    await paidGift(provider, 60_000, client)
    expect(await start(50_000)).toEqual({ ok: false, error: 'cap', capLeftCents: 40_000 })
    const unpaid = await start(40_000)
    expect(unpaid.ok).toBe(true)
    // Five started today (the cap allowed these): the sixth waits for tomorrow.
    for (let i = 3; i <= GIFTS_PER_DAY; i++) expect((await start(1_000)).ok).toBe(true)
    expect(await start(1_000)).toEqual({ ok: false, error: 'perDay' })
    expect(GIFT_CAP_CENTS).toBe(100_000)
  })

  it('over the cap once paid (two started within it) is sent back, and the ledger never saw it', async () => {
    const provider = await giftableProvider()
    const client = (await createAccount({ role: 'client' })).id
    const first = await gift(provider, 70_000, client)
    const second = await gift(provider, 70_000, client)
    await site.pix.pay(first.txid)
    await site.pix.pay(second.txid)
    expect((await giftOf(first.giftId))?.status).toBe('pending')
    expect((await giftOf(second.giftId))?.status).toBe('refunded')
    const refunds = await db().execute(
      sql`select r.reason from pix_refunds r join pix_payments p on p.end_to_end_id = r.end_to_end_id
        where p.txid = ${second.txid}`,
    )
    const [refund] = (refunds as unknown as { rows: { reason: string }[] }).rows
    expect(refund?.reason).toBe('gift_cap')
    // His notice leads to his gifts page, never to a provider's plan page.
    const [giver] = await db()
      .execute(sql`select email from "user" where id = ${client}`)
      .then((result) => (result as unknown as { rows: { email: string }[] }).rows)
    const notice = (await mailsTo(site.dataDir, giver?.email ?? '')).find((mail) =>
      mail.includes('devolv'),
    )
    expect(notice).toContain('/client-dashboard/gifts')
    expect(notice).not.toContain('/dashboard/plan')
    expect((await providerBalance(provider.profile.id)).pendingCents).toBe(70_000)
    await ledgerIsBalanced()
  })

  it('is refused off, to a profile that is not public and verified, and from a non-client', async () => {
    const provider = await giftableProvider()
    const pending = await signedInProvider()
    const client = (await createAccount({ role: 'client' })).id
    expect(
      await startGift({
        clientId: client,
        profileId: pending.profile.id,
        amountCents: 2_000,
        message: '',
      }),
    ).toEqual({ ok: false, error: 'notGiftable' })
    expect(
      await startGift({
        clientId: provider.id,
        profileId: provider.profile.id,
        amountCents: 2_000,
        message: '',
      }),
    ).toEqual({ ok: false, error: 'notClient' })
    const env = serverEnv()
    setServerEnv({ ...env, gifts: false })
    try {
      expect(
        await startGift({
          clientId: client,
          profileId: provider.profile.id,
          amountCents: 2_000,
          message: '',
        }),
      ).toEqual({ ok: false, error: 'off' })
    } finally {
      setServerEnv(env)
    }
  })
})

/** A provider with `cents` available, from one gift paid and matured. */
async function providerWithBalance(cents: number, cpf: string | null = CPF) {
  const provider = await giftableProvider(cpf)
  await paidGift(provider, cents)
  await releaseMaturedGifts(later(5))
  expect((await providerBalance(provider.profile.id)).availableCents).toBe(cents)
  return provider
}

describe('a withdrawal', () => {
  it('pays the amount less the fee to her CPF key; the fee is the site’s', async () => {
    const provider = await providerWithBalance(20_000)
    const asked = await requestWithdrawal({
      userId: provider.id,
      amountCents: 15_000,
      key: '529.982.247-25',
    })
    expect(asked.ok).toBe(true)
    const quote = withdrawalQuote(15_000)
    expect(quote).toEqual({ amountCents: 15_000, feeCents: 65, netCents: 14_935 })
    const [payout] = site.pix
      .payouts()
      .filter((one) => one.chave === CPF)
      .slice(-1)
    expect(payout?.valor).toBe('149.35')
    expect(payout?.status).toBe('REALIZADO')
    const [row] = await db()
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.profileId, provider.profile.id))
    expect(row).toMatchObject({ status: 'paid', amountCents: 15_000, feeCents: 65, pixKey: CPF })
    expect(await providerBalance(provider.profile.id)).toEqual({
      pendingCents: 0,
      availableCents: 5_000,
      payoutCents: 0,
    })
    const audited = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, row?.id ?? ''))
    expect(audited.map((entry) => entry.action).sort()).toEqual([
      'withdrawal_paid',
      'withdrawal_request',
    ])
    await ledgerIsBalanced()
    // 0.39% of R$1.000 is more than the floor.
    expect(withdrawalQuote(100_000).feeCents).toBe(390)
  })

  it('that fails puts the whole amount back in her balance', async () => {
    const provider = await providerWithBalance(10_000)
    site.pix.payoutOutcome('fail')
    expect(
      (await requestWithdrawal({ userId: provider.id, amountCents: 10_000, key: CPF })).ok,
    ).toBe(true)
    const [row] = await db()
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.profileId, provider.profile.id))
    expect(row?.status).toBe('failed')
    // Efí's lookup documents no reason for a payout not made: the team sees its status.
    expect(row?.failure).toBe('NAO_REALIZADO')
    expect(await providerBalance(provider.profile.id)).toEqual({
      pendingCents: 0,
      availableCents: 10_000,
      payoutCents: 0,
    })
    await ledgerIsBalanced()
  })

  it('refused outright by the institution puts the amount back at once', async () => {
    const provider = await providerWithBalance(7_000)
    site.pix.payoutOutcome('refuse')
    expect(
      (await requestWithdrawal({ userId: provider.id, amountCents: 7_000, key: CPF })).ok,
    ).toBe(true)
    const [row] = await db()
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.profileId, provider.profile.id))
    expect(row?.status).toBe('failed')
    // Efí's own words (its 422 `pagamento_negado`), kept for the team.
    expect(row?.failure).toBe('Pagamento negado por análises')
    expect((await providerBalance(provider.profile.id)).availableCents).toBe(7_000)
    await ledgerIsBalanced()
  })

  it('held by the institution is settled by reconciliation; one sent while it is down, once it is back', async () => {
    const provider = await providerWithBalance(30_000)
    site.pix.payoutOutcome('hold')
    await requestWithdrawal({ userId: provider.id, amountCents: 12_000, key: CPF })
    const [held] = await db()
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.profileId, provider.profile.id))
    expect(held?.status).toBe('sent')
    expect((await providerBalance(provider.profile.id)).payoutCents).toBe(12_000)
    site.pix.settlePayout(held?.payoutId ?? '', true)
    await reconcilePayouts()
    expect(
      (
        await db()
          .select()
          .from(withdrawals)
          .where(eq(withdrawals.id, held?.id ?? ''))
      )[0]?.status,
    ).toBe('paid')

    const other = await providerWithBalance(8_000)
    site.pix.payoutOutcome('pay')
    site.pix.setDown(true)
    await requestWithdrawal({ userId: other.id, amountCents: 8_000, key: CPF })
    const [asked] = await db()
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.profileId, other.profile.id))
    expect(asked?.status).toBe('requested')
    expect((await providerBalance(other.profile.id)).payoutCents).toBe(8_000)
    site.pix.setDown(false)
    // Not again within the minute the failed send claimed it; then once, however often asked.
    await reconcilePayouts()
    expect(site.pix.payouts().filter((one) => one.idEnvio === asked?.payoutId)).toHaveLength(0)
    await db()
      .update(withdrawals)
      .set({ sentAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(withdrawals.id, asked?.id ?? ''))
    await Promise.all([reconcilePayouts(), reconcilePayouts()])
    await reconcilePayouts()
    expect(site.pix.payouts().filter((one) => one.idEnvio === asked?.payoutId)).toHaveLength(1)
    expect(
      (
        await db()
          .select()
          .from(withdrawals)
          .where(eq(withdrawals.id, asked?.id ?? ''))
      )[0]?.status,
    ).toBe('paid')
    expect(await providerBalance(other.profile.id)).toEqual({
      pendingCents: 0,
      availableCents: 0,
      payoutCents: 0,
    })
    await ledgerIsBalanced()
  })

  it('refused as a repeat of a payout the institution made is read back and counted paid', async () => {
    const provider = await providerWithBalance(9_000)
    site.pix.setDown(true)
    await requestWithdrawal({ userId: provider.id, amountCents: 9_000, key: CPF })
    site.pix.setDown(false)
    const [asked] = await db()
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.profileId, provider.profile.id))
    // An earlier send reached the institution, its answer lost; it answers the repeat 409.
    await payoutInstitution()?.send({
      id: asked?.payoutId ?? '',
      amountCents: 8_000,
      key: CPF,
      description: 'envio anterior',
    })
    await db()
      .update(withdrawals)
      .set({ sentAt: null })
      .where(eq(withdrawals.id, asked?.id ?? ''))
    await reconcilePayouts()
    const [row] = await db()
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, asked?.id ?? ''))
    expect(row?.status).toBe('paid')
    expect((await providerBalance(provider.profile.id)).availableCents).toBe(0)
  })

  it('asked before a freeze is not sent while the freeze lasts, and is once it is released', async () => {
    const provider = await providerWithBalance(6_000)
    site.pix.setDown(true)
    await requestWithdrawal({ userId: provider.id, amountCents: 6_000, key: CPF })
    site.pix.setDown(false)
    const [freeze] = await db()
      .insert(balanceFreezes)
      .values({ profileId: provider.profile.id, cause: 'minor_report' })
      .returning()
    const [asked] = await db()
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.profileId, provider.profile.id))
    const age = () =>
      db()
        .update(withdrawals)
        .set({ sentAt: new Date(Date.now() - 2 * 60_000) })
        .where(eq(withdrawals.id, asked?.id ?? ''))
    await age()
    await reconcilePayouts()
    expect(site.pix.payouts().filter((one) => one.idEnvio === asked?.payoutId)).toHaveLength(0)
    await db()
      .update(balanceFreezes)
      .set({ releasedAt: new Date() })
      .where(eq(balanceFreezes.id, freeze?.id ?? ''))
    await age()
    await reconcilePayouts()
    const [row] = await db()
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, asked?.id ?? ''))
    expect(row?.status).toBe('paid')
  })

  it('stays open once gifts are turned off while she holds money, and never strands it', async () => {
    const holding = await providerWithBalance(5_000)
    const empty = await giftableProvider()
    const env = serverEnv()
    setServerEnv({ ...env, gifts: false })
    try {
      expect(await requestWithdrawal({ userId: empty.id, amountCents: 5_000, key: CPF })).toEqual({
        ok: false,
        error: 'off',
      })
      expect(
        (await requestWithdrawal({ userId: holding.id, amountCents: 5_000, key: CPF })).ok,
      ).toBe(true)
    } finally {
      setServerEnv(env)
    }
    expect((await providerBalance(holding.profile.id)).availableCents).toBe(0)
  })

  it('keeps her account from being deleted while she holds money, even past the page', async () => {
    const provider = await providerWithBalance(5_000)
    const photosBefore = await db()
      .select({ id: images.id, type: images.verificationType })
      .from(images)
      .where(eq(images.profileId, provider.profile.id))
    expect(photosBefore.length).toBeGreaterThan(0)
    await expect(deleteAccount(provider.id)).rejects.toBeInstanceOf(HoldsGiftMoney)
    expect(
      (await db().select().from(profiles).where(eq(profiles.id, provider.profile.id))).length,
    ).toBe(1)
    // Refused before anything went: her photos are all still there (issue 30 review).
    expect(
      await db()
        .select({ id: images.id, type: images.verificationType })
        .from(images)
        .where(eq(images.profileId, provider.profile.id)),
    ).toEqual(photosBefore)
  })

  it('goes only to the CPF of her identity check, within the limits and her balance, once a day', async () => {
    const provider = await providerWithBalance(6_000)
    const ask = (amountCents: number, key = CPF) =>
      requestWithdrawal({ userId: provider.id, amountCents, key })
    expect(await ask(5_000, OTHER_CPF)).toEqual({ ok: false, error: 'keyMismatch' })
    expect(await ask(5_000, '123.456.789-00')).toEqual({ ok: false, error: 'key' })
    expect(await ask(5_000, 'estrela@example.com')).toEqual({ ok: false, error: 'key' })
    expect(await ask(4_999)).toEqual({ ok: false, error: 'amount' })
    expect(await ask(100_001)).toEqual({ ok: false, error: 'amount' })
    expect(await ask(7_000)).toEqual({ ok: false, error: 'balance' })
    expect((await ask(5_000)).ok).toBe(true)
    expect(await ask(5_000)).toEqual({ ok: false, error: 'perDay' })
    const noCpf = await providerWithBalance(6_000, null)
    expect(await requestWithdrawal({ userId: noCpf.id, amountCents: 5_000, key: CPF })).toEqual({
      ok: false,
      error: 'noCpf',
    })
  })

  it('is refused while her balance is frozen, and the money stays hers', async () => {
    const provider = await providerWithBalance(9_000)
    await db().insert(balanceFreezes).values({ profileId: provider.profile.id, cause: 'ban' })
    expect(await requestWithdrawal({ userId: provider.id, amountCents: 5_000, key: CPF })).toEqual({
      ok: false,
      error: 'frozen',
    })
    expect((await providerBalance(provider.profile.id)).availableCents).toBe(9_000)
    const open = await db()
      .select()
      .from(balanceFreezes)
      .where(and(eq(balanceFreezes.profileId, provider.profile.id)))
    expect(open).toHaveLength(1)
  })

  it('two at once never take more than her balance', async () => {
    const provider = await providerWithBalance(8_000)
    await db()
      .update(profiles)
      .set({ payoutCpfHash: cpfHash(CPF) })
      .where(eq(profiles.id, provider.profile.id))
    const results = await Promise.all(
      [1, 2].map(() => requestWithdrawal({ userId: provider.id, amountCents: 6_000, key: CPF })),
    )
    expect(results.filter((one) => one.ok)).toHaveLength(1)
    const available = (await providerBalance(provider.profile.id)).availableCents
    expect(available).toBe(2_000)
    expect(LEDGER_ACCOUNTS.available(provider.profile.id)).toContain(provider.profile.id)
  })
})
