import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { pixAmount } from '#app/domain/plans.ts'
import { releaseMaturedGifts } from '#app/modules/payments/gift-credit.server.ts'
import { recentWithdrawals } from '#app/modules/payments/gift-team-queries.server.ts'
import { startGift } from '#app/modules/payments/gifts.server.ts'
import { providerBalance } from '#app/modules/payments/ledger.server.ts'
import { payoutInstitution } from '#app/modules/payments/payouts/payouts.server.ts'
import {
  PixNotFound,
  PixRefused,
  transportFor,
} from '#app/modules/payments/pix-transport.server.ts'
import {
  cpfHash,
  reconcilePayouts,
  requestWithdrawal,
  withdrawalQuote,
} from '#app/modules/payments/withdrawals.server.ts'
import { type PixConfig, serverEnv, setServerEnv } from '#app/platform/env.server.ts'
import { db } from '#db/client.server.ts'
import { withdrawals } from '#db/schema/gifts.ts'
import { pixCharges } from '#db/schema/payments.ts'
import { profiles } from '#db/schema/profiles.ts'
import { createAccount } from '#tests/factories/account.ts'
import { signedInProvider } from '#tests/factories/profile.ts'
import { setUpPixSite } from '#tests/support/pix-site.ts'

// Payouts through the adapter of the institution PIX_PAYOUTS names (issue 31 point 8, ADR 0029),
// against the local institution answering with Efí's documented shapes: its send path and
// version, its scopes, its lookup's endToEndId, its refusals ({ nome, mensagem } for the send,
// RFC 7807 for the lookup). On PGlite and PostgreSQL.

const CPF = '52998224725'

const site = setUpPixSite({ gifts: true }, { mute: true })

beforeEach(() => {
  site.pix.setDown(false)
  site.pix.payoutOutcome('pay')
})

/** A verified provider whose identity check carried CPF, with `cents` available. */
async function providerWithBalance(cents: number) {
  const provider = await signedInProvider({ approved: true })
  await db()
    .update(profiles)
    .set({ payoutCpfHash: cpfHash(CPF) })
    .where(eq(profiles.id, provider.profile.id))
  const started = await startGift({
    clientId: (await createAccount({ role: 'client' })).id,
    profileId: provider.profile.id,
    amountCents: cents,
    message: '',
  })
  if (!started.ok) throw new Error(`gift refused: ${started.error}`)
  const [charge] = await db()
    .select({ txid: pixCharges.txid })
    .from(pixCharges)
    .where(eq(pixCharges.id, started.chargeId))
  expect((await site.pix.pay(charge?.txid ?? '')).webhookStatus).toBe(200)
  await releaseMaturedGifts(new Date(Date.now() + 5 * 86_400_000))
  expect((await providerBalance(provider.profile.id)).availableCents).toBe(cents)
  return provider
}

const withdrawalOf = async (profileId: string) =>
  (await db().select().from(withdrawals).where(eq(withdrawals.profileId, profileId)))[0]

const pixConfig = () => serverEnv().pix as PixConfig

