import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { REVIEW_RULES } from '#app/domain/reviews.ts'
import { decideReview } from '#app/modules/moderation/reviews.server.ts'
import { recordContact } from '#app/modules/reviews/contacts.server.ts'
import { loader as adminLoader } from '#app/routes/admin/reviews.tsx'
import { action, loader } from '#app/routes/client/reviews.tsx'
import { loader as reviewPage } from '#app/routes/public/review.tsx'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { auditLog } from '#db/schema/moderation.ts'
import { profiles } from '#db/schema/profiles.ts'
import { profileReviewStats, reviews } from '#db/schema/reviews.ts'
import { createAccount, signedIn } from '#tests/factories/account.ts'
import { callRoute } from '#tests/support/route-call.ts'
import { setUpTestServer } from '#tests/support/test-server.ts'

// The client's "My reviews" (issue 33 point 8): his reviews with their state, the edit within
// the rules (same text checks and moderation) and the withdrawal, through the page's loader and
// action, on PGlite and PostgreSQL.

setUpTestServer()

const DAY_MS = 24 * 60 * 60_000

const WORDS = (
  'pontual educada simpática limpo tranquilo discreto gentil atenciosa conversa ambiente ' +
  'horário combinado recomendo voltaria agradável respeitosa calma cheiroso iluminado fácil'
).split(' ')

/** A clean text unlike any other (the near-identical rule compares every recent review). */
function uniqueBody(): string {
  const words = [...WORDS].sort(() => Math.random() - 0.5).slice(0, 12)
  return `Visita ${Math.random().toString(36).slice(2, 8)}: ${words.join(' ')}.`
}

/** A public profile of a new provider account. */
async function profile() {
  const owner = await createAccount({ role: 'provider', name: 'Dona Marina' })
  const [row] = await db()
    .update(profiles)
    .set({ status: 'approved', visibilityStatus: 'active', whatsapp: '+5581998765432' })
    .where(eq(profiles.userId, owner.id))
    .returning()
  if (!row) throw new Error('no profile')
  return row
}

/** A review of `profileId` by `authorId`, written straight into the table. */
async function review(
  profileId: string,
  authorId: string,
  values: Partial<typeof reviews.$inferInsert> = {},
) {
  const status = values.status ?? 'published'
  const [row] = await db()
    .insert(reviews)
    .values({
      profileId,
      authorId,
      rating: 4,
      photosMatch: true,
      body: uniqueBody(),
      publishedAt: status === 'published' ? new Date() : null,
      ...values,
    })
    .returning()
  if (!row) throw new Error('no review')
  return row
}

const rowOf = async (id: string) => (await db().select().from(reviews).where(eq(reviews.id, id)))[0]
const statsOf = async (profileId: string) =>
  (
    await db().select().from(profileReviewStats).where(eq(profileReviewStats.profileId, profileId))
  )[0]

const list = (cookie: string) => callRoute(loader, '/client-dashboard/reviews', { cookie })
const post = (cookie: string, body: Record<string, string>) =>
  callRoute(action, '/client-dashboard/reviews', { cookie, body })
const edit = (cookie: string, reviewId: string, fields: Record<string, string> = {}) =>
  post(cookie, {
    intent: 'edit',
    reviewId,
    rating: '2',
    photosMatch: 'no',
    body: uniqueBody(),
    ...fields,
  })

