import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { MEMBERSHIP_TIERS } from '#app/domain/membership.ts'
import { PLAN_DAYS } from '#app/domain/plans.ts'
import { suspendProfile } from '#app/modules/moderation/sanctions.server.ts'
import { currentPlanPrices } from '#app/modules/payments/payments.server.ts'
import { refundPayment, setPlanPrice } from '#app/modules/payments/team.server.ts'
import { serverEnv, setServerEnv } from '#app/platform/env.server.ts'
import { loader as overviewLoader } from '#app/routes/provider/overview.tsx'
import { action as planAction, loader as planLoader } from '#app/routes/provider/plan.tsx'
import { loader as pixLoader } from '#app/routes/provider/plan-pix.tsx'
import { db } from '#db/client.server.ts'
import { pixCharges } from '#db/schema/payments.ts'
import { profiles } from '#db/schema/profiles.ts'
import { createAccount } from '#tests/factories/account.ts'
import { signedInProvider } from '#tests/factories/profile.ts'
import { setUpPixSite } from '#tests/support/pix-site.ts'
import { callRoute } from '#tests/support/route-call.ts'

// The provider's plan page and charge page (issue 21 points 3, 4 and 6) through their loaders
// and actions, against the local Pix server, on PGlite and PostgreSQL.

const DAY = 86_400_000

const site = setUpPixSite({}, { mute: true })

beforeEach(() => {
  site.pix.setDown(false)
})

type Provider = Awaited<ReturnType<typeof signedInProvider>>

const planPage = (provider: Provider) =>
  callRoute(planLoader, '/dashboard/plan', { cookie: provider.cookie })

const post = (provider: Provider, body: Record<string, string>) =>
  callRoute(planAction, '/dashboard/plan', { cookie: provider.cookie, body })

const chargeId = (location: string | null | undefined) =>
  /^\/dashboard\/plan\/pix\/([0-9a-f-]{36})$/.exec(location ?? '')?.[1] ?? ''

const pixPage = (provider: Provider, id: string) =>
  callRoute(pixLoader, `/dashboard/plan/pix/${id}`, {
    cookie: provider.cookie,
    params: { chargeId: id },
  })

async function onPlan(provider: Provider, tier: 'ouro' | 'prata', daysLeft: number) {
  await db()
    .update(profiles)
    .set({ membershipTier: tier, tierExpiresAt: new Date(Date.now() + daysLeft * DAY) })
    .where(eq(profiles.id, provider.profile.id))
}

/** Runs `work` with Pix not configured, as on a site without PIX_*. */
async function withoutPix<T>(work: () => Promise<T>): Promise<T> {
  const env = serverEnv()
  setServerEnv({ ...env, pix: undefined })
  try {
    return await work()
  } finally {
    setServerEnv(env)
  }
}

