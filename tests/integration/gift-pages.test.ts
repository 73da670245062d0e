import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { GIFT_CAP_DAYS } from '#app/domain/gifts.ts'
import { EXPLICIT_TERMS } from '#app/domain/review-words.ts'
import { exportAccountData } from '#app/modules/account/account.server.ts'
import { pruneChargeSubmissions } from '#app/modules/payments/charge-once.server.ts'
import { startPlanCharge } from '#app/modules/payments/payments.server.ts'
import { serverEnv, setServerEnv } from '#app/platform/env.server.ts'
import { loader as clientGiftPixLoader } from '#app/routes/client/gift-pix.tsx'
import { loader as clientGiftsLoader } from '#app/routes/client/gifts.tsx'
import { loader as clientLayoutLoader } from '#app/routes/client/layout.tsx'
import { action as giftAction, loader as giftLoader } from '#app/routes/public/gift.tsx'
import { loader as profileLoader } from '#app/routes/public/profile.tsx'
import { loader as termsLoader } from '#app/routes/public/terms.tsx'
import { db } from '#db/client.server.ts'
import { gifts } from '#db/schema/gifts.ts'
import { chargeSubmissions, pixCharges } from '#db/schema/payments.ts'
import { profiles } from '#db/schema/profiles.ts'
import { signedIn } from '#tests/factories/account.ts'
import { createProfile, signedInProvider } from '#tests/factories/profile.ts'
import { setUpPixSite } from '#tests/support/pix-site.ts'
import { callRoute } from '#tests/support/route-call.ts'

// The client's side of gifts (issue 22 point 1) through the loaders and actions of the profile
// page, the gift form, his gifts and his charge page, against the local Pix server with gifts
// on; and the terms' gift section (point 5). On PGlite and PostgreSQL.

const DAY = 86_400_000

const site = setUpPixSite({ gifts: true }, { mute: true })

beforeEach(() => {
  site.pix.setDown(false)
})

/** Runs `work` with gifts off, as on a site without GIFTS=1. */
async function withoutGifts<T>(work: () => Promise<T>): Promise<T> {
  const env = serverEnv()
  setServerEnv({ ...env, gifts: false })
  try {
    return await work()
  } finally {
    setServerEnv(env)
  }
}

type Caller = { cookie?: string }

const formPage = (who: Caller, username: string) =>
  callRoute(giftLoader, `/acompanhante/${username}/presente`, {
    cookie: who.cookie,
    params: { slug: username },
  })

const give = (who: Caller, username: string, body: Record<string, string>) =>
  callRoute(giftAction, `/acompanhante/${username}/presente`, {
    cookie: who.cookie,
    params: { slug: username },
    body: { intent: 'gift', otherAmount: '', message: '', ...body },
  })

const chargePage = (who: Caller, id: string) =>
  callRoute(clientGiftPixLoader, `/client-dashboard/gifts/pix/${id}`, {
    cookie: who.cookie,
    params: { chargeId: id },
  })

const listPage = (who: Caller) =>
  callRoute(clientGiftsLoader, '/client-dashboard/gifts', { cookie: who.cookie })

const chargeId = (location: string | null | undefined) =>
  /^\/client-dashboard\/gifts\/pix\/([0-9a-f-]{36})$/.exec(location ?? '')?.[1] ?? ''

const giftsOf = (clientId: string) => db().select().from(gifts).where(eq(gifts.clientId, clientId))

const txidOf = async (id: string) =>
  (await db().select({ txid: pixCharges.txid }).from(pixCharges).where(eq(pixCharges.id, id)))[0]
    ?.txid ?? ''

/** Paid gifts of `cents` each, as if given `daysAgo` days ago (they count against his cap). */
async function paidGifts(clientId: string, profileId: string, cents: number[], daysAgo = 1) {
  const paidAt = new Date(Date.now() - daysAgo * DAY)
  await db()
    .insert(gifts)
    .values(
      cents.map((amountCents) => ({
        clientId,
        profileId,
        amountCents,
        status: 'pending' as const,
        createdAt: paidAt,
        paidAt,
        availableAt: new Date(paidAt.getTime() + DAY),
      })),
    )
}

