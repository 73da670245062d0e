import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { EXPLICIT_TERMS } from '#app/domain/review-words.ts'
import { type Ineligibility, REVIEW_LENGTH, REVIEW_RULES } from '#app/domain/reviews.ts'
import { recordContact } from '#app/modules/reviews/contacts.server.ts'
import { reviewTarget, submitReview } from '#app/modules/reviews/reviews.server.ts'
import { loader as contactLoader } from '#app/routes/public/contact.tsx'
import { action, loader } from '#app/routes/public/review.tsx'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { profiles } from '#db/schema/profiles.ts'
import { profileContacts, reviews } from '#db/schema/reviews.ts'
import { createAccount, sessionCookie } from '#tests/factories/account.ts'
import { callRoute } from '#tests/support/route-call.ts'
import { setUpTestServer } from '#tests/support/test-server.ts'

// Issue 20 points 1 and 2 through the review page (/acompanhante/{username}/avaliar): what each
// visitor is told and answered, every refusal of the text as its message, and the contact route
// noting a signed-in client's contact, on PGlite and PostgreSQL.

setUpTestServer()

const HOUR_MS = 60 * 60_000
const DAY_MS = 24 * HOUR_MS

const WORDS = (
  'pontual educada simpática limpo tranquilo discreto gentil atenciosa conversa ambiente ' +
  'horário combinado recomendo voltaria agradável respeitosa calma cheiroso iluminado fácil'
).split(' ')

/** A clean text unlike any other (the near-identical rule compares every recent review). */
function uniqueBody(): string {
  const words = [...WORDS].sort(() => Math.random() - 0.5).slice(0, 12)
  return `Visita ${Math.random().toString(36).slice(2, 8)}: ${words.join(' ')}.`
}

let ipCount = 0
const nextIp = () => `198.51.100.${(ipCount++ % 250) + 1}`

/** A client account created `ageDays` ago, with the Cookie header of a session. */
async function client(ageDays = 30) {
  const account = await createAccount({ role: 'client' })
  const cookie = await sessionCookie(account.email)
  await db()
    .update(user)
    .set({ createdAt: new Date(Date.now() - ageDays * DAY_MS) })
    .where(eq(user.id, account.id))
  return { ...account, cookie }
}

/** A public profile owned by a provider account (its owner's session too). */
async function target(overrides: Partial<typeof profiles.$inferInsert> = {}) {
  const owner = await createAccount({ role: 'provider' })
  const [profile] = await db()
    .update(profiles)
    .set({
      status: 'approved',
      visibilityStatus: 'active',
      whatsapp: '+5581998765432',
      ...overrides,
    })
    .where(eq(profiles.userId, owner.id))
    .returning()
  if (!profile) throw new Error('no profile')
  return { ...profile, ownerEmail: owner.email }
}

const contacted = (userId: string, profileId: string, hoursAgo = 48) =>
  recordContact(userId, profileId, new Date(Date.now() - hoursAgo * HOUR_MS))

const open = (username: string, cookie?: string) =>
  callRoute(loader, `/acompanhante/${username}/avaliar`, { params: { slug: username }, cookie })

const send = (
  username: string,
  fields: Partial<Record<'rating' | 'photosMatch' | 'body' | 'quotable', string>> = {},
  cookie?: string,
) =>
  callRoute(action, `/acompanhante/${username}/avaliar`, {
    params: { slug: username },
    cookie,
    body: { rating: '5', photosMatch: 'yes', body: uniqueBody(), ...fields },
    context: { clientIp: nextIp(), cspNonce: '' },
  })

/** The loader's and the action's answer to `cookie` for `username`: both refuse for `reason`. */
async function refusedFor(
  username: string,
  cookie: string | undefined,
  reason: Ineligibility,
  status: number,
) {
  const page = await open(username, cookie)
  expect(page.status).toBe(200)
  expect(page.data?.refusal?.reason).toBe(reason)
  const sent = await send(username, {}, cookie)
  expect(sent.status).toBe(status)
  expect(sent.data?.refusal?.reason).toBe(reason)
  expect(sent.data?.done).toBeUndefined()
  return { page, sent }
}

