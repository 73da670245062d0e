import { randomBytes } from 'node:crypto'
import { and, desc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { brazilDay } from '#app/domain/brazil-time.ts'
import { ADMIN_PAGE_SIZE, REASON_LENGTH } from '#app/domain/moderation.ts'
import { PAID_TIERS, type PaidTier, PLAN_DAYS } from '#app/domain/plans.ts'
import { en } from '#app/i18n/en.ts'
import { pt } from '#app/i18n/pt.ts'
import { deleteAccount } from '#app/modules/account/account.server.ts'
import { suspendProfile } from '#app/modules/moderation/sanctions.server.ts'
import {
  currentPlanPrices,
  startPlanCharge,
  startReturnFeeCharge,
} from '#app/modules/payments/payments.server.ts'
import type { RevenuePeriod } from '#app/modules/payments/team-queries.server.ts'
import { serverEnv, setServerEnv } from '#app/platform/env.server.ts'
import * as auditRoute from '#app/routes/admin/audit.tsx'
import * as paymentsRoute from '#app/routes/admin/payments.tsx'
import * as plansRoute from '#app/routes/admin/plans.tsx'
import * as profileRoute from '#app/routes/admin/profile.tsx'
import { db } from '#db/client.server.ts'
import { auditLog, profileSanctions } from '#db/schema/moderation.ts'
import { pixCharges, pixPayments, pixRefunds, planPrices } from '#db/schema/payments.ts'
import { profiles } from '#db/schema/profiles.ts'
import { signedIn } from '#tests/factories/account.ts'
import { signedInProvider } from '#tests/factories/profile.ts'
import { mailsTo } from '#tests/support/outbox.ts'
import { setUpPixSite } from '#tests/support/pix-site.ts'
import {
  escaped as html,
  pageUnderRoot,
  plain,
  readable,
  renderRoutes,
} from '#tests/support/render-route.tsx'
import { callRoute, type Handler } from '#tests/support/route-call.ts'
import { TEST_BASE_URL } from '#tests/support/test-server.ts'

// The team's side of plans paid by Pix (issue 21): /admin/plans sets the prices, /admin/payments
// shows revenue and every received Pix and sends one back, a profile's page waives a return fee,
// and the audit log names each of these. Real charges and payments through the local Pix server,
// on PGlite and PostgreSQL.

const DAY = 86_400_000
const REASON = 'Reajuste anual dos planos'
let admin: Awaited<ReturnType<typeof signedIn>>

const site = setUpPixSite({}, { mute: true })

beforeAll(async () => {
  admin = await signedIn('admin')
})

const actor = () => ({ id: admin.id, email: admin.email })

/** An admin loader or action, as the signed-in admin (`lang=en` in the URL: in English). */
const asAdmin = (handler: Handler, url: string, body?: Record<string, string>, id?: string) =>
  callRoute(handler, url, { cookie: admin.cookie, body, ...(id ? { params: { id } } : {}) })

/** An approved provider's charge for `tier`, paid at the Pix server (the webhook credits it). */
async function paidPlan(tier: PaidTier = 'basico') {
  const provider = await signedInProvider({ approved: true })
  const started = await startPlanCharge(provider.id, tier)
  if (!started.ok) throw new Error(`no charge: ${started.error}`)
  const [charge] = await db().select().from(pixCharges).where(eq(pixCharges.id, started.chargeId))
  if (!charge) throw new Error('no charge row')
  const paid = await site.pix.pay(charge.txid)
  expect(paid.webhookStatus).toBe(200)
  return { provider, charge, endToEndId: paid.endToEndId }
}

const paymentOf = async (endToEndId: string) =>
  (await db().select().from(pixPayments).where(eq(pixPayments.endToEndId, endToEndId)))[0]
const refundsOf = (endToEndId: string) =>
  db().select().from(pixRefunds).where(eq(pixRefunds.endToEndId, endToEndId))
const auditCount = async () =>
  (await db().select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]?.n ?? 0
const entriesOf = (action: string, targetId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action as never), eq(auditLog.targetId, targetId)))

/** A page as the server renders it (the root and the admin page), in `language`, as a reader sees it. */
async function render(
  page: { loader: Handler; default: unknown },
  pattern: string,
  url: string,
  language: 'pt' | 'en' = 'pt',
) {
  const request = new Request(`${TEST_BASE_URL}${url}`, {
    headers: { cookie: `${admin.cookie}; aprova-lang=${language}` },
  })
  return readable((await renderRoutes(pageUnderRoot(page, pattern), request)).html)
}

