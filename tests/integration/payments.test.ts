import { eq, inArray, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { PLAN_DAYS } from '#app/domain/plans.ts'
import { pt } from '#app/i18n/pt.ts'
import { deleteAccount, exportAccountData } from '#app/modules/account/account.server.ts'
import { expireTiers } from '#app/modules/moderation/plans.server.ts'
import { suspendProfile } from '#app/modules/moderation/sanctions.server.ts'
import {
  currentPlanPrices,
  ownCharge,
  receiveWebhook,
  reconcilePix,
  recordReceivedPix,
  remindPlanEnds,
  returnSuspendedProfiles,
  startPlanCharge,
  startReturnFeeCharge,
} from '#app/modules/payments/payments.server.ts'
import { action as webhookAction } from '#app/routes/resources/pix-webhook.ts'
import { db } from '#db/client.server.ts'
import { auditLog } from '#db/schema/moderation.ts'
import { pixCharges, pixPayments, pixRefunds } from '#db/schema/payments.ts'
import { profiles } from '#db/schema/profiles.ts'
import { createAccount } from '#tests/factories/account.ts'
import { signedInProvider } from '#tests/factories/profile.ts'
import { mailsTo } from '#tests/support/outbox.ts'
import { setUpPixSite } from '#tests/support/pix-site.ts'
import { useTestServerEnv } from '#tests/support/test-server.ts'

// Plans and return fees paid by Pix (issue 21 points 3–5) against the local Pix server, which
// speaks the Banco Central's API Pix over mutual TLS and calls the site's webhook route over HTTP.

const DAY = 86_400_000
const RESTORED_SUBJECT = pt.email.restoredSubject

const site = setUpPixSite()

beforeEach(() => {
  site.pix.dropReusedConnections(0)
  site.pix.setDown(false)
  site.pix.failRefunds(false)
})

/** An approved provider, and her charge for `tier` as the Pix server holds it. */
async function providerWithCharge(tier: 'ouro' | 'prata' | 'vip_plus' | 'basico' = 'ouro') {
  const provider = await signedInProvider({ approved: true })
  const started = await startPlanCharge(provider.id, tier)
  if (!started.ok) throw new Error(`no charge: ${started.error}`)
  const [row] = await db().select().from(pixCharges).where(eq(pixCharges.id, started.chargeId))
  if (!row) throw new Error('no charge row')
  return { provider, charge: row }
}

async function profileOf(id: string) {
  const [row] = await db().select().from(profiles).where(eq(profiles.id, id))
  if (!row) throw new Error('no profile')
  return row
}

async function paymentsOf(chargeId: string) {
  return db().select().from(pixPayments).where(eq(pixPayments.chargeId, chargeId))
}

describe('a plan bought by Pix', () => {
  it('creates a charge of the plan’s price at the institution, valid 30 minutes', async () => {
    const prices = await currentPlanPrices()
    const { charge } = await providerWithCharge('ouro')
    const held = site.pix.charge(charge.txid)
    expect(held?.valor.original).toBe(`${prices.ouro / 100}.00`)
    expect(held?.calendario.expiracao).toBe(30 * 60)
    expect(held?.chave).toBe(site.pix.key)
    // The institution's own code, or, when it sent none (optional in the API Pix), the one built
    // from the charge's location: either leads a bank app to this charge.
    if (held?.pixCopiaECola) expect(charge.brCode).toBe(held.pixCopiaECola)
    expect(site.pix.chargeOfBrCode(charge.brCode).txid).toBe(charge.txid)
    expect(charge.amountCents).toBe(prices.ouro)
    expect(charge.expiresAt.getTime() - charge.createdAt.getTime()).toBeGreaterThan(29 * 60_000)
    expect(charge.status).toBe('active')
  })

  it('offers the same open charge again instead of a second one', async () => {
    const { provider, charge } = await providerWithCharge('prata')
    const again = await startPlanCharge(provider.id, 'prata')
    expect(again).toEqual({ ok: true, chargeId: charge.id })
  })

  it('is refused to a profile that is not approved, and without Pix says so', async () => {
    const pending = await signedInProvider()
    expect(await startPlanCharge(pending.id, 'ouro')).toEqual({ ok: false, error: 'notApproved' })
    const client = await createAccount({ role: 'client' })
    expect(await startPlanCharge(client.id, 'ouro')).toEqual({ ok: false, error: 'noProfile' })
  })

  it('starts when the webhook comes: plan, expiry, receipt in her language', async () => {
    const { provider, charge } = await providerWithCharge('ouro')
    const before = Date.now()
    const paid = await site.pix.pay(charge.txid)
    expect(paid.webhookStatus).toBe(200)
    const profile = await profileOf(provider.profile.id)
    expect(profile.membershipTier).toBe('ouro')
    expect(profile.isPremium).toBe(true)
    const days = ((profile.tierExpiresAt?.getTime() ?? 0) - before) / DAY
    expect(days).toBeGreaterThan(PLAN_DAYS - 0.01)
    expect(days).toBeLessThan(PLAN_DAYS + 0.01)
    const view = await ownCharge(provider.id, charge.id)
    expect(view?.status).toBe('paid')
    expect(view?.planExpiresAt?.getTime()).toBe(profile.tierExpiresAt?.getTime())
    const [receipt] = await mailsTo(site.dataDir, provider.email).then((mails) =>
      mails.filter((mail) => mail.includes('Recibo: plano Ouro')),
    )
    expect(receipt).toContain(charge.txid)
  })

  it('credits a webhook delivered twice once', async () => {
    const { provider, charge } = await providerWithCharge('basico')
    const paid = await site.pix.pay(charge.txid)
    const once = (await profileOf(provider.profile.id)).tierExpiresAt
    expect(await site.pix.redeliver(paid.endToEndId)).toBe(200)
    expect(await site.pix.redeliver(paid.endToEndId)).toBe(200)
    expect((await profileOf(provider.profile.id)).tierExpiresAt).toEqual(once)
    expect(await paymentsOf(charge.id)).toHaveLength(1)
    expect(site.pix.refunds().filter((r) => r.endToEndId === paid.endToEndId)).toHaveLength(0)
  })

  it('credits two payments of the same plan whose webhooks come out of order', async () => {
    const provider = await signedInProvider({ approved: true })
    const first = await startPlanCharge(provider.id, 'prata')
    if (!first.ok) throw new Error('no charge')
    const [a] = await db().select().from(pixCharges).where(eq(pixCharges.id, first.chargeId))
    const payA = await site.pix.pay(a?.txid ?? '', { webhook: false })
    // A second charge for the same plan once the first is paid (the open one is not offered).
    await db().update(pixCharges).set({ status: 'paid' }).where(eq(pixCharges.id, first.chargeId))
    const second = await startPlanCharge(provider.id, 'prata')
    await db().update(pixCharges).set({ status: 'active' }).where(eq(pixCharges.id, first.chargeId))
    if (!second.ok) throw new Error('no second charge')
    const [b] = await db().select().from(pixCharges).where(eq(pixCharges.id, second.chargeId))
    const start = Date.now()
    // B's webhook first, then A's.
    await site.pix.pay(b?.txid ?? '')
    expect(await site.pix.redeliver(payA.endToEndId)).toBe(200)
    const days =
      (((await profileOf(provider.profile.id)).tierExpiresAt?.getTime() ?? 0) - start) / DAY
    expect(days).toBeGreaterThan(2 * PLAN_DAYS - 0.01)
    expect(days).toBeLessThan(2 * PLAN_DAYS + 0.01)
  })

  it('is found by reconciliation when the webhook never comes', async () => {
    const { provider, charge } = await providerWithCharge('ouro')
    await site.pix.pay(charge.txid, { webhook: false })
    expect((await profileOf(provider.profile.id)).membershipTier).toBe('free')
    await reconcilePix()
    expect((await profileOf(provider.profile.id)).membershipTier).toBe('ouro')
    expect(await paymentsOf(charge.id)).toHaveLength(1)
  })

  it('is found by the payment page itself when the webhook never comes', async () => {
    const { provider, charge } = await providerWithCharge('prata')
    await site.pix.pay(charge.txid, { webhook: false })
    const view = await ownCharge(provider.id, charge.id)
    expect(view?.status).toBe('paid')
    expect((await profileOf(provider.profile.id)).membershipTier).toBe('prata')
  })

  it('extends the same running plan, and credits an upgrade with the old plan’s unused days', async () => {
    const { provider, charge } = await providerWithCharge('prata')
    await site.pix.pay(charge.txid)
    const firstEnd = (await profileOf(provider.profile.id)).tierExpiresAt?.getTime() ?? 0
    // Ten days of prata left.
    const tenDays = new Date(Date.now() + 10 * DAY)
    await db()
      .update(profiles)
      .set({ tierExpiresAt: tenDays })
      .where(eq(profiles.id, provider.profile.id))
    const upgrade = await startPlanCharge(provider.id, 'vip_plus')
    if (!upgrade.ok) throw new Error('no charge')
    const [row] = await db().select().from(pixCharges).where(eq(pixCharges.id, upgrade.chargeId))
    const start = Date.now()
    await site.pix.pay(row?.txid ?? '')
    const prices = await currentPlanPrices()
    const profile = await profileOf(provider.profile.id)
    expect(profile.membershipTier).toBe('vip_plus')
    const days = ((profile.tierExpiresAt?.getTime() ?? 0) - start) / DAY
    expect(days).toBeCloseTo(PLAN_DAYS + (10 * prices.prata) / prices.vip_plus, 1)
    const [paid] = await db().select().from(pixCharges).where(eq(pixCharges.id, upgrade.chargeId))
    expect(paid?.creditedDays).toBe(Math.floor((10 * prices.prata) / prices.vip_plus))
    expect(firstEnd).toBeGreaterThan(start)
  })

  it('falls back to free at expiry, after a reminder 3 days before (once)', async () => {
    const { provider, charge } = await providerWithCharge('ouro')
    await site.pix.pay(charge.txid)
    await db()
      .update(profiles)
      .set({ tierExpiresAt: new Date(Date.now() + 2 * DAY) })
      .where(eq(profiles.id, provider.profile.id))
    expect(await remindPlanEnds()).toBeGreaterThanOrEqual(1)
    expect(await remindPlanEnds()).toBe(0)
    const reminders = (await mailsTo(site.dataDir, provider.email)).filter((mail) =>
      mail.includes('Seu plano termina em 3 dias'),
    )
    expect(reminders).toHaveLength(1)
    await db()
      .update(profiles)
      .set({ tierExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(profiles.id, provider.profile.id))
    await expireTiers()
    expect((await profileOf(provider.profile.id)).membershipTier).toBe('free')
  })
})

describe('money that pays nothing is sent back', () => {
  it('refunds a second Pix for a paid charge, and tells her', async () => {
    const { provider, charge } = await providerWithCharge('basico')
    await site.pix.pay(charge.txid)
    const second = await site.pix.pay(charge.txid)
    const [refund] = site.pix.refunds().filter((r) => r.endToEndId === second.endToEndId)
    expect(refund?.status).toBe('DEVOLVIDO')
    expect(refund?.valor).toBe(site.pix.charge(charge.txid)?.valor.original)
    const [row] = await db()
      .select()
      .from(pixRefunds)
      .where(eq(pixRefunds.endToEndId, second.endToEndId))
    expect(row).toMatchObject({ reason: 'already_paid', status: 'done' })
    const mails = await mailsTo(site.dataDir, provider.email)
    expect(mails.some((mail) => mail.includes('Seu Pix foi devolvido'))).toBe(true)
  })

  it('refunds a Pix paid after the charge expired', async () => {
    const { provider, charge } = await providerWithCharge('ouro')
    site.pix.expire(charge.txid)
    site.pix.advanceClock(31 * 60)
    try {
      const late = await site.pix.pay(charge.txid, { late: true })
      const [row] = await db()
        .select()
        .from(pixRefunds)
        .where(eq(pixRefunds.endToEndId, late.endToEndId))
      expect(row).toMatchObject({ reason: 'charge_expired', status: 'done' })
      expect((await profileOf(provider.profile.id)).membershipTier).toBe('free')
    } finally {
      site.pix.advanceClock(-31 * 60)
    }
  })

  it('leaves alone a Pix that is not ours (no txid of ours, another key), found by reconciliation, and shows it to the team (issue 31 point 6)', async () => {
    // The account also receives the operator's top-ups and Pix to its other keys.
    const topUp = await site.pix.payUnknown({ amount: '12.34', webhook: false })
    const strayTxid = await site.pix.payUnknown({
      amount: '5.00',
      txid: 'NeverIssuedByUs00000000000000X',
      webhook: false,
    })
    const otherKey = await site.pix.payUnknown({
      amount: '7.00',
      key: 'outra-chave@example.com',
      webhook: false,
    })
    const ids = [topUp.endToEndId, strayTxid.endToEndId, otherKey.endToEndId]
    await reconcilePix()
    const rows = await db().select().from(pixPayments).where(inArray(pixPayments.endToEndId, ids))
    expect(rows.map((row) => row.outcome)).toEqual(['foreign', 'foreign', 'foreign'])
    expect(rows.find((row) => row.endToEndId === otherKey.endToEndId)?.key).toBe(
      'outra-chave@example.com',
    )
    expect(await db().select().from(pixRefunds).where(inArray(pixRefunds.endToEndId, ids))).toEqual(
      [],
    )
    // Reconciling again sends nothing back either.
    await reconcilePix()
    expect(site.pix.refunds().filter((r) => ids.includes(r.endToEndId))).toEqual([])
  })

  it('refunds a Pix whose amount is not the charge’s', async () => {
    const { provider, charge } = await providerWithCharge('ouro')
    const wrong = await site.pix.pay(charge.txid, { amount: '1.00' })
    const [row] = await db()
      .select()
      .from(pixRefunds)
      .where(eq(pixRefunds.endToEndId, wrong.endToEndId))
    expect(row).toMatchObject({ reason: 'amount_mismatch', amountCents: 100 })
    expect((await profileOf(provider.profile.id)).membershipTier).toBe('free')
  })

  it('asks again for a refund the institution could not be asked for, until it answers', async () => {
    const { charge } = await providerWithCharge('basico')
    await site.pix.pay(charge.txid)
    const second = await site.pix.pay(charge.txid, { webhook: false })
    const held = site.pix.pixes().find((one) => one.endToEndId === second.endToEndId)
    site.pix.setDown(true)
    // Recorded (as the page's own check would), but the refund cannot be asked for now.
    expect(
      await recordReceivedPix({
        endToEndId: second.endToEndId,
        txid: charge.txid,
        amountCents: charge.amountCents,
        paidAt: new Date(held?.horario ?? Date.now()),
        key: site.pix.key,
        refunds: [],
      }),
    ).toBe('refunded')
    const refundOf = async () =>
      (await db().select().from(pixRefunds).where(eq(pixRefunds.endToEndId, second.endToEndId)))[0]
    expect((await refundOf())?.status).toBe('requested')
    site.pix.setDown(false)
    await reconcilePix()
    // Taken (EM_PROCESSAMENTO), then settled and told by the webhook.
    await site.pix.idle()
    expect((await refundOf())?.status).toBe('done')
    expect(site.pix.refunds().filter((r) => r.endToEndId === second.endToEndId)).toHaveLength(1)
  })

  it('records a refund the institution refused as failed, for the team', async () => {
    const { charge } = await providerWithCharge('basico')
    await site.pix.pay(charge.txid)
    site.pix.failRefunds(true)
    const second = await site.pix.pay(charge.txid)
    const [row] = await db()
      .select()
      .from(pixRefunds)
      .where(eq(pixRefunds.endToEndId, second.endToEndId))
    expect(row?.status).toBe('failed')
  })
})

describe('the webhook', () => {
  it('answers 404 to a wrong secret and credits nothing', async () => {
    const { provider, charge } = await providerWithCharge('ouro')
    const paid = await site.pix.pay(charge.txid, { webhook: false })
    const status = await site.pix.deliver(
      { pix: [{ endToEndId: paid.endToEndId, txid: charge.txid, valor: '179.00' }] },
      { secretPath: '/webhooks/pix/not-the-secret-0123456789abcdef' },
    )
    expect(status).toBe(404)
    expect(await paymentsOf(charge.id)).toHaveLength(0)
    expect((await profileOf(provider.profile.id)).membershipTier).toBe('free')
  })

  it('credits nothing on a forged call with the right secret: each Pix is read back', async () => {
    const { provider, charge } = await providerWithCharge('ouro')
    const forged = {
      pix: [
        {
          endToEndId: 'E12345678202611251200abcdefghijk',
          txid: charge.txid,
          valor: site.pix.charge(charge.txid)?.valor.original,
          horario: new Date().toISOString(),
        },
      ],
    }
    expect(await site.pix.deliver(forged)).toBe(200)
    expect(await paymentsOf(charge.id)).toHaveLength(0)
    expect((await profileOf(provider.profile.id)).membershipTier).toBe('free')
  })

  it('refuses malformed bodies with 400 and answers 503 while the API is down', async () => {
    expect(await receiveWebhook({ pix: 'x' })).toEqual({ status: 400 })
    expect(await receiveWebhook({ pix: [{ endToEndId: '../../x' }] })).toEqual({ status: 400 })
    expect(await receiveWebhook(null)).toEqual({ status: 400 })
    const { charge } = await providerWithCharge('ouro')
    const paid = await site.pix.pay(charge.txid, { webhook: false })
    site.pix.setDown(true)
    expect(await receiveWebhook({ pix: [{ endToEndId: paid.endToEndId }] })).toEqual({
      status: 503,
    })
    site.pix.setDown(false)
    expect(await site.pix.redeliver(paid.endToEndId)).toBe(200)
    expect(await paymentsOf(charge.id)).toHaveLength(1)
  })

  it('is a 404 for GET and for a body that is not JSON with a wrong secret', async () => {
    const request = new Request('http://localhost/webhooks/pix/x', { method: 'POST', body: '{' })
    const answer = (await webhookAction({
      request,
      params: { secret: 'x' },
      context: {},
    } as never)) as Response
    expect(answer.status).toBe(404)
  })
})

describe('a charge the institution cannot make', () => {
  it('says Pix is unavailable, and makes no row', async () => {
    const provider = await signedInProvider({ approved: true })
    site.pix.setDown(true)
    expect(await startPlanCharge(provider.id, 'ouro')).toEqual({ ok: false, error: 'unavailable' })
    site.pix.setDown(false)
    const rows = await db()
      .select()
      .from(pixCharges)
      .where(eq(pixCharges.profileId, provider.profile.id))
    expect(rows).toHaveLength(0)
  })

  it('gets a new token when the institution dropped the old one', async () => {
    const provider = await signedInProvider({ approved: true })
    site.pix.revokeTokens()
    const before = site.pix.tokensIssued()
    expect((await startPlanCharge(provider.id, 'basico')).ok).toBe(true)
    expect(site.pix.tokensIssued()).toBe(before + 1)
  })

  it('sends again on a new connection when the institution closed the kept-alive one', async () => {
    const provider = await signedInProvider({ approved: true })
    expect((await startPlanCharge(provider.id, 'basico')).ok).toBe(true)
    const dropped = site.pix.connectionsDropped()
    site.pix.dropReusedConnections(1)
    const other = await signedInProvider({ approved: true })
    expect(await startPlanCharge(other.id, 'basico')).toMatchObject({ ok: true })
    expect(site.pix.connectionsDropped()).toBe(dropped + 1)
  })
})

describe('the return fee (SPEC §4; issue 21 point 4)', () => {
  async function suspended(days: number) {
    const provider = await signedInProvider({ approved: true })
    const admin = await createAccount({ role: 'admin' })
    const result = await suspendProfile({ id: admin.id, email: admin.email }, provider.profile.id, {
      days,
      dailyValueCents: 500,
      reason: 'Fotos de outra pessoa',
    })
    if (!result.ok) throw new Error('not suspended')
    return provider
  }

  it('is paid by Pix; the profile returns once the suspension has ended', async () => {
    const provider = await suspended(3)
    const started = await startReturnFeeCharge(provider.id)
    if (!started.ok) throw new Error(`no charge: ${started.error}`)
    const [charge] = await db().select().from(pixCharges).where(eq(pixCharges.id, started.chargeId))
    expect(charge?.amountCents).toBe(1500)
    await site.pix.pay(charge?.txid ?? '')
    // Paid, but the three days are not over.
    await returnSuspendedProfiles()
    expect((await profileOf(provider.profile.id)).status).toBe('suspended')
    expect(await startReturnFeeCharge(provider.id)).toEqual({ ok: false, error: 'noFee' })
    await db().execute(
      sql`update profile_sanctions set ends_at = now() - interval '1 minute' where profile_id = ${provider.profile.id}`,
    )
    expect(await returnSuspendedProfiles()).toBe(1)
    expect((await profileOf(provider.profile.id)).status).toBe('approved')
    const entries = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, provider.profile.id))
    expect(
      entries.some((entry) => entry.action === 'suspension_end' && entry.actorId === 'system'),
    ).toBe(true)
  })

  it('returns the profile at once when the fee is paid after the end', async () => {
    const provider = await suspended(2)
    await db().execute(
      sql`update profile_sanctions set ends_at = now() - interval '1 minute' where profile_id = ${provider.profile.id}`,
    )
    // Not returned while the fee is unpaid.
    await returnSuspendedProfiles()
    expect((await profileOf(provider.profile.id)).status).toBe('suspended')
    const started = await startReturnFeeCharge(provider.id)
    if (!started.ok) throw new Error('no charge')
    const [charge] = await db().select().from(pixCharges).where(eq(pixCharges.id, started.chargeId))
    await site.pix.pay(charge?.txid ?? '')
    expect((await profileOf(provider.profile.id)).status).toBe('approved')
    const mails = await mailsTo(site.dataDir, provider.email)
    expect(mails.some((mail) => mail.includes(RESTORED_SUBJECT))).toBe(true)
  })

  it('is refused when the profile is not suspended', async () => {
    const provider = await signedInProvider({ approved: true })
    expect(await startReturnFeeCharge(provider.id)).toEqual({ ok: false, error: 'notSuspended' })
  })
})

describe('payment records', () => {
  it('are in the account’s export and outlive its deletion, unlinked', async () => {
    const { provider, charge } = await providerWithCharge('ouro')
    const paid = await site.pix.pay(charge.txid)
    const exported = (await exportAccountData(provider.id)) as { payments?: unknown[] }
    expect(JSON.stringify(exported.payments)).toContain(paid.endToEndId)
    expect(await deleteAccount(provider.id)).toBe(true)
    const [row] = await db().select().from(pixCharges).where(eq(pixCharges.id, charge.id))
    expect(row).toMatchObject({ userId: null, profileId: null, status: 'paid' })
    expect(await paymentsOf(charge.id)).toHaveLength(1)
  })
})

describe('without Pix configured', () => {
  it('starts no charge and reconciles nothing', async () => {
    await useTestServerEnv()
    try {
      const provider = await signedInProvider({ approved: true })
      expect(await startPlanCharge(provider.id, 'ouro')).toEqual({ ok: false, error: 'noPix' })
      expect(await reconcilePix()).toEqual({ recorded: 0 })
    } finally {
      // The Pix site's environment back, for whatever runs after.
      await site.restart()
    }
  })
})
