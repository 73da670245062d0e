import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  useLoaderData,
} from 'react-router'
import { describe, expect, it } from 'vitest'
import { ResumeCard } from '#app/components/account/security-cards.tsx'
import { KEPT_FORM_PARAM, RESUMED_FORM_FIELD } from '#app/domain/step-up.ts'
import type { KeptForm } from '#app/modules/auth/security-answers.ts'
import { keepForm } from '#app/modules/auth/step-up-forms.server.ts'
import { startPlanCharge } from '#app/modules/payments/payments.server.ts'
import { action as adminAccountAction } from '#app/routes/admin/account.tsx'
import * as giftsRoute from '#app/routes/admin/gifts.tsx'
import * as paymentsRoute from '#app/routes/admin/payments.tsx'
import * as plansRoute from '#app/routes/admin/plans.tsx'
import { action as profileAction } from '#app/routes/admin/profile.tsx'
import { action as confirmAction, loader as confirmLoader } from '#app/routes/auth/confirm.tsx'
import { action as providerAccountAction } from '#app/routes/provider/account.tsx'
import { action as giftsAction } from '#app/routes/provider/gifts.tsx'
import { db } from '#db/client.server.ts'
import { stepUpForms } from '#db/schema/auth.ts'
import { auditLog } from '#db/schema/moderation.ts'
import { pixCharges, pixRefunds, planPrices } from '#db/schema/payments.ts'
import { profiles } from '#db/schema/profiles.ts'
import { makeStale, signedIn, TEST_PASSWORD } from '#tests/factories/account.ts'
import { signedInProvider } from '#tests/factories/profile.ts'
import { setUpPixSite } from '#tests/support/pix-site.ts'
import { callRoute, type Handler } from '#tests/support/route-call.ts'
import { totpCode } from '#tests/support/totp.ts'

// Issue 30 point 7: every money action of the team asks for a fresh proof, and a form sent with
// a stale one is kept (bound to its session, encrypted, used once, ten minutes) and sent again
// by the confirm page after the proof, so the action completes without typing it again. Real
// payments at the local Pix server, on PGlite and PostgreSQL.

const REASON = 'Cobrança em duplicidade, pedido da anunciante'

const site = setUpPixSite({}, { mute: true })

/** A paid plan's payment at the Pix server: its end-to-end id. */
async function paidPayment(): Promise<string> {
  const provider = await signedInProvider({ approved: true })
  const started = await startPlanCharge(provider.id, 'basico')
  if (!started.ok) throw new Error(`no charge: ${started.error}`)
  const [charge] = await db().select().from(pixCharges).where(eq(pixCharges.id, started.chargeId))
  const paid = await site.pix.pay(charge?.txid ?? '')
  expect(paid.webhookStatus).toBe(200)
  return paid.endToEndId
}

const refundsOf = (endToEndId: string) =>
  db().select().from(pixRefunds).where(eq(pixRefunds.endToEndId, endToEndId))

/** The kept form's id in a step-up's redirect to the confirm page, checking where it leads. */
function keptIn(location: string | null | undefined, next: string): string {
  const url = new URL(location ?? '', 'http://site.invalid')
  expect(url.pathname).toBe('/auth/confirm')
  expect(url.searchParams.get('next')).toBe(next)
  const id = url.searchParams.get(KEPT_FORM_PARAM)
  expect(id, 'a kept form').toMatch(/^[A-Za-z0-9_-]{24}$/)
  return id ?? ''
}

/** The fields the confirm page sends again, as a body. */
const bodyOf = (fields: [string, string][]) => new URLSearchParams(fields)

/** A code of the admin's app for the next 30-second step (the sign-in used this one). */
const nextCode = (secret: string | undefined) => totpCode(secret ?? '', Date.now() + 30_000)