describe('/admin/plans', () => {
  it('lists the paid plans cheapest first with their prices; without Pix it says so', async () => {
    const prices = await currentPlanPrices()
    const answer = await asAdmin(plansRoute.loader, '/admin/plans')
    expect(answer.status).toBe(200)
    expect(answer.headers?.get('cache-control')).toMatch(/no-store/)
    expect(answer.data?.pixEnabled).toBe(true)
    expect(answer.data?.plans.map((plan: { tier: string }) => plan.tier)).toEqual([...PAID_TIERS])
    for (const plan of answer.data?.plans ?? []) {
      expect(plan.priceCents).toBe(prices[plan.tier as PaidTier])
    }
    const page = await render(plansRoute, 'admin/plans', '/admin/plans')
    expect(page).toContain(html(pt.tiers.vip_plus))
    expect(page).toContain(html(pt.admin.plans.hint.replace('{days}', String(PLAN_DAYS))))
    expect(page).not.toContain(html(pt.admin.plans.noPix))
    const env = serverEnv()
    setServerEnv({ ...env, pix: undefined })
    try {
      expect((await asAdmin(plansRoute.loader, '/admin/plans')).data?.pixEnabled).toBe(false)
      expect(await render(plansRoute, 'admin/plans', '/admin/plans')).toContain(
        html(pt.admin.plans.noPix),
      )
      expect(await render(plansRoute, 'admin/plans', '/admin/plans', 'en')).toContain(
        html(en.admin.plans.noPix),
      )
      expect(await render(paymentsRoute, 'admin/payments', '/admin/payments')).toContain(
        html(pt.admin.payments.noPix),
      )
    } finally {
      setServerEnv(env)
    }
  })

  it('sets a price with a reason (audited); the next charge uses it, one made before keeps its own', async () => {
    const before = (await currentPlanPrices()).prata
    const early = await signedInProvider({ approved: true })
    const earlyCharge = await startPlanCharge(early.id, 'prata')
    if (!earlyCharge.ok) throw new Error('no charge')

    const answer = await asAdmin(plansRoute.action, '/admin/plans', {
      intent: 'plan-price',
      subject: 'prata',
      price: '135,50',
      reason: REASON,
    })
    expect(answer.status).toBe(200)
    expect(answer.data).toMatchObject({ intent: 'plan-price', subject: 'prata' })
    expect(plain(answer.data?.notice)).toBe('Novo preço do plano Prata: R$ 135,50.')
    expect((await currentPlanPrices()).prata).toBe(13_550)
    const [entry, ...more] = await entriesOf('plan_price', 'prata')
    expect(more).toEqual([])
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'plan',
      reason: REASON,
      details: { from: before, to: 13_550 },
    })

    // The charge made before keeps its price, and paying it credits the plan.
    const [kept] = await db()
      .select()
      .from(pixCharges)
      .where(eq(pixCharges.id, earlyCharge.chargeId))
    expect(kept?.amountCents).toBe(before)
    const paidEarly = await site.pix.pay(kept?.txid ?? '')
    expect((await paymentOf(paidEarly.endToEndId))?.outcome).toBe('credited')

    const later = await signedInProvider({ approved: true })
    const laterCharge = await startPlanCharge(later.id, 'prata')
    if (!laterCharge.ok) throw new Error('no charge')
    const [made] = await db()
      .select()
      .from(pixCharges)
      .where(eq(pixCharges.id, laterCharge.chargeId))
    expect(made?.amountCents).toBe(13_550)
    expect(site.pix.charge(made?.txid ?? '')?.valor.original).toBe('135.50')

    // In English, a price typed the English way.
    const english = await asAdmin(plansRoute.action, '/admin/plans?lang=en', {
      intent: 'plan-price',
      subject: 'bronze',
      price: '1,234.5',
      reason: REASON,
    })
    expect(english.data?.notice).toBe('New price of the Bronze plan: R$1,234.50.')
    expect((await currentPlanPrices()).bronze).toBe(123_450)
    const page = await render(plansRoute, 'admin/plans', '/admin/plans')
    expect(page).toContain(html('R$ 135,50 por 30 dias'))
  })

  it('refuses the same price, a price out of limits or not one, no reason, no such plan', async () => {
    const prices = await currentPlanPrices()
    const entries = await auditCount()
    const post = (fields: Record<string, string>, lang = '') =>
      asAdmin(plansRoute.action, `/admin/plans${lang}`, {
        intent: 'plan-price',
        subject: 'ouro',
        price: '999,00',
        reason: REASON,
        ...fields,
      })
    const same = (prices.ouro / 100).toFixed(2).replace('.', ',')
    const samePt = await post({ price: same })
    expect(samePt.status).toBe(409)
    expect(samePt.data?.error).toEqual({ field: 'form', message: pt.admin.errors.samePrice })
    const sameEn = await post({ price: same }, '?lang=en')
    expect(sameEn.data?.error).toEqual({ field: 'form', message: en.admin.errors.samePrice })

    for (const price of ['0,99', '10.000,01', 'abc', '', '-5', '12,345']) {
      const answer = await post({ price })
      expect(answer.status, price).toBe(400)
      expect(answer.data?.error.field, price).toBe('price')
      expect(plain(answer.data?.error.message), price).toBe(
        'Preço: um valor em reais de R$ 1,00 a R$ 10.000,00.',
      )
      // What was typed comes back to the form.
      expect(answer.data?.values?.price, price).toBe(price)
    }
    const english = await post({ price: '0.50' }, '?lang=en')
    expect(english.data?.error).toEqual({
      field: 'price',
      message: 'Price: an amount in reais from R$1.00 to R$10,000.00.',
    })
    const noReason = await post({ reason: ' ' })
    expect(noReason.status).toBe(400)
    expect(noReason.data?.error.field).toBe('reason')
    for (const tier of ['free', 'gold', '', "ouro' or 1=1"]) {
      expect((await post({ subject: tier })).status, tier).toBe(404)
    }
    expect(await currentPlanPrices()).toEqual(prices)
    expect(await auditCount()).toBe(entries)
    // The limits themselves are prices.
    expect((await post({ subject: 'basico', price: '1' })).status).toBe(200)
    expect((await post({ subject: 'basico', price: 'R$ 10.000,00' })).status).toBe(200)
    await db()
      .update(planPrices)
      .set({ priceCents: prices.basico })
      .where(eq(planPrices.tier, 'basico'))
  })
})

/** The page's period of `period` (YYYY-MM-DD or YYYY-MM), or zeros. */
function periodOf(list: RevenuePeriod[] | undefined, period: string): RevenuePeriod {
  return (
    list?.find((one) => one.period === period) ?? {
      period,
      receivedCents: 0,
      receivedCount: 0,
      refundedCents: 0,
      refundCount: 0,
      netCents: 0,
    }
  )
}

/** A Pix no charge of ours asked for, refunded (as reconciliation records one), `at` a date. */
async function strayPix(at: Date, amountCents = 700) {
  const endToEndId = `E${randomBytes(20).toString('hex').slice(0, 31)}`
  await db().insert(pixPayments).values({
    endToEndId,
    txid: null,
    chargeId: null,
    amountCents,
    paidAt: at,
    outcome: 'refunded',
  })
  await db()
    .insert(pixRefunds)
    .values({
      id: `R${randomBytes(20).toString('hex').slice(0, 31)}`,
      endToEndId,
      amountCents,
      reason: 'unknown_charge',
      status: 'done',
      requestedAt: at,
      settledAt: at,
    })
  return endToEndId
}

