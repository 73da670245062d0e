import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { EXPLICIT_TERMS } from '#app/domain/review-words.ts'
import { REVIEWS_PAGE_SIZE, type ReviewStatus } from '#app/domain/reviews.ts'
import {
  ownReviews,
  replyToReview,
  reportReview,
} from '#app/modules/reviews/provider-replies.server.ts'
import { action, loader } from '#app/routes/provider/reviews.tsx'
import { db } from '#db/client.server.ts'
import { reviews } from '#db/schema/reviews.ts'
import { createAccount, signedIn } from '#tests/factories/account.ts'
import { signedInProvider } from '#tests/factories/profile.ts'
import { callRoute } from '#tests/support/route-call.ts'
import { setUpTestServer } from '#tests/support/test-server.ts'

// Issue 20 point 3, the provider's side: her profile's reviews, one public reply each, one
// report to the team; never a way to delete one. On PGlite and PostgreSQL.

setUpTestServer()

type Provider = Awaited<ReturnType<typeof signedInProvider>>

let serial = 0

/** A review of `provider`'s profile by a new client, written `minutesAgo` ago. */
async function reviewOf(
  provider: Provider,
  options: { status?: ReviewStatus; minutesAgo?: number; authorName?: string } = {},
) {
  const author = await createAccount({
    role: 'client',
    name: options.authorName ?? 'Cliente Teste',
  })
  const createdAt = new Date(Date.now() - (options.minutesAgo ?? 60) * 60_000)
  const status = options.status ?? 'published'
  const [row] = await db()
    .insert(reviews)
    .values({
      profileId: provider.profile.id,
      authorId: author.id,
      rating: 4,
      photosMatch: true,
      body: `Avaliação ${++serial}: pontual, educada e o lugar era tranquilo e limpo.`,
      status,
      createdAt,
      publishedAt: status === 'published' ? createdAt : null,
    })
    .returning()
  if (!row) throw new Error('review not inserted')
  return row
}

const rowOf = async (id: string) => {
  const [row] = await db().select().from(reviews).where(eq(reviews.id, id))
  if (!row) throw new Error('review gone')
  return row
}

const post = (cookie: string, body: Record<string, string>) =>
  callRoute(action, '/dashboard/reviews', { cookie, body })

