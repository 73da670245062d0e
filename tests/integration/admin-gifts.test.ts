import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { brazilDay } from '#app/domain/brazil-time.ts'
import { isValidCpf, LEDGER_ACCOUNTS } from '#app/domain/gifts.ts'
import { ADMIN_PAGE_SIZE } from '#app/domain/moderation.ts'
import { en } from '#app/i18n/en.ts'
import { pt } from '#app/i18n/pt.ts'
import { fileReport } from '#app/modules/client/reports.server.ts'
import {
  banProfile,
  liftSuspension,
  suspendProfile,
} from '#app/modules/moderation/sanctions.server.ts'
import { releaseMaturedGifts } from '#app/modules/payments/gift-credit.server.ts'
import { startGift } from '#app/modules/payments/gifts.server.ts'
import { balances, providerBalance } from '#app/modules/payments/ledger.server.ts'
import {
  cpfHash,
  reconcilePayouts,
  requestWithdrawal,
} from '#app/modules/payments/withdrawals.server.ts'
import { serverEnv, setServerEnv } from '#app/platform/env.server.ts'
import * as auditRoute from '#app/routes/admin/audit.tsx'
import * as giftsRoute from '#app/routes/admin/gifts.tsx'
import * as paymentsRoute from '#app/routes/admin/payments.tsx'
import { db } from '#db/client.server.ts'
import { balanceFreezes, gifts, ledgerTransfers } from '#db/schema/gifts.ts'
import { auditLog } from '#db/schema/moderation.ts'
import { pixCharges, pixPayments, pixRefunds } from '#db/schema/payments.ts'
import { profiles } from '#db/schema/profiles.ts'
import { signedIn } from '#tests/factories/account.ts'
import { signedInProvider } from '#tests/factories/profile.ts'
import { mailsTo } from '#tests/support/outbox.ts'
import { setUpPixSite } from '#tests/support/pix-site.ts'
import {
  escaped as html,
  pageUnderRoot,
  readable,
  renderRoutes,
} from '#tests/support/render-route.tsx'
import { callRoute, type Handler } from '#tests/support/route-call.ts'
import { TEST_BASE_URL } from '#tests/support/test-server.ts'

// The team's side of gifts (issue 22 point 4): a ban or a 'minor' report freezes a balance, the
// team releases a freeze or freezes one by hand (each with a reason, audited), a frozen balance
// refuses a withdrawal, the team sends a gift back while her balance holds it, and /admin/gifts
// shows the ledger's figures and the lists. Real gifts paid at the local Pix server, on PGlite
// and PostgreSQL.

const DAY = 86_400_000
/** A valid CPF (its check digits), the payout key of the providers who withdraw. */
const CPF = '52998224725'
const NOTE = 'Reclamação de quem deu: presente por engano'
let admin: Awaited<ReturnType<typeof signedIn>>

const site = setUpPixSite({ gifts: true }, { mute: true })

beforeAll(async () => {
  admin = await signedIn('admin')
})

const actor = () => ({ id: admin.id, email: admin.email })

/** An admin loader or action, as the signed-in admin (`lang=en` in the URL: in English). */
const asAdmin = (handler: Handler, url: string, body?: Record<string, string>) =>
  callRoute(handler, url, { cookie: admin.cookie, body })

const post = (body: Record<string, string>, lang = '') =>
  asAdmin(giftsRoute.action, `/admin/gifts${lang}`, body)

/** An approved, verified provider whose identity check gave the payout CPF. */
async function providerWithCpf() {
  const provider = await signedInProvider({ approved: true })
  await db()
    .update(profiles)
    .set({ payoutCpfHash: cpfHash(CPF) })
    .where(eq(profiles.id, provider.profile.id))
  return provider
}

/** A new client's gift of `amountCents` to the profile, paid at the Pix server (pending). */
async function paidGift(profileId: string, amountCents = 10_000, message = '') {
  const client = await signedIn('client')
  const started = await startGift({ clientId: client.id, profileId, amountCents, message })
  if (!started.ok) throw new Error(`no gift: ${started.error}`)
  const [charge] = await db().select().from(pixCharges).where(eq(pixCharges.id, started.chargeId))
  const paid = await site.pix.pay(charge?.txid ?? '')
  expect(paid.webhookStatus).toBe(200)
  expect((await giftOf(started.giftId))?.status).toBe('pending')
  return { client, giftId: started.giftId, endToEndId: paid.endToEndId }
}