describe('/admin/payments', () => {
  it('shows revenue per day and per month: received, refunded (automatic and the team’s), net', async () => {
    const today = brazilDay()
    const month = today.slice(0, 7)
    const before = (await asAdmin(paymentsRoute.loader, '/admin/payments')).data
    const prices = await currentPlanPrices()

    // A plan paid twice: the second Pix is sent back by itself ('already_paid').
    const twice = await paidPlan('basico')
    const second = await site.pix.pay(twice.charge.txid)
    expect((await refundsOf(second.endToEndId))[0]).toMatchObject({ reason: 'already_paid' })
    // A plan the team sends back.
    const refunded = await paidPlan('ouro')
    const answer = await asAdmin(paymentsRoute.action, '/admin/payments', {
      intent: 'refund-payment',
      subject: refunded.endToEndId,
      note: 'Pagou por engano, pediu de volta',
      plan: 'keep',
    })
    expect(answer.status).toBe(200)
    // 40 days ago: in its month's figures, not in the 30 days'; 400 days ago: in neither.
    const old = new Date(Date.now() - 40 * DAY)
    await strayPix(old)
    await strayPix(new Date(Date.now() - 400 * DAY))

    const after = (await asAdmin(paymentsRoute.loader, '/admin/payments')).data
    const received = 2 * prices.basico + prices.ouro
    const sentBack = prices.basico + prices.ouro
    for (const [list, period] of [
      ['daily', today],
      ['monthly', month],
    ] as const) {
      const was = periodOf(before?.[list], period)
      const now = periodOf(after?.[list], period)
      expect(now.receivedCents - was.receivedCents, list).toBe(received)
      expect(now.receivedCount - was.receivedCount, list).toBe(3)
      expect(now.refundedCents - was.refundedCents, list).toBe(sentBack)
      expect(now.refundCount - was.refundCount, list).toBe(2)
      expect(now.netCents - was.netCents, list).toBe(prices.basico)
      expect(now.netCents).toBe(now.receivedCents - now.refundedCents)
    }
    const oldMonth = brazilDay(old).slice(0, 7)
    const oldDay = brazilDay(old)
    expect(after?.daily.map((one: { period: string }) => one.period)).not.toContain(oldDay)
    expect(periodOf(after?.monthly, oldMonth)).toMatchObject({
      receivedCents: 700,
      receivedCount: 1,
      refundedCents: 700,
      refundCount: 1,
      netCents: 0,
    })
    expect(after?.monthly).toHaveLength(
      new Set(after?.monthly.map((one: { period: string }) => one.period)).size,
    )
    const farMonth = brazilDay(new Date(Date.now() - 400 * DAY)).slice(0, 7)
    expect(after?.monthly.map((one: { period: string }) => one.period)).not.toContain(farMonth)
    // Newest first.
    expect(after?.daily[0]?.period).toBe(today)
    expect(after?.monthly[0]?.period).toBe(month)

    const page = await render(paymentsRoute, 'admin/payments', '/admin/payments')
    expect(page).toContain(html(pt.admin.payments.dailyTitle))
    expect(page).toContain(html(pt.admin.payments.net))
  })

  it('counts a Pix on its Brazilian day, and a refund the institution refused not at all', async () => {
    // 02:30 UTC three days ago is 23:30 the day before in Brasília.
    const utc = new Date(Date.now() - 3 * DAY)
    const at = new Date(Date.UTC(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate(), 2, 30))
    const brazilian = brazilDay(at)
    expect(brazilian).not.toBe(at.toISOString().slice(0, 10))
    const before = (await asAdmin(paymentsRoute.loader, '/admin/payments')).data
    const stray = await strayPix(at, 1_300)
    await db().update(pixRefunds).set({ status: 'failed' }).where(eq(pixRefunds.endToEndId, stray))
    const after = (await asAdmin(paymentsRoute.loader, '/admin/payments')).data
    const was = periodOf(before?.daily, brazilian)
    const now = periodOf(after?.daily, brazilian)
    expect(now.receivedCents - was.receivedCents).toBe(1_300)
    expect(now.refundedCents - was.refundedCents).toBe(0)
    expect(now.refundCount - was.refundCount).toBe(0)
    const utcDay = at.toISOString().slice(0, 10)
    expect(periodOf(after?.daily, utcDay).receivedCents).toBe(
      periodOf(before?.daily, utcDay).receivedCents,
    )
  })

  it('lists each Pix with its profile, what it paid, its outcome, the refund’s reason, status and who asked', async () => {
    const plan = await paidPlan('vip_plus')
    const twice = await paidPlan('bronze')
    const second = await site.pix.pay(twice.charge.txid)
    const stray = await site.pix.payUnknown({ amount: '3.21' })
    const gone = await paidPlan('basico')
    expect(await deleteAccount(gone.provider.id)).toBe(true)
    const team = await paidPlan('prata')
    const note = 'Cobrança em duplicidade <b>confirmada</b>'
    const refund = await asAdmin(paymentsRoute.action, '/admin/payments', {
      intent: 'refund-payment',
      subject: team.endToEndId,
      note,
      plan: 'keep',
    })
    expect(refund.data).toMatchObject({
      subject: team.endToEndId,
      notice: pt.admin.payments.refundDone,
    })
    expect((await paymentOf(team.endToEndId))?.outcome).toBe('refunded')
    // Accepted by the institution, then settled and told by its webhook (issue 31).
    await site.pix.idle()
    const [teamRefund] = await refundsOf(team.endToEndId)
    expect(teamRefund).toMatchObject({
      reason: 'team',
      note,
      requestedBy: admin.id,
      status: 'done',
    })
    expect(site.pix.refunds().filter((one) => one.endToEndId === team.endToEndId)).toHaveLength(1)
    const [entry] = await entriesOf('payment_refund', team.endToEndId)
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'payment',
      reason: note,
      details: { amountCents: team.charge.amountCents },
    })
    const told = await mailsTo(site.dataDir, team.provider.email)
    expect(told.some((mail) => mail.includes('Seu Pix foi devolvido'))).toBe(true)

    const list = (await asAdmin(paymentsRoute.loader, '/admin/payments')).data?.payments as {
      endToEndId: string
      [key: string]: unknown
    }[]
    const row = (id: string) => list.find((one) => one.endToEndId === id)
    expect(row(plan.endToEndId)).toMatchObject({
      amountCents: plan.charge.amountCents,
      outcome: 'credited',
      purpose: 'plan',
      tier: 'vip_plus',
      days: PLAN_DAYS,
      profileId: plan.provider.profile.id,
      username: plan.provider.profile.username,
      refunds: [],
    })
    expect(row(second.endToEndId)).toMatchObject({
      outcome: 'refunded',
      purpose: 'plan',
      refunds: [{ reason: 'already_paid', status: 'done', requestedBy: null, note: null }],
    })
    // Not ours (no charge of the site): left alone, for the team to see (issue 31).
    expect(row(stray.endToEndId)).toMatchObject({
      amountCents: 321,
      outcome: 'foreign',
      purpose: null,
      profileId: null,
      refunds: [],
    })
    expect(row(gone.endToEndId)).toMatchObject({ purpose: 'plan', profileId: null })
    expect(row(team.endToEndId)).toMatchObject({
      outcome: 'refunded',
      refunds: [{ reason: 'team', note, status: 'done', requestedByEmail: admin.email }],
    })
    expect(row(plan.endToEndId)?.paidAt).toBeInstanceOf(Date)
    // Newest first.
    const order = list.map((one) => one.endToEndId)
    expect(order.indexOf(team.endToEndId)).toBeLessThan(order.indexOf(plan.endToEndId))

    const p = pt.admin.payments
    const page = await render(paymentsRoute, 'admin/payments', '/admin/payments')
    expect(page).toContain(`href="/admin/profiles/${plan.provider.profile.id}"`)
    for (const text of [
      p.deletedAccount,
      p.unknownCharge,
      'Plano VIP+, 30 dias',
      'Devolução: cobrança já paga',
      p.outcomes.foreign,
      p.foreignHint,
      'Devolução: pela equipe',
      'Situação: feita',
      p.outcomes.credited,
      p.outcomes.refunded,
      p.refund,
      note,
      admin.email,
    ]) {
      expect(page, text).toContain(html(text))
    }
    expect(page).not.toContain('<b>confirmada</b>')
    const e = en.admin.payments
    const english = await render(paymentsRoute, 'admin/payments', '/admin/payments', 'en')
    for (const text of [
      e.deletedAccount,
      e.unknownCharge,
      'VIP+ plan, 30 days',
      'Refund: charge already paid',
      'Refund: by the team',
      'Status: done',
      e.outcomes.foreign,
      e.refund,
    ]) {
      expect(english, text).toContain(html(text))
    }
  })

  it('sends back a Pix that was not ours once, when the team finds it came by mistake (issue 31)', async () => {
    const stray = await site.pix.payUnknown({ amount: '4.56' })
    expect((await paymentOf(stray.endToEndId))?.outcome).toBe('foreign')
    const post = () =>
      asAdmin(paymentsRoute.action, '/admin/payments', {
        intent: 'refund-payment',
        subject: stray.endToEndId,
        note: 'Pix enviado por engano',
      })
    expect((await post()).data).toMatchObject({ notice: pt.admin.payments.refundDone })
    await site.pix.idle()
    expect(await refundsOf(stray.endToEndId)).toMatchObject([{ reason: 'team', status: 'done' }])
    expect((await paymentOf(stray.endToEndId))?.outcome).toBe('foreign')
    const again = await post()
    expect(again.status).toBe(409)
    expect(again.data?.error).toEqual({ field: 'form', message: pt.admin.errors.alreadyRefunded })
    expect(site.pix.refunds().filter((one) => one.endToEndId === stray.endToEndId)).toHaveLength(1)
  })

  it('refuses a second refund, a refund without a note, and ids that are not a payment', async () => {
    const paid = await paidPlan('basico')
    const post = (fields: Record<string, string>, lang = '') =>
      asAdmin(paymentsRoute.action, `/admin/payments${lang}`, {
        intent: 'refund-payment',
        subject: paid.endToEndId,
        note: 'Reclamação do pagador',
        plan: 'keep',
        ...fields,
      })
    const entries = await auditCount()
    const noNote = await post({ note: 'ab' })
    expect(noNote.status).toBe(400)
    expect(noNote.data?.error.field).toBe('note')
    expect(noNote.data?.subject).toBe(paid.endToEndId)
    for (const subject of ['', 'x', `${paid.endToEndId}x`, '../../etc', `F${'1'.repeat(31)}`]) {
      expect((await post({ subject })).status, subject).toBe(404)
    }
    // The right shape, but no Pix of ours.
    expect((await post({ subject: `E${'9'.repeat(31)}` })).status).toBe(404)
    expect(await auditCount()).toBe(entries)
    expect((await paymentOf(paid.endToEndId))?.outcome).toBe('credited')

    expect((await post({})).status).toBe(200)
    const again = await post({})
    expect(again.status).toBe(409)
    expect(again.data?.error).toEqual({ field: 'form', message: pt.admin.errors.alreadyRefunded })
    const english = await post({}, '?lang=en')
    expect(english.data?.error).toEqual({ field: 'form', message: en.admin.errors.alreadyRefunded })
    expect(await refundsOf(paid.endToEndId)).toHaveLength(1)
    expect(await entriesOf('payment_refund', paid.endToEndId)).toHaveLength(1)
    // An automatic refund's Pix cannot be refunded by the team either.
    const second = await site.pix.pay(paid.charge.txid)
    expect((await post({ subject: second.endToEndId })).status).toBe(409)
  })

  it('pages by 50 newest first; any bad ?pagina is the first page, never an error', async () => {
    // Old stray Pix, so that there are at least three pages.
    const start = Date.now() - 3 * 365 * DAY
    for (let i = 0; i < 2 * ADMIN_PAGE_SIZE + 5; i++)
      await strayPix(new Date(start - i * 60_000), 100)
    const all = await db()
      .select({ id: pixPayments.endToEndId })
      .from(pixPayments)
      .orderBy(desc(pixPayments.paidAt), desc(pixPayments.endToEndId))
    const ids = (answer: Awaited<ReturnType<typeof asAdmin>>) =>
      ((answer.data?.payments ?? []) as { endToEndId: string }[]).map((one) => one.endToEndId)
    const first = await asAdmin(paymentsRoute.loader, '/admin/payments')
    expect(first.data?.page).toBe(1)
    expect(first.data?.more).toBe(true)
    expect(ids(first)).toEqual(all.slice(0, ADMIN_PAGE_SIZE).map((one) => one.id))
    const second = await asAdmin(paymentsRoute.loader, '/admin/payments?pagina=2')
    expect(ids(second)).toEqual(
      all.slice(ADMIN_PAGE_SIZE, 2 * ADMIN_PAGE_SIZE).map((one) => one.id),
    )
    const lastPage = Math.ceil(all.length / ADMIN_PAGE_SIZE)
    const last = await asAdmin(paymentsRoute.loader, `/admin/payments?pagina=${lastPage}`)
    expect(last.data?.more).toBe(false)
    expect(ids(last).at(-1)).toBe(all.at(-1)?.id)
    const html2 = await render(paymentsRoute, 'admin/payments', '/admin/payments?pagina=2')
    expect(html2).toContain('href="/admin/payments#pix"')
    expect(html2).toContain('href="/admin/payments?pagina=3#pix"')

    for (const bad of ['abc', '0', '-1', '2.5', '', '1e3', '%00', '9'.repeat(40), '10001', '02']) {
      const answer = await asAdmin(paymentsRoute.loader, `/admin/payments?pagina=${bad}`)
      expect(answer.status, bad).toBe(200)
      expect(answer.data?.page, bad).toBe(1)
      expect(ids(answer), bad).toEqual(ids(first))
    }
    const past = await asAdmin(paymentsRoute.loader, '/admin/payments?pagina=9999')
    expect(past.status).toBe(200)
    expect(past.data?.payments).toEqual([])
    expect(past.data?.more).toBe(false)
    expect(await render(paymentsRoute, 'admin/payments', '/admin/payments?pagina=9999')).toContain(
      html(pt.admin.payments.pageEmpty),
    )
  })
})