describe('the plan page', () => {
  it('compares every plan with its price, and says what paying now does', async () => {
    const provider = await signedInProvider({ approved: true })
    const prices = await currentPlanPrices()
    const page = await planPage(provider)
    expect(page.status).toBe(200)
    expect(page.headers?.get('Cache-Control')).toContain('no-store')
    const rows = page.data?.rows as {
      tier: string
      uploads: number
      current: boolean
      priceCents: number | null
      offer: { kind: string; creditedDays: number; expiresAt: Date } | null
    }[]
    expect(rows.map((row) => row.tier)).toEqual([...MEMBERSHIP_TIERS])
    const vip = rows.find((row) => row.tier === 'vip_plus')
    expect(vip?.priceCents).toBe(prices.vip_plus)
    expect(vip?.uploads).toBe(100)
    expect(vip?.offer?.kind).toBe('new')
    const days = ((vip?.offer?.expiresAt.getTime() ?? 0) - Date.now()) / DAY
    expect(Math.round(days)).toBe(PLAN_DAYS)
    const free = rows.find((row) => row.tier === 'free')
    expect(free).toMatchObject({ current: true, priceCents: null, offer: null })
    expect(page.data?.tier).toBe('free')
  })

  it('offers the running plan as a renewal and another as a change with credit', async () => {
    const provider = await signedInProvider({ approved: true })
    await onPlan(provider, 'prata', 10)
    const rows = (await planPage(provider)).data?.rows as {
      tier: string
      current: boolean
      offer: { kind: string; creditedDays: number } | null
    }[]
    const prices = await currentPlanPrices()
    expect(rows.find((row) => row.tier === 'prata')).toMatchObject({
      current: true,
      offer: { kind: 'renew', creditedDays: 9 },
    })
    const ouro = rows.find((row) => row.tier === 'ouro')
    expect(ouro?.offer?.kind).toBe('change')
    // About 10 days of Prata at Ouro's price.
    expect(ouro?.offer?.creditedDays).toBe(Math.floor((10 * prices.prata) / prices.ouro) - 0)
  })

  it('gives what it offered even when the team changes the price before she pays', async () => {
    const provider = await signedInProvider({ approved: true })
    await onPlan(provider, 'prata', 10)
    const rows = (await planPage(provider)).data?.rows as {
      tier: string
      offer: { expiresAt: Date; creditedDays: number } | null
    }[]
    const offered = rows.find((row) => row.tier === 'ouro')?.offer
    const id = chargeId((await post(provider, { intent: 'buy', tier: 'ouro' })).location)
    const admin = await createAccount({ role: 'admin' })
    const prices = await currentPlanPrices()
    const changed = await setPlanPrice(
      { id: admin.id, email: admin.email },
      'ouro',
      prices.ouro * 2,
      'Reajuste de preço',
    )
    expect(changed.ok).toBe(true)
    try {
      const [charge] = await db().select().from(pixCharges).where(eq(pixCharges.id, id))
      await site.pix.pay(charge?.txid ?? '')
      const paid = await pixPage(provider, id)
      expect(paid.data?.state).toBe('paid')
      expect(paid.data?.creditedDays).toBe(offered?.creditedDays)
      const planEnd = paid.data?.planExpiresAt as Date | undefined
      const gap = Math.abs((planEnd?.getTime() ?? 0) - (offered?.expiresAt.getTime() ?? 0))
      expect(gap).toBeLessThan(60_000)
    } finally {
      await setPlanPrice({ id: admin.id, email: admin.email }, 'ouro', prices.ouro, 'De volta')
    }
  })

  it('offers nothing to buy before approval, and refuses a charge with a message', async () => {
    const pending = await signedInProvider()
    const rows = (await planPage(pending)).data?.rows as { offer: unknown }[]
    expect(rows.every((row) => row.offer === null)).toBe(true)
    expect((await planPage(pending)).data?.buyable).toBe(false)
    const refused = await post(pending, { intent: 'buy', tier: 'ouro' })
    expect(refused.status).toBe(409)
    expect(refused.data).toEqual({ intent: 'buy', error: 'notApproved' })
  })

  it('without Pix shows no price, no payment and no fee: only how to reach the team', async () => {
    const provider = await signedInProvider({ approved: true })
    const admin = await createAccount({ role: 'admin' })
    await suspendProfile({ id: admin.id, email: admin.email }, provider.profile.id, {
      days: 3,
      dailyValueCents: 700,
      reason: 'Motivo do teste',
    })
    const page = await withoutPix(() => planPage(provider))
    expect(page.data?.pix).toBe(false)
    expect(page.data?.history).toEqual([])
    expect(page.data?.returnFee).toBe('contactTeam')
    const rows = page.data?.rows as { priceCents: unknown; offer: unknown }[]
    expect(rows.every((row) => row.priceCents === null && row.offer === null)).toBe(true)
    const refused = await withoutPix(() => post(provider, { intent: 'buy', tier: 'ouro' }))
    expect(refused.data).toEqual({ intent: 'buy', error: 'noPix' })
  })

  it('answers a tier that is no paid plan with its message, and an unknown intent with 400', async () => {
    const provider = await signedInProvider({ approved: true })
    for (const tier of ['free', 'diamante', '']) {
      const answer = await post(provider, { intent: 'buy', tier })
      expect(answer.status).toBe(400)
      expect(answer.data).toEqual({ intent: 'buy', error: 'choice' })
    }
    expect((await post(provider, { intent: 'gift' })).status).toBe(400)
    expect(await db().select().from(pixCharges).where(eq(pixCharges.userId, provider.id))).toEqual(
      [],
    )
  })

  it('says so when the institution is down, and makes no charge', async () => {
    const provider = await signedInProvider({ approved: true })
    site.pix.setDown(true)
    const answer = await post(provider, { intent: 'buy', tier: 'bronze' })
    expect(answer.status).toBe(503)
    expect(answer.data).toEqual({ intent: 'buy', error: 'unavailable' })
    expect(await db().select().from(pixCharges).where(eq(pixCharges.userId, provider.id))).toEqual(
      [],
    )
  })
})