describe('the profile page', () => {
  it('links to the gift form for a verified, real profile, and only while gifts are on', async () => {
    const provider = await signedInProvider({ approved: true })
    const unverified = await createProfile()
    const demo = await createProfile({ isDemo: true, verificationStatus: 'approved' })
    const page = (username: string) =>
      callRoute(profileLoader, `/acompanhante/${username}`, { params: { slug: username } })
    expect((await page(provider.profile.username)).data?.giftable).toBe(true)
    expect((await page(unverified.username)).data?.giftable).toBe(false)
    expect((await page(demo.username)).data?.giftable).toBe(false)
    const off = await withoutGifts(() => page(provider.profile.username))
    expect(off.data?.giftable).toBe(false)
  })
})

describe('the gift form', () => {
  it('tells a visitor to sign in as a client, and a provider or an admin that only clients give', async () => {
    const provider = await signedInProvider({ approved: true })
    const username = provider.profile.username
    const visitor = await formPage({}, username)
    expect(visitor.status).toBe(200)
    expect(visitor.headers?.get('Cache-Control')).toContain('no-store')
    expect(visitor.data).toMatchObject({
      profile: { name: provider.profile.name, username },
      refusal: 'signedOut',
    })
    for (const role of ['provider', 'admin'] as const) {
      const other = await signedIn(role)
      expect((await formPage(other, username)).data?.refusal).toBe('notClient')
    }
    const client = await signedIn('client')
    const open = await formPage(client, username)
    expect(open.data).toMatchObject({ refusal: null, capLeftCents: 100_000, capGrowsAt: null })
    // A public profile that is not verified, or a demonstration, takes no gift.
    for (const profile of [
      await createProfile(),
      await createProfile({ isDemo: true, verificationStatus: 'approved' }),
    ]) {
      expect((await formPage(client, profile.username)).data?.refusal).toBe('notGiftable')
    }
  })

  it('is a 404 for an unknown or hidden profile, and without gifts', async () => {
    const client = await signedIn('client')
    const provider = await signedInProvider({ approved: true })
    expect((await formPage(client, 'ninguem-aqui')).status).toBe(404)
    expect((await give(client, 'ninguem-aqui', { amount: '20' })).status).toBe(404)
    const hidden = await createProfile({
      visibilityStatus: 'hidden',
      verificationStatus: 'approved',
    })
    expect((await formPage(client, hidden.username)).status).toBe(404)
    const username = provider.profile.username
    expect((await withoutGifts(() => formPage(client, username))).status).toBe(404)
    expect((await withoutGifts(() => give(client, username, { amount: '20' }))).status).toBe(404)
    expect(await giftsOf(client.id)).toEqual([])
  })

  it('sent twice at once with its key (a double tap), starts one gift and one charge', async () => {
    const provider = await signedInProvider({ approved: true })
    const client = await signedIn('client')
    const username = provider.profile.username
    const submission = String((await formPage(client, username)).data?.submission)
    expect(submission).toMatch(/^[A-Za-z0-9_-]{24}$/)
    // Another load of the page is another form.
    expect((await formPage(client, username)).data?.submission).not.toBe(submission)
    const charges = site.pix.charges().length
    const answers = await Promise.all(
      [1, 2, 3].map(() => give(client, username, { amount: '50', submission })),
    )
    expect(answers.map((one) => one.status)).toEqual([302, 302, 302])
    const ids = new Set(answers.map((one) => chargeId(one.location)))
    expect(ids.size).toBe(1)
    expect(await giftsOf(client.id)).toEqual([
      expect.objectContaining({ chargeId: [...ids][0], amountCents: 5_000 }),
    ])
    expect(site.pix.charges().length).toBe(charges + 1)
    // Sent again later, it still leads to that charge; a new form starts a new gift.
    expect(chargeId((await give(client, username, { amount: '50', submission })).location)).toBe(
      [...ids][0],
    )
    const next = String((await formPage(client, username)).data?.submission)
    const again = await give(client, username, { amount: '50', submission: next })
    expect(ids.has(chargeId(again.location))).toBe(false)
    expect(await giftsOf(client.id)).toHaveLength(2)
  })

  it('a first submission that fails gives its key up: the same form sent again starts the gift', async () => {
    const provider = await signedInProvider({ approved: true })
    const client = await signedIn('client')
    const username = provider.profile.username
    const submission = String((await formPage(client, username)).data?.submission)
    site.pix.setDown(true)
    const failed = await give(client, username, { amount: '20', submission })
    expect(failed.status).toBe(503)
    expect(await giftsOf(client.id)).toEqual([])
    site.pix.setDown(false)
    const started = await give(client, username, { amount: '20', submission })
    expect(started.status).toBe(302)
    expect(await giftsOf(client.id)).toEqual([
      expect.objectContaining({ chargeId: chargeId(started.location), amountCents: 2_000 }),
    ])
  })

  it('the same form sent with another amount is another gift; an abandoned claim is taken over', async () => {
    const provider = await signedInProvider({ approved: true })
    const client = await signedIn('client')
    const username = provider.profile.username
    const submission = String((await formPage(client, username)).data?.submission)
    const first = await give(client, username, { amount: '50', submission })
    const other = await give(client, username, { amount: '20', submission })
    expect(chargeId(other.location)).not.toBe(chargeId(first.location))
    expect((await giftsOf(client.id)).map((gift) => gift.amountCents).sort()).toEqual([
      2_000, 5_000,
    ])
    // A process that died after claiming a form's key left it without a charge: once that is
    // older than any start can take, the form sent again starts the gift.
    const dead = String((await formPage(client, username)).data?.submission)
    const claim = { userId: client.id, key: `${dead}:${provider.profile.id}:10000` }
    await db()
      .insert(chargeSubmissions)
      .values({ ...claim, createdAt: new Date(Date.now() - 3 * 60_000) })
    const taken = await give(client, username, { amount: '100', submission: dead })
    expect(taken.status).toBe(302)
    const [row] = await db()
      .select()
      .from(chargeSubmissions)
      .where(and(eq(chargeSubmissions.userId, client.id), eq(chargeSubmissions.key, claim.key)))
    expect(row?.chargeId).toBe(chargeId(taken.location))
    // Claims are forgotten after a day.
    await db()
      .update(chargeSubmissions)
      .set({ createdAt: new Date(Date.now() - 2 * DAY) })
      .where(eq(chargeSubmissions.key, claim.key))
    await pruneChargeSubmissions()
    const left = await db()
      .select({ key: chargeSubmissions.key })
      .from(chargeSubmissions)
      .where(eq(chargeSubmissions.userId, client.id))
    expect(left.map((one) => one.key).sort()).toEqual(
      [
        `${submission}:${provider.profile.id}:2000`,
        `${submission}:${provider.profile.id}:5000`,
      ].sort(),
    )
  })

  it('starts a gift with its Pix, which his charge page and his list follow until it is paid', async () => {
    const provider = await signedInProvider({ approved: true })
    const client = await signedIn('client')
    const started = await give(client, provider.profile.username, {
      amount: '50',
      message: '  Obrigado pela conversa!  ',
    })
    expect(started.status).toBe(302)
    const id = chargeId(started.location)
    const [gift] = await giftsOf(client.id)
    expect(gift).toMatchObject({
      profileId: provider.profile.id,
      chargeId: id,
      amountCents: 5_000,
      message: 'Obrigado pela conversa!',
      status: 'awaiting_payment',
    })

    const open = await chargePage(client, id)
    expect(open.headers?.get('Cache-Control')).toContain('no-store')
    const [charge] = await db().select().from(pixCharges).where(eq(pixCharges.id, id))
    expect(open.data).toMatchObject({
      state: 'open',
      amountCents: 5_000,
      code: charge?.brCode,
      gift: { name: provider.profile.name, username: provider.profile.username, public: true },
    })
    expect(open.data?.qr.path).toMatch(/^M\d+ \d+h\d+v1h-\d+z/)
    expect((await listPage(client)).data?.gifts).toEqual([
      expect.objectContaining({ state: 'awaiting_payment', amountCents: 5_000, chargeId: id }),
    ])

    await site.pix.pay(charge?.txid ?? '')
    const paid = await chargePage(client, id)
    expect(paid.data).toMatchObject({ state: 'paid', code: null, qr: null, refund: null })
    expect(paid.data?.gift.status).toBe('pending')
    // She receives it a business day later: never before the payment's next day.
    const availableAt = paid.data?.gift.availableAt as Date
    expect(availableAt.getTime()).toBeGreaterThan(Date.now() + 60_000)
    const list = await listPage(client)
    expect(list.data?.gifts).toEqual([
      expect.objectContaining({
        state: 'pending',
        availableAt,
        profile: {
          name: provider.profile.name,
          username: provider.profile.username,
          public: true,
        },
      }),
    ])
    expect(list.data?.gifts[0].paidAt).toBeInstanceOf(Date)
    // Paid gifts count against his two-week cap.
    expect(list.data?.capLeftCents).toBe(95_000)
    expect((await formPage(client, provider.profile.username)).data?.capLeftCents).toBe(95_000)
  })

  it('reads typed amounts the Brazilian or the English way', async () => {
    const provider = await signedInProvider({ approved: true })
    for (const [typed, cents] of [
      ['35,50', 3_550],
      ['R$ 12.40', 1_240],
      ['1.000', 100_000],
      ['10', 1_000],
    ] as const) {
      const client = await signedIn('client')
      const answer = await give(client, provider.profile.username, {
        amount: 'other',
        otherAmount: typed,
      })
      expect(answer.status, typed).toBe(302)
      expect((await giftsOf(client.id))[0]?.amountCents, typed).toBe(cents)
    }
  })

  it('answers a wrong amount or message with the field and its message, and writes nothing', async () => {
    const provider = await signedInProvider({ approved: true })
    const client = await signedIn('client')
    const phrase = `Foi ${EXPLICIT_TERMS.pt[0]} demais`
    for (const [body, field, message] of [
      [{ amount: '' }, 'amount', 'giftAmountRequired'],
      [{ amount: '30' }, 'amount', 'giftAmountRequired'],
      [{ amount: 'other', otherAmount: '' }, 'otherAmount', 'giftAmountMissing'],
      [{ amount: 'other', otherAmount: 'dez reais' }, 'otherAmount', 'giftAmountInvalid'],
      [{ amount: 'other', otherAmount: '9,99' }, 'otherAmount', 'giftAmountRange'],
      [{ amount: 'other', otherAmount: '1.000,01' }, 'otherAmount', 'giftAmountRange'],
      [{ amount: '20', message: 'Me chama no 11 98765-4321' }, 'message', 'reviewHasPhone'],
      [{ amount: '20', message: 'veja www.exemplo.com.br' }, 'message', 'reviewHasLink'],
      [{ amount: '20', message: phrase }, 'message', 'reviewHasExplicit'],
      [{ amount: '20', message: 'a'.repeat(141) }, 'message', 'giftMessageTooLong'],
    ] as const) {
      const answer = await give(client, provider.profile.username, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.data, JSON.stringify(body)).toMatchObject({
        intent: 'gift',
        error: { field, message },
      })
      // What he typed comes back, for the form without JavaScript.
      expect(answer.data?.values.amount).toBe(body.amount)
    }
    expect(await giftsOf(client.id)).toEqual([])
    // 140 characters, an emoji counting as one, are fine.
    const ok = await give(client, provider.profile.username, {
      amount: '20',
      message: `${'a'.repeat(139)}😀`,
    })
    expect(ok.status).toBe(302)
  })

  it('says why a gift was refused, with the cap left, and never answers a 500', async () => {
    const provider = await signedInProvider({ approved: true })
    const username = provider.profile.username
    const client = await signedIn('client')
    await paidGifts(client.id, provider.profile.id, [50_000, 48_000], 3)
    const over = await give(client, username, { amount: '50' })
    expect(over.status).toBe(409)
    expect(over.data).toMatchObject({ problem: { error: 'cap', capLeftCents: 2_000 } })
    expect((await give(client, username, { amount: '20' })).status).toBe(302)
    // Paid gifts under the cap's minimum left: no form, and the day it grows again.
    await paidGifts(client.id, provider.profile.id, [1_500], 1)
    const reached = await formPage(client, username)
    expect(reached.data?.capLeftCents).toBe(500)
    const grows = new Date(reached.data?.capGrowsAt as string).getTime()
    expect(Math.abs(grows - (Date.now() - 3 * DAY + GIFT_CAP_DAYS * DAY))).toBeLessThan(60_000)

    // Five gifts started within a day: the sixth waits.
    const busy = await signedIn('client')
    for (let i = 0; i < 5; i++) {
      expect((await give(busy, username, { amount: '20' })).status).toBe(302)
    }
    const sixth = await give(busy, username, { amount: '20' })
    expect(sixth.status).toBe(409)
    expect(sixth.data?.problem).toEqual({ error: 'perDay' })

    // The institution down: no gift, and he is told to try again.
    const unlucky = await signedIn('client')
    site.pix.setDown(true)
    const down = await give(unlucky, username, { amount: '20' })
    expect(down.status).toBe(503)
    expect(down.data?.problem).toEqual({ error: 'unavailable' })
    expect(await giftsOf(unlucky.id)).toEqual([])
    site.pix.setDown(false)

    // A profile no longer verified between the form and the sending.
    const lapsed = await signedInProvider({ approved: true })
    await db()
      .update(profiles)
      .set({ verificationStatus: 'rejected' })
      .where(eq(profiles.id, lapsed.profile.id))
    const refused = await give(unlucky, lapsed.profile.username, { amount: '20' })
    expect(refused.status).toBe(403)
    expect(refused.data?.problem).toEqual({ error: 'notGiftable' })

    // Nobody but a client gives.
    expect((await give({}, username, { amount: '20' })).data?.refusal).toBe('signedOut')
    const admin = await signedIn('admin')
    const byAdmin = await give(admin, username, { amount: '20' })
    expect(byAdmin.status).toBe(403)
    expect(byAdmin.data?.refusal).toBe('notClient')
    expect(await giftsOf(admin.id)).toEqual([])
  })
})