describe('money actions of the team ask for a fresh proof', () => {
  it('each one, sent with a stale proof, is kept and sent to confirm; nothing happens', async () => {
    const admin = await signedIn('admin')
    const provider = await signedInProvider({ approved: true })
    const profileId = provider.profile.id
    const endToEndId = await paidPayment()
    const sessionId = await makeStale(admin.cookie)
    const audited = async () =>
      (await db().select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]?.n ?? 0
    const before = await audited()
    const [priceBefore] = await db().select().from(planPrices).where(eq(planPrices.tier, 'prata'))
    const forms: [Handler, string, Record<string, string>, Record<string, string>?][] = [
      [
        paymentsRoute.action,
        '/admin/payments',
        { intent: 'refund-payment', subject: endToEndId, note: REASON, plan: 'keep' },
      ],
      [
        plansRoute.action,
        '/admin/plans',
        { intent: 'plan-price', subject: 'prata', price: '1,00', reason: REASON },
      ],
      [
        profileAction,
        `/admin/profiles/${profileId}`,
        { intent: 'waive-fee', profileId, reason: REASON },
        { id: profileId },
      ],
      [
        profileAction,
        `/admin/profiles/${profileId}`,
        { intent: 'suspend', profileId, days: '3', dailyValue: '1', reason: REASON },
        { id: profileId },
      ],
      [
        profileAction,
        `/admin/profiles/${profileId}`,
        { intent: 'tier', profileId, tier: 'vip_plus', expiresAt: '2099-01-01', reason: REASON },
        { id: profileId },
      ],
    ]
    // A gift sent back, a balance frozen or released (their effects: admin-gifts.test.ts).
    for (const intent of ['gift-refund', 'balance-freeze', 'balance-release']) {
      forms.push([
        giftsRoute.action,
        '/admin/gifts',
        { intent, subject: randomUUID(), note: REASON, reason: REASON },
      ])
    }
    for (const [handler, path, body, params] of forms) {
      const answer = await callRoute(handler, path, { cookie: admin.cookie, body, params })
      expect(answer.status, body.intent).toBe(302)
      keptIn(answer.location, path)
    }
    expect(await refundsOf(endToEndId)).toEqual([])
    expect(await audited()).toBe(before)
    const [priceAfter] = await db().select().from(planPrices).where(eq(planPrices.tier, 'prata'))
    expect(priceAfter).toEqual(priceBefore)
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, profileId))
    expect(profile?.status).toBe('approved')
    expect(profile?.membershipTier).toBe('free')
    // Kept for this session only, at most a few at once (the latest).
    const kept = await db().select().from(stepUpForms).where(eq(stepUpForms.sessionId, sessionId))
    expect(kept).toHaveLength(4)
  })

  it('after a code from the app the kept refund is sent again and happens once, with its reason', async () => {
    const admin = await signedIn('admin')
    const endToEndId = await paidPayment()
    await makeStale(admin.cookie)
    const sent = await callRoute(paymentsRoute.action, '/admin/payments?pagina=1', {
      cookie: admin.cookie,
      body: { intent: 'refund-payment', subject: endToEndId, note: REASON, plan: 'keep' },
    })
    const id = keptIn(sent.location, '/admin/payments?pagina=1')
    expect(await refundsOf(endToEndId)).toEqual([])

    // The confirm page asks, and carries the kept form along.
    const page = await callRoute(confirmLoader, sent.location ?? '', { cookie: admin.cookie })
    expect(page.data).toMatchObject({ form: id, code: true, password: true })
    expect(page.data?.resume).toBeUndefined()
    const confirmed = await callRoute(confirmAction, '/auth/confirm', {
      cookie: admin.cookie,
      body: {
        intent: 'code',
        code: nextCode(admin.totpSecret),
        next: '/admin/payments?pagina=1',
        [KEPT_FORM_PARAM]: id,
      },
    })
    expect(confirmed.status).toBe(302)
    expect(confirmed.location).toBe(sent.location)

    // Confirmed: the page holds the form as typed, to send to the page it came from.
    const resume = await callRoute(confirmLoader, confirmed.location ?? '', {
      cookie: admin.cookie,
    })
    expect(resume.status).toBe(200)
    expect(resume.data?.resume).toEqual({
      path: '/admin/payments?pagina=1',
      fields: [
        ['intent', 'refund-payment'],
        ['subject', endToEndId],
        ['note', REASON],
        ['plan', 'keep'],
        [RESUMED_FORM_FIELD, id],
      ],
    })
    const body = bodyOf(resume.data?.resume.fields)
    const done = await callRoute(paymentsRoute.action, '/admin/payments?pagina=1', {
      cookie: admin.cookie,
      body,
    })
    expect(done.status).toBe(200)
    expect(done.data?.notice).toBeTruthy()
    const refunds = await refundsOf(endToEndId)
    expect(refunds).toHaveLength(1)
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.targetId, endToEndId))
    expect(entry?.reason).toBe(REASON)

    // Sent again (a double click, the back button): used already, it lands on the page.
    const again = await callRoute(paymentsRoute.action, '/admin/payments?pagina=1', {
      cookie: admin.cookie,
      body,
    })
    expect(again.status).toBe(302)
    expect(again.location).toBe('/admin/payments?pagina=1')
    expect(await refundsOf(endToEndId)).toHaveLength(1)
    // And the confirm page has nothing left to send: straight on.
    const later = await callRoute(confirmLoader, confirmed.location ?? '', { cookie: admin.cookie })
    expect(later.location).toBe('/admin/payments?pagina=1')
  })

  it('another session cannot see or use a kept form; an expired one is refused', async () => {
    const admin = await signedIn('admin')
    const other = await signedIn('admin')
    const endToEndId = await paidPayment()
    const sessionId = await makeStale(admin.cookie)
    const sent = await callRoute(paymentsRoute.action, '/admin/payments', {
      cookie: admin.cookie,
      body: { intent: 'refund-payment', subject: endToEndId, note: REASON, plan: 'keep' },
    })
    const id = keptIn(sent.location, '/admin/payments')
    // Another session (fresh) opening the reference: nothing to resume, straight on.
    const seen = await callRoute(confirmLoader, sent.location ?? '', { cookie: other.cookie })
    expect(seen.status).toBe(302)
    expect(seen.location).toBe('/admin/payments')
    // Nor can it send the form with the reference: refused before anything happens.
    const stolen = await callRoute(paymentsRoute.action, '/admin/payments', {
      cookie: other.cookie,
      body: {
        intent: 'refund-payment',
        subject: endToEndId,
        note: REASON,
        [RESUMED_FORM_FIELD]: id,
      },
    })
    expect(stolen.status).toBe(302)
    expect(stolen.location).toBe('/admin/payments')
    expect(await refundsOf(endToEndId)).toEqual([])
    // A stale other session of the same team is not shown it on its confirm page either.
    await makeStale(other.cookie)
    const asked = await callRoute(confirmLoader, sent.location ?? '', { cookie: other.cookie })
    expect(asked.data?.form).toBeUndefined()

    // Expired (ten minutes on): the confirm page no longer offers it, and it cannot be sent.
    await db()
      .update(stepUpForms)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(stepUpForms.sessionId, sessionId))
    const page = await callRoute(confirmLoader, sent.location ?? '', { cookie: admin.cookie })
    expect(page.data?.form).toBeUndefined()
    const confirmed = await callRoute(confirmAction, '/auth/confirm', {
      cookie: admin.cookie,
      body: {
        intent: 'password',
        password: TEST_PASSWORD,
        next: '/admin/payments',
        [KEPT_FORM_PARAM]: id,
      },
    })
    // Confirmed, but nothing to send: the confirm page sends her on to the page.
    const resume = await callRoute(confirmLoader, confirmed.location ?? '', {
      cookie: admin.cookie,
    })
    expect(resume.location).toBe('/admin/payments')
    const late = await callRoute(paymentsRoute.action, '/admin/payments', {
      cookie: admin.cookie,
      body: {
        intent: 'refund-payment',
        subject: endToEndId,
        note: REASON,
        [RESUMED_FORM_FIELD]: id,
      },
    })
    expect(late.location).toBe('/admin/payments')
    expect(await refundsOf(endToEndId)).toEqual([])
  })

  it('cancelling drops the kept form', async () => {
    const admin = await signedIn('admin')
    const sessionId = await makeStale(admin.cookie)
    const sent = await callRoute(plansRoute.action, '/admin/plans', {
      cookie: admin.cookie,
      body: { intent: 'plan-price', subject: 'prata', price: '99,00', reason: REASON },
    })
    const id = keptIn(sent.location, '/admin/plans')
    const cancelled = await callRoute(confirmAction, '/auth/confirm', {
      cookie: admin.cookie,
      body: { intent: 'cancel', next: '/admin/plans', [KEPT_FORM_PARAM]: id },
    })
    expect(cancelled.location).toBe('/admin/plans')
    expect(
      await db().select().from(stepUpForms).where(eq(stepUpForms.sessionId, sessionId)),
    ).toEqual([])
  })
})