describe('a charge from the plan page', () => {
  it('opens its page with the QR code and the code, then shows the payment by itself', async () => {
    const provider = await signedInProvider({ approved: true })
    const started = await post(provider, { intent: 'buy', tier: 'ouro' })
    expect(started.status).toBe(302)
    const id = chargeId(started.location)
    const open = await pixPage(provider, id)
    expect(open.data).toMatchObject({ state: 'open', purpose: 'plan', tier: 'ouro' })
    const [row] = await db().select().from(pixCharges).where(eq(pixCharges.id, id))
    expect(open.data?.code).toBe(row?.brCode)
    expect(open.data?.qr.size).toBeGreaterThan(21)
    expect(open.data?.qr.path).toMatch(/^M\d+ \d+h\d+v1h-\d+z/)

    // The webhook never comes: the page's own check asks the institution, at most every 10 s.
    await site.pix.pay(row?.txid ?? '', { webhook: false })
    expect((await pixPage(provider, id)).data?.state).toBe('open')
    await db()
      .update(pixCharges)
      .set({ checkedAt: new Date(Date.now() - 11_000) })
      .where(eq(pixCharges.id, id))
    const paid = await pixPage(provider, id)
    expect(paid.data).toMatchObject({ state: 'paid', code: null, qr: null })
    expect(paid.data?.planExpiresAt).toBeInstanceOf(Date)
    const page = await planPage(provider)
    expect(page.data?.tier).toBe('ouro')
    expect(page.data?.history).toEqual([
      expect.objectContaining({ chargeId: id, purpose: 'plan', tier: 'ouro', refund: null }),
    ])
  })

  it('in the minute after its time still asks the institution, then says it expired', async () => {
    const provider = await signedInProvider({ approved: true })
    const id = chargeId((await post(provider, { intent: 'buy', tier: 'prata' })).location)
    const checked = async () =>
      (await db().select().from(pixCharges).where(eq(pixCharges.id, id)))[0]?.checkedAt
    // Asked a moment ago, and its time just up: it asks again all the same.
    const justChecked = new Date(Date.now() - 4_000)
    await db()
      .update(pixCharges)
      .set({ expiresAt: new Date(Date.now() - 20_000), checkedAt: justChecked })
      .where(eq(pixCharges.id, id))
    const closing = await pixPage(provider, id)
    expect(closing.data).toMatchObject({ state: 'closing', code: null, qr: null, tier: 'prata' })
    expect((await checked())?.getTime()).toBeGreaterThan(justChecked.getTime())
    await db()
      .update(pixCharges)
      .set({ expiresAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(pixCharges.id, id))
    const page = await pixPage(provider, id)
    expect(page.data).toMatchObject({ state: 'expired', code: null, qr: null, tier: 'prata' })
  })

  it('the form sent twice at the same instant makes one charge (issue 33 point 9)', async () => {
    const provider = await signedInProvider({ approved: true })
    const { submission } = (await planPage(provider)).data ?? {}
    expect(submission).toMatch(/^[\w-]{16,64}$/)
    const twice = await Promise.all(
      [1, 2].map(() => post(provider, { intent: 'buy', tier: 'ouro', submission })),
    )
    expect(twice.map((answer) => answer.status)).toEqual([302, 302])
    expect(twice[0]?.location).toBe(twice[1]?.location)
    const charges = await db().select().from(pixCharges).where(eq(pixCharges.userId, provider.id))
    expect(charges).toHaveLength(1)
    // Another plan from the same page is another submission, and another charge.
    const other = await post(provider, { intent: 'buy', tier: 'prata', submission })
    expect(chargeId(other.location)).not.toBe(chargeId(twice[0]?.location))
  })

  it('the plan page leads back to a charge still waiting, until it is paid', async () => {
    const provider = await signedInProvider({ approved: true })
    expect((await planPage(provider)).data?.waiting).toEqual([])
    const id = chargeId((await post(provider, { intent: 'buy', tier: 'prata' })).location)
    const prices = await currentPlanPrices()
    expect((await planPage(provider)).data?.waiting).toEqual([
      expect.objectContaining({ id, purpose: 'plan', tier: 'prata', amountCents: prices.prata }),
    ])
    const [row] = await db().select().from(pixCharges).where(eq(pixCharges.id, id))
    await site.pix.pay(row?.txid ?? '')
    expect((await planPage(provider)).data?.waiting).toEqual([])
  })

  it("says when the bank was last asked, for 'Já paguei' before paying (issue 33 point 9)", async () => {
    const provider = await signedInProvider({ approved: true })
    const id = chargeId((await post(provider, { intent: 'buy', tier: 'bronze' })).location)
    await db().update(pixCharges).set({ checkedAt: null }).where(eq(pixCharges.id, id))
    const before = Date.now()
    const page = await callRoute(pixLoader, `/dashboard/plan/pix/${id}?checked=1`, {
      cookie: provider.cookie,
      params: { chargeId: id },
    })
    expect(page.data?.state).toBe('open')
    expect(new Date(page.data?.checkedAt ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1_000)
  })

  it('asks the institution once however many polls come at once', async () => {
    const provider = await signedInProvider({ approved: true })
    const id = chargeId((await post(provider, { intent: 'buy', tier: 'bronze' })).location)
    await db().update(pixCharges).set({ checkedAt: null }).where(eq(pixCharges.id, id))
    const before = site.pix.requests().length
    await Promise.all([1, 2, 3, 4].map(() => pixPage(provider, id)))
    const asked = site.pix
      .requests()
      .slice(before)
      .filter((request) => request.method === 'GET' && request.path.startsWith('/api/v2/cob/'))
    expect(asked).toHaveLength(1)
  })

  it('says so when the Pix that came was sent back: too late, or by the team', async () => {
    const provider = await signedInProvider({ approved: true })
    const late = chargeId((await post(provider, { intent: 'buy', tier: 'ouro' })).location)
    const [row] = await db().select().from(pixCharges).where(eq(pixCharges.id, late))
    await site.pix.pay(row?.txid ?? '', { webhook: false })
    // Settled after the charge's time (as the site counts it): refunded, and the page says why.
    await db()
      .update(pixCharges)
      .set({ expiresAt: new Date(Date.now() - 20_000), checkedAt: null })
      .where(eq(pixCharges.id, late))
    // Reading the page finds the Pix and sends it back; the institution settles the refund
    // after accepting it, and says so by the webhook.
    expect((await pixPage(provider, late)).data).toMatchObject({
      state: 'refunded',
      refund: { reason: 'charge_expired' },
    })
    await site.pix.idle()
    expect((await pixPage(provider, late)).data).toMatchObject({
      state: 'refunded',
      refund: { reason: 'charge_expired', status: 'done' },
      code: null,
    })

    const paid = chargeId((await post(provider, { intent: 'buy', tier: 'basico' })).location)
    const [charge] = await db().select().from(pixCharges).where(eq(pixCharges.id, paid))
    const payment = await site.pix.pay(charge?.txid ?? '')
    // A second Pix for it is sent back, and the charge's own payment stands.
    await site.pix.pay(charge?.txid ?? '', { late: true })
    expect((await pixPage(provider, paid)).data).toMatchObject({ state: 'paid', refund: null })
    const admin = await createAccount({ role: 'admin' })
    const refunded = await refundPayment(
      { id: admin.id, email: admin.email },
      payment.endToEndId,
      'Pagamento em duplicidade',
      'keep',
    )
    expect(refunded.ok).toBe(true)
    // The institution settles the refund after accepting it, and says so by the webhook.
    await site.pix.idle()
    expect((await pixPage(provider, paid)).data).toMatchObject({
      state: 'refunded',
      refund: { reason: 'team', status: 'done' },
    })
    // Each Pix is a line of its own (issue 33 point 4): the one the team sent back, and the
    // second one, sent back as a repeat.
    const history = (await planPage(provider)).data?.history as {
      chargeId: string
      endToEndId: string
      refund: unknown
    }[]
    const lines = history.filter((entry) => entry.chargeId === paid)
    expect(lines).toHaveLength(2)
    expect(lines.find((entry) => entry.endToEndId === payment.endToEndId)?.refund).toEqual({
      reason: 'team',
      status: 'done',
    })
    expect(lines.find((entry) => entry.endToEndId !== payment.endToEndId)?.refund).toEqual({
      reason: 'already_paid',
      status: 'done',
    })
  })

  it('is a 404 to another provider and for an address that is no charge', async () => {
    const owner = await signedInProvider({ approved: true })
    const other = await signedInProvider({ approved: true })
    const id = chargeId((await post(owner, { intent: 'buy', tier: 'bronze' })).location)
    expect((await pixPage(other, id)).status).toBe(404)
    expect((await pixPage(owner, 'not-a-uuid')).status).toBe(404)
    expect((await pixPage(owner, crypto.randomUUID())).status).toBe(404)
  })
})

describe('the return fee', () => {
  it('shows the fee due and starts its charge; refused without a suspension', async () => {
    const provider = await signedInProvider({ approved: true })
    expect((await post(provider, { intent: 'return-fee' })).data).toEqual({
      intent: 'return-fee',
      error: 'notSuspended',
    })
    const admin = await createAccount({ role: 'admin' })
    await suspendProfile({ id: admin.id, email: admin.email }, provider.profile.id, {
      days: 4,
      dailyValueCents: 600,
      reason: 'Motivo do teste',
    })
    const page = await planPage(provider)
    expect(page.data?.returnFee).toMatchObject({
      feeCents: 2_400,
      days: 4,
      dailyValueCents: 600,
      settled: 'due',
    })
    expect(page.data?.buyable).toBe(false)
    // The dashboard's overview points to it.
    const overview = () => callRoute(overviewLoader, '/dashboard', { cookie: provider.cookie })
    expect((await overview()).data?.returnFeeDue).toBe(true)
    expect((await withoutPix(overview)).data?.returnFeeDue).toBe(false)
    const started = await post(provider, { intent: 'return-fee' })
    expect(started.status).toBe(302)
    const charge = await pixPage(provider, chargeId(started.location))
    expect(charge.data).toMatchObject({ state: 'open', purpose: 'return_fee', amountCents: 2_400 })
  })
})
