import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { startGift } from '#app/modules/payments/gifts.server.ts'
import { startPlanCharge } from '#app/modules/payments/payments.server.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { loader as giftReceiptLoader } from '#app/routes/client/gift-receipt.tsx'
import { loader as giftsLoader } from '#app/routes/client/gifts.tsx'
import { loader as planLoader } from '#app/routes/provider/plan.tsx'
import { loader as planReceiptLoader } from '#app/routes/provider/plan-receipt.tsx'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { pixCharges } from '#db/schema/payments.ts'
import { SANDBOX_SELLER } from '#sandbox/pix/institution.ts'
import { signedIn } from '#tests/factories/account.ts'
import { signedInProvider } from '#tests/factories/profile.ts'
import { mailsTo } from '#tests/support/outbox.ts'
import { setUpPixSite } from '#tests/support/pix-site.ts'
import { callRoute } from '#tests/support/route-call.ts'

// Issue 33 points 4 and 10, against the local Pix server: her history lists every Pix she sent
// (credited or sent back, with the refund's state), and every receipt (e-mail and printable page)
// names the seller (COMPANY_NAME, its CNPJ) and is its owner's alone.

const site = setUpPixSite({ gifts: true })

beforeEach(() => {
  site.pix.failRefunds(false)
  site.pix.holdRefunds(false)
})

/** The sandbox's seller as receipts write it. */
const SELLER_PT = `Vendedor: ${SANDBOX_SELLER.name}, CNPJ ${SANDBOX_SELLER.taxId}`
const SELLER_EN = `Seller: ${SANDBOX_SELLER.name}, CNPJ ${SANDBOX_SELLER.taxId}`

async function providerWithCharge(tier: 'ouro' | 'basico' = 'basico') {
  const provider = await signedInProvider({ approved: true })
  const started = await startPlanCharge(provider.id, tier)
  if (!started.ok) throw new Error(`no charge: ${started.error}`)
  const [charge] = await db().select().from(pixCharges).where(eq(pixCharges.id, started.chargeId))
  if (!charge) throw new Error('no charge row')
  return { provider, charge }
}

const history = async (cookie: string) =>
  (await callRoute(planLoader, '/dashboard/plan', { cookie })).data?.history as {
    endToEndId: string
    amountCents: number
    refund: { reason: string; status: string } | null
  }[]

const planReceipt = (cookie: string, endToEndId: string) =>
  callRoute(planReceiptLoader, `/dashboard/plan/receipt/${endToEndId}`, {
    cookie,
    params: { endToEndId },
  })

describe('her payment history (issue 33 point 4)', () => {
  it('lists a repeated Pix of a renewal next to the credited one, newest first, with its return', async () => {
    const { provider, charge } = await providerWithCharge()
    const first = await site.pix.pay(charge.txid)
    const second = await site.pix.pay(charge.txid)
    const mails = await mailsTo(site.dataDir, provider.email)
    expect(mails.some((mail) => mail.includes('Devolvemos um Pix de R$'))).toBe(true)
    const rows = await history(provider.cookie)
    expect(rows.map((row) => row.endToEndId)).toEqual([second.endToEndId, first.endToEndId])
    expect(rows[0]).toMatchObject({
      amountCents: charge.amountCents,
      refund: { reason: 'already_paid', status: 'done' },
    })
    expect(rows[1]).toMatchObject({ amountCents: charge.amountCents, refund: null })
  })

  it('shows a return while the bank settles it, and one the bank did not make', async () => {
    const { provider, charge } = await providerWithCharge()
    await site.pix.pay(charge.txid)
    site.pix.holdRefunds(true)
    await site.pix.pay(charge.txid)
    expect((await history(provider.cookie))[0]?.refund).toEqual({
      reason: 'already_paid',
      status: 'requested',
    })
    await site.pix.settleRefunds()
    expect((await history(provider.cookie))[0]?.refund).toEqual({
      reason: 'already_paid',
      status: 'done',
    })
    site.pix.holdRefunds(false)
    site.pix.failRefunds(true)
    const failed = await providerWithCharge()
    await site.pix.pay(failed.charge.txid)
    await site.pix.pay(failed.charge.txid)
    expect((await history(failed.provider.cookie))[0]?.refund).toEqual({
      reason: 'already_paid',
      status: 'failed',
    })
  })

  it('lists a Pix paid after the charge expired, and none of another provider’s', async () => {
    const { provider, charge } = await providerWithCharge()
    site.pix.expire(charge.txid)
    site.pix.advanceClock(31 * 60)
    const late = await site.pix
      .pay(charge.txid, { late: true })
      .finally(() => site.pix.advanceClock(-31 * 60))
    const other = await providerWithCharge()
    await site.pix.pay(other.charge.txid)
    const rows = await history(provider.cookie)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      endToEndId: late.endToEndId,
      refund: { reason: 'charge_expired', status: 'done' },
    })
  })
})