describe('what a kept form holds', () => {
  it('never a password: a form with one typed is typed again; the rest rests encrypted', async () => {
    const provider = await signedIn('provider')
    const sessionId = await makeStale(provider.cookie)
    const password = await callRoute(providerAccountAction, '/dashboard/account', {
      cookie: provider.cookie,
      body: {
        intent: 'password',
        currentPassword: TEST_PASSWORD,
        password: 'outra-senha-forte-1',
        confirmPassword: 'outra-senha-forte-1',
      },
    })
    expect(password.location).toBe('/auth/confirm?next=%2Fdashboard%2Faccount')
    expect(
      await db().select().from(stepUpForms).where(eq(stepUpForms.sessionId, sessionId)),
    ).toEqual([])

    // A new address is kept, but not readable where it rests.
    const email = await callRoute(providerAccountAction, '/dashboard/account', {
      cookie: provider.cookie,
      body: { intent: 'email', email: 'endereco-novo@example.com' },
    })
    keptIn(email.location, '/dashboard/account')
    // The withdrawal's amount and CPF key, the same way.
    const withdrawal = await callRoute(giftsAction, '/dashboard/gifts', {
      cookie: provider.cookie,
      body: { intent: 'quote', amount: '75,50', key: '529.982.247-25' },
    })
    keptIn(withdrawal.location, '/dashboard/gifts')
    const rows = await db().select().from(stepUpForms).where(eq(stepUpForms.sessionId, sessionId))
    expect(rows).toHaveLength(2)
    for (const row of rows) {
      expect(row.fields).not.toMatch(/endereco-novo|75,50|529|intent|quote/)
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(10 * 60_000, -3)
    }
    // A row moved to another session does not open there (sealed to its session).
    const other = await signedIn('provider')
    const otherId = await makeStale(other.cookie)
    await db()
      .update(stepUpForms)
      .set({ sessionId: otherId })
      .where(eq(stepUpForms.sessionId, sessionId))
    const moved = await callRoute(confirmLoader, withdrawal.location ?? '', {
      cookie: other.cookie,
    })
    expect(moved.data?.form).toBeUndefined()
  })

  it('the withdrawal keeps its amount and key across the proof', async () => {
    const provider = await signedIn('provider')
    await makeStale(provider.cookie)
    const sent = await callRoute(giftsAction, '/dashboard/gifts', {
      cookie: provider.cookie,
      body: { intent: 'quote', amount: '75,50', key: '529.982.247-25' },
    })
    const id = keptIn(sent.location, '/dashboard/gifts')
    const confirmed = await callRoute(confirmAction, '/auth/confirm', {
      cookie: provider.cookie,
      body: {
        intent: 'password',
        password: TEST_PASSWORD,
        next: '/dashboard/gifts',
        [KEPT_FORM_PARAM]: id,
      },
    })
    const resume = await callRoute(confirmLoader, confirmed.location ?? '', {
      cookie: provider.cookie,
    })
    expect(resume.data?.resume).toEqual({
      path: '/dashboard/gifts',
      fields: [
        ['intent', 'quote'],
        ['amount', '75,50'],
        ['key', '529.982.247-25'],
        [RESUMED_FORM_FIELD, id],
      ],
    })
  })

  it('a file or a path of another site is never kept', async () => {
    const admin = await signedIn('admin')
    const sessionId = await makeStale(admin.cookie)
    const withFile = new FormData()
    withFile.set('intent', 'email')
    withFile.set('photo', new File([new Uint8Array([1, 2, 3])], 'a.jpg', { type: 'image/jpeg' }))
    expect(await keepForm(sessionId, '/admin/account', withFile)).toBeUndefined()
    const plain = new FormData()
    plain.set('intent', 'email')
    plain.set('photo', new File([], ''))
    for (const path of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      expect(await keepForm(sessionId, path, plain), path).toBeUndefined()
    }
    expect(await keepForm(sessionId, '/admin/account', plain)).toMatch(/^[A-Za-z0-9_-]{24}$/)
    // The admin account page keeps its new address too.
    const answer = await callRoute(adminAccountAction, '/admin/account', {
      cookie: admin.cookie,
      body: { intent: 'email', email: 'outro@example.com' },
    })
    keptIn(answer.location, '/admin/account')
  })
})

