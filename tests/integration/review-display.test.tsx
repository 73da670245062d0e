import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_FILTERS } from '#app/domain/filters.ts'
import { rotationMinute } from '#app/domain/ranking.ts'
import { REVIEWS_PAGE_SIZE } from '#app/domain/reviews.ts'
import { favoritesOf } from '#app/modules/client/saved.server.ts'
import { onPublicPagesChanged, startChangeFeed } from '#app/modules/http/public-pages.server.ts'
import { listProfiles } from '#app/modules/listing/queries.server.ts'
import { listProfilesOrNull } from '#app/modules/listing/safe-list.server.ts'
import type { ReviewPage } from '#app/modules/reviews/review-types.ts'
import { testimonials } from '#app/modules/reviews/reviews.server.ts'
import * as home from '#app/routes/public/home.tsx'
import * as profileRoute from '#app/routes/public/profile.tsx'
import { databaseHandle, db } from '#db/client.server.ts'
import { favorites } from '#db/schema/clients.ts'
import { reviews } from '#db/schema/reviews.ts'
import { createAccount } from '#tests/factories/account.ts'
import { createProfile } from '#tests/factories/profile.ts'
import { pageUnderRoot, renderRoutes } from '#tests/support/render-route.tsx'
import { callRoute } from '#tests/support/route-call.ts'
import { setUpTestServer, TEST_BASE_URL } from '#tests/support/test-server.ts'

// Issue 20 points 4 and 5: what the public pages show of reviews (the profile page's section and
// its pages, the cards' figures, the home page's testimonials), on PGlite and PostgreSQL.

let authors: { id: string; name: string }[] = []

setUpTestServer()

beforeAll(async () => {
  authors = await Promise.all(
    ['Caio Andrade', 'Bruno Lima'].map((name) => createAccount({ role: 'client', name })),
  )
})

const MINUTE_MS = 60_000
const BODY = 'Atendimento pontual e educado, lugar limpo e tranquilo; as fotos são dela mesma.'

/** A review written `minutesAgo` ago, inserted as the review service leaves it. */
async function addReview(
  profileId: string,
  minutesAgo: number,
  values: Partial<typeof reviews.$inferInsert> = {},
) {
  const at = new Date(Date.now() - minutesAgo * MINUTE_MS)
  const [row] = await db()
    .insert(reviews)
    .values({
      profileId,
      authorId: authors[minutesAgo % 2]?.id ?? '',
      rating: 5,
      photosMatch: true,
      body: BODY,
      createdAt: at,
      publishedAt: values.status && values.status !== 'published' ? null : at,
      ...values,
    })
    .returning()
  if (!row) throw new Error('review not inserted')
  return row
}

/** The profile page's loader data for `search` (e.g. '?avaliacoes=2'). */
async function profilePage(username: string, search = '') {
  const answer = await callRoute(profileRoute.loader, `/acompanhante/${username}${search}`, {
    params: { slug: username },
  })
  expect(answer.status).toBe(200)
  return answer.data?.reviews as ReviewPage
}

