import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { decideReview } from '#app/modules/moderation/reviews.server.ts'
import { recordContact } from '#app/modules/reviews/contacts.server.ts'
import { action, loader } from '#app/routes/admin/reviews.tsx'
import { db } from '#db/client.server.ts'
import { auditLog } from '#db/schema/moderation.ts'
import { profiles } from '#db/schema/profiles.ts'
import { profileContacts, profileReviewStats, reviews } from '#db/schema/reviews.ts'
import { createAccount, signedIn } from '#tests/factories/account.ts'
import { callRoute } from '#tests/support/route-call.ts'
import { setUpTestServer } from '#tests/support/test-server.ts'

// The team's side of reviews (issue 20 points 3 and 5): the queue, and each decision changing
// the row and writing its audit entry in one transaction, on PGlite and PostgreSQL.

const server = setUpTestServer()

const BODY = 'Pontual, educada e simpática; o lugar era limpo e tranquilo, recomendo a todos.'

/** A public profile with its owner's e-mail. */
async function profile() {
  const owner = await createAccount({ role: 'provider', name: 'Dona Marina' })
  const [row] = await db()
    .update(profiles)
    .set({ status: 'approved', visibilityStatus: 'active' })
    .where(eq(profiles.userId, owner.id))
    .returning()
  if (!row) throw new Error('no profile')
  return { ...row, ownerEmail: owner.email }
}

/** A review of `profileId` by a new client, written straight into the table. */
async function review(
  profileId: string,
  values: Partial<typeof reviews.$inferInsert> = {},
  authorName = 'Cliente Bento',
) {
  const author = await createAccount({ role: 'client', name: authorName })
  const status = values.status ?? 'published'
  const [row] = await db()
    .insert(reviews)
    .values({
      profileId,
      authorId: author.id,
      rating: 4,
      photosMatch: true,
      body: BODY,
      publishedAt: status === 'published' ? new Date() : null,
      ...values,
    })
    .returning()
  if (!row) throw new Error('no review')
  return { ...row, author }
}

const rowOf = async (id: string) => (await db().select().from(reviews).where(eq(reviews.id, id)))[0]
const auditOf = (id: string) => db().select().from(auditLog).where(eq(auditLog.targetId, id))
const statsOf = async (profileId: string) =>
  (
    await db().select().from(profileReviewStats).where(eq(profileReviewStats.profileId, profileId))
  )[0]

async function adminActor() {
  const admin = await signedIn('admin')
  return { ...admin, actor: { id: admin.id, email: admin.email } }
}