describe('receipts (issue 33 point 10)', () => {
  it('e-mails the plan’s receipt with the seller and CNPJ and a link to its printable page', async () => {
    const { provider, charge } = await providerWithCharge('ouro')
    const paid = await site.pix.pay(charge.txid)
    const [receipt] = (await mailsTo(site.dataDir, provider.email)).filter((mail) =>
      mail.includes('Recibo: plano Ouro'),
    )
    expect(receipt).toContain(SELLER_PT)
    expect(receipt).toContain(
      `Ver o recibo: ${serverEnv().baseUrl}/dashboard/plan/receipt/${paid.endToEndId}`,
    )
    // In her language.
    const english = await providerWithCharge('ouro')
    await db().update(user).set({ language: 'en' }).where(eq(user.id, english.provider.id))
    const paidEn = await site.pix.pay(english.charge.txid)
    const [receiptEn] = (await mailsTo(site.dataDir, english.provider.email)).filter((mail) =>
      mail.includes('Receipt: Gold plan'),
    )
    expect(receiptEn).toContain(SELLER_EN)
    expect(receiptEn).toContain(`/dashboard/plan/receipt/${paidEn.endToEndId}`)
  })

  it('shows her the printable receipt of each Pix, a returned one as returned; anyone else gets a 404', async () => {
    const { provider, charge } = await providerWithCharge('ouro')
    const first = await site.pix.pay(charge.txid)
    const second = await site.pix.pay(charge.txid)
    const answer = await planReceipt(provider.cookie, first.endToEndId)
    expect(answer.status).toBe(200)
    expect(answer.data?.receipt).toMatchObject({
      seller: { name: SANDBOX_SELLER.name, taxId: SANDBOX_SELLER.taxId },
      payer: provider.name,
      what: { kind: 'plan', tier: 'ouro', days: 30 },
      amountCents: charge.amountCents,
      txid: charge.txid,
      endToEndId: first.endToEndId,
      refund: null,
    })
    const returned = await planReceipt(provider.cookie, second.endToEndId)
    expect(returned.data?.receipt).toMatchObject({
      endToEndId: second.endToEndId,
      refund: { reason: 'already_paid', status: 'done' },
    })
    const other = await signedInProvider({ approved: true })
    expect((await planReceipt(other.cookie, first.endToEndId)).status).toBe(404)
    expect((await planReceipt(provider.cookie, 'not-an-end-to-end-id')).status).toBe(404)
    expect((await planReceipt(provider.cookie, 'E'.padEnd(32, '0'))).status).toBe(404)
  })

  it('e-mails a gift’s receipt with the seller, and shows him its printable page alone', async () => {
    const provider = await signedInProvider({ approved: true })
    const client = await signedIn('client')
    const started = await startGift({
      clientId: client.id,
      profileId: provider.profile.id,
      amountCents: 5_000,
      message: '',
    })
    if (!started.ok) throw new Error(`no gift: ${started.error}`)
    const [charge] = await db().select().from(pixCharges).where(eq(pixCharges.id, started.chargeId))
    const paid = await site.pix.pay(charge?.txid ?? '')
    const [receipt] = (await mailsTo(site.dataDir, client.email)).filter((mail) =>
      mail.includes('Recibo: presente para'),
    )
    expect(receipt).toContain(SELLER_PT)
    expect(receipt).toContain(
      `Ver o recibo: ${serverEnv().baseUrl}/client-dashboard/gifts/receipt/${started.giftId}`,
    )
    const url = `/client-dashboard/gifts/receipt/${started.giftId}`
    const page = await callRoute(giftReceiptLoader, url, {
      cookie: client.cookie,
      params: { giftId: started.giftId },
    })
    expect(page.status).toBe(200)
    expect(page.data?.receipt).toMatchObject({
      seller: { name: SANDBOX_SELLER.name, taxId: SANDBOX_SELLER.taxId },
      payer: client.name,
      what: { kind: 'gift', profile: provider.profile.name },
      amountCents: 5_000,
      txid: charge?.txid,
      endToEndId: paid.endToEndId,
      refund: null,
    })
    const gifts = await callRoute(giftsLoader, '/client-dashboard/gifts', { cookie: client.cookie })
    expect(gifts.data?.gifts[0]).toMatchObject({ id: started.giftId })
    const stranger = await signedIn('client')
    const strangers = await callRoute(giftReceiptLoader, url, {
      cookie: stranger.cookie,
      params: { giftId: started.giftId },
    })
    expect(strangers.status).toBe(404)
  })
})
