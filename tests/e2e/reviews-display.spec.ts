import type { Page } from '@playwright/test'
import { expect, hydrated, test } from '../support/browser/fixtures.ts'
import { specServer } from '../support/browser/spec-server.ts'

// What the public pages show of reviews (issue 20 points 4 and 5), on a server of its own whose
// reviews a helper inserts while it is stopped: ratings on the cards and the profile page in both
// languages, the pages of reviews, markup shown as text, and the home feed's second testimonial
// appearing only once the visitor scrolled past 30% of the page.

let seeded: { rated: string; few: string; none: string }

test.describe.configure({ mode: 'serial' })

// A first start migrates the database; the reviews go in while it is stopped.
const spec = specServer({
  env: () => ({ DEMO_DATA: '0' }),
  prepare: ({ helper }) => {
    seeded = helper('insertReviews')
  },
})

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'aprova-age', value: '1', url: spec.base() }])
})

/** The card of the profile named `name` in the home feed. */
const feedCard = (page: Page, name: string) =>
  page
    .getByRole('region', { name: /Disponíveis em|Available in/ })
    .locator('article')
    .filter({ has: page.getByRole('heading', { name }) })

test('ratings show on the cards and on the profile page, in Portuguese @phone', async ({
  page,
}) => {
  await page.goto(`${spec.base()}/pt?city=sao-paulo`)
  await expect(feedCard(page, 'Helena Prado').locator('[data-rating] > [aria-hidden]')).toHaveText(
    '★ 4,7 (12)',
  )
  await expect(feedCard(page, 'Irene Castro').locator('[data-rating]')).toHaveText('2 avaliações')
  await expect(feedCard(page, 'Joana Reis').locator('[data-rating]')).toHaveCount(0)

  await page.goto(`${spec.base()}/acompanhante/${seeded.rated}`)
  const reviews = page.locator('#avaliacoes')
  await expect(reviews.getByRole('heading', { name: 'Avaliações' })).toBeVisible()
  await expect(reviews.locator('[data-summary]')).toContainText('4,7 de 5')
  await expect(reviews.locator('[data-summary]')).toContainText('12 avaliações')
  await expect(reviews.locator('[data-summary]')).toContainText(
    '92% dizem que as fotos correspondem',
  )
  await expect(reviews.getByRole('link', { name: 'Escrever uma avaliação' })).toHaveAttribute(
    'href',
    `/acompanhante/${seeded.rated}/avaliar`,
  )
  // Newest first; the markup of the newest is shown as text, never as bold.
  const items = reviews.locator('[data-review]')
  await expect(items).toHaveCount(10)
  await expect(items.first()).toContainText(
    'Texto com <b>marcação</b> que deve aparecer como texto',
  )
  await expect(items.first().locator('b')).toHaveCount(0)
  await expect(items.nth(3).locator('[data-reply]')).toContainText(
    'Obrigada pela visita, volte sempre.',
  )
  await expect(items.nth(1)).toContainText('Avaliação número 11')

  // The second page: the two oldest; back to the first.
  await hydrated(page)
  await reviews.getByRole('navigation').getByRole('link', { name: 'Próxima' }).click()
  await expect(page).toHaveURL(/\?avaliacoes=2#avaliacoes$/)
  await expect(items).toHaveCount(2)
  await expect(items.last()).toContainText('Avaliação número 1:')
  await expect(reviews.getByRole('navigation').locator('[aria-current="page"]')).toHaveText('2')
  await reviews.getByRole('navigation').getByRole('link', { name: 'Anterior' }).click()
  await expect(items).toHaveCount(10)

  // A page past the last shows the last; a profile without reviews says so.
  await page.goto(`${spec.base()}/acompanhante/${seeded.rated}?avaliacoes=40`)
  await expect(page.locator('#avaliacoes [data-review]')).toHaveCount(2)
  await page.goto(`${spec.base()}/acompanhante/${seeded.none}`)
  await expect(page.locator('#avaliacoes')).toContainText('Ainda não há avaliações deste perfil.')
  await page.goto(`${spec.base()}/acompanhante/${seeded.few}`)
  await expect(page.locator('#avaliacoes [data-summary]')).toHaveText(
    /^2 avaliações100% dizem que as fotos correspondem$/,
  )
})

test('ratings show on the cards and on the profile page, in English @phone', async ({ page }) => {
  await page.goto(`${spec.base()}/en?city=sao-paulo`)
  await expect(feedCard(page, 'Helena Prado').locator('[data-rating] > [aria-hidden]')).toHaveText(
    '★ 4.7 (12)',
  )
  await expect(feedCard(page, 'Irene Castro').locator('[data-rating]')).toHaveText('2 reviews')
  await page.goto(`${spec.base()}/acompanhante/${seeded.rated}`)
  const reviews = page.locator('#avaliacoes')
  await expect(reviews.getByRole('heading', { name: 'Reviews' })).toBeVisible()
  await expect(reviews.locator('[data-summary]')).toContainText('4.7 out of 5')
  await expect(reviews.locator('[data-summary]')).toContainText('12 reviews')
  await expect(reviews.locator('[data-summary]')).toContainText('92% say the photos match')
  await expect(reviews.getByRole('link', { name: 'Write a review' })).toBeVisible()
  await expect(reviews.locator('[data-review]').first()).toContainText('Photos match: yes')
})

test('the second testimonial appears only after scrolling past 30% of the page @phone', async ({
  page,
}) => {
  await page.goto(`${spec.base()}/pt?city=sao-paulo`)
  await hydrated(page)
  const testimonials = page.locator('[data-testimonial]')
  await expect(testimonials).toHaveCount(2)
  // The newest chosen review is in the feed, with its stars, author and profile link.
  const first = testimonials.first()
  await expect(first).toBeVisible()
  await expect(first).toContainText('Avaliação número 11')
  await expect(first).toContainText('Bruno Lima, sobre Helena Prado')
  await expect(first.getByRole('link', { name: 'Ver o perfil de Helena Prado' })).toHaveAttribute(
    'href',
    `/acompanhante/${seeded.rated}`,
  )
  const second = testimonials.nth(1)
  await expect(second).toBeHidden()
  const scrollTo = (share: number) =>
    page.evaluate((at) => {
      const scrollable = document.documentElement.scrollHeight - window.innerHeight
      window.scrollTo(0, Math.ceil(scrollable * at))
    }, share)
  await scrollTo(0.2)
  await expect(page.evaluate(() => window.scrollY)).resolves.toBeGreaterThan(0)
  await expect(second).toBeHidden()
  await scrollTo(0.35)
  await expect(second).toBeVisible()
  await expect(second).toContainText('Avaliação número 10')
})