describe('the team decides on reviews (issue 20 point 3)', () => {
  it('publishes a held review, tells the provider, and the sums follow', async () => {
    const { actor } = await adminActor()
    const target = await profile()
    const held = await review(target.id, { status: 'pending', signals: ['burst'] }, 'Cliente Caio')
    expect(await statsOf(target.id)).toBeUndefined()
    expect(await decideReview(actor, held.id, { kind: 'publish' })).toEqual({
      ok: true,
      value: undefined,
    })
    const after = await rowOf(held.id)
    expect(after).toMatchObject({ status: 'published', moderatedBy: actor.id })
    expect(after?.publishedAt).toBeInstanceOf(Date)
    expect(await statsOf(target.id)).toMatchObject({ reviewCount: 1, ratingSum: 4 })
    const [entry, ...more] = await auditOf(held.id)
    expect(more).toEqual([])
    expect(entry).toMatchObject({
      action: 'review_publish',
      targetType: 'review',
      actorId: actor.id,
      targetLabel: `${target.name} (${target.username}) – Cliente Caio`,
    })
    expect(
      (await server.mailsTo(target.ownerEmail)).some((m) => m.includes('/dashboard/reviews')),
    ).toBe(true)
    // Published already: a second publication is refused and writes nothing.
    expect(await decideReview(actor, held.id, { kind: 'publish' })).toEqual({
      ok: false,
      error: 'wrongState',
    })
    expect(await auditOf(held.id)).toHaveLength(1)
  })

  it('a held review hidden before it was published is published with publish, not restore', async () => {
    const { actor } = await adminActor()
    const target = await profile()
    const held = await review(target.id, { status: 'pending', signals: ['same_device'] })
    expect(
      await decideReview(actor, held.id, { kind: 'hide', reason: 'fake', note: '' }),
    ).toMatchObject({ ok: true })
    expect(await decideReview(actor, held.id, { kind: 'restore' })).toEqual({
      ok: false,
      error: 'wrongState',
    })
    expect(await rowOf(held.id)).toMatchObject({ status: 'hidden', publishedAt: null })
    expect(await decideReview(actor, held.id, { kind: 'publish' })).toMatchObject({ ok: true })
    expect(await rowOf(held.id)).toMatchObject({ status: 'published' })
    expect((await auditOf(held.id)).map((entry) => entry.action).sort()).toEqual([
      'review_hide',
      'review_publish',
    ])
  })

  it('hides with a reason and restores; the sums follow; a second hide is refused', async () => {
    const { actor } = await adminActor()
    const target = await profile()
    const shown = await review(target.id, { rating: 5, quotable: true, featured: true })
    await review(target.id, { rating: 3 })
    expect(await statsOf(target.id)).toMatchObject({ reviewCount: 2, ratingSum: 8 })
    expect(
      await decideReview(actor, shown.id, { kind: 'hide', reason: 'offensive', note: '' }),
    ).toMatchObject({ ok: true })
    expect(await rowOf(shown.id)).toMatchObject({
      status: 'hidden',
      featured: false,
      moderationReason: 'offensive',
      moderatedBy: actor.id,
    })
    expect(await statsOf(target.id)).toMatchObject({ reviewCount: 1, ratingSum: 3 })
    expect(await decideReview(actor, shown.id, { kind: 'hide', reason: 'fake', note: '' })).toEqual(
      { ok: false, error: 'wrongState' },
    )
    expect(await decideReview(actor, shown.id, { kind: 'restore' })).toMatchObject({ ok: true })
    expect(await rowOf(shown.id)).toMatchObject({ status: 'published', moderationReason: null })
    expect(await statsOf(target.id)).toMatchObject({ reviewCount: 2, ratingSum: 8 })
    expect(await decideReview(actor, shown.id, { kind: 'restore' })).toEqual({
      ok: false,
      error: 'wrongState',
    })
    const entries = await auditOf(shown.id)
    expect(entries.map((entry) => entry.action).sort()).toEqual(['review_hide', 'review_restore'])
    expect(entries.find((entry) => entry.action === 'review_hide')).toMatchObject({
      reason: 'offensive',
      details: expect.objectContaining({ reason: 'offensive' }),
    })
  })

  it('removes the row; the audit entry keeps the label and the reason', async () => {
    const { actor } = await adminActor()
    const target = await profile()
    const gone = await review(target.id, { rating: 2 }, 'Cliente Dario')
    expect(await statsOf(target.id)).toMatchObject({ reviewCount: 1 })
    expect(
      await decideReview(actor, gone.id, {
        kind: 'remove',
        reason: 'other',
        note: 'Escrita pela concorrência',
      }),
    ).toMatchObject({ ok: true })
    expect(await rowOf(gone.id)).toBeUndefined()
    expect(await statsOf(target.id)).toMatchObject({ reviewCount: 0, ratingSum: 0 })
    expect(await auditOf(gone.id)).toEqual([
      expect.objectContaining({
        action: 'review_remove',
        reason: 'other: Escrita pela concorrência',
        targetLabel: `${target.name} (${target.username}) – Cliente Dario`,
      }),
    ])
    // Gone: any decision on it is 'notFound', with no entry.
    expect(await decideReview(actor, gone.id, { kind: 'restore' })).toEqual({
      ok: false,
      error: 'notFound',
    })
    expect(await decideReview(actor, randomUUID(), { kind: 'feature' })).toEqual({
      ok: false,
      error: 'notFound',
    })
    expect(await auditOf(gone.id)).toHaveLength(1)
  })

  it("closes a provider's report once; the review stays published", async () => {
    const { actor } = await adminActor()
    const target = await profile()
    const reported = await review(target.id, {
      reportedAt: new Date(Date.now() - 60_000),
      reportReason: 'never_met',
      reportDetails: 'Não reconheço esta pessoa.',
    })
    const before = await callRoute(loader, '/admin/reviews', {
      cookie: (await signedIn('admin')).cookie,
    })
    expect(before.data?.reported.map((row: { id: string }) => row.id)).toContain(reported.id)
    expect(
      await decideReview(actor, reported.id, { kind: 'close-report', note: 'Sem indícios' }),
    ).toMatchObject({ ok: true })
    const after = await rowOf(reported.id)
    expect(after).toMatchObject({ status: 'published', reportReason: 'never_met' })
    expect(after?.reportedAt).toBeInstanceOf(Date)
    expect(after?.moderatedAt?.getTime()).toBeGreaterThanOrEqual(after?.reportedAt?.getTime() ?? 0)
    expect(await decideReview(actor, reported.id, { kind: 'close-report', note: '' })).toEqual({
      ok: false,
      error: 'wrongState',
    })
    const queue = await callRoute(loader, '/admin/reviews', {
      cookie: (await signedIn('admin')).cookie,
    })
    expect(queue.data?.reported.map((row: { id: string }) => row.id)).not.toContain(reported.id)
    expect(queue.data?.recent.find((row: { id: string }) => row.id === reported.id)).toMatchObject({
      reportClosed: true,
    })
    expect((await auditOf(reported.id)).map((entry) => entry.action)).toEqual([
      'review_report_close',
    ])
  })

  it('features only a quotable, published review, and unfeatures it', async () => {
    const { actor } = await adminActor()
    const target = await profile()
    const plain = await review(target.id, { quotable: false })
    const held = await review(target.id, { quotable: true, status: 'pending' })
    const quotable = await review(target.id, { quotable: true })
    for (const id of [plain.id, held.id]) {
      expect(await decideReview(actor, id, { kind: 'feature' })).toEqual({
        ok: false,
        error: 'wrongState',
      })
      expect(await rowOf(id)).toMatchObject({ featured: false })
      expect(await auditOf(id)).toEqual([])
    }
    expect(await decideReview(actor, quotable.id, { kind: 'feature' })).toMatchObject({ ok: true })
    expect(await rowOf(quotable.id)).toMatchObject({ featured: true })
    expect(await decideReview(actor, quotable.id, { kind: 'feature' })).toMatchObject({
      ok: false,
    })
    expect(await decideReview(actor, quotable.id, { kind: 'unfeature' })).toMatchObject({
      ok: true,
    })
    expect(await rowOf(quotable.id)).toMatchObject({ featured: false })
    expect(await decideReview(actor, quotable.id, { kind: 'unfeature' })).toEqual({
      ok: false,
      error: 'wrongState',
    })
    expect((await auditOf(quotable.id)).map((entry) => entry.action).sort()).toEqual([
      'review_feature',
      'review_unfeature',
    ])
  })
})

