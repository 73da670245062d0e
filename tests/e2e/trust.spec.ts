import type { Locator, Page } from '@playwright/test'
import { expect, hydrated, test } from '../support/browser/fixtures.ts'

// Issue 19 points 2–8 and 12 (the contact route's message): trust signals and the phone layout,
// on the demo data (12 demonstration profiles; in Rio de Janeiro, 4 based there and 3 touring).

const PHONE = { width: 390, height: 844 }

/** The contact route's path of a profile's WhatsApp button, read from its page. */
async function contactBase(page: Page, username: string) {
  const html = await (await page.request.get(`/acompanhante/${username}`)).text()
  const base = html.match(/href="(\/contato\/[0-9a-f-]{36}\/)whatsapp"/)?.[1]
  if (!base) throw new Error(`no contact link on ${username}`)
  return base
}

/** Whether two boxes overlap. */
async function overlap(a: Locator, b: Locator) {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()]
  if (!x || !y) throw new Error('not visible')
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height
}

for (const [lang, locale, text] of [
  [
    'pt',
    'pt-BR',
    {
      button: 'WhatsApp (demonstração)',
      title: 'Contato de demonstração',
      back: 'Voltar ao perfil',
      noX: 'Este perfil não tem contato por X.',
      touring: 'Atende em viagens',
      from: 'De São Paulo',
      touringStart: 'Em viagem por Rio de Janeiro',
      split: /Daqui: 4 · Em viagem: 3/,
    },
  ],
  [
    'en',
    'en-US',
    {
      button: 'WhatsApp (demonstration)',
      title: 'Demonstration contact',
      back: 'Back to the profile',
      noX: 'This profile has no X contact.',
      touring: 'Touring',
      from: 'From São Paulo',
      touringStart: 'Touring Rio de Janeiro',
      split: /Based here: 4 · Touring: 3/,
    },
  ],
] as const) {
  test.describe(`trust signals (${lang})`, () => {
    test.use({ locale })

    test('a demo profile’s contact buttons say so and lead to a notice, not to a number', async ({
      page,
    }) => {
      await page.goto('/acompanhante/luna-azul')
      await hydrated(page)
      const button = page.getByRole('link', { name: text.button })
      await expect(button).toBeVisible()
      await button.click()
      await expect(page).toHaveURL(/\/contato\/[0-9a-f-]{36}\/whatsapp$/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.title)
      await expect(page.getByText('Luna Azul')).toBeVisible()
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
      await page.getByRole('link', { name: text.back }).click()
      await expect(page).toHaveURL(/\/acompanhante\/luna-azul$/)

      const base = await contactBase(page, 'luna-azul')
      for (const channel of ['whatsapp', 'telegram', 'x']) {
        const answer = await page.request.get(`${base}${channel}`, { maxRedirects: 0 })
        expect(answer.status(), channel).toBe(200)
        expect(answer.headers()['x-robots-tag']).toBe('noindex, nofollow')
        expect(answer.headers().location).toBeUndefined()
        expect(await answer.text()).not.toMatch(/wa\.me|t\.me\/|x\.com\/|lunaazul_demo/)
      }
    })

    test('a profile without X says it has no X contact (404)', async ({ page }) => {
      // Safira Brisa offers WhatsApp and Telegram, not X.
      const base = await contactBase(page, 'safira-brisa')
      const answer = await page.goto(`${base}x`)
      expect(answer?.status()).toBe(404)
      await expect(page.getByText(text.noX)).toBeVisible()
      await page.getByRole('link', { name: text.back }).click()
      await expect(page).toHaveURL(/\/acompanhante\/safira-brisa$/)
    })

    test('touring profiles in a city are labelled, after the city’s own, and the counts agree', async ({
      page,
    }) => {
      await page.goto(`/${lang}/acompanhantes/rio-de-janeiro`)
      const cards = page.locator('main ul li article')
      await expect(cards).toHaveCount(7)
      const touring = await cards.evaluateAll((all) =>
        all.map((card) => card.querySelector('[data-touring]') !== null),
      )
      // The 4 based in Rio first, then the 3 touring ones, under their own line.
      expect(touring).toEqual([false, false, false, false, true, true, true])
      const luna = cards.filter({ hasText: 'Luna Azul' })
      await expect(luna).toContainText(text.touring)
      await expect(luna).toContainText(text.from)
      await expect(page.getByText(text.touringStart)).toBeVisible()
      const count = page.locator('[data-listing-count]')
      await expect(count).toContainText('7')
      await expect(count).toContainText(text.split)
      // The location suggestion counts the same 7.
      const suggestions = await (await page.request.get('/api/locations?q=Rio de Janeiro')).json()
      expect(suggestions[0]).toMatchObject({ slug: 'rio-de-janeiro', profileCount: 7 })
    })
  })
}