describe('waiving a return fee (/admin/profiles/:id)', () => {
  async function suspended(days: number) {
    const provider = await signedInProvider({ approved: true })
    const result = await suspendProfile(actor(), provider.profile.id, {
      days,
      dailyValueCents: 500,
      reason: 'Fotos de outra pessoa',
    })
    if (!result.ok) throw new Error('not suspended')
    return provider
  }
  const profilePage = (id: string, language: 'pt' | 'en' = 'pt') =>
    render(profileRoute, 'admin/profiles/:id', `/admin/profiles/${id}`, language)
  const waive = (profileId: string, fields: Record<string, string> = {}, lang = '') =>
    asAdmin(
      profileRoute.action,
      `/admin/profiles/${profileId}${lang}`,
      {
        intent: 'waive-fee',
        profileId,
        reason: 'Primeira suspensão, erro de entendimento',
        ...fields,
      },
      profileId,
    )
  const sanctionOf = async (profileId: string) =>
    (
      await db()
        .select()
        .from(profileSanctions)
        .where(eq(profileSanctions.profileId, profileId))
        .orderBy(desc(profileSanctions.startsAt))
    )[0]
  const statusOf = async (profileId: string) =>
    (await db().select().from(profiles).where(eq(profiles.id, profileId)))[0]?.status

  it('shows the fee due, waives it with a reason (audited) and refuses a second time', async () => {
    const provider = await suspended(3)
    const id = provider.profile.id
    const loaded = await asAdmin(profileRoute.loader, `/admin/profiles/${id}`, undefined, id)
    expect(loaded.data?.returnFee).toMatchObject({ cents: 1500, paidAt: null, waivedAt: null })
    const due = await profilePage(id)
    expect(due).toContain(html('Taxa de retorno: R$ 15,00, a pagar'))
    expect(due).toContain(html(pt.admin.waive.title))
    expect(await profilePage(id, 'en')).toContain(html('Return fee: R$15.00, due'))

    const noReason = await waive(id, { reason: '' })
    expect(noReason.status).toBe(400)
    expect(noReason.data?.error.field).toBe('reason')
    expect((await waive('not-a-profile')).status).toBe(404)
    expect((await sanctionOf(id))?.feeWaivedAt).toBeNull()

    const done = await waive(id)
    expect(done.status).toBe(200)
    expect(done.data?.notice).toBe(pt.admin.waive.done)
    const sanction = await sanctionOf(id)
    expect(sanction?.feeWaivedAt).toBeInstanceOf(Date)
    expect(sanction).toMatchObject({
      feeWaivedBy: admin.id,
      feeWaiveReason: 'Primeira suspensão, erro de entendimento',
      liftedAt: null,
    })
    // Three days are not over: still suspended.
    expect(await statusOf(id)).toBe('suspended')
    const [entry, ...more] = await entriesOf('return_fee_waive', id)
    expect(more).toEqual([])
    expect(entry).toMatchObject({ actorId: admin.id, details: { feeCents: 1500 } })

    const waived = await profilePage(id)
    expect(waived).toContain(html('Taxa de retorno: R$ 15,00, dispensada em'))
    expect(waived).toContain(html('Motivo da dispensa: Primeira suspensão, erro de entendimento'))
    expect(waived).not.toContain(html(pt.admin.waive.title))
    expect(await profilePage(id, 'en')).toContain(html('Return fee: R$15.00, waived on'))

    const again = await waive(id)
    expect(again.status).toBe(409)
    expect(again.data?.error).toEqual({ field: 'form', message: pt.admin.errors.feeSettled })
    const english = await waive(id, {}, '?lang=en')
    expect(english.data?.error).toEqual({ field: 'form', message: en.admin.errors.feeSettled })
    expect(await entriesOf('return_fee_waive', id)).toHaveLength(1)
  })

  it('refuses to waive a fee paid by Pix, and a profile that is not suspended', async () => {
    const provider = await suspended(2)
    const id = provider.profile.id
    const started = await startReturnFeeCharge(provider.id)
    if (!started.ok) throw new Error('no charge')
    const [charge] = await db().select().from(pixCharges).where(eq(pixCharges.id, started.chargeId))
    await site.pix.pay(charge?.txid ?? '')
    expect((await sanctionOf(id))?.feePaidAt).toBeInstanceOf(Date)
    const page = await profilePage(id)
    expect(page).toContain(html('Taxa de retorno: R$ 10,00, paga em'))
    expect(page).not.toContain(html(pt.admin.waive.title))
    const refused = await waive(id)
    expect(refused.status).toBe(409)
    expect(refused.data?.error.message).toBe(pt.admin.errors.feeSettled)

    // The payments page names what it paid.
    const list = (await asAdmin(paymentsRoute.loader, '/admin/payments')).data?.payments
    expect(list.find((one: { purpose: string }) => one.purpose === 'return_fee')).toBeDefined()

    const approved = await signedInProvider({ approved: true })
    const notSuspended = await waive(approved.profile.id)
    expect(notSuspended.status).toBe(409)
    expect(notSuspended.data?.error.message).toBe(pt.admin.errors.wrongState)
  })

  it('brings the profile back when the suspension’s time is up, audited as the system', async () => {
    const provider = await suspended(2)
    const id = provider.profile.id
    await db()
      .update(profileSanctions)
      .set({ endsAt: new Date(Date.now() - 60_000) })
      .where(eq(profileSanctions.profileId, id))
    expect(await statusOf(id)).toBe('suspended')
    expect((await waive(id)).status).toBe(200)
    expect(await statusOf(id)).toBe('approved')
    expect((await sanctionOf(id))?.liftedAt).toBeInstanceOf(Date)
    const [ended] = await entriesOf('suspension_end', id)
    expect(ended).toMatchObject({
      actorId: 'system',
      details: { why: 'fee_waived', public: true },
    })
    const mails = await mailsTo(site.dataDir, provider.email)
    expect(mails.some((mail) => mail.includes(pt.email.restoredSubject))).toBe(true)
    // Back online, the page shows no suspension and no fee.
    const loaded = await asAdmin(profileRoute.loader, `/admin/profiles/${id}`, undefined, id)
    expect(loaded.data?.returnFee).toBeNull()
  })
})