describe('/admin/reviews', () => {
  it("shows held reviews with their signals and the author's e-mail, age and other reviews", async () => {
    const admin = await signedIn('admin')
    const target = await profile()
    const held = await review(target.id, {
      status: 'pending',
      signals: ['same_device', 'near_duplicate'],
      body: '<script>alert(1)</script> texto com marcação que deve aparecer como texto',
    })
    const answer = await callRoute(loader, '/admin/reviews?page=abc', { cookie: admin.cookie })
    expect(answer.status).toBe(200)
    const row = answer.data?.pending.find((one: { id: string }) => one.id === held.id)
    expect(row).toMatchObject({
      signals: ['same_device', 'near_duplicate'],
      authorEmail: held.author.email,
      authorOtherReviews: 0,
      profileUsername: target.username,
    })
  })

  it('hide and remove need a listed reason, and words for "other"; bad ids are 404', async () => {
    const admin = await signedIn('admin')
    const target = await profile()
    const shown = await review(target.id)
    const post = (body: Record<string, string>) =>
      callRoute(action, '/admin/reviews', { cookie: admin.cookie, body })
    for (const intent of ['review-hide', 'review-remove']) {
      const noReason = await post({ intent, subject: shown.id, reason: '', note: '' })
      expect(noReason.status).toBe(400)
      expect(noReason.data?.error.field).toBe('reason')
      const other = await post({ intent, subject: shown.id, reason: 'other', note: ' ' })
      expect(other.status).toBe(400)
      expect(other.data?.error.field).toBe('note')
    }
    expect(await rowOf(shown.id)).toMatchObject({ status: 'published' })
    expect(await auditOf(shown.id)).toEqual([])
    expect((await post({ intent: 'review-publish', subject: 'nope' })).status).toBe(404)
    expect((await post({ intent: 'review-feature', subject: randomUUID() })).status).toBe(404)
    expect((await post({ intent: 'review-frobnicate', subject: shown.id })).status).toBe(400)
    const hidden = await post({
      intent: 'review-hide',
      subject: shown.id,
      reason: 'contact_data',
      note: '',
    })
    expect(hidden.status).toBe(200)
    expect(await rowOf(shown.id)).toMatchObject({ status: 'hidden' })
    // The same decision again: the state changed, 409.
    const again = await post({
      intent: 'review-hide',
      subject: shown.id,
      reason: 'contact_data',
      note: '',
    })
    expect(again.status).toBe(409)
  })

  it('a provider or a client cannot reach the page or post its actions', async () => {
    const target = await profile()
    const shown = await review(target.id, { quotable: true })
    for (const role of ['provider', 'client'] as const) {
      const who = await signedIn(role)
      const page = await callRoute(loader, '/admin/reviews', { cookie: who.cookie })
      expect(page.status).toBe(302)
      expect(page.location).not.toContain('/admin')
      const posted = await callRoute(action, '/admin/reviews', {
        cookie: who.cookie,
        body: { intent: 'review-remove', subject: shown.id, reason: 'fake', note: '' },
      })
      expect(posted.status).toBe(302)
    }
    const visitor = await callRoute(action, '/admin/reviews', {
      body: { intent: 'review-feature', subject: shown.id },
    })
    expect([302, 303]).toContain(visitor.status)
    expect(await rowOf(shown.id)).toMatchObject({ status: 'published', featured: false })
    expect(await auditOf(shown.id)).toEqual([])
  })
})