/** Every gift past its business day becomes available. */
const mature = () => releaseMaturedGifts(new Date(Date.now() + 4 * DAY))

const giftOf = async (id: string) => (await db().select().from(gifts).where(eq(gifts.id, id)))[0]
const openFreezesOf = (profileId: string) =>
  db()
    .select()
    .from(balanceFreezes)
    .where(and(eq(balanceFreezes.profileId, profileId), isNull(balanceFreezes.releasedAt)))
const entriesOf = (action: string, targetId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action as never), eq(auditLog.targetId, targetId)))
    .orderBy(auditLog.createdAt)
const auditCount = async () =>
  (await db().select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]?.n ?? 0
const ledgerCount = async () =>
  (await db().select({ n: sql<number>`count(*)::int` }).from(ledgerTransfers))[0]?.n ?? 0

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

const giftsPage = (url = '/admin/gifts', language: 'pt' | 'en' = 'pt') =>
  render(giftsRoute, 'admin/gifts', url, language)

describe('freezing a balance', () => {
  it('a ban freezes her balance in its transaction (audited); the team releases it with a reason', async () => {
    expect(isValidCpf(CPF)).toBe(true)
    const provider = await providerWithCpf()
    const id = provider.profile.id
    await paidGift(id)
    expect(await banProfile(actor(), id, 'Golpe confirmado')).toEqual({
      ok: true,
      value: undefined,
    })
    const [freeze, ...more] = await openFreezesOf(id)
    expect(more).toEqual([])
    expect(freeze).toMatchObject({ cause: 'ban', note: 'Golpe confirmado', releasedAt: null })
    const [entry, ...others] = await entriesOf('balance_freeze', id)
    expect(others).toEqual([])
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'profile',
      details: { cause: 'ban', freezeId: freeze?.id },
    })
    // Gifts keep maturing while frozen.
    await mature()
    expect((await providerBalance(id)).availableCents).toBe(10_000)

    const entries = await auditCount()
    const noReason = await post({
      intent: 'balance-release',
      subject: freeze?.id ?? '',
      reason: '',
    })
    expect(noReason.status).toBe(400)
    expect(noReason.data?.error.field).toBe('reason')
    for (const subject of ['', 'x', `${freeze?.id}x`, "1' or '1'='1"]) {
      const answer = await post({ intent: 'balance-release', subject, reason: 'Decidido' })
      expect(answer.status, subject).toBe(404)
    }
    const unknown = await post({
      intent: 'balance-release',
      subject: '00000000-0000-4000-8000-000000000000',
      reason: 'Decidido',
    })
    expect(unknown.status).toBe(404)
    expect(await auditCount()).toBe(entries)
    expect(await openFreezesOf(id)).toHaveLength(1)

    const released = await post({
      intent: 'balance-release',
      subject: freeze?.id ?? '',
      reason: 'Saldo legítimo, pode sacar',
    })
    expect(released.status).toBe(200)
    expect(released.data).toMatchObject({
      intent: 'balance-release',
      subject: freeze?.id,
      notice: pt.admin.gifts.releaseDone,
    })
    expect(await openFreezesOf(id)).toEqual([])
    const [after] = await db()
      .select()
      .from(balanceFreezes)
      .where(eq(balanceFreezes.id, freeze?.id ?? ''))
    expect(after).toMatchObject({ releasedBy: admin.id, releaseNote: 'Saldo legítimo, pode sacar' })
    expect(after?.releasedAt).toBeInstanceOf(Date)
    const [release] = await entriesOf('balance_release', id)
    expect(release).toMatchObject({
      actorId: admin.id,
      reason: 'Saldo legítimo, pode sacar',
      details: { cause: 'ban', freezeId: freeze?.id },
    })
    const again = await post({
      intent: 'balance-release',
      subject: freeze?.id ?? '',
      reason: 'De novo',
    })
    expect(again.status).toBe(409)
    expect(again.data?.error).toEqual({ field: 'form', message: pt.admin.errors.alreadyReleased })
    const english = await post(
      { intent: 'balance-release', subject: freeze?.id ?? '', reason: 'Again' },
      '?lang=en',
    )
    expect(english.data?.error).toEqual({ field: 'form', message: en.admin.errors.alreadyReleased })
    expect(await entriesOf('balance_release', id)).toHaveLength(1)

    // The audit log names the cause.
    const log = await render(
      auditRoute,
      'admin/audit',
      `/admin/audit?target=${provider.profile.username}`,
    )
    expect(log).toContain(html(pt.admin.audit.actions.balance_freeze))
    expect(log).toContain(html('bloqueio: Banimento'))
  })

  it('the automatic ban of a third suspension freezes too; one freeze while one is open', async () => {
    const provider = await signedInProvider({ approved: true })
    const id = provider.profile.id
    const suspend = () =>
      suspendProfile(actor(), id, { days: 1, dailyValueCents: 0, reason: 'Regra quebrada' })
    expect((await suspend()).ok).toBe(true)
    expect((await liftSuspension(actor(), id, 'Voltou')).ok).toBe(true)
    // A freeze by hand first: the ban opens no second one.
    const frozen = await post({
      intent: 'balance-freeze',
      subject: id,
      reason: 'Suspeita de golpe',
    })
    expect(frozen.status).toBe(200)
    expect(frozen.data?.notice).toBe(pt.admin.gifts.freezeDone)
    expect((await suspend()).ok).toBe(true)
    expect((await liftSuspension(actor(), id, 'Voltou')).ok).toBe(true)
    expect(await suspend()).toEqual({ ok: true, value: { banned: true } })
    expect(await openFreezesOf(id)).toMatchObject([{ cause: 'team', note: 'Suspeita de golpe' }])
    expect(await entriesOf('balance_freeze', id)).toHaveLength(1)

    // Released, the next ban-like event would open a new one; an automatic ban of another
    // profile, with nothing frozen, opens its own.
    const other = await signedInProvider({ approved: true })
    for (let i = 0; i < 2; i++) {
      await suspendProfile(actor(), other.profile.id, {
        days: 1,
        dailyValueCents: 0,
        reason: 'x1x',
      })
      await liftSuspension(actor(), other.profile.id, 'Voltou')
    }
    const third = await suspendProfile(actor(), other.profile.id, {
      days: 1,
      dailyValueCents: 0,
      reason: 'Terceira vez',
    })
    expect(third).toEqual({ ok: true, value: { banned: true } })
    expect(await openFreezesOf(other.profile.id)).toMatchObject([
      { cause: 'ban', note: 'Terceira vez' },
    ])
  })

  it("a 'minor' report that hides the profile freezes her balance (by the system)", async () => {
    const provider = await signedInProvider({ approved: true })
    const id = provider.profile.id
    const filed = await fileReport(
      { clientIp: '203.0.113.41' },
      { profileId: id, reason: 'minor', details: null },
    )
    expect(filed).toEqual({ ok: true, already: false, hid: true })
    expect(await openFreezesOf(id)).toMatchObject([{ cause: 'minor_report', note: null }])
    expect(await entriesOf('balance_freeze', id)).toMatchObject([
      { actorId: 'system', details: { cause: 'minor_report' } },
    ])
    // Another kind of report freezes nothing.
    const calm = await signedInProvider({ approved: true })
    await fileReport(
      { clientIp: '203.0.113.42' },
      { profileId: calm.profile.id, reason: 'fake_photos', details: null },
    )
    expect(await openFreezesOf(calm.profile.id)).toEqual([])
  })

  it('without gifts, a ban freezes only a profile that was ever given one', async () => {
    const given = await providerWithCpf()
    await paidGift(given.profile.id)
    const never = await signedInProvider({ approved: true })
    const env = serverEnv()
    setServerEnv({ ...env, gifts: false })
    try {
      expect((await banProfile(actor(), never.profile.id, 'Fraude')).ok).toBe(true)
      expect((await banProfile(actor(), given.profile.id, 'Fraude')).ok).toBe(true)
    } finally {
      setServerEnv(env)
    }
    expect(await openFreezesOf(never.profile.id)).toEqual([])
    expect(await entriesOf('balance_freeze', never.profile.id)).toEqual([])
    expect(await openFreezesOf(given.profile.id)).toMatchObject([{ cause: 'ban' }])
  })

  it('a frozen balance refuses a withdrawal; the team freezes by hand once, and releases', async () => {
    const provider = await providerWithCpf()
    const id = provider.profile.id
    await paidGift(id, 20_000)
    await mature()
    const noReason = await post({ intent: 'balance-freeze', subject: id, reason: 'a' })
    expect(noReason.status).toBe(400)
    expect(noReason.data?.error.field).toBe('reason')
    expect((await post({ intent: 'balance-freeze', subject: 'x', reason: 'Motivo' })).status).toBe(
      404,
    )
    expect(
      (
        await post({
          intent: 'balance-freeze',
          subject: '00000000-0000-4000-8000-000000000000',
          reason: 'Motivo',
        })
      ).status,
    ).toBe(404)
    expect(await openFreezesOf(id)).toEqual([])

    const frozen = await post({ intent: 'balance-freeze', subject: id, reason: 'Conferir origem' })
    expect(frozen.status).toBe(200)
    const [freeze] = await openFreezesOf(id)
    expect(freeze).toMatchObject({ cause: 'team', note: 'Conferir origem' })
    expect(await entriesOf('balance_freeze', id)).toMatchObject([
      { actorId: admin.id, reason: 'Conferir origem', details: { cause: 'team' } },
    ])
    const twice = await post(
      { intent: 'balance-freeze', subject: id, reason: 'De novo' },
      '?lang=en',
    )
    expect(twice.status).toBe(409)
    expect(twice.data?.error).toEqual({ field: 'form', message: en.admin.errors.alreadyFrozen })

    const ask = () => requestWithdrawal({ userId: provider.id, amountCents: 10_000, key: CPF })
    expect(await ask()).toEqual({ ok: false, error: 'frozen' })
    expect((await providerBalance(id)).availableCents).toBe(20_000)
    expect(site.pix.payouts().filter((one) => one.chave === CPF)).toHaveLength(0)

    const released = await post({
      intent: 'balance-release',
      subject: freeze?.id ?? '',
      reason: 'Origem conferida',
    })
    expect(released.status).toBe(200)
    expect((await ask()).ok).toBe(true)
    // Sent and paid at once by the local institution: half left, nothing on its way.
    expect(await providerBalance(id)).toMatchObject({ availableCents: 10_000, payoutCents: 0 })
    expect(site.pix.payouts().filter((one) => one.chave === CPF)).toHaveLength(1)
  })
})