describe('the review page (issue 20 point 1)', () => {
  it('is a 404 for an unknown or hidden profile, and never kept by a cache', async () => {
    expect((await open('ninguem-aqui')).status).toBe(404)
    expect((await send('ninguem-aqui')).status).toBe(404)
    const hidden = await target({ visibilityStatus: 'hidden' })
    expect((await open(hidden.username)).status).toBe(404)
    const pending = await target({ status: 'pending' })
    expect((await open(pending.username)).status).toBe(404)
    const shown = await target()
    const page = await open(shown.username)
    expect(page.headers?.get('Cache-Control')).toBe('private, no-store')
    expect(page.data?.profile).toEqual({ name: shown.name, username: shown.username })
  })

  it('tells a visitor to sign in (403 when sending)', async () => {
    const profile = await target()
    const { page } = await refusedFor(profile.username, undefined, 'signed_out', 403)
    expect(page.data?.refusal?.from).toBeUndefined()
    expect(await db().select().from(reviews).where(eq(reviews.profileId, profile.id))).toEqual([])
  })

  it('refuses providers, admins and the owner herself as not clients', async () => {
    const profile = await target()
    const owner = await sessionCookie(profile.ownerEmail)
    await refusedFor(profile.username, owner, 'not_client', 403)
    const admin = await createAccount({ role: 'admin' })
    await refusedFor(profile.username, await sessionCookie(admin.email), 'not_client', 403)
  })

  it('refuses an unconfirmed account', async () => {
    const profile = await target()
    const who = await client()
    await contacted(who.id, profile.id)
    await db().update(user).set({ emailVerified: false }).where(eq(user.id, who.id))
    await refusedFor(profile.username, who.cookie, 'unconfirmed', 403)
  })

  it('refuses an account younger than 7 days, saying from when', async () => {
    const profile = await target()
    const who = await client(REVIEW_RULES.accountAgeDays - 2)
    await contacted(who.id, profile.id)
    const { page, sent } = await refusedFor(profile.username, who.cookie, 'account_too_new', 403)
    for (const answer of [page, sent]) {
      const from = new Date(answer.data?.refusal?.from).getTime()
      expect(Math.abs(from - (Date.now() + 2 * DAY_MS))).toBeLessThan(60_000)
    }
  })

  it('needs a contact through the site, 24 hours before', async () => {
    const profile = await target()
    const who = await client()
    await refusedFor(profile.username, who.cookie, 'no_contact', 403)
    await contacted(who.id, profile.id, 3)
    const { page } = await refusedFor(profile.username, who.cookie, 'contact_too_recent', 403)
    const from = new Date(page.data?.refusal?.from).getTime()
    expect(Math.abs(from - (Date.now() + 21 * HOUR_MS))).toBeLessThan(60_000)
  })

  it('refuses a second review of the profile within 90 days (409)', async () => {
    const profile = await target()
    const who = await client()
    await contacted(who.id, profile.id)
    expect((await send(profile.username, {}, who.cookie)).status).toBe(200)
    const { page } = await refusedFor(profile.username, who.cookie, 'already_reviewed', 409)
    const from = new Date(page.data?.refusal?.from).getTime()
    expect(Math.abs(from - (Date.now() + REVIEW_RULES.perProfileDays * DAY_MS))).toBeLessThan(
      60_000,
    )
  })

  it('refuses past 5 reviews a day (409)', async () => {
    const who = await client()
    const [account] = await db().select().from(user).where(eq(user.id, who.id))
    if (!account) throw new Error('no account')
    const signedIn = { ...account, role: 'client' as const }
    for (let i = 0; i < REVIEW_RULES.perDay; i++) {
      const other = await target()
      await contacted(who.id, other.id)
      const found = await reviewTarget(other.username)
      if (!found) throw new Error('not public')
      const written = await submitReview(
        signedIn,
        found,
        { rating: 4, photosMatch: true, body: uniqueBody(), quotable: false },
        { clientIp: nextIp(), deviceId: undefined },
      )
      expect(written.ok).toBe(true)
    }
    const profile = await target()
    await contacted(who.id, profile.id)
    await refusedFor(profile.username, who.cookie, 'daily_limit', 409)
  })

  it('refuses a demonstration profile', async () => {
    const profile = await target({ isDemo: true })
    const who = await client()
    await contacted(who.id, profile.id)
    await refusedFor(profile.username, who.cookie, 'not_reviewable', 403)
  })
})