describe('the contact behind a "never met" report (issue 33 point 6)', () => {
  it('shows whether and when the author opened her contact through the site, and by which button', async () => {
    const admin = await signedIn('admin')
    const target = await profile()
    const HOUR = 60 * 60_000
    const writtenAt = new Date(Date.now() - 2 * HOUR)
    const reported = { reportedAt: new Date(), reportReason: 'never_met' as const }
    const met = await review(target.id, { createdAt: writtenAt, ...reported }, 'Cliente Davi')
    // His contact by X, 3 days before he wrote, and again since.
    await recordContact(met.author.id, target.id, new Date(Date.now() - 74 * HOUR), 'x')
    await recordContact(met.author.id, target.id, new Date(Date.now() - HOUR), 'whatsapp')
    const never = await review(target.id, reported, 'Cliente Edu')
    // A contact with another profile is not a contact with this one.
    const elsewhere = await profile()
    await recordContact(never.author.id, elsewhere.id, new Date(Date.now() - 74 * HOUR), 'telegram')

    const answer = await callRoute(loader, '/admin/reviews', { cookie: admin.cookie })
    expect(answer.status).toBe(200)
    const rowOfList = (id: string) =>
      answer.data?.reported.find((one: { id: string }) => one.id === id)
    const metRow = rowOfList(met.id)
    expect(metRow?.contactChannel).toBe('x')
    expect(
      Math.abs(new Date(metRow?.contactFirstAt).getTime() - (Date.now() - 74 * HOUR)),
    ).toBeLessThan(60_000)
    expect(Math.abs(new Date(metRow?.contactLastAt).getTime() - (Date.now() - HOUR))).toBeLessThan(
      60_000,
    )
    expect(rowOfList(never.id)).toMatchObject({
      contactFirstAt: null,
      contactLastAt: null,
      contactChannel: null,
    })
    // A held review carries the same fact.
    const held = await review(target.id, { status: 'pending', signals: ['burst'] })
    await recordContact(held.author.id, target.id, new Date(Date.now() - 30 * HOUR), 'telegram')
    const again = await callRoute(loader, '/admin/reviews', { cookie: admin.cookie })
    expect(again.data?.pending.find((one: { id: string }) => one.id === held.id)).toMatchObject({
      contactChannel: 'telegram',
    })
    expect(
      await db().select().from(profileContacts).where(eq(profileContacts.userId, never.author.id)),
    ).toHaveLength(1)
  })
})