describe('a payout through Efí’s adapter', () => {
  it('is sent by PUT /v3/gn/pix/{idEnvio} and read by GET /v2/gn/pix/enviados/id-envio/{idEnvio}, with Efí’s scopes; the lookup’s endToEndId is kept', async () => {
    const provider = await providerWithBalance(10_000)
    site.pix.payoutOutcome('hold')
    const asked = site.pix.requests().length
    expect(
      (await requestWithdrawal({ userId: provider.id, amountCents: 10_000, key: CPF })).ok,
    ).toBe(true)
    const row = await withdrawalOf(provider.profile.id)
    const id = row?.payoutId ?? ''
    // On the institution's origin, outside the API Pix's /api/v2.
    expect(
      site.pix
        .requests()
        .slice(asked)
        .filter((one) => one.path !== '/oauth/token'),
    ).toEqual([
      { method: 'PUT', path: `/v3/gn/pix/${id}` },
      { method: 'GET', path: `/v2/gn/pix/enviados/id-envio/${id}` },
    ])
    expect(site.pix.scopesAsked()).toEqual(expect.arrayContaining(['pix.send', 'gn.pix.send.read']))
    const [payout] = site.pix.payouts().filter((one) => one.idEnvio === id)
    expect(payout).toMatchObject({
      valor: pixAmount(withdrawalQuote(10_000).netCents),
      chave: CPF,
      infoPagador: 'Aprova: saque de presentes',
      status: 'EM_PROCESSAMENTO',
    })
    expect(row?.status).toBe('sent')

    site.pix.settlePayout(id, true)
    await reconcilePayouts()
    const paid = await withdrawalOf(provider.profile.id)
    expect(paid?.status).toBe('paid')
    expect(paid?.endToEndId).toBe(payout?.endToEndId)
    // The lookup reads Efí's `endToEndId` (not the send's `e2eId`).
    expect(await payoutInstitution()?.lookup(id)).toEqual({
      id,
      endToEndId: payout?.endToEndId,
      status: 'REALIZADO',
      failure: null,
    })
  })

  it('refused by Efí ({ nome, mensagem }) puts the money back and shows Efí’s words to the team', async () => {
    const provider = await providerWithBalance(7_000)
    site.pix.payoutOutcome('refuse')
    await requestWithdrawal({ userId: provider.id, amountCents: 7_000, key: CPF })
    const row = await withdrawalOf(provider.profile.id)
    expect(row).toMatchObject({ status: 'failed', failure: 'Pagamento negado por análises' })
    expect((await providerBalance(provider.profile.id)).availableCents).toBe(7_000)
    const shown = (await recentWithdrawals()).find((one) => one.id === row?.id)
    expect(shown).toMatchObject({ status: 'failed', failure: 'Pagamento negado por análises' })
    await expect(
      payoutInstitution()?.send({ id: 'Wrefused01', amountCents: 100, key: CPF, description: '' }),
    ).rejects.toMatchObject({
      name: 'PixRefused',
      kind: 'pagamento_negado',
      detail: 'Pagamento negado por análises',
    })
  })

  it('is refused as a repeat of its id (409 id_envio_duplicado), and an unknown id is not found (RFC 7807 404)', async () => {
    const institution = payoutInstitution()
    const sent = await institution?.send({
      id: 'Wrepeat01',
      amountCents: 1_234,
      key: CPF,
      description: 'primeiro',
    })
    expect(sent).toMatchObject({ id: 'Wrepeat01', status: 'EM_PROCESSAMENTO' })
    const repeat = await institution
      ?.send({ id: 'Wrepeat01', amountCents: 1_234, key: CPF, description: 'primeiro' })
      .catch((error: unknown) => error)
    expect(repeat).toBeInstanceOf(PixRefused)
    expect(repeat).toMatchObject({
      kind: 'id_envio_duplicado',
      detail: 'O id de envio informado já foi utilizado em outro pagamento',
    })
    await expect(institution?.lookup('Wnever01')).rejects.toBeInstanceOf(PixNotFound)
    const answer = await transportFor(pixConfig()).call(
      'GET',
      `${pixConfig().payouts?.url}/v2/gn/pix/enviados/id-envio/Wnever01`,
      'gn.pix.send.read',
    )
    expect(answer).toMatchObject({
      status: 404,
      body: { type: expect.stringMatching(/PixEnviadoNaoEncontrado$/), status: 404 },
    })
  })

  it('is refused by the institution when the body is not as Efí documents it', async () => {
    const { payouts, key } = pixConfig()
    const send = (id: string, body: unknown) =>
      transportFor(pixConfig()).call('PUT', `${payouts?.url}/v3/gn/pix/${id}`, 'pix.send', body)
    const good = { valor: '1.00', pagador: { chave: key }, favorecido: { chave: CPF } }
    for (const [body, nome] of [
      [{ ...good, valor: '1.0' }, 'valor_invalido'],
      [{ ...good, valor: '0.00' }, 'valor_invalido'],
      [{ ...good, pagador: { chave: key, infoPagador: 'x'.repeat(141) } }, 'valor_invalido'],
      [{ ...good, favorecido: {} }, 'valor_invalido'],
      [{ ...good, pagador: { chave: 'outra@chave.com' } }, 'chave_invalida'],
    ] as const) {
      const answer = await send('Wbad01', body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body).toEqual({ nome, mensagem: expect.any(String) })
    }
    expect((await send('Wbad!', good)).status).toBe(400)
    expect(site.pix.payouts().filter((one) => one.idEnvio === 'Wbad01')).toEqual([])
  })

  it('is not offered without PIX_PAYOUTS: a withdrawal could not be sent', async () => {
    const provider = await providerWithBalance(3_000)
    const env = serverEnv()
    setServerEnv({ ...env, pix: { ...pixConfig(), payouts: undefined } })
    try {
      expect(
        await requestWithdrawal({ userId: provider.id, amountCents: 3_000, key: CPF }),
      ).toEqual({ ok: false, error: 'off' })
    } finally {
      setServerEnv(env)
    }
    expect(await withdrawalOf(provider.profile.id)).toBeUndefined()
  })
})