describe('sending a review (issue 20 point 2)', () => {
  let profile: Awaited<ReturnType<typeof target>>
  let cookie: string

  beforeAll(async () => {
    profile = await target()
    const who = await client()
    await contacted(who.id, profile.id)
    cookie = who.cookie
  })

  const explicit = EXPLICIT_TERMS.pt.find((term) => !term.includes(' ')) ?? ''

  it.each([
    ['reviewHasPhone', 'Liguei no 11 98765-4321 e ela atendeu rápido, tudo certo.'],
    ['reviewHasPhone', 'Me chama no @perfil.da.visita para combinar, foi tudo certo.'],
    ['reviewHasLink', 'Vi tudo em www.exemplo.com antes e foi como esperado, recomendo.'],
    ['reviewHasLink', 'As fotos estão em https://exemplo.org/fotos e batem, recomendo.'],
    ['reviewHasEmail', 'Escrevi para fulana@exemplo.com e ela respondeu rápido, ótima.'],
    ['reviewHasPrice', 'Paguei R$ 300 pela hora e valeu cada minuto do tempo combinado.'],
    ['reviewHasPrice', 'Foram 400 reais a hora, muito simpática e pontual, recomendo.'],
    ['reviewHasExplicit', `Foi tudo ótimo, ${explicit} e conversa, recomendo muito a todos.`],
    ['reviewHasPersonalData', 'O CPF dela é 123.456.789-09, ótima pessoa e muito educada.'],
    ['reviewHasPersonalData', 'Ela atende na Rua das Flores, 123, lugar tranquilo e limpo.'],
    ['reviewTooShort', 'Muito boa.'],
    ['reviewTooLong', 'Muito simpática. '.repeat(Math.ceil(REVIEW_LENGTH.max / 17) + 1)],
  ])('refuses with %s (400), keeping what was typed', async (message, body) => {
    const sent = await send(profile.username, { body }, cookie)
    expect(sent.status).toBe(400)
    expect(sent.data?.error).toEqual({ field: 'body', message })
    expect(sent.data?.values?.body).toBe(body)
    expect(sent.data?.done).toBeUndefined()
  })

  it.each([
    ['rating', '6', 'ratingRequired'],
    ['rating', '0', 'ratingRequired'],
    ['rating', '4.5', 'ratingRequired'],
    ['rating', '', 'ratingRequired'],
    ['rating', '<b>5</b>', 'ratingRequired'],
    ['photosMatch', 'talvez', 'photosMatchRequired'],
    ['photosMatch', '', 'photosMatchRequired'],
  ])('a bad %s (%j) is a 400 with its message, never a 500', async (field, value, message) => {
    const sent = await send(profile.username, { [field]: value }, cookie)
    expect(sent.status).toBe(400)
    expect(sent.data?.error).toEqual({ field, message })
  })

  it('publishes a clean review and sets the device cookie once', async () => {
    const body = uniqueBody()
    const sent = await send(
      profile.username,
      { rating: '4', photosMatch: 'no', body, quotable: 'on' },
      cookie,
    )
    expect(sent.status).toBe(200)
    expect(sent.data).toEqual({ intent: 'review', done: 'published' })
    const device = sent.headers?.getSetCookie().find((one) => one.startsWith('aprova-device='))
    expect(device).toMatch(/HttpOnly/i)
    const [row] = await db().select().from(reviews).where(eq(reviews.profileId, profile.id))
    expect(row).toMatchObject({
      rating: 4,
      photosMatch: false,
      body,
      quotable: true,
      status: 'published',
    })
    expect(row?.deviceKey).toBeTruthy()
    // The same browser, with its cookie, reviewing another profile: no new cookie.
    const other = await target()
    const who = await client()
    await contacted(who.id, other.id)
    const deviceCookie = device?.split(';')[0] ?? ''
    const again = await send(other.username, {}, `${who.cookie}; ${deviceCookie}`)
    expect(again.status).toBe(200)
    expect(again.headers?.getSetCookie().some((one) => one.startsWith('aprova-device='))).toBe(
      false,
    )
    // A refused send (already reviewed) sets no cookie: only someone who wrote a review has one.
    const refused = await send(other.username, {}, who.cookie)
    expect(refused.status).toBe(409)
    expect(refused.headers?.getSetCookie().some((one) => one.startsWith('aprova-device='))).toBe(
      false,
    )
  })
})