test.describe('cards', () => {
  test.use({ locale: 'pt-BR' })

  test('a card whose photo fails shows Foto em breve, never a broken image', async ({
    page,
    pageErrors,
  }) => {
    await page.route('**/media/demo/**', (route) => route.fulfill({ status: 404 }))
    await page.goto('/pt/acompanhantes/sao-paulo')
    await hydrated(page)
    const cards = page.locator('main ul li article')
    await expect(cards.first()).toBeVisible()
    const total = await cards.count()
    await expect(page.locator('main article [data-photo-placeholder]')).toHaveCount(total)
    await expect(cards.first()).toContainText('Foto em breve')
    await expect(page.locator('main article img')).toHaveCount(0)
    // The plan badge stays readable above the placeholder.
    await expect(cards.first().getByText('VIP+')).toBeVisible()
    // In English too.
    await page.goto('/en/acompanhantes/sao-paulo')
    await hydrated(page)
    await expect(cards.first()).toContainText('Photo coming soon')
    await expect(page.locator('main article img')).toHaveCount(0)
    // The failed loads were wanted here.
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('/media/')))
  })

  // Issue 24 point 3: the largest paint is the first card's photo; it alone is preloaded and
  // fetched first, and each photo is asked at the width it is shown.
  for (const path of ['/pt/', '/pt/acompanhantes/sao-paulo']) {
    test(`${path}: one photo is preloaded with high priority, the first card's`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 })
      await page.goto(path)
      await hydrated(page)
      // React preloads the other eager photo of the first row too, at normal priority.
      const preloads = page.locator('head link[rel="preload"][as="image"][fetchpriority="high"]')
      await expect(preloads).toHaveCount(1)
      const first = page.locator('main article img').first()
      await expect(page.locator('main img[fetchpriority="high"]')).toHaveCount(1)
      await expect(first).toHaveAttribute('fetchpriority', 'high')
      expect(await preloads.getAttribute('imagesrcset')).toBe(await first.getAttribute('srcset'))
      expect(await preloads.getAttribute('imagesizes')).toBe(await first.getAttribute('sizes'))
      // 176 px wide in the home's strip, 50vw in a grid: the smallest file that covers it.
      await expect
        .poll(() => first.evaluate((img: HTMLImageElement) => img.currentSrc))
        .toMatch(/-320\.webp$/)
    })
  }

  test('the plan badges never sit under the heart (desktop)', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 })
    await page.goto('/pt/')
    const cards = page.locator('main article')
    await expect(cards.first()).toBeVisible()
    for (const card of await cards.all()) {
      const heart = card.getByRole('button', { name: /^Favoritar / })
      for (const badge of await card.locator('span.rounded.px-2').all()) {
        expect(await overlap(badge, heart)).toBe(false)
      }
    }
  })

  test('the verified badge is the same on a card and on its page', async ({ page }) => {
    await page.goto('/pt/acompanhantes/rio-de-janeiro')
    const card = page.locator('main ul li article').first()
    await expect(card.getByRole('img', { name: 'Verificada' })).toBeVisible()
    await card.locator('a').first().click()
    await expect(
      page.getByRole('heading', { level: 1 }).getByRole('img', { name: 'Verificada' }),
    ).toBeVisible()
  })
})

test.describe('on a phone (390×844) @phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'pt-BR' })

  test('the home page shows profiles on the first screen', async ({ page }) => {
    await page.goto('/pt/')
    const first = page.locator('main article').first()
    await expect(first).toBeVisible()
    const box = await first.boundingBox()
    // The card's photo, at least, is on the first screen.
    expect(box?.y ?? PHONE.height).toBeLessThan(PHONE.height - 150)
  })

  test('names on two-column cards wrap to two lines instead of being cut', async ({ page }) => {
    await page.goto('/pt/acompanhantes/sao-paulo')
    // Hydrated first: a text changed before would not match the server's, and React would
    // draw the card again without it.
    await hydrated(page)
    const names = page.locator('main ul li article h2 > span').first()
    await expect(names).toBeVisible()
    // The longest names the policy allows (18 characters), as some advertisers have them.
    for (const name of ['Sabrina Jacqueline', 'Mariaeduardaluzsol']) {
      const fit = await names.evaluate((span, text) => {
        span.textContent = text
        const style = getComputedStyle(span)
        const lines = Math.round(
          span.getBoundingClientRect().height / Number.parseFloat(style.lineHeight),
        )
        return {
          cut: span.scrollWidth > span.clientWidth || style.textOverflow === 'ellipsis',
          lines,
        }
      }, name)
      expect(fit, name).toEqual({ cut: false, lines: expect.any(Number) })
      expect(fit.lines, name).toBeLessThanOrEqual(2)
    }
  })

  test('a profile page has a contact bar at the bottom that covers nothing and shifts nothing', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const shifts: number[] = []
      ;(window as { __shifts?: number[] }).__shifts = shifts
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number
          hadRecentInput: boolean
        })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value)
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto('/acompanhante/luna-azul')
    await hydrated(page)
    const bar = page.locator('[data-contact-bar]')
    await expect(bar).toBeVisible()
    const box = await bar.boundingBox()
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height)
    // The same links as the contact card's (the route counts the click).
    const links = (locator: Locator) =>
      locator.locator('a').evaluateAll((all) => all.map((a) => a.getAttribute('href')))
    const card = page.locator('section[aria-labelledby="contact-heading"]')
    expect(await links(bar)).toEqual(await links(card))
    expect(await links(bar)).toHaveLength(3)
    await expect(bar).toContainText('Demonstração')
    // At the end of the page the last content (the footer's end) sits above the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await expect
      .poll(async () => {
        const barTop = (await page.locator('div.fixed.bottom-0').boundingBox())?.y ?? 0
        const footer = await page.locator('footer').boundingBox()
        return (footer?.y ?? 0) + (footer?.height ?? 0) <= barTop + 0.5
      })
      .toBe(true)
    // No layout shift, from the first paint to the end of the page.
    const shifts = await page.evaluate(() => (window as { __shifts?: number[] }).__shifts ?? [])
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0)
  })
})