describe('the profile page', () => {
  it('shows published reviews newest first, ten a page, with replies; never pending or hidden ones', async () => {
    const profile = await createProfile()
    // 23 published reviews, one a minute: rating 1–5 in turn, every third says the photos differ.
    const published = []
    for (let minute = 1; minute <= 23; minute += 1) {
      published.push(
        await addReview(profile.id, minute, {
          rating: (minute % 5) + 1,
          photosMatch: minute % 3 !== 0,
          reply: minute === 2 ? 'Obrigada pela visita, volte sempre.' : null,
          repliedAt: minute === 2 ? new Date() : null,
        }),
      )
    }
    const pending = await addReview(profile.id, 0, { status: 'pending' })
    const hidden = await addReview(profile.id, 0, { status: 'hidden', body: `${BODY} oculta` })

    const first = await profilePage(profile.username)
    expect(first.page).toBe(1)
    expect(first.pageCount).toBe(3)
    expect(first.reviews.map((review) => review.id)).toEqual(
      published.slice(0, REVIEWS_PAGE_SIZE).map((review) => review.id),
    )
    expect(first.reviews[0]?.authorName).toBe(authors[1]?.name)
    expect(first.reviews[1]?.reply).toBe('Obrigada pela visita, volte sempre.')
    expect(first.reviews[0]?.reply).toBeNull()
    const ratingSum = published.reduce((sum, review) => sum + review.rating, 0)
    expect(first.summary).toEqual({
      count: 23,
      average: Math.round((ratingSum / 23) * 10) / 10,
      photosMatchPercent: Math.round((16 / 23) * 100),
    })

    const second = await profilePage(profile.username, '?avaliacoes=2')
    expect(second.page).toBe(2)
    expect(second.reviews.map((review) => review.id)).toEqual(
      published.slice(10, 20).map((review) => review.id),
    )
    const third = await profilePage(profile.username, '?avaliacoes=3')
    expect(third.reviews.map((review) => review.id)).toEqual(
      published.slice(20).map((review) => review.id),
    )
    const shown = [...first.reviews, ...second.reviews, ...third.reviews].map((review) => review.id)
    expect(shown).not.toContain(pending.id)
    expect(shown).not.toContain(hidden.id)

    // Anything but a page number shows page 1; a page past the last shows the last.
    for (const bad of ['abc', '0', '-1', '2.5', '', '1e3', '%00', '9'.repeat(40)]) {
      const page = await profilePage(profile.username, `?avaliacoes=${bad}`)
      expect(page.page, bad).toBe(1)
      expect(page.reviews[0]?.id, bad).toBe(published[0]?.id)
    }
    const past = await profilePage(profile.username, '?avaliacoes=99')
    expect(past.page).toBe(3)
    expect(past.reviews.map((review) => review.id)).toEqual(third.reviews.map((r) => r.id))
    const twice = await profilePage(profile.username, '?avaliacoes=2&avaliacoes=3')
    expect(twice.page).toBe(2)
  })

  it('shows the average only from 3 reviews, the count and the photos share always', async () => {
    const profile = await createProfile()
    expect((await profilePage(profile.username)).summary).toEqual({
      count: 0,
      average: null,
      photosMatchPercent: null,
    })
    await addReview(profile.id, 3, { rating: 5, photosMatch: true })
    await addReview(profile.id, 2, { rating: 4, photosMatch: false })
    expect((await profilePage(profile.username)).summary).toEqual({
      count: 2,
      average: null,
      photosMatchPercent: 50,
    })
    await addReview(profile.id, 1, { rating: 4, photosMatch: true })
    expect((await profilePage(profile.username)).summary).toEqual({
      count: 3,
      average: 4.3,
      photosMatchPercent: 67,
    })
    // The team hides one: the figures follow at once.
    const [latest] = await db()
      .select()
      .from(reviews)
      .where(eq(reviews.profileId, profile.id))
      .orderBy(reviews.createdAt)
    await db()
      .update(reviews)
      .set({ status: 'hidden' })
      .where(eq(reviews.id, latest?.id ?? ''))
    expect((await profilePage(profile.username)).summary.average).toBeNull()
  })
})

describe('cards', () => {
  it("carry the profile's count and average, from the listing's one query and the favourites'", async () => {
    const rated = await createProfile()
    const few = await createProfile()
    const none = await createProfile()
    for (const [minute, rating] of [
      [3, 5],
      [2, 5],
      [1, 4],
    ] as const) {
      await addReview(rated.id, minute, { rating })
    }
    await addReview(few.id, 1, { rating: 2 })
    await addReview(none.id, 1, { rating: 1, status: 'pending' })
    const listing = await listProfiles({
      filters: DEFAULT_FILTERS,
      minute: rotationMinute(new Date()),
      limit: 1000,
      offset: 0,
    })
    const card = (id: string) => listing.profiles.find((profile) => profile.id === id)
    expect(card(rated.id)).toMatchObject({ reviewCount: 3, ratingAverage: 4.7 })
    expect(card(few.id)).toMatchObject({ reviewCount: 1, ratingAverage: null })
    expect(card(none.id)).toMatchObject({ reviewCount: 0, ratingAverage: null })

    const client = await createAccount({ role: 'client' })
    await db()
      .insert(favorites)
      .values([
        { userId: client.id, profileId: rated.id },
        { userId: client.id, profileId: none.id },
      ])
    const saved = await favoritesOf(client.id)
    const savedCard = (id: string) =>
      saved
        .flatMap((entry) => (entry.kind === 'public' ? [entry.card] : []))
        .find((c) => c.id === id)
    expect(savedCard(rated.id)).toMatchObject({ reviewCount: 3, ratingAverage: 4.7 })
    expect(savedCard(none.id)).toMatchObject({ reviewCount: 0, ratingAverage: null })
  })
})