describe('the contact route notes a client’s contact (issue 20 point 1)', () => {
  const click = (profileId: string, cookie?: string) =>
    callRoute(contactLoader, `/contato/${profileId}/whatsapp`, {
      params: { profileId, channel: 'whatsapp' },
      cookie,
      context: { clientIp: nextIp(), cspNonce: '' },
    })

  it('records a signed-in client, and nothing of a visitor', async () => {
    const profile = await target()
    const visitor = await click(profile.id)
    expect(visitor.status).toBe(302)
    expect(visitor.location).toMatch(/^https:\/\/wa\.me\//)
    expect(
      await db().select().from(profileContacts).where(eq(profileContacts.profileId, profile.id)),
    ).toEqual([])
    const who = await client()
    expect((await click(profile.id, who.cookie)).status).toBe(302)
    const rows = await db()
      .select()
      .from(profileContacts)
      .where(eq(profileContacts.profileId, profile.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.userId).toBe(who.id)
    // The review page now says to wait the 24 hours.
    expect((await open(profile.username, who.cookie)).data?.refusal?.reason).toBe(
      'contact_too_recent',
    )
  })
})

describe('every rule at once (issue 33 point 7)', () => {
  type RuleRow = {
    rule: string
    met: boolean
    createdAt?: string
    from?: string | null
    at?: string | null
    channel?: string | null
    lastAt?: string | null
    reviewId?: string | null
    count?: number
  }
  const rulesOf = async (username: string, cookie: string) => {
    const page = await open(username, cookie)
    const rules = (page.data?.rules ?? []) as RuleRow[]
    return { page, rule: (name: string) => rules.find((one) => one.rule === name) }
  }
  const near = (iso: string | null | undefined, expected: number) =>
    expect(Math.abs(new Date(iso ?? 0).getTime() - expected)).toBeLessThan(60_000)

  it('lists the account age, the contact with its button and time, the one review and the day', async () => {
    const profile = await target({ telegram: 'luna_teste' })
    const who = await client(REVIEW_RULES.accountAgeDays - 2)
    // Nothing done yet: the account is too new and there is no contact, both said at once.
    let { page, rule } = await rulesOf(profile.username, who.cookie)
    expect(page.data?.refusal?.reason).toBe('account_too_new')
    expect(rule('account_age')).toMatchObject({ met: false })
    near(rule('account_age')?.createdAt, Date.now() - (REVIEW_RULES.accountAgeDays - 2) * DAY_MS)
    near(rule('account_age')?.from, Date.now() + 2 * DAY_MS)
    expect(rule('contact')).toMatchObject({ met: false, at: null, channel: null, from: null })
    expect(rule('one_review')).toMatchObject({ met: true, lastAt: null, reviewId: null })
    expect(rule('daily_limit')).toMatchObject({ met: true, count: 0 })

    // A contact through the site by Telegram: its time and its button, and when it ripens.
    const clicked = await callRoute(contactLoader, `/contato/${profile.id}/telegram`, {
      params: { profileId: profile.id, channel: 'telegram' },
      cookie: who.cookie,
      context: { clientIp: nextIp(), cspNonce: '' },
    })
    expect(clicked.status).toBe(302)
    ;({ page, rule } = await rulesOf(profile.username, who.cookie))
    expect(page.data?.refusal?.reason).toBe('account_too_new')
    expect(rule('contact')).toMatchObject({ met: false, channel: 'telegram' })
    near(rule('contact')?.at, Date.now())
    near(rule('contact')?.from, Date.now() + REVIEW_RULES.contactWaitHours * HOUR_MS)

    // Grown up, the contact ripe, one review written: the one-review rule names it and its link.
    await db()
      .update(user)
      .set({ createdAt: new Date(Date.now() - 30 * DAY_MS) })
      .where(eq(user.id, who.id))
    await db()
      .update(profileContacts)
      .set({ firstAt: new Date(Date.now() - 48 * HOUR_MS) })
      .where(eq(profileContacts.userId, who.id))
    expect((await send(profile.username, {}, who.cookie)).status).toBe(200)
    const [written] = await db().select().from(reviews).where(eq(reviews.authorId, who.id))
    ;({ page, rule } = await rulesOf(profile.username, who.cookie))
    expect(page.data?.refusal?.reason).toBe('already_reviewed')
    expect(rule('account_age')?.met).toBe(true)
    expect(rule('contact')).toMatchObject({ met: true, channel: 'telegram' })
    expect(rule('one_review')).toMatchObject({ met: false, reviewId: written?.id })
    near(rule('one_review')?.from, Date.now() + REVIEW_RULES.perProfileDays * DAY_MS)
    expect(rule('daily_limit')).toMatchObject({ met: true, count: 1 })
  })

  it('shows no rules to a visitor or a provider, only why they cannot review', async () => {
    const profile = await target()
    expect((await open(profile.username)).data?.rules).toBeNull()
    const owner = await sessionCookie(profile.ownerEmail)
    expect((await open(profile.username, owner)).data?.rules).toBeNull()
  })
})