describe('his charge page and his gifts', () => {
  it('says so when the Pix expired unpaid, and when a gift over his cap was sent back', async () => {
    const provider = await signedInProvider({ approved: true })
    const username = provider.profile.username
    const client = await signedIn('client')
    const late = chargeId((await give(client, username, { amount: '20' })).location)
    await db()
      .update(pixCharges)
      .set({ expiresAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(pixCharges.id, late))
    expect((await chargePage(client, late)).data).toMatchObject({
      state: 'expired',
      code: null,
      gift: { username, public: true },
    })

    // Two gifts started within the cap, both paid: the second goes over it and is sent back.
    await paidGifts(client.id, provider.profile.id, [40_000], 2)
    const first = chargeId(
      (await give(client, username, { amount: 'other', otherAmount: '500' })).location,
    )
    const second = chargeId(
      (await give(client, username, { amount: 'other', otherAmount: '500' })).location,
    )
    await site.pix.pay(await txidOf(first))
    await site.pix.pay(await txidOf(second))
    expect((await chargePage(client, first)).data?.state).toBe('paid')
    expect((await chargePage(client, second)).data).toMatchObject({
      state: 'refunded',
      refund: { reason: 'gift_cap' },
    })
    const list = (await listPage(client)).data?.gifts as { chargeId: string; state: string }[]
    expect(list.find((gift) => gift.chargeId === second)?.state).toBe('refunded')
    expect(list.find((gift) => gift.chargeId === first)?.state).toBe('pending')
    expect(list.find((gift) => gift.chargeId === late)?.state).toBe('unpaid')
  })

  it('lists his gifts newest first, naming a profile with its link only while it is public', async () => {
    const client = await signedIn('client')
    const older = await signedInProvider({ approved: true })
    const newer = await signedInProvider({ approved: true })
    expect((await give(client, older.profile.username, { amount: '20' })).status).toBe(302)
    expect((await give(client, newer.profile.username, { amount: '100' })).status).toBe(302)
    await db()
      .update(profiles)
      .set({ visibilityStatus: 'hidden' })
      .where(eq(profiles.id, older.profile.id))
    const page = await listPage(client)
    expect(page.headers?.get('Cache-Control')).toContain('no-store')
    expect(
      ((page.data?.gifts ?? []) as { amountCents: number; profile: unknown }[]).map((gift) => [
        gift.amountCents,
        gift.profile,
      ]),
    ).toEqual([
      [10_000, { name: newer.profile.name, username: newer.profile.username, public: true }],
      [2_000, { name: older.profile.name, username: older.profile.username, public: false }],
    ])
    expect(page.data?.more).toBe(false)
  })

  it('is a 404 to another client, for a charge that is no gift of his, and without gifts', async () => {
    const provider = await signedInProvider({ approved: true })
    const owner = await signedIn('client')
    const other = await signedIn('client')
    const id = chargeId((await give(owner, provider.profile.username, { amount: '20' })).location)
    expect((await chargePage(owner, id)).status).toBe(200)
    expect((await chargePage(other, id)).status).toBe(404)
    expect((await chargePage(owner, 'not-a-uuid')).status).toBe(404)
    expect((await chargePage(owner, randomUUID())).status).toBe(404)
    const plan = await startPlanCharge(provider.id, 'bronze')
    if (!plan.ok) throw new Error(plan.error)
    expect((await chargePage(owner, plan.chargeId)).status).toBe(404)
    expect((await withoutGifts(() => chargePage(owner, id))).status).toBe(404)
    expect((await withoutGifts(() => listPage(owner))).status).toBe(404)
    // The area's tab follows.
    const layout = () =>
      callRoute(clientLayoutLoader, '/client-dashboard', { cookie: owner.cookie })
    expect((await layout()).data).toEqual({ gifts: true })
    expect((await withoutGifts(layout)).data).toEqual({ gifts: false })
  })

  it('sends a visitor to sign in, and another role to its own area', async () => {
    const provider = await signedIn('provider')
    expect((await listPage({})).location).toMatch(/^\/auth\?mode=login/)
    expect((await listPage(provider)).location).toBe('/dashboard')
    expect((await chargePage(provider, randomUUID())).location).toBe('/dashboard')
  })
})

describe('his data copy', () => {
  it('holds the gifts he gave: amount, profile, status, dates and message', async () => {
    const provider = await signedInProvider({ approved: true })
    const client = await signedIn('client')
    const id = chargeId(
      (await give(client, provider.profile.username, { amount: '20', message: 'Um mimo' }))
        .location,
    )
    await site.pix.pay(await txidOf(id))
    const exported = await exportAccountData(client.id)
    expect(exported?.giftsGiven).toEqual([
      expect.objectContaining({
        amountCents: 2_000,
        profileUsername: provider.profile.username,
        status: 'pending',
        message: 'Um mimo',
        createdAt: expect.any(Date),
        paidAt: expect.any(Date),
        availableAt: expect.any(Date),
        refundedAt: null,
      }),
    ])
    // Someone who gave nothing has no such list.
    expect((await exportAccountData(provider.id))?.giftsGiven).toBeUndefined()
  })
})

describe('the terms', () => {
  it('show the gift section only while gifts are on', async () => {
    const terms = (lang: string) => callRoute(termsLoader, `/${lang}/terms`, { params: { lang } })
    const headings = (answer: Awaited<ReturnType<typeof terms>>) =>
      (
        (answer.data?.document.sections ?? []) as { blocks: { kind: string; text?: string }[] }[]
      ).flatMap((section) =>
        section.blocks.filter((block) => block.kind === 'h3').map((b) => b.text),
      )
    expect(headings(await terms('pt'))).toContain('Presentes e saques')
    expect(headings(await terms('en'))).toContain('Gifts and withdrawals')
    expect(headings(await withoutGifts(() => terms('pt')))).not.toContain('Presentes e saques')
    expect(headings(await withoutGifts(() => terms('en')))).not.toContain('Gifts and withdrawals')
  })
})
