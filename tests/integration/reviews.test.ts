import { and, eq, ne } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { REVIEW_RULES, SUSPICION } from '#app/domain/reviews.ts'
import { deleteAccount } from '#app/modules/account/account.server.ts'
import type { SignedInUser } from '#app/modules/auth/session.server.ts'
import { decideReview } from '#app/modules/moderation/reviews.server.ts'
import { forgetOldContacts, recordContact } from '#app/modules/reviews/contacts.server.ts'
import {
  forgetReviewNetworks,
  ratingsOf,
  reviewEligibility,
  reviewsOfProfile,
  reviewTarget,
  submitReview,
} from '#app/modules/reviews/reviews.server.ts'
import { loader as exportLoader } from '#app/routes/account/export.ts'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { profiles } from '#db/schema/profiles.ts'
import { profileContacts, profileReviewStats, reviews } from '#db/schema/reviews.ts'
import { createAccount, signedIn } from '#tests/factories/account.ts'
import type { createProfile } from '#tests/factories/profile.ts'
import { setUpTestServer, TEST_BASE_URL } from '#tests/support/test-server.ts'

/** A reviewer as the review module reads one. */
type Reviewer = Pick<SignedInUser, 'id' | 'email' | 'name' | 'role' | 'emailVerified'>

// Issue 20 points 1 and 3: who may review, the limits, the suspicion rules, and the sums the
// database keeps, on PGlite and PostgreSQL.

const server = setUpTestServer()

const DAY_MS = 24 * 60 * 60_000
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS)

const WORDS = (
  'pontual educada simpática limpo tranquilo discreto gentil atenciosa conversa ambiente ' +
  'horário combinado recomendo voltaria agradável respeitosa calma cheiroso iluminado fácil ' +
  'rápida clara sincera honesta alegre leve bonito organizado silencioso cuidadoso noite tarde'
).split(' ')

/** A text unlike any other (the near-identical rule compares every recent review). */
function uniqueBody(): string {
  const words = [...WORDS].sort(() => Math.random() - 0.5).slice(0, 14)
  return `Visita ${Math.random().toString(36).slice(2, 8)}: ${words.join(' ')}.`
}

/** A confirmed client account created `ageDays` ago, as the session would give it. */
async function client(ageDays = 30, options: { confirmed?: boolean } = {}) {
  const account = await createAccount({ role: 'client', confirmed: options.confirmed })
  await db()
    .update(user)
    .set({ createdAt: daysAgo(ageDays) })
    .where(eq(user.id, account.id))
  const who: Reviewer = {
    id: account.id,
    email: account.email,
    name: account.name,
    emailVerified: options.confirmed !== false,
    role: 'client',
  }
  return who
}

/** A public profile owned by a provider account, as a review's target. */
async function target(overrides: Parameters<typeof createProfile>[0] = {}) {
  const owner = await createAccount({ role: 'provider' })
  const [profile] = await db().select().from(profiles).where(eq(profiles.userId, owner.id))
  if (!profile) throw new Error('no profile')
  await db()
    .update(profiles)
    .set({ status: 'approved', visibilityStatus: 'active', ...overrides })
    .where(eq(profiles.id, profile.id))
  const found = await reviewTarget(profile.username)
  if (!found) throw new Error('not public')
  return { ...found, ownerEmail: owner.email }
}

/** The new-review e-mails `to` received. */
const reviewMails = async (to: string) =>
  (await server.mailsTo(to)).filter((mail) => mail.includes('/dashboard/reviews')).length

const contacted = (who: Reviewer, profileId: string, hoursAgo = 48) =>
  recordContact(who.id, profileId, new Date(Date.now() - hoursAgo * 60 * 60_000))

const write = (
  who: Reviewer,
  profile: Awaited<ReturnType<typeof target>>,
  input: Partial<{ rating: number; photosMatch: boolean; body: string; quotable: boolean }> = {},
  origin: { clientIp?: string; deviceId?: string } = {},
) =>
  submitReview(
    who,
    profile,
    { rating: 5, photosMatch: true, body: uniqueBody(), quotable: false, ...input },
    {
      clientIp: origin.clientIp ?? `198.51.100.${Math.floor(Math.random() * 250)}`,
      deviceId: origin.deviceId,
    },
  )