describe('the audit log names the team’s money actions', () => {
  it('with their details, in both languages', async () => {
    const provider = await signedInProvider({ approved: true })
    const result = await suspendProfile(actor(), provider.profile.id, {
      days: 1,
      dailyValueCents: 1234,
      reason: 'Contato fora do site',
    })
    expect(result.ok).toBe(true)
    await db()
      .update(profileSanctions)
      .set({ endsAt: new Date(Date.now() - 60_000) })
      .where(eq(profileSanctions.profileId, provider.profile.id))
    const id = provider.profile.id
    const waived = await asAdmin(
      profileRoute.action,
      `/admin/profiles/${id}`,
      { intent: 'waive-fee', profileId: id, reason: 'Dispensa para o teste do registro' },
      id,
    )
    expect(waived.status).toBe(200)
    const from = (await currentPlanPrices()).vip_plus
    const priced = await asAdmin(plansRoute.action, '/admin/plans', {
      intent: 'plan-price',
      subject: 'vip_plus',
      price: '300',
      reason: 'Novo preço do VIP+ para o registro',
    })
    expect(priced.status).toBe(200)
    const paid = await paidPlan('basico')
    const refunded = await asAdmin(paymentsRoute.action, '/admin/payments', {
      intent: 'refund-payment',
      subject: paid.endToEndId,
      note: 'Devolução para o teste do registro',
      plan: 'keep',
    })
    expect(refunded.status).toBe(200)

    const audit = (action: string, language: 'pt' | 'en') =>
      render(auditRoute, 'admin/audit', `/admin/audit?action=${action}`, language)
    const money = (cents: number, language: 'pt' | 'en') =>
      new Intl.NumberFormat(language === 'pt' ? 'pt-BR' : 'en', {
        style: 'currency',
        currency: 'BRL',
      }).format(cents / 100)
    for (const language of ['pt', 'en'] as const) {
      const t = language === 'pt' ? pt : en
      const d = t.admin.audit.detail
      const price = await audit('plan_price', language)
      expect(price).toContain(html(t.admin.audit.actions.plan_price))
      expect(price).toContain(html(t.tiers.vip_plus))
      expect(price).toContain(
        html(
          d.price.replace('{from}', money(from, language)).replace('{to}', money(30_000, language)),
        ),
      )
      const refund = await audit('payment_refund', language)
      expect(refund).toContain(html(t.admin.audit.actions.payment_refund))
      expect(refund).toContain(
        html(d.refunded.replace('{amount}', money(paid.charge.amountCents, language))),
      )
      expect(refund).toContain(html('Devolução para o teste do registro'))
      const waive = await audit('return_fee_waive', language)
      expect(waive).toContain(html(t.admin.audit.actions.return_fee_waive))
      expect(waive).toContain(html(d.fee.replace('{fee}', money(1234, language))))
      const ended = await audit('suspension_end', language)
      expect(ended).toContain(html(t.admin.audit.actions.suspension_end))
      expect(ended).toContain(html(d.why.fee_waived))
      expect(ended).toContain(html(t.admin.audit.system))
    }
  })
})