describe('sending a gift back', () => {
  it('from her pending balance: out of the ledger, the Pix refunded, the giver told, audited', async () => {
    const provider = await signedInProvider({ approved: true })
    const id = provider.profile.id
    const kept = await paidGift(id, 3_000)
    const gift = await paidGift(id, 5_000)
    expect(await providerBalance(id)).toMatchObject({ pendingCents: 8_000, availableCents: 0 })

    const answer = await post({ intent: 'gift-refund', subject: gift.giftId, note: NOTE })
    expect(answer.status).toBe(200)
    expect(answer.data).toMatchObject({
      intent: 'gift-refund',
      subject: gift.giftId,
      notice: pt.admin.gifts.refundDone,
    })
    expect(await providerBalance(id)).toMatchObject({ pendingCents: 3_000, availableCents: 0 })
    const refunded = await giftOf(gift.giftId)
    expect(refunded?.status).toBe('refunded')
    expect(refunded?.refundedAt).toBeInstanceOf(Date)
    expect((await giftOf(kept.giftId))?.status).toBe('pending')
    const moves = await db()
      .select()
      .from(ledgerTransfers)
      .where(
        and(eq(ledgerTransfers.giftId, gift.giftId), eq(ledgerTransfers.kind, 'gift_refunded')),
      )
    expect(moves).toMatchObject([
      { fromAccount: LEDGER_ACCOUNTS.pending(id), toAccount: 'world', amountCents: 5_000 },
    ])
    const [payment] = await db()
      .select()
      .from(pixPayments)
      .where(eq(pixPayments.endToEndId, gift.endToEndId))
    expect(payment?.outcome).toBe('refunded')
    // The institution settles the refund after accepting it, and says so by the webhook.
    await site.pix.idle()
    const refunds = await db()
      .select()
      .from(pixRefunds)
      .where(eq(pixRefunds.endToEndId, gift.endToEndId))
    expect(refunds).toMatchObject([
      { reason: 'team', note: NOTE, requestedBy: admin.id, amountCents: 5_000, status: 'done' },
    ])
    expect(site.pix.refunds().filter((one) => one.endToEndId === gift.endToEndId)).toMatchObject([
      { valor: '50.00' },
    ])
    const [entry, ...more] = await entriesOf('gift_refund', gift.giftId)
    expect(more).toEqual([])
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'gift',
      reason: NOTE,
      details: { amountCents: 5_000, from: 'pending', endToEndId: gift.endToEndId },
    })
    const told = await mailsTo(site.dataDir, gift.client.email)
    expect(
      told.some((mail) =>
        mail.includes(`Seu presente para ${provider.profile.name} foi devolvido`),
      ),
    ).toBe(true)
    expect(told.some((mail) => mail.includes('R$ 50,00') || mail.includes('R$\u00a050,00'))).toBe(
      true,
    )

    // Once only; a gift that does not exist is a 404; the payments list does not send it back.
    const again = await post({ intent: 'gift-refund', subject: gift.giftId, note: NOTE })
    expect(again.status).toBe(409)
    expect(again.data?.error).toEqual({ field: 'form', message: pt.admin.errors.giftNotRefundable })
    const unknown = await post({
      intent: 'gift-refund',
      subject: '00000000-0000-4000-8000-000000000000',
      note: NOTE,
    })
    expect(unknown.status).toBe(404)
    for (const subject of ['', 'abc', `${gift.giftId}'`]) {
      expect((await post({ intent: 'gift-refund', subject, note: NOTE })).status, subject).toBe(404)
    }
    const noNote = await post({ intent: 'gift-refund', subject: kept.giftId, note: '' })
    expect(noNote.status).toBe(400)
    expect(noNote.data).toMatchObject({ subject: kept.giftId, error: { field: 'note' } })
    const fromPayments = await asAdmin(paymentsRoute.action, '/admin/payments', {
      intent: 'refund-payment',
      subject: kept.endToEndId,
      note: NOTE,
    })
    expect(fromPayments.status).toBe(409)
    expect(fromPayments.data?.error).toEqual({
      field: 'form',
      message: pt.admin.errors.giftPayment,
    })
    expect(await providerBalance(id)).toMatchObject({ pendingCents: 3_000 })
    expect(site.pix.refunds().filter((one) => one.endToEndId === kept.endToEndId)).toEqual([])
    expect(await entriesOf('gift_refund', gift.giftId)).toHaveLength(1)
  })

  it('from her available balance, frozen or not', async () => {
    const provider = await providerWithCpf()
    const id = provider.profile.id
    const gift = await paidGift(id, 7_000)
    await paidGift(id, 2_000)
    await mature()
    expect(await providerBalance(id)).toMatchObject({ pendingCents: 0, availableCents: 9_000 })
    await post({ intent: 'balance-freeze', subject: id, reason: 'Reclamação em análise' })
    const answer = await post(
      { intent: 'gift-refund', subject: gift.giftId, note: NOTE },
      '?lang=en',
    )
    expect(answer.status).toBe(200)
    expect(answer.data?.notice).toBe(en.admin.gifts.refundDone)
    expect(await providerBalance(id)).toMatchObject({ pendingCents: 0, availableCents: 2_000 })
    const [move] = await db()
      .select()
      .from(ledgerTransfers)
      .where(
        and(eq(ledgerTransfers.giftId, gift.giftId), eq(ledgerTransfers.kind, 'gift_refunded')),
      )
    expect(move).toMatchObject({ fromAccount: LEDGER_ACCOUNTS.available(id), amountCents: 7_000 })
    expect(site.pix.refunds().filter((one) => one.endToEndId === gift.endToEndId)).toHaveLength(1)
    expect((await entriesOf('gift_refund', gift.giftId))[0]?.details).toMatchObject({
      from: 'available',
    })
  })

  it('is refused once her available balance no longer holds it (withdrawn)', async () => {
    const provider = await providerWithCpf()
    const id = provider.profile.id
    const gift = await paidGift(id, 6_000)
    await mature()
    const withdrawal = await requestWithdrawal({
      userId: provider.id,
      amountCents: 5_000,
      key: CPF,
    })
    expect(withdrawal.ok).toBe(true)
    await reconcilePayouts()
    expect(await providerBalance(id)).toMatchObject({ availableCents: 1_000, payoutCents: 0 })
    const entries = await auditCount()
    const moves = await ledgerCount()
    const refused = await post({ intent: 'gift-refund', subject: gift.giftId, note: NOTE })
    expect(refused.status).toBe(409)
    expect(refused.data).toMatchObject({
      subject: gift.giftId,
      error: { field: 'form', message: pt.admin.errors.giftWithdrawn },
    })
    const english = await post(
      { intent: 'gift-refund', subject: gift.giftId, note: NOTE },
      '?lang=en',
    )
    expect(english.data?.error).toEqual({ field: 'form', message: en.admin.errors.giftWithdrawn })
    expect((await giftOf(gift.giftId))?.status).toBe('available')
    expect(await providerBalance(id)).toMatchObject({ availableCents: 1_000 })
    expect(await auditCount()).toBe(entries)
    expect(await ledgerCount()).toBe(moves)
    expect(
      await db().select().from(pixRefunds).where(eq(pixRefunds.endToEndId, gift.endToEndId)),
    ).toEqual([])
    expect(site.pix.refunds().filter((one) => one.endToEndId === gift.endToEndId)).toEqual([])
    // Issue 33 point 13: the page no longer offers it, and says why, in pt and en.
    const shown = (await asAdmin(giftsRoute.loader, '/admin/gifts')).data?.gifts.find(
      (row: { id: string }) => row.id === gift.giftId,
    )
    expect(shown?.sendBack).toBe('withdrawn')
    const page = await giftsPage()
    expect(page).toContain(html(pt.admin.gifts.cannotSendBack.withdrawn))
    expect(await giftsPage('/admin/gifts', 'en')).toContain(
      html(en.admin.gifts.cannotSendBack.withdrawn),
    )
  })

  it('is offered only within the Pix window: one paid over 90 days ago is refused (issue 33 point 13)', async () => {
    const provider = await providerWithCpf()
    const fresh = await paidGift(provider.profile.id, 3_000)
    const old = await paidGift(provider.profile.id, 2_000)
    await db()
      .update(gifts)
      .set({ paidAt: new Date(Date.now() - 91 * DAY) })
      .where(eq(gifts.id, old.giftId))
    const rows = (await asAdmin(giftsRoute.loader, '/admin/gifts')).data?.gifts as {
      id: string
      sendBack: string | null
    }[]
    expect(rows.find((row) => row.id === fresh.giftId)?.sendBack).toBe('open')
    expect(rows.find((row) => row.id === old.giftId)?.sendBack).toBe('tooOld')
    const entries = await auditCount()
    const refused = await post({ intent: 'gift-refund', subject: old.giftId, note: NOTE })
    expect(refused.status).toBe(409)
    expect(refused.data?.error).toEqual({
      field: 'form',
      message: pt.admin.errors.giftTooOld.replace('{days}', '90'),
    })
    expect((await giftOf(old.giftId))?.status).toBe('pending')
    expect(await auditCount()).toBe(entries)
    expect(site.pix.refunds().filter((one) => one.endToEndId === old.endToEndId)).toEqual([])
    const page = await giftsPage()
    expect(page).toContain(html(pt.admin.gifts.cannotSendBack.tooOld.replace('{days}', '90')))
    // Sent back, it offers nothing more.
    expect((await post({ intent: 'gift-refund', subject: fresh.giftId, note: NOTE })).status).toBe(
      200,
    )
    const after = (await asAdmin(giftsRoute.loader, '/admin/gifts')).data?.gifts as {
      id: string
      sendBack: string | null
    }[]
    expect(after.find((row) => row.id === fresh.giftId)?.sendBack).toBeNull()
    // Nothing of this test's left pending for the next one's figures to move.
    await mature()
  })
})