describe('who may review (issue 20 point 1)', () => {
  it('refuses visitors, providers, admins, unconfirmed and new accounts, and demo profiles', async () => {
    const profile = await target()
    expect(await reviewEligibility(null, profile)).toEqual({ ok: false, reason: 'signed_out' })
    const provider = { ...(await client()), role: 'provider' as const }
    expect(await reviewEligibility(provider, profile)).toMatchObject({ reason: 'not_client' })
    const admin = { ...(await client()), role: 'admin' as const }
    expect(await reviewEligibility(admin, profile)).toMatchObject({ reason: 'not_client' })
    const unconfirmed = await client(30, { confirmed: false })
    expect(await reviewEligibility(unconfirmed, profile)).toMatchObject({ reason: 'unconfirmed' })
    const young = await client(REVIEW_RULES.accountAgeDays - 1)
    await contacted(young, profile.id)
    const tooNew = await reviewEligibility(young, profile)
    expect(tooNew).toMatchObject({ ok: false, reason: 'account_too_new' })
    if (tooNew.ok) throw new Error('eligible')
    expect(Math.abs((tooNew.from?.getTime() ?? 0) - (Date.now() + DAY_MS))).toBeLessThan(60_000)
    const demo = await target({ isDemo: true })
    const someone = await client()
    await contacted(someone, demo.id)
    expect(await reviewEligibility(someone, demo)).toMatchObject({ reason: 'not_reviewable' })
  })

  it('needs a contact through the site at least 24 hours before, kept 180 days', async () => {
    const profile = await target()
    const who = await client()
    expect(await reviewEligibility(who, profile)).toMatchObject({ reason: 'no_contact' })
    await contacted(who, profile.id, 2)
    expect(await reviewEligibility(who, profile)).toMatchObject({ reason: 'contact_too_recent' })
    await db()
      .update(profileContacts)
      .set({ firstAt: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(eq(profileContacts.userId, who.id))
    expect(await reviewEligibility(who, profile)).toEqual({ ok: true })
    // A record past the keeping time proves nothing, and the sweep deletes it.
    const old = daysAgo(REVIEW_RULES.contactKeepDays + 1)
    await db()
      .update(profileContacts)
      .set({ firstAt: old, lastAt: old })
      .where(eq(profileContacts.userId, who.id))
    expect(await reviewEligibility(who, profile)).toMatchObject({ reason: 'no_contact' })
    expect(await forgetOldContacts()).toBeGreaterThanOrEqual(1)
    expect(
      await db().select().from(profileContacts).where(eq(profileContacts.userId, who.id)),
    ).toEqual([])
  })

  it('one review per profile every 90 days, at most 5 a day', async () => {
    const who = await client()
    const first = await target()
    await contacted(who, first.id)
    expect(await write(who, first)).toMatchObject({ ok: true, published: true })
    expect(await write(who, first)).toMatchObject({ ok: false, reason: 'already_reviewed' })
    await db()
      .update(reviews)
      .set({ createdAt: daysAgo(REVIEW_RULES.perProfileDays + 1) })
      .where(eq(reviews.authorId, who.id))
    const others = []
    for (let i = 0; i < REVIEW_RULES.perDay; i++) {
      const profile = await target()
      await contacted(who, profile.id)
      others.push(profile)
    }
    for (const profile of others.slice(0, REVIEW_RULES.perDay)) {
      expect(await write(who, profile)).toMatchObject({ ok: true })
    }
    const sixth = await target()
    await contacted(who, sixth.id)
    expect(await write(who, sixth)).toMatchObject({ ok: false, reason: 'daily_limit' })
    // The first one, 90 days on, may be reviewed again (its day's count is spent, though).
    await db()
      .update(reviews)
      .set({ createdAt: daysAgo(2) })
      .where(and(eq(reviews.authorId, who.id), ne(reviews.profileId, first.id)))
    expect(await write(who, first)).toMatchObject({ ok: true })
  })
})

describe("the account's data (issue 20 points 1 and 6)", () => {
  it('exports the contacts noted and the reviews written; deleting the account deletes both', async () => {
    const profile = await target()
    const account = await signedIn('client')
    await db()
      .update(user)
      .set({ createdAt: daysAgo(30) })
      .where(eq(user.id, account.id))
    const who: Reviewer = { ...account, emailVerified: true, role: 'client' }
    await recordContact(who.id, profile.id, new Date(Date.now() - 48 * 60 * 60_000), 'telegram')
    const body = uniqueBody()
    await write(who, profile, { body, rating: 4 })
    const answer = await exportLoader({
      request: new Request(`${TEST_BASE_URL}/account/export`, {
        headers: { cookie: account.cookie },
      }),
      params: {},
      context: {},
    } as never)
    const exported = JSON.parse(await (answer as Response).text())
    expect(exported.contactsForReviews).toEqual([
      expect.objectContaining({
        profileId: profile.id,
        username: profile.username,
        firstContactChannel: 'telegram',
      }),
    ])
    expect(exported.reviewsWritten).toEqual([
      expect.objectContaining({ profileId: profile.id, rating: 4, text: body, editedAt: null }),
    ])
    expect(await deleteAccount(account.id)).toBe(true)
    expect(await db().select().from(reviews).where(eq(reviews.authorId, account.id))).toEqual([])
    expect(
      await db().select().from(profileContacts).where(eq(profileContacts.userId, account.id)),
    ).toEqual([])
    expect(await ratingsOf(profile.id)).toMatchObject({ count: 0 })
  })
})

describe('publication (issue 20 point 3)', () => {
  it('publishes at once, keeps the sums, and e-mails the provider', async () => {
    const profile = await target()
    const readers = [await client(), await client(), await client()]
    for (const who of readers) await contacted(who, profile.id)
    await write(readers[0] as Reviewer, profile, { rating: 5, photosMatch: true })
    expect(await ratingsOf(profile.id)).toEqual({
      count: 1,
      average: null,
      photosMatchPercent: 100,
    })
    await write(readers[1] as Reviewer, profile, { rating: 4, photosMatch: false })
    await write(readers[2] as Reviewer, profile, { rating: 4, photosMatch: true })
    expect(await ratingsOf(profile.id)).toEqual({
      count: 3,
      average: 4.3,
      photosMatchPercent: 67,
    })
    const page = await reviewsOfProfile(profile.id)
    expect(page.reviews.map((r) => r.rating)).toEqual([4, 4, 5])
    expect(page.reviews[0]).not.toHaveProperty('authorId')
    await expect.poll(() => reviewMails(profile.ownerEmail)).toBe(3)
    // Hidden by the team: out of the sums at once (the trigger), back when shown again.
    await db().update(reviews).set({ status: 'hidden' }).where(eq(reviews.profileId, profile.id))
    expect(await ratingsOf(profile.id)).toMatchObject({ count: 0 })
    await db().update(reviews).set({ status: 'published' }).where(eq(reviews.profileId, profile.id))
    expect(await ratingsOf(profile.id)).toMatchObject({ count: 3, average: 4.3 })
  })

  it('holds for the team a review from a device another account reviewed the profile from', async () => {
    const profile = await target()
    const [a, b] = [await client(), await client()]
    await contacted(a, profile.id)
    await contacted(b, profile.id)
    expect(await write(a, profile, {}, { deviceId: 'device-0123456789abcdef' })).toMatchObject({
      published: true,
    })
    const held = await write(b, profile, {}, { deviceId: 'device-0123456789abcdef' })
    expect(held).toMatchObject({ ok: true, published: false })
    const [row] = await db().select().from(reviews).where(eq(reviews.authorId, b.id))
    expect(row).toMatchObject({ status: 'pending', signals: ['same_device'] })
    expect(await ratingsOf(profile.id)).toMatchObject({ count: 1 })
    await expect.poll(() => reviewMails(profile.ownerEmail)).toBe(1)
  })

  it('holds a new account reviewing from the network of another new account', async () => {
    const profile = await target()
    const [a, b] = [await client(10), await client(8)]
    await contacted(a, profile.id)
    await contacted(b, profile.id)
    await write(a, profile, {}, { clientIp: '203.0.113.77' })
    const held = await write(b, profile, {}, { clientIp: '203.0.113.77' })
    expect(held).toMatchObject({ published: false })
    const [row] = await db().select().from(reviews).where(eq(reviews.authorId, b.id))
    expect(row?.signals).toEqual(['same_network'])
  })

  it('holds a near-identical text and a burst of reviews', async () => {
    const profile = await target()
    const other = await target()
    const [a, b] = [await client(), await client()]
    await contacted(a, profile.id)
    await contacted(b, other.id)
    const text = uniqueBody()
    await write(a, profile, { body: text })
    const copy = await write(b, other, { body: text.replace(/\w+\.$/, 'sossegado.') })
    expect(copy).toMatchObject({ published: false })
    const [row] = await db().select().from(reviews).where(eq(reviews.authorId, b.id))
    expect(row?.signals).toEqual(['near_duplicate'])

    const busy = await target()
    const texts = [uniqueBody(), uniqueBody(), uniqueBody(), uniqueBody()]
    const results = []
    for (const body of texts) {
      const who = await client()
      await contacted(who, busy.id)
      results.push(await write(who, busy, { body }))
    }
    expect(results.map((r) => (r.ok ? r.published : r.reason))).toEqual(
      texts.map((_, i) => i + 1 < SUSPICION.burstCount),
    )
  })

  it('two new accounts of one network writing at the same moment: one waits for the team', async () => {
    const profile = await target()
    const [a, b] = [await client(10), await client(12)]
    await contacted(a, profile.id)
    await contacted(b, profile.id)
    const both = await Promise.all([
      write(a, profile, {}, { clientIp: '203.0.113.91' }),
      write(b, profile, {}, { clientIp: '203.0.113.91' }),
    ])
    expect(both.map((one) => one.ok && one.published).sort()).toEqual([false, true])
  })

  it('reviews without a known address share no network', async () => {
    const profile = await target()
    const [a, b] = [await client(10), await client(10)]
    await contacted(a, profile.id)
    await contacted(b, profile.id)
    const noAddress = (who: Reviewer) =>
      submitReview(
        who,
        profile,
        { rating: 5, photosMatch: true, body: uniqueBody(), quotable: false },
        { clientIp: undefined, deviceId: undefined },
      )
    expect(await noAddress(a)).toMatchObject({ published: true })
    expect(await noAddress(b)).toMatchObject({ published: true })
    const rows = await db().select().from(reviews).where(eq(reviews.profileId, profile.id))
    expect(rows.map((row) => row.networkKey)).toEqual([null, null])
  })

  it('a review the team removed still counts for its 90 days', async () => {
    const profile = await target()
    const who = await client()
    await contacted(who, profile.id)
    const written = await write(who, profile)
    if (!written.ok) throw new Error('not written')
    const admin = await createAccount({ role: 'admin' })
    expect(
      await decideReview({ id: admin.id, email: admin.email }, written.id, {
        kind: 'remove',
        reason: 'fake',
        note: '',
      }),
    ).toEqual({ ok: true, value: undefined })
    expect(await db().select().from(reviews).where(eq(reviews.id, written.id))).toEqual([])
    expect(await reviewEligibility(who, profile)).toMatchObject({
      ok: false,
      reason: 'already_reviewed',
    })
  })

  it('forgets the hashed network and device after 30 days', async () => {
    const profile = await target()
    const who = await client()
    await contacted(who, profile.id)
    await write(who, profile, {}, { deviceId: 'device-fedcba9876543210' })
    await db()
      .update(reviews)
      .set({ createdAt: daysAgo(REVIEW_RULES.networkKeepDays + 1) })
      .where(eq(reviews.authorId, who.id))
    expect(await forgetReviewNetworks()).toBeGreaterThanOrEqual(1)
    const [row] = await db().select().from(reviews).where(eq(reviews.authorId, who.id))
    expect(row).toMatchObject({ networkKey: null, deviceKey: null })
  })

  it("deleting the client's account or the profile deletes the reviews and their sums", async () => {
    const profile = await target()
    const who = await client()
    await contacted(who, profile.id)
    await write(who, profile)
    await db().delete(user).where(eq(user.id, who.id))
    expect(await db().select().from(reviews).where(eq(reviews.profileId, profile.id))).toEqual([])
    expect(await ratingsOf(profile.id)).toMatchObject({ count: 0 })
    const second = await client()
    await contacted(second, profile.id)
    await write(second, profile)
    await db().delete(profiles).where(eq(profiles.id, profile.id))
    expect(await db().select().from(reviews).where(eq(reviews.authorId, second.id))).toEqual([])
    expect(
      await db()
        .select()
        .from(profileReviewStats)
        .where(eq(profileReviewStats.profileId, profile.id)),
    ).toEqual([])
  })
})