describe("the provider's reviews (issue 20 point 3)", () => {
  it('lists her own profile’s reviews only, newest first, with their status, 10 a page', async () => {
    const provider = await signedInProvider({ approved: true })
    const other = await signedInProvider({ approved: true })
    const older = await reviewOf(provider, { minutesAgo: 300, authorName: 'Rafa Andrade' })
    const pending = await reviewOf(provider, { status: 'pending', minutesAgo: 200 })
    const hidden = await reviewOf(provider, { status: 'hidden', minutesAgo: 100 })
    const elsewhere = await reviewOf(other)
    const list = await ownReviews(provider.id)
    expect(list.reviews.map((review) => review.id)).toEqual([hidden.id, pending.id, older.id])
    expect(list.reviews.map((review) => review.status)).toEqual(['hidden', 'pending', 'published'])
    expect(list.total).toBe(3)
    expect(list.reviews[2]).toMatchObject({
      authorName: 'Rafa Andrade',
      rating: 4,
      photosMatch: true,
      body: older.body,
      reply: null,
      reportedAt: null,
    })
    // The author's display name only: nothing else of the account.
    expect(Object.keys(list.reviews[2] ?? {})).not.toContain('authorId')

    const answer = await callRoute(loader, '/dashboard/reviews', { cookie: provider.cookie })
    expect(answer.status).toBe(200)
    expect(answer.headers?.get('Cache-Control')).toBe('private, no-store')
    const shown = JSON.stringify(answer.data)
    expect(shown).toContain(older.body)
    expect(shown).not.toContain(elsewhere.body)
    expect(shown).not.toContain(older.authorId)
    expect(answer.data?.summary).toMatchObject({ count: 1 })

    for (let n = 0; n < REVIEWS_PAGE_SIZE; n++) await reviewOf(provider, { minutesAgo: 10 + n })
    const second = await callRoute(loader, '/dashboard/reviews?pagina=2', {
      cookie: provider.cookie,
    })
    expect(second.data?.list).toMatchObject({ page: 2, pageCount: 2, total: 13 })
    expect(second.data?.list.reviews).toHaveLength(3)
    const odd = await callRoute(loader, '/dashboard/reviews?pagina=abc', {
      cookie: provider.cookie,
    })
    expect(odd.data?.list.page).toBe(1)
  })

  it('takes one reply to a published review; a second is refused, and of two at once one lands', async () => {
    const provider = await signedInProvider({ approved: true })
    const review = await reviewOf(provider)
    const first = await post(provider.cookie, {
      intent: 'reply',
      reviewId: review.id,
      reply: 'Obrigada pela visita e pelas palavras gentis!',
    })
    expect(first.status).toBe(200)
    expect(first.data).toMatchObject({ done: true, reviewId: review.id })
    const stored = await rowOf(review.id)
    expect(stored.reply).toBe('Obrigada pela visita e pelas palavras gentis!')
    expect(stored.repliedAt).toBeInstanceOf(Date)
    const again = await post(provider.cookie, {
      intent: 'reply',
      reviewId: review.id,
      reply: 'Outra resposta, que não deve entrar.',
    })
    expect(again.status).toBe(409)
    expect(again.data).toMatchObject({ refused: 'alreadyReplied' })
    expect((await rowOf(review.id)).reply).toBe('Obrigada pela visita e pelas palavras gentis!')

    const fresh = await reviewOf(provider)
    const both = await Promise.all([
      replyToReview(provider.id, fresh.id, 'Primeira resposta ao mesmo tempo.'),
      replyToReview(provider.id, fresh.id, 'Segunda resposta ao mesmo tempo.'),
    ])
    expect(both.filter((result) => result.ok)).toHaveLength(1)
    expect(both.filter((result) => !result.ok)).toEqual([{ ok: false, error: 'alreadyReplied' }])
    const landed = (await rowOf(fresh.id)).reply
    expect(['Primeira resposta ao mesmo tempo.', 'Segunda resposta ao mesmo tempo.']).toContain(
      landed,
    )
  })

  it('refuses a reply with a phone number, a link or an explicit word, with its message', async () => {
    const provider = await signedInProvider({ approved: true })
    const review = await reviewOf(provider)
    const explicit = EXPLICIT_TERMS.pt[1] ?? ''
    const cases = [
      ['Me chame no (11) 98765-4321 para combinar.', 'reviewHasPhone'],
      ['Veja mais em https://example.com/luna agora.', 'reviewHasLink'],
      [`Obrigada, foi ótimo o ${explicit} com você.`, 'reviewHasExplicit'],
      ['', 'replyTooShort'],
      ['a'.repeat(501), 'replyTooLong'],
    ] as const
    for (const [reply, message] of cases) {
      const answer = await post(provider.cookie, { intent: 'reply', reviewId: review.id, reply })
      expect(answer.status, message).toBe(400)
      expect(answer.data?.error, message).toEqual({ field: 'reply', message })
      expect(answer.data?.reviewId).toBe(review.id)
    }
    expect((await rowOf(review.id)).reply).toBeNull()
  })

  it("refuses a reply to another profile's review as not found, and to a pending or hidden one", async () => {
    const provider = await signedInProvider({ approved: true })
    const other = await signedInProvider({ approved: true })
    const theirs = await reviewOf(other)
    const answer = await post(provider.cookie, {
      intent: 'reply',
      reviewId: theirs.id,
      reply: 'Resposta a uma avaliação que não é minha.',
    })
    expect(answer.status).toBe(404)
    expect(await replyToReview(provider.id, theirs.id, 'Também não.')).toEqual({
      ok: false,
      error: 'notFound',
    })
    const report = await post(provider.cookie, {
      intent: 'report',
      reviewId: theirs.id,
      reason: 'offensive',
    })
    expect(report.status).toBe(404)
    expect(await rowOf(theirs.id)).toMatchObject({ reply: null, reportedAt: null })

    for (const status of ['pending', 'hidden'] as const) {
      const review = await reviewOf(provider, { status })
      const refused = await post(provider.cookie, {
        intent: 'reply',
        reviewId: review.id,
        reply: 'Obrigada pela visita!',
      })
      expect(refused.status, status).toBe(409)
      expect(refused.data, status).toMatchObject({ refused: 'notPublished' })
      expect((await rowOf(review.id)).reply).toBeNull()
    }
  })

  it('takes one report with its reason into the team’s queue; details are required for other', async () => {
    const provider = await signedInProvider({ approved: true })
    const review = await reviewOf(provider)
    const missing = await post(provider.cookie, { intent: 'report', reviewId: review.id })
    expect(missing.status).toBe(400)
    expect(missing.data?.error).toEqual({ field: 'reason', message: 'reportReasonRequired' })
    const other = await post(provider.cookie, {
      intent: 'report',
      reviewId: review.id,
      reason: 'other',
      details: '  ',
    })
    expect(other.status).toBe(400)
    expect(other.data?.error).toEqual({ field: 'details', message: 'reportDetailsRequired' })
    expect((await rowOf(review.id)).reportedAt).toBeNull()

    const sent = await post(provider.cookie, {
      intent: 'report',
      reviewId: review.id,
      reason: 'never_met',
    })
    expect(sent.status).toBe(200)
    expect(sent.data).toMatchObject({ done: true })
    const stored = await rowOf(review.id)
    expect(stored.reportedAt).toBeInstanceOf(Date)
    expect(stored).toMatchObject({ reportReason: 'never_met', reportDetails: null })
    // Still published: only the team decides.
    expect(stored.status).toBe('published')
    const again = await post(provider.cookie, {
      intent: 'report',
      reviewId: review.id,
      reason: 'offensive',
    })
    expect(again.status).toBe(409)
    expect(again.data).toMatchObject({ refused: 'alreadyReported' })
    expect((await rowOf(review.id)).reportReason).toBe('never_met')

    const withDetails = await reviewOf(provider, { status: 'pending' })
    expect(
      await reportReview(provider.id, withDetails.id, {
        reason: 'other',
        details: 'Esta pessoa nunca esteve comigo.',
      }),
    ).toEqual({ ok: true })
    expect(await rowOf(withDetails.id)).toMatchObject({
      reportReason: 'other',
      reportDetails: 'Esta pessoa nunca esteve comigo.',
    })
    const list = await ownReviews(provider.id)
    expect(list.reviews.find((one) => one.id === review.id)?.reportedAt).toBe(
      stored.reportedAt?.toISOString(),
    )
  })

  it('has no way to delete or hide a review', async () => {
    const provider = await signedInProvider({ approved: true })
    const review = await reviewOf(provider)
    for (const intent of ['delete', 'hide', 'remove']) {
      const answer = await post(provider.cookie, { intent, reviewId: review.id })
      expect(answer.status, intent).toBe(400)
    }
    expect(await rowOf(review.id)).toMatchObject({ status: 'published' })
  })

  it('sends clients, admins and visitors away from the page and its forms', async () => {
    const provider = await signedInProvider({ approved: true })
    const review = await reviewOf(provider)
    const body = { intent: 'reply', reviewId: review.id, reply: 'Obrigada pela visita!' }
    for (const role of ['client', 'admin'] as const) {
      const someone = await signedIn(role)
      const page = await callRoute(loader, '/dashboard/reviews', { cookie: someone.cookie })
      expect(page.status, role).toBe(302)
      expect(page.location, role).toBe(role === 'client' ? '/client-dashboard' : '/admin')
      const sent = await post(someone.cookie, body)
      expect(sent.status, role).toBe(302)
    }
    const visitor = await callRoute(loader, '/dashboard/reviews')
    expect(visitor.status).toBe(302)
    expect(visitor.location).toMatch(/^\/auth\?mode=login/)
    expect((await rowOf(review.id)).reply).toBeNull()
  })

  it('answers 400 to a missing or malformed review id, never a 500', async () => {
    const provider = await signedInProvider({ approved: true })
    for (const reviewId of [undefined, '', 'abc', "1' or '1'='1", `${crypto.randomUUID()}x`]) {
      const body: Record<string, string> = { intent: 'reply', reply: 'Obrigada pela visita!' }
      if (reviewId !== undefined) body.reviewId = reviewId
      const answer = await post(provider.cookie, body)
      expect(answer.status, String(reviewId)).toBe(400)
    }
    // A well-formed id of no review: not found.
    const unknown = await post(provider.cookie, {
      intent: 'report',
      reviewId: crypto.randomUUID(),
      reason: 'offensive',
    })
    expect(unknown.status).toBe(404)
  })
})
