import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { reconcilePix, startPlanCharge } from '#app/modules/payments/payments.server.ts'
import { PixUnavailable, pixApi } from '#app/modules/payments/pix-api.server.ts'
import { db } from '#db/client.server.ts'
import { pixCharges, pixRefunds } from '#db/schema/payments.ts'
import { profiles } from '#db/schema/profiles.ts'
import { pixCrc16, readBrCode } from '#sandbox/pix/brcode.ts'
import { startPixServer } from '#sandbox/pix/institution.ts'
import { signedInProvider } from '#tests/factories/profile.ts'
import { pixConfigOf, setUpPixSite } from '#tests/support/pix-site.ts'

// The site against an institution that answers only as the Banco Central's API Pix 2.9 allows
// (issue 31): what a real bank does and the project's first local institution did not.

const site = setUpPixSite()

beforeEach(() => {
  site.pix.setDown(false)
})

async function approvedProvider() {
  return signedInProvider({ approved: true })
}

async function chargeRow(id: string) {
  const [row] = await db().select().from(pixCharges).where(eq(pixCharges.id, id))
  if (!row) throw new Error('no charge row')
  return row
}

describe('the token (issue 31 point 3)', () => {
  it('is asked for with the scope each call needs', async () => {
    const provider = await approvedProvider()
    site.pix.revokeTokens()
    const before = site.pix.scopesAsked().length
    const started = await startPlanCharge(provider.id, 'basico')
    expect(started.ok).toBe(true)
    const asked = site.pix.scopesAsked().slice(before)
    expect(asked).toContain('cob.write')
    expect(asked).not.toContain('')
  })

  it('carries the credentials in the body when the institution wants them there', async () => {
    const bodyOnly = await startPixServer({ clientAuthentication: 'body' })
    try {
      const config = await pixConfigOf(bodyOnly)
      if (!config) throw new Error('no Pix configuration')
      expect(config.clientAuthentication).toBe('body')
      const charge = await pixApi(config).createCharge({
        txid: 'BodyAuth00000000000000000000000001',
        amountCents: 4900,
        expiresInSeconds: 1800,
        description: 'Aprova: teste',
      })
      expect(charge.amountCents).toBe(4900)
      // The same institution refuses HTTP Basic, which a site set for it never sends.
      const basic = pixApi({ ...config, clientAuthentication: 'basic' })
      await expect(basic.getCharge(charge.txid)).rejects.toThrow(PixUnavailable)
    } finally {
      await bodyOnly.close()
    }
  })

  it('is asked for again once when the institution answers 403, like a 401', async () => {
    const provider = await approvedProvider()
    expect((await startPlanCharge(provider.id, 'basico')).ok).toBe(true)
    site.pix.forbidTokens()
    const before = site.pix.tokensIssued()
    const other = await approvedProvider()
    expect(await startPlanCharge(other.id, 'basico')).toMatchObject({ ok: true })
    expect(site.pix.tokensIssued()).toBe(before + 1)
  })
})

describe('a charge answered without pixCopiaECola (issue 31 point 4)', () => {
  it('is shown with the BR Code built from its location, and paid through it', async () => {
    const provider = await approvedProvider()
    site.pix.editNextChargeAnswer(({ pixCopiaECola: _, ...charge }) => charge)
    const started = await startPlanCharge(provider.id, 'prata')
    if (!started.ok) throw new Error(started.error)
    const row = await chargeRow(started.chargeId)
    const location = site.pix.charge(row.txid)?.location
    const fields = readBrCode(row.brCode)
    expect(Object.fromEntries(fields)).toMatchObject({
      '00': '01',
      '01': '12',
      '52': '0000',
      '53': '986',
      '58': 'BR',
      '59': 'Aprova',
      '62': '0503***',
    })
    expect(Object.fromEntries(readBrCode(fields.get('26') ?? ''))).toEqual({
      '00': 'br.gov.bcb.pix',
      '25': location,
    })
    expect(pixCrc16(row.brCode.slice(0, -4))).toBe(row.brCode.slice(-4))
    await site.pix.payBrCode(row.brCode)
    expect((await chargeRow(row.id)).status).toBe('paid')
    const [profile] = await db()
      .select({ tier: profiles.membershipTier })
      .from(profiles)
      .where(eq(profiles.id, provider.profile.id))
    expect(profile?.tier).toBe('prata')
  })
})

describe('a charge the institution answers amiss (issue 31 point 5)', () => {
  it.each([
    ['another amount', { valor: { original: '37.00' } }],
    ['another key', { chave: 'someone-else@example.com' }],
    ['another txid', { txid: 'NotTheOneAsked0000000000000000000' }],
  ])('is refused when it has %s, and nothing is shown', async (_, change) => {
    const provider = await approvedProvider()
    site.pix.editNextChargeAnswer((charge) => ({ ...charge, ...change }))
    expect(await startPlanCharge(provider.id, 'ouro')).toEqual({ ok: false, error: 'unavailable' })
    const rows = await db()
      .select()
      .from(pixCharges)
      .where(eq(pixCharges.profileId, provider.profile.id))
    expect(rows).toHaveLength(0)
  })
})