describe('/admin/gifts', () => {
  it('shows the ledger’s totals, freezes, balances, gifts and withdrawals, in pt and en', async () => {
    const before = (await asAdmin(giftsRoute.loader, '/admin/gifts')).data
    expect(before?.giftsOn).toBe(true)
    const luna = await providerWithCpf()
    const sol = await signedInProvider({ approved: true })
    const message = 'Obrigado pela <b>conversa</b>'
    const first = await paidGift(luna.profile.id, 15_000, message)
    await paidGift(luna.profile.id, 5_000)
    await mature()
    const pending = await paidGift(sol.profile.id, 4_000)
    const sentBack = await paidGift(sol.profile.id, 1_000)
    expect(
      (await post({ intent: 'gift-refund', subject: sentBack.giftId, note: NOTE })).status,
    ).toBe(200)
    expect((await requestWithdrawal({ userId: luna.id, amountCents: 10_000, key: CPF })).ok).toBe(
      true,
    )
    await reconcilePayouts()
    await post({
      intent: 'balance-freeze',
      subject: sol.profile.id,
      reason: 'Denúncia por telefone',
    })

    await site.pix.idle()
    const answer = await asAdmin(giftsRoute.loader, '/admin/gifts')
    expect(answer.status).toBe(200)
    expect(answer.headers?.get('cache-control')).toMatch(/no-store/)
    const after = answer.data
    const delta = (name: string) => after?.totals[name] - before?.totals[name]
    expect(delta('paidCents')).toBe(25_000)
    expect(delta('paidCount')).toBe(4)
    expect(delta('refundedCents')).toBe(1_000)
    expect(delta('refundedCount')).toBe(1)
    expect(delta('pendingCents')).toBe(4_000)
    expect(delta('availableCents')).toBe(10_000)
    expect(delta('payoutCents')).toBe(0)
    expect(delta('withdrawnCents')).toBe(10_000 - 65)
    expect(delta('withdrawnCount')).toBe(1)
    expect(delta('feesCents')).toBe(65)
    // Every centavo paid in is in one of the other figures.
    const t = after?.totals
    expect(t.paidCents).toBe(
      t.refundedCents +
        t.pendingCents +
        t.availableCents +
        t.payoutCents +
        t.withdrawnCents +
        t.feesCents,
    )
    // The same figures as the ledger's own balances.
    const own = await balances([
      LEDGER_ACCOUNTS.available(luna.profile.id),
      LEDGER_ACCOUNTS.pending(sol.profile.id),
    ])
    const balanceOf = (profileId: string) =>
      after?.balances.find((one: { profileId: string }) => one.profileId === profileId)
    expect(balanceOf(luna.profile.id)).toMatchObject({
      username: luna.profile.username,
      pendingCents: 0,
      availableCents: own.get(LEDGER_ACCOUNTS.available(luna.profile.id)),
      payoutCents: 0,
      freezeId: null,
    })
    expect(balanceOf(sol.profile.id)).toMatchObject({
      pendingCents: own.get(LEDGER_ACCOUNTS.pending(sol.profile.id)),
      availableCents: 0,
      freezeCause: 'team',
    })
    expect(
      after?.freezes.find((one: { profileId: string }) => one.profileId === sol.profile.id),
    ).toMatchObject({ cause: 'team', note: 'Denúncia por telefone', pendingCents: 4_000 })
    const giftRow = (giftId: string) =>
      after?.gifts.find((one: { id: string }) => one.id === giftId)
    expect(giftRow(first.giftId)).toMatchObject({
      amountCents: 15_000,
      status: 'available',
      message,
      clientEmail: first.client.email,
      username: luna.profile.username,
      refund: null,
    })
    expect(giftRow(sentBack.giftId)).toMatchObject({
      status: 'refunded',
      refund: { reason: 'team', status: 'done', note: NOTE },
    })
    expect(giftRow(pending.giftId)).toMatchObject({ status: 'pending' })
    const [withdrawal] = after?.withdrawals ?? []
    expect(withdrawal).toMatchObject({
      username: luna.profile.username,
      amountCents: 10_000,
      feeCents: 65,
      netCents: 9_935,
      keyEnd: '25',
      status: 'paid',
    })
    // The key never leaves the server whole.
    expect(JSON.stringify(after)).not.toContain(CPF)

    const g = pt.admin.gifts
    const page = await giftsPage()
    for (const text of [
      g.totalsTitle,
      g.freezesTitle,
      g.balancesTitle,
      g.giftsTitle,
      g.withdrawalsTitle,
      g.totals.paid,
      g.totals.fees,
      g.causes.team,
      'Denúncia por telefone',
      'Bloqueado: Pela equipe',
      `Mensagem: “${message}”`,
      `De ${first.client.name} · ${first.client.email}`,
      'Devolução do Pix: pela equipe · feita',
      'CPF •••.•••.•••-25',
      'R$ 150,00',
      'R$ 99,35',
      'R$ 0,65',
      g.statuses.available,
      g.statuses.pending,
      g.statuses.refunded,
      g.withdrawalStatuses.paid,
      g.refund,
      g.freeze,
      g.release,
    ]) {
      expect(page, text).toContain(html(text))
    }
    expect(page).not.toContain('<b>conversa</b>')
    expect(page).not.toContain(CPF)
    expect(page).toContain(`href="/admin/profiles/${luna.profile.id}"`)
    expect(page).not.toContain(html(g.off))
    const e = en.admin.gifts
    const english = await giftsPage('/admin/gifts', 'en')
    for (const text of [
      e.totalsTitle,
      e.freezesTitle,
      e.balancesTitle,
      e.giftsTitle,
      e.withdrawalsTitle,
      'Frozen: By the team',
      'Pix refund: by the team · done',
      'R$150.00',
      e.statuses.available,
      e.withdrawalStatuses.paid,
      e.refund,
    ]) {
      expect(english, text).toContain(html(text))
    }
    // The payments list names a gift's Pix and sends the team here to refund it.
    const payments = await render(paymentsRoute, 'admin/payments', '/admin/payments')
    expect(payments).toContain(html(pt.admin.payments.giftRefundHint))

    const env = serverEnv()
    setServerEnv({ ...env, gifts: false })
    try {
      expect(await giftsPage()).toContain(html(g.off))
      expect(await giftsPage('/admin/gifts', 'en')).toContain(html(e.off))
    } finally {
      setServerEnv(env)
    }
  })

  it('leaves gifts out of the revenue on /admin/payments, paid or sent back', async () => {
    const today = brazilDay()
    const revenueToday = async () =>
      ((await asAdmin(paymentsRoute.loader, '/admin/payments')).data?.daily ?? []).find(
        (one: { period: string }) => one.period === today,
      ) ?? { receivedCents: 0, receivedCount: 0, refundedCents: 0, refundCount: 0 }
    const before = await revenueToday()
    const provider = await signedInProvider({ approved: true })
    const gift = await paidGift(provider.profile.id, 2_500)
    await paidGift(provider.profile.id, 1_500)
    expect((await post({ intent: 'gift-refund', subject: gift.giftId, note: NOTE })).status).toBe(
      200,
    )
    const after = await revenueToday()
    expect(after).toMatchObject({
      receivedCents: before.receivedCents,
      receivedCount: before.receivedCount,
      refundedCents: before.refundedCents,
      refundCount: before.refundCount,
    })
    // Still listed, named as gifts.
    const listed = (await asAdmin(paymentsRoute.loader, '/admin/payments')).data?.payments.find(
      (one: { endToEndId: string }) => one.endToEndId === gift.endToEndId,
    )
    expect(listed).toMatchObject({ purpose: 'gift', outcome: 'refunded' })
  })

  it('pages the gifts by 50 newest first; any bad ?pagina is the first page, never an error', async () => {
    const provider = await signedInProvider({ approved: true })
    const start = Date.now() - 3 * 365 * DAY
    await db()
      .insert(gifts)
      .values(
        Array.from({ length: 2 * ADMIN_PAGE_SIZE + 5 }, (_, i) => ({
          profileId: provider.profile.id,
          amountCents: 1_000 + i,
          status: 'available' as const,
          createdAt: new Date(start - i * 60_000),
          paidAt: new Date(start - i * 60_000),
        })),
      )
    // A gift never paid is not listed.
    await db().insert(gifts).values({ profileId: provider.profile.id, amountCents: 999 })
    const all = await db()
      .select({ id: gifts.id })
      .from(gifts)
      .where(ne(gifts.status, 'awaiting_payment'))
      .orderBy(desc(gifts.createdAt), desc(gifts.id))
    const ids = (answer: Awaited<ReturnType<typeof asAdmin>>) =>
      ((answer.data?.gifts ?? []) as { id: string }[]).map((one) => one.id)
    const first = await asAdmin(giftsRoute.loader, '/admin/gifts')
    expect(first.data?.page).toBe(1)
    expect(first.data?.more).toBe(true)
    expect(ids(first)).toEqual(all.slice(0, ADMIN_PAGE_SIZE).map((one) => one.id))
    const second = await asAdmin(giftsRoute.loader, '/admin/gifts?pagina=2')
    expect(ids(second)).toEqual(
      all.slice(ADMIN_PAGE_SIZE, 2 * ADMIN_PAGE_SIZE).map((one) => one.id),
    )
    const lastPage = Math.ceil(all.length / ADMIN_PAGE_SIZE)
    const last = await asAdmin(giftsRoute.loader, `/admin/gifts?pagina=${lastPage}`)
    expect(last.data?.more).toBe(false)
    expect(ids(last).at(-1)).toBe(all.at(-1)?.id)
    const html2 = await giftsPage('/admin/gifts?pagina=2')
    expect(html2).toContain('href="/admin/gifts#presentes"')
    expect(html2).toContain('href="/admin/gifts?pagina=3#presentes"')

    for (const bad of ['abc', '0', '-1', '2.5', '', '1e3', '%00', '9'.repeat(40), '10001', '02']) {
      const answer = await asAdmin(giftsRoute.loader, `/admin/gifts?pagina=${bad}`)
      expect(answer.status, bad).toBe(200)
      expect(answer.data?.page, bad).toBe(1)
      expect(ids(answer), bad).toEqual(ids(first))
    }
    const past = await asAdmin(giftsRoute.loader, '/admin/gifts?pagina=9999')
    expect(past.status).toBe(200)
    expect(past.data?.gifts).toEqual([])
    expect(past.data?.more).toBe(false)
    expect(await giftsPage('/admin/gifts?pagina=9999')).toContain(html(pt.admin.payments.pageEmpty))
  })
})