// Issue 33 point 1: the team's refund e-mail carries its reason and what happened to the plan
// (the team chooses, for a plan's Pix, whether its days are taken back); the automatic ones say
// their own reason. Point 14: a refund the institution did not make can be sent again, once.
describe('the team’s refund says why, and what became of the plan (issue 33)', () => {
  const NOTE = 'Cobrança em duplicidade, confirmada com a anunciante'
  const refundAs = (endToEndId: string, fields: Record<string, string> = {}, lang = '') =>
    asAdmin(paymentsRoute.action, `/admin/payments${lang}`, {
      intent: 'refund-payment',
      subject: endToEndId,
      note: NOTE,
      ...fields,
    })
  const profileOf = async (id: string) =>
    (await db().select().from(profiles).where(eq(profiles.id, id)))[0]
  const longDate = (date: Date, language: 'pt' | 'en') =>
    new Intl.DateTimeFormat(language === 'pt' ? 'pt-BR' : 'en', {
      dateStyle: 'long',
      timeZone: 'America/Sao_Paulo',
    }).format(date)
  const lastMail = async (email: string) => (await mailsTo(site.dataDir, email)).at(-1) ?? ''
  const money = (cents: number, language: 'pt' | 'en') =>
    new Intl.NumberFormat(language === 'pt' ? 'pt-BR' : 'en', {
      style: 'currency',
      currency: 'BRL',
    }).format(cents / 100)
  const fill = (text: string, values: Record<string, string>) =>
    text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`)

  it('requires the plan’s choice; taking the only days back makes her free, and her e-mail says the reason and so', async () => {
    const paid = await paidPlan('ouro')
    const entries = await auditCount()
    for (const [lang, t] of [
      ['', pt],
      ['?lang=en', en],
    ] as const) {
      const missing = await refundAs(paid.endToEndId, {}, lang)
      expect(missing.status).toBe(409)
      expect(missing.data?.error).toEqual({ field: 'plan', message: t.admin.errors.planChoice })
    }
    const wrong = await refundAs(paid.endToEndId, { plan: 'later' })
    expect(wrong.status).toBe(400)
    expect(wrong.data?.error).toEqual({ field: 'plan', message: pt.admin.errors.planChoice })
    expect(await auditCount()).toBe(entries)
    expect((await paymentOf(paid.endToEndId))?.outcome).toBe('credited')

    const answer = await refundAs(paid.endToEndId, { plan: 'take_back' })
    expect(answer.data).toMatchObject({ notice: pt.admin.payments.refundDone })
    expect(await profileOf(paid.provider.profile.id)).toMatchObject({
      membershipTier: 'free',
      tierExpiresAt: null,
      isPremium: false,
    })
    const [entry] = await entriesOf('payment_refund', paid.endToEndId)
    expect(entry?.details).toMatchObject({ plan: 'take_back', planAfter: 'free' })
    const mail = await lastMail(paid.provider.email)
    expect(mail).toContain(
      fill(pt.email.refundedTexts.team, {
        amount: money(paid.charge.amountCents, 'pt'),
        paidAt: longDate(
          (await db().select().from(pixCharges).where(eq(pixCharges.id, paid.charge.id)))[0]
            ?.paidAt ?? new Date(),
          'pt',
        ),
        reason: NOTE,
      }),
    )
    expect(mail).toContain(`Motivo: ${NOTE}`)
    expect(mail).toContain(pt.email.refundedPlan.free)
    expect(mail).not.toContain('não pôde ser usado')
  })

  it('taking back a renewal’s days ends the plan that much earlier; keeping them says until when (pt and en)', async () => {
    const first = await paidPlan('basico')
    const providerId = first.provider.id
    const renewal = await startPlanCharge(providerId, 'basico')
    if (!renewal.ok) throw new Error(renewal.error)
    const [charge] = await db().select().from(pixCharges).where(eq(pixCharges.id, renewal.chargeId))
    const second = await site.pix.pay(charge?.txid ?? '')
    const before = (await profileOf(first.provider.profile.id))?.tierExpiresAt ?? new Date()
    expect(before.getTime() - Date.now()).toBeGreaterThan(59 * DAY)
    await refundAs(second.endToEndId, { plan: 'take_back' })
    const after = await profileOf(first.provider.profile.id)
    expect(after?.membershipTier).toBe('basico')
    expect(after?.tierExpiresAt?.getTime()).toBe(before.getTime() - PLAN_DAYS * DAY)
    expect(await lastMail(first.provider.email)).toContain(
      fill(pt.email.refundedPlan.taken, {
        planTier: pt.tiers.basico,
        planDate: longDate(after?.tierExpiresAt ?? new Date(), 'pt'),
      }),
    )

    // In English, kept: the plan stays as it was and the e-mail says until when.
    const kept = await paidPlan('prata')
    await db().execute(sql`update "user" set language = 'en' where id = ${kept.provider.id}`)
    const end = (await profileOf(kept.provider.profile.id))?.tierExpiresAt
    await refundAs(kept.endToEndId, { plan: 'keep' })
    expect((await profileOf(kept.provider.profile.id))?.tierExpiresAt).toEqual(end)
    const mail = await lastMail(kept.provider.email)
    expect(mail).toContain(`Reason: ${NOTE}`)
    expect(mail).toContain(
      fill(en.email.refundedPlan.kept, {
        planTier: en.tiers.prata,
        planDate: longDate(end ?? new Date(), 'en'),
      }),
    )
    expect((await entriesOf('payment_refund', kept.endToEndId))[0]?.details).toMatchObject({
      plan: 'keep',
    })
  })

  it('the automatic refunds say their own reason: paid already, another amount', async () => {
    const paid = await paidPlan('bronze')
    await site.pix.pay(paid.charge.txid)
    await site.pix.idle()
    const amount = money(paid.charge.amountCents, 'pt')
    expect(await lastMail(paid.provider.email)).toContain(
      fill(pt.email.refundedTexts.already_paid, { amount }),
    )
    const other = await signedInProvider({ approved: true })
    const started = await startPlanCharge(other.id, 'bronze')
    if (!started.ok) throw new Error(started.error)
    const [charge] = await db().select().from(pixCharges).where(eq(pixCharges.id, started.chargeId))
    await site.pix.pay(charge?.txid ?? '', { amount: '1.00' })
    const mail = await lastMail(other.email)
    expect(mail).toContain(
      fill(pt.email.refundedTexts.amount_mismatch, { amount: money(100, 'pt'), charged: amount }),
    )
    expect(mail).not.toContain('Motivo')
  })

  it('a refund the institution did not make is tried again, once, with a new id; two retries at once make one (pt and en)', async () => {
    const paid = await paidPlan('basico')
    site.pix.failRefunds(true)
    try {
      await refundAs(paid.endToEndId, { plan: 'keep' })
      await site.pix.idle()
    } finally {
      site.pix.failRefunds(false)
    }
    const [failed] = await refundsOf(paid.endToEndId)
    expect(failed).toMatchObject({ status: 'failed', reason: 'team', note: NOTE })
    for (const [language, t] of [
      ['pt', pt],
      ['en', en],
    ] as const) {
      const page = await render(paymentsRoute, 'admin/payments', '/admin/payments', language)
      expect(page).toContain(html(t.admin.payments.retry))
      // Its only form: the retry (a refunded Pix has no refund form).
      expect(page).toContain(`name="subject" value="${paid.endToEndId}"`)
    }
    const retry = (lang = '') =>
      asAdmin(paymentsRoute.action, `/admin/payments${lang}`, {
        intent: 'retry-refund',
        subject: paid.endToEndId,
      })
    site.pix.holdRefunds(true)
    const answers = await Promise.all([retry(), retry()])
    expect(answers.map((one) => one.status).sort()).toEqual([200, 409])
    expect(answers.find((one) => one.status === 200)?.data).toMatchObject({
      notice: pt.admin.payments.retryDone,
    })
    expect(answers.find((one) => one.status === 409)?.data?.error).toEqual({
      field: 'form',
      message: pt.admin.errors.refundNotFailed,
    })
    // While the new one is on its way, no other goes.
    const english = await retry('?lang=en')
    expect(english.data?.error).toEqual({ field: 'form', message: en.admin.errors.refundNotFailed })
    const atInstitution = () =>
      site.pix.refunds().filter((one) => one.endToEndId === paid.endToEndId)
    expect(atInstitution()).toHaveLength(2)
    site.pix.holdRefunds(false)
    await site.pix.settleRefunds()
    await site.pix.idle()
    const refunds = await refundsOf(paid.endToEndId)
    expect(refunds).toHaveLength(2)
    const fresh = refunds.find((one) => one.id !== failed?.id)
    expect(fresh).toMatchObject({
      status: 'done',
      reason: 'team',
      note: NOTE,
      requestedBy: admin.id,
    })
    expect(await entriesOf('payment_refund_retry', paid.endToEndId)).toMatchObject([
      { actorId: admin.id, details: { failedRefundId: failed?.id, refundId: fresh?.id } },
    ])
    // Made: nothing to try again.
    expect((await retry()).status).toBe(409)
    const page = await render(paymentsRoute, 'admin/payments', '/admin/payments')
    expect(page).not.toContain(`name="subject" value="${paid.endToEndId}"`)
  })
})

// Issue 33 point 5: the return fee comes from her plan (days × its daily value), is shown before
// the team confirms, may be set otherwise only with a reason (in reais), and her paid plan's days
// stand still while she is suspended.
describe('a suspension’s fee comes from her plan, and her plan waits for her (issue 33)', () => {
  const REASON_TEXT = 'Fotos de outra pessoa no anúncio'
  const suspendAs = (profileId: string, fields: Record<string, string>, lang = '') =>
    asAdmin(
      profileRoute.action,
      `/admin/profiles/${profileId}${lang}`,
      { intent: 'suspend', profileId, days: '7', reason: REASON_TEXT, ...fields },
      profileId,
    )
  const profileRow = async (id: string) =>
    (await db().select().from(profiles).where(eq(profiles.id, id)))[0]
  const sanctionOf = async (profileId: string) =>
    (
      await db()
        .select()
        .from(profileSanctions)
        .where(eq(profileSanctions.profileId, profileId))
        .orderBy(desc(profileSanctions.startsAt))
    )[0]
  const money = (cents: number, language: 'pt' | 'en') =>
    new Intl.NumberFormat(language === 'pt' ? 'pt-BR' : 'en', {
      style: 'currency',
      currency: 'BRL',
    }).format(cents / 100)
  const fill = (text: string, values: Record<string, string | number>) =>
    text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`))

  it('shows her plan’s daily value, then days × it before confirming; confirmed, records that fee', async () => {
    const { provider } = await paidPlan('ouro')
    const id = provider.profile.id
    const price = (await currentPlanPrices()).ouro
    const daily = Math.round(price / PLAN_DAYS)
    for (const [language, t] of [
      ['pt', pt],
      ['en', en],
    ] as const) {
      const page = await render(
        profileRoute,
        'admin/profiles/:id',
        `/admin/profiles/${id}`,
        language,
      )
      expect(page).toContain(
        html(
          fill(t.admin.suspend.planDaily, {
            tier: t.tiers.ouro,
            daily: money(daily, language),
            price: money(price, language),
            planDays: PLAN_DAYS,
          }),
        ),
      )
      expect(page).not.toContain('name="dailyValue"')
    }
    const preview = await suspendAs(id, { preview: '1' })
    expect(preview.status).toBe(200)
    expect(preview.data?.preview).toEqual({
      days: 7,
      tier: 'ouro',
      priceCents: price,
      dailyValueCents: daily,
      planFeeCents: 7 * daily,
      feeCents: 7 * daily,
      overridden: false,
    })
    expect((await profileRow(id))?.status).toBe('approved')
    expect(await sanctionOf(id)).toBeUndefined()

    const confirmed = await suspendAs(id, {})
    expect(confirmed.data?.notice).toContain(money(7 * daily, 'pt'))
    expect(await sanctionOf(id)).toMatchObject({
      days: 7,
      dailyValueCents: daily,
      feeCents: 7 * daily,
    })
    const mail = (await mailsTo(site.dataDir, provider.email)).at(-1) ?? ''
    expect(mail).toContain(
      fill(pt.email.suspendedFee.plan, {
        fee: money(7 * daily, 'pt'),
        days: 7,
        daily: money(daily, 'pt'),
      }),
    )
  })

  it('on the free plan there is no fee, and says so', async () => {
    const provider = await signedInProvider({ approved: true })
    const preview = await suspendAs(provider.profile.id, { preview: '1' })
    expect(preview.data?.preview).toMatchObject({ tier: null, dailyValueCents: 0, feeCents: 0 })
    const page = await render(
      profileRoute,
      'admin/profiles/:id',
      `/admin/profiles/${provider.profile.id}`,
      'en',
    )
    expect(page).toContain(html(en.admin.suspend.freePlan))
  })

  it('another fee only with a reason, typed in reais; a bad one is answered in reais, in her language', async () => {
    const { provider } = await paidPlan('basico')
    const id = provider.profile.id
    const noReason = await suspendAs(id, { fee: '89,90' })
    expect(noReason.status).toBe(400)
    expect(noReason.data?.error).toEqual({
      field: 'feeReason',
      message: fill(pt.admin.errors.feeReason, REASON_LENGTH),
    })
    for (const [lang, t, language] of [
      ['', pt, 'pt'],
      ['?lang=en', en, 'en'],
    ] as const) {
      for (const fee of ['abc', '-1', '200000,00']) {
        const bad = await suspendAs(id, { fee, feeReason: 'Reincidência grave' }, lang)
        expect(bad.status, fee).toBe(400)
        expect(bad.data?.error).toEqual({
          field: 'fee',
          message: fill(t.admin.errors.fee, {
            min: money(0, language),
            max: money(15_000_000, language),
          }),
        })
      }
    }
    expect(await sanctionOf(id)).toBeUndefined()
    const preview = await suspendAs(id, {
      fee: '89,90',
      feeReason: 'Reincidência grave',
      preview: '1',
    })
    expect(preview.data?.preview).toMatchObject({ feeCents: 8990, overridden: true })
    const done = await suspendAs(id, { fee: '89,90', feeReason: 'Reincidência grave' })
    expect(done.status).toBe(200)
    expect(await sanctionOf(id)).toMatchObject({ feeCents: 8990 })
    const [entry] = await entriesOf('suspend', id)
    const daily = Math.round((await currentPlanPrices()).basico / PLAN_DAYS)
    expect(entry?.details).toMatchObject({
      feeCents: 8990,
      computedFeeCents: 7 * daily,
      feeReason: 'Reincidência grave',
    })
  })

  it('her paid plan’s days stand still while she is suspended: its end moves on by the time suspended', async () => {
    const { provider } = await paidPlan('prata')
    const id = provider.profile.id
    expect((await suspendAs(id, { days: '3' })).status).toBe(200)
    // Five days pass (the suspension began five days ago and its time is up), and her plan's end
    // passed meanwhile: the hourly expiry leaves a suspended profile's plan alone.
    const startsAt = new Date(Date.now() - 5 * DAY)
    await db()
      .update(profileSanctions)
      .set({ startsAt, endsAt: new Date(Date.now() - DAY), feeWaivedAt: new Date() })
      .where(eq(profileSanctions.profileId, id))
    const shifted = new Date(Date.now() - 2 * DAY)
    await db().update(profiles).set({ tierExpiresAt: shifted }).where(eq(profiles.id, id))
    const { expireTiers } = await import('#app/modules/moderation/plans.server.ts')
    await expireTiers()
    expect((await profileRow(id))?.membershipTier).toBe('prata')
    // Her plan page says the plan is paused, in pt and en.
    const planRoute = await import('#app/routes/provider/plan.tsx')
    for (const [lang, t] of [
      ['', pt],
      ['?lang=en', en],
    ] as const) {
      const page = await callRoute(planRoute.loader as Handler, `/dashboard/plan${lang}`, {
        cookie: provider.cookie,
      })
      expect(page.data).toMatchObject({ tier: 'prata', paused: true })
      expect(t.plan.paused).toContain('{date}')
    }
    const { returnSuspendedProfiles } = await import('#app/modules/payments/payments.server.ts')
    const before = Date.now()
    expect(await returnSuspendedProfiles()).toBeGreaterThanOrEqual(1)
    const back = await profileRow(id)
    expect(back?.status).toBe('approved')
    const moved = (back?.tierExpiresAt?.getTime() ?? 0) - shifted.getTime()
    expect(moved).toBeGreaterThanOrEqual(before - startsAt.getTime())
    expect(moved).toBeLessThan(Date.now() - startsAt.getTime() + 1_000)
    expect(back?.tierExpiresAt?.getTime()).toBeGreaterThan(Date.now())
    const [ended] = await entriesOf('suspension_end', id)
    expect(ended?.details).toMatchObject({ planExtendedTo: back?.tierExpiresAt?.toISOString() })
  })
})