describe('testimonials', () => {
  it('are the featured, quotable, published reviews of public profiles that are not demos', async () => {
    const open = await createProfile()
    const demo = await createProfile({ isDemo: true })
    const paused = await createProfile({ visibilityStatus: 'paused' })
    const chosen = { featured: true, quotable: true }
    const shown = await addReview(open.id, 1, { ...chosen, body: `${BODY} Escolhida.` })
    const refused = [
      // (Featured but not quotable cannot be stored: a check of the table refuses it.)
      await addReview(open.id, 2, { featured: false, quotable: false }),
      await addReview(open.id, 3, { featured: false, quotable: true }),
      await addReview(open.id, 4, { ...chosen, status: 'pending' }),
      await addReview(open.id, 5, { ...chosen, status: 'hidden' }),
      await addReview(demo.id, 1, chosen),
      await addReview(paused.id, 1, chosen),
    ].map((review) => review.id)
    const quotes = await testimonials(100)
    const ids = quotes.map((quote) => quote.id)
    expect(ids).toContain(shown.id)
    for (const id of refused) expect(ids).not.toContain(id)
    expect(quotes.find((quote) => quote.id === shown.id)).toMatchObject({
      rating: 5,
      profileUsername: open.username,
      profileName: open.name,
    })

    // The home page hands the newest two to its feed.
    const answer = await callRoute(home.loader, '/pt', { context: { clientIp: '192.0.2.1' } })
    expect(answer.data?.testimonials.map((quote: { id: string }) => quote.id)).toEqual(
      ids.slice(0, 2),
    )
  })
})

/** The profile page as the server renders it (root and page, without hydration data). */
async function renderProfile(path: string) {
  const routes = pageUnderRoot(profileRoute, 'acompanhante/:slug')
  const request = new Request(`${TEST_BASE_URL}${path}`, {
    headers: { 'accept-language': 'pt-BR' },
  })
  return (await renderRoutes(routes, request)).html
}

describe('rendered', () => {
  it('a review with markup comes out as text, with its stars, reply and page links', async () => {
    const profile = await createProfile()
    for (let minute = 12; minute >= 1; minute -= 1) await addReview(profile.id, minute + 1)
    await addReview(profile.id, 0, {
      body: '<b>Negrito</b> <script>alert(1)</script> <img src=x onerror=alert(2)> texto longo.',
      reply: '<i>Resposta</i> da anunciante.',
      repliedAt: new Date(),
    })
    const html = await renderProfile(`/acompanhante/${profile.username}`)
    expect(html).toContain('id="avaliacoes"')
    expect(html).toContain('&lt;b&gt;Negrito&lt;/b&gt;')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('&lt;i&gt;Resposta&lt;/i&gt;')
    expect(html).not.toMatch(/<b>Negrito|<script>alert|<img src="?x|<i>Resposta/)
    expect(html).toContain('13 avaliações')
    expect(html).toContain('5,0 de 5')
    expect(html).toContain(`href="/acompanhante/${profile.username}/avaliar"`)
    expect(html).toContain(`?avaliacoes=2#avaliacoes`)
  })

  it('a profile without reviews says so and still offers to write one', async () => {
    const profile = await createProfile()
    const html = await renderProfile(`/acompanhante/${profile.username}`)
    expect(html).toContain('Ainda não há avaliações deste perfil.')
    expect(html).toContain('Escrever uma avaliação')
    const demo = await createProfile({ isDemo: true })
    const demoHtml = await renderProfile(`/acompanhante/${demo.username}`)
    expect(demoHtml).not.toContain('Escrever uma avaliação')
  })
})

describe('kept pages', () => {
  let stopFeed: (() => Promise<void>) | undefined
  let forgotten = 0
  const stopCounting = onPublicPagesChanged(() => {
    forgotten += 1
  })

  beforeAll(async () => {
    const handle = databaseHandle()
    if (!handle) throw new Error('no database')
    stopFeed = await startChangeFeed(handle)
  })

  afterAll(async () => {
    stopCounting()
    await stopFeed?.()
  })

  it('are forgotten when a review is published or hidden: a kept listing shows the new figures', async () => {
    const profile = await createProfile()
    const query = {
      filters: DEFAULT_FILTERS,
      minute: rotationMinute(new Date()),
      limit: 1000,
      offset: 0,
    }
    const figures = async () => {
      const page = await listProfilesOrNull(query)
      return page?.profiles.find((card) => card.id === profile.id)?.reviewCount
    }
    expect(await figures()).toBe(0)
    const before = forgotten
    const review = await addReview(profile.id, 1)
    await expect.poll(() => forgotten, { timeout: 5000, interval: 10 }).toBeGreaterThan(before)
    expect(await figures()).toBe(1)
    const beforeHiding = forgotten
    await db().update(reviews).set({ status: 'hidden' }).where(eq(reviews.id, review.id))
    await expect
      .poll(() => forgotten, { timeout: 5000, interval: 10 })
      .toBeGreaterThan(beforeHiding)
    expect(await figures()).toBe(0)
  })
})