describe('My reviews (issue 33 point 8)', () => {
  it('lists only his reviews, each with its state and a hidden one with the reason', async () => {
    const me = await signedIn('client')
    const other = await signedIn('client')
    const [a, b, c] = [await profile(), await profile(), await profile()]
    const published = await review(a.id, me.id)
    const held = await review(b.id, me.id, { status: 'pending', signals: ['burst'] })
    const hidden = await review(c.id, me.id, {
      status: 'hidden',
      moderationReason: 'contact_data',
      reply: null,
    })
    const theirs = await review(a.id, other.id)
    const answer = await list(me.cookie)
    expect(answer.status).toBe(200)
    expect(answer.headers?.get('Cache-Control')).toBe('private, no-store')
    const shown = answer.data?.reviews ?? []
    expect(shown.map((one: { id: string }) => one.id).sort()).toEqual(
      [published.id, held.id, hidden.id].sort(),
    )
    const byId = (id: string) => shown.find((one: { id: string }) => one.id === id)
    expect(byId(published.id)).toMatchObject({
      status: 'published',
      hiddenFor: null,
      profileUsername: a.username,
      edit: { editable: true },
    })
    expect(byId(held.id)).toMatchObject({ status: 'pending', edit: { editable: true } })
    expect(byId(hidden.id)).toMatchObject({
      status: 'hidden',
      hiddenFor: 'contact_data',
      edit: { editable: false, reason: 'hidden' },
    })
    expect(JSON.stringify(answer.data)).not.toContain(theirs.body)
  })

  it('edits within the rules: the text checks, the sums follow, a near copy is held again', async () => {
    const me = await signedIn('client')
    const target = await profile()
    const mine = await review(target.id, me.id, { featured: false, quotable: true })
    expect(await statsOf(target.id)).toMatchObject({ reviewCount: 1, ratingSum: 4 })

    // The same text rules as a new review: a phone number is refused in words, nothing changes.
    const phone = await edit(me.cookie, mine.id, {
      body: 'Muito educada, me passou o telefone 81 99876-5432 para marcar outra vez com calma.',
    })
    expect(phone.status).toBe(400)
    expect(phone.data?.error).toMatchObject({ field: 'body', message: 'reviewHasPhone' })
    expect((await rowOf(mine.id))?.body).toBe(mine.body)

    // A clean edit stays published; the rating is worked out again.
    const body = uniqueBody()
    const done = await edit(me.cookie, mine.id, { body, rating: '2' })
    expect(done.status).toBe(200)
    expect(done.data).toMatchObject({ intent: 'edit', reviewId: mine.id, done: 'published' })
    const after = await rowOf(mine.id)
    expect(after).toMatchObject({ body, rating: 2, photosMatch: false, status: 'published' })
    expect(after?.editedAt).toBeInstanceOf(Date)
    expect(await statsOf(target.id)).toMatchObject({ reviewCount: 1, ratingSum: 2 })

    // A copy of another review trips the near-identical rule: held for the team, off the profile.
    const other = await profile()
    const copied = await review(other.id, (await signedIn('client')).id)
    const held = await edit(me.cookie, mine.id, { body: copied.body })
    expect(held.data?.done).toBe('pending')
    expect(await rowOf(mine.id)).toMatchObject({ status: 'pending', signals: ['near_duplicate'] })
    expect(await statsOf(target.id)).toMatchObject({ reviewCount: 0, ratingSum: 0 })
    // The team sees it in its queue again, marked as edited.
    const admin = await signedIn('admin')
    const queue = await callRoute(adminLoader, '/admin/reviews', { cookie: admin.cookie })
    const queued = queue.data?.pending.find((one: { id: string }) => one.id === mine.id)
    expect(queued?.signals).toEqual(['near_duplicate'])
    expect(queued?.editedAt).toBeTruthy()
  })

  it('refuses an edit once hidden, once replied, past 30 days, and another client’s review', async () => {
    const me = await signedIn('client')
    const target = await profile()
    const replied = await review(target.id, me.id, { reply: 'Obrigada!', repliedAt: new Date() })
    const old = await review((await profile()).id, me.id, {
      createdAt: new Date(Date.now() - (REVIEW_RULES.editDays + 1) * DAY_MS),
    })
    const hidden = await review((await profile()).id, me.id, {
      status: 'hidden',
      moderationReason: 'offensive',
    })
    for (const [row, reason] of [
      [replied, 'replied'],
      [old, 'too_old'],
      [hidden, 'hidden'],
    ] as const) {
      const refused = await edit(me.cookie, row.id)
      expect(refused.status).toBe(409)
      expect(refused.data?.refused).toBe(reason)
      expect(await rowOf(row.id)).toEqual(row)
    }
    const stranger = await signedIn('client')
    for (const intent of ['edit', 'withdraw']) {
      const answer =
        intent === 'edit'
          ? await edit(stranger.cookie, replied.id)
          : await post(stranger.cookie, { intent, reviewId: replied.id })
      expect(answer.status).toBe(404)
      expect(answer.data?.refused).toBe('notFound')
    }
    expect(await rowOf(replied.id)).toEqual(replied)
    expect((await post(me.cookie, { intent: 'withdraw', reviewId: 'nope' })).status).toBe(400)
    expect((await post(me.cookie, { intent: 'delete', reviewId: replied.id })).status).toBe(400)
    expect((await edit(me.cookie, randomUUID())).status).toBe(404)
  })

  it('withdraws: off the profile, sums recomputed, audited, and no second review for 90 days', async () => {
    const me = await signedIn('client')
    await db()
      .update(user)
      .set({ createdAt: new Date(Date.now() - 30 * DAY_MS) })
      .where(eq(user.id, me.id))
    const target = await profile()
    await recordContact(me.id, target.id, new Date(Date.now() - 3 * DAY_MS), 'whatsapp')
    const mine = await review(target.id, me.id, { rating: 5 })
    await review(target.id, (await signedIn('client')).id, { rating: 3 })
    expect(await statsOf(target.id)).toMatchObject({ reviewCount: 2, ratingSum: 8 })
    const answer = await post(me.cookie, { intent: 'withdraw', reviewId: mine.id })
    expect(answer.status).toBe(200)
    expect(answer.data).toMatchObject({ intent: 'withdraw', done: 'withdrawn' })
    expect(await rowOf(mine.id)).toBeUndefined()
    expect(await statsOf(target.id)).toMatchObject({ reviewCount: 1, ratingSum: 3 })
    const [entry, ...more] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, mine.id))
    expect(more).toEqual([])
    expect(entry).toMatchObject({
      action: 'review_withdraw',
      actorId: me.id,
      targetType: 'review',
      details: expect.objectContaining({ authorId: me.id, profileId: target.id }),
    })
    expect((await list(me.cookie)).data?.reviews).toEqual([])
    // Withdrawing does not open the way to a new rating of the same profile.
    const page = await callRoute(reviewPage, `/acompanhante/${target.username}/avaliar`, {
      params: { slug: target.username },
      cookie: me.cookie,
    })
    expect(page.data?.refusal?.reason).toBe('already_reviewed')
    // Withdrawn already: a second withdrawal finds nothing.
    expect((await post(me.cookie, { intent: 'withdraw', reviewId: mine.id })).status).toBe(404)
  })

  it('a review the team hid and then restored can be edited again; only clients reach the page', async () => {
    const me = await signedIn('client')
    const admin = await signedIn('admin')
    const target = await profile()
    const mine = await review(target.id, me.id)
    const actor = { id: admin.id, email: admin.email }
    await decideReview(actor, mine.id, { kind: 'hide', reason: 'fake', note: '' })
    expect((await edit(me.cookie, mine.id)).data?.refused).toBe('hidden')
    await decideReview(actor, mine.id, { kind: 'restore' })
    expect((await edit(me.cookie, mine.id)).data?.done).toBe('published')
    const provider = await signedIn('provider')
    const refused = await list(provider.cookie)
    expect(refused.status).toBe(302)
    expect((await callRoute(loader, '/client-dashboard/reviews')).status).toBe(302)
  })
})