/** The confirm page once confirmed, with the kept form its loader gave. */
function ResumePage() {
  return createElement(ResumeCard, { resume: (useLoaderData() as { resume: KeptForm }).resume })
}

describe('the confirm page sending a kept form again', () => {
  it('is a plain form to the kept page with the fields, and a button without JavaScript', async () => {
    const resume: KeptForm = {
      path: '/admin/payments?pagina=2',
      fields: [
        ['intent', 'refund-payment'],
        ['note', 'Motivo com "aspas" & <marcas>'],
        [RESUMED_FORM_FIELD, 'AAAAAAAAAAAAAAAAAAAAAAAA'],
      ],
    }
    const handler = createStaticHandler([
      { id: 'root', path: '/', loader: () => ({ language: 'pt', resume }), Component: ResumePage },
    ])
    const context = await handler.query(new Request('http://localhost/'))
    if (context instanceof Response) throw context
    const html = renderToString(
      createElement(StaticRouterProvider, {
        router: createStaticRouter(handler.dataRoutes, context),
        context,
        hydrate: false,
      }),
    )
    expect(html).toContain('<form action="/admin/payments?pagina=2" method="post">')
    expect(html).toContain('<input type="hidden" name="intent" value="refund-payment"/>')
    // What was typed, as text: never markup.
    expect(html).toContain('value="Motivo com &quot;aspas&quot; &amp; &lt;marcas&gt;"')
    expect(html).toContain(`name="${RESUMED_FORM_FIELD}" value="AAAAAAAAAAAAAAAAAAAAAAAA"`)
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Continuar<\/button>/)
    expect(html).not.toContain('<script')
  })
})