describe('whose Pix is ours (issue 31 point 6)', () => {
  it('credits a Pix for our charge whose key the institution writes in another case', async () => {
    const provider = await approvedProvider()
    const started = await startPlanCharge(provider.id, 'basico')
    if (!started.ok) throw new Error(started.error)
    const { txid } = await chargeRow(started.chargeId)
    await site.pix.pay(txid, { key: site.pix.key.toUpperCase() })
    expect((await chargeRow(started.chargeId)).status).toBe('paid')
  })
})

describe('a refund (issue 31 point 1)', () => {
  /** A plan paid twice: the second Pix is sent back, and its refund accepted, not yet settled. */
  async function refundInProgress() {
    const provider = await approvedProvider()
    const started = await startPlanCharge(provider.id, 'basico')
    if (!started.ok) throw new Error(started.error)
    const { txid } = await chargeRow(started.chargeId)
    await site.pix.pay(txid)
    const second = await site.pix.pay(txid)
    const [refund] = await db()
      .select()
      .from(pixRefunds)
      .where(eq(pixRefunds.endToEndId, second.endToEndId))
    if (!refund) throw new Error('no refund row')
    return refund
  }

  const refundState = async (id: string) =>
    (await db().select().from(pixRefunds).where(eq(pixRefunds.id, id)))[0]

  const asks = (id: string) =>
    site.pix.requests().filter((one) => one.path.endsWith(`/devolucao/${id}`))

  beforeEach(() => {
    site.pix.holdRefunds(true)
  })

  afterEach(async () => {
    site.pix.holdRefunds(false)
    await site.pix.settleRefunds()
  })

  it('is accepted first (EM_PROCESSAMENTO), never asked again with its id, and ends by the webhook', async () => {
    const refund = await refundInProgress()
    expect(refund.status).toBe('requested')
    expect(refund.sentAt).toBeInstanceOf(Date)
    expect(site.pix.refunds().find((one) => one.id === refund.id)?.status).toBe('EM_PROCESSAMENTO')
    await reconcilePix()
    await reconcilePix()
    // Looked up, not sent again: the API Pix refuses an id already used for the Pix.
    expect(asks(refund.id).map((one) => one.method)).toEqual(['PUT', 'GET', 'GET'])
    expect((await refundState(refund.id))?.status).toBe('requested')
    await site.pix.settleRefund(refund.endToEndId, refund.id, true)
    expect(await refundState(refund.id)).toMatchObject({
      status: 'done',
      settledAt: expect.any(Date),
    })
  })

  it('ends by the lookup when no webhook tells of it, returned or not', async () => {
    const returned = await refundInProgress()
    const refused = await refundInProgress()
    await site.pix.settleRefund(returned.endToEndId, returned.id, true, { webhook: false })
    await site.pix.settleRefund(refused.endToEndId, refused.id, false, { webhook: false })
    await reconcilePix()
    expect((await refundState(returned.id))?.status).toBe('done')
    expect((await refundState(refused.id))?.status).toBe('failed')
  })

  it('sent before the rule (no record of it being sent): refused as a used id, then looked up', async () => {
    const refund = await refundInProgress()
    await db().update(pixRefunds).set({ sentAt: null }).where(eq(pixRefunds.id, refund.id))
    await reconcilePix()
    expect(asks(refund.id).map((one) => one.method)).toEqual(['PUT', 'PUT', 'GET'])
    expect(site.pix.refunds().filter((one) => one.id === refund.id)).toHaveLength(1)
    expect((await refundState(refund.id))?.status).toBe('requested')
    await site.pix.settleRefund(refund.endToEndId, refund.id, true)
    expect((await refundState(refund.id))?.status).toBe('done')
  })
})

describe('a webhook call that groups Pix (issue 31 point 7)', () => {
  it('takes the valid items of a mixed batch of more than 100 and leaves out the rest', async () => {
    const paid = []
    for (const tier of ['basico', 'prata'] as const) {
      const provider = await approvedProvider()
      const started = await startPlanCharge(provider.id, tier)
      if (!started.ok) throw new Error(started.error)
      const { txid } = await chargeRow(started.chargeId)
      paid.push({ ...(await site.pix.pay(txid, { webhook: false })), id: started.chargeId })
    }
    const junk = Array.from({ length: 120 }, (_, i) =>
      i % 2 ? { endToEndId: `nope-${i}` } : { valor: '1.00' },
    )
    const status = await site.pix.deliver({
      pix: [
        junk[0],
        { endToEndId: paid[0]?.endToEndId },
        ...junk,
        { endToEndId: paid[1]?.endToEndId },
      ],
    })
    expect(status).toBe(200)
    for (const one of paid) expect((await chargeRow(one.id)).status).toBe('paid')
    // Nothing in it to take: the call itself is refused.
    expect(await site.pix.deliver({ pix: junk })).toBe(400)
  })
})
