import { expect, hydrated, test } from '../support/browser/fixtures.ts'

test('/ redirects to the Portuguese home', async ({ page }) => {
  const response = await page.goto('/')
  expect(new URL(page.url()).pathname).toBe('/pt/')
  expect(response?.status()).toBe(200)
})

for (const [lang, htmlLang, about, login, featured] of [
  ['pt', 'pt-BR', 'Sobre', 'Entrar', 'Perfis em destaque'],
  ['en', 'en', 'About', 'Log in', 'Featured profiles'],
] as const) {
  test(`/${lang}/ renders the shell in ${lang}`, async ({ page }) => {
    const response = await page.goto(`/${lang}/`)
    expect(response?.status()).toBe(200)
    await expect(page.locator('html')).toHaveAttribute('lang', htmlLang)
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: about })).toHaveAttribute(
      'href',
      `/${lang}/about`,
    )
    await expect(header.getByRole('link', { name: 'São Paulo' })).toHaveAttribute(
      'href',
      `/${lang}/acompanhantes/sao-paulo`,
    )
    await expect(header.getByRole('link', { name: login })).toHaveAttribute(
      'href',
      '/auth?mode=login',
    )
    const footer = page.getByRole('contentinfo')
    for (const city of ['Fortaleza', 'Brasília', 'Porto Alegre', 'Curitiba', 'Florianópolis']) {
      await expect(footer.getByRole('link', { name: city })).toBeVisible()
    }
    // Demo profiles are on the home page, each labelled as a demonstration.
    const cards = page.getByRole('region', { name: featured }).locator('article')
    await expect(cards).toHaveCount(12)
    await expect(cards.filter({ hasText: lang === 'pt' ? 'Demonstração' : 'Demo' })).toHaveCount(12)
  })
}

test('the language switcher keeps the page and stores the choice', async ({ page, context }) => {
  await page.goto('/pt/')
  await page.getByRole('banner').getByRole('link', { name: 'English' }).click()
  await expect(page).toHaveURL(/\/en\/$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  // Written by an effect once the page has hydrated, which may come after the server's HTML.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('aprova-lang'))).toBe('en')
  const cookie = (await context.cookies()).find((c) => c.name === 'aprova-lang')
  expect(cookie?.value).toBe('en')
  expect(cookie?.httpOnly).toBe(true)
})

// The strings are loaded by area and language (app/i18n/areas.ts): a client-side navigation into
// another language or area loads its strings before the page shows; a missing one would crash
// the page ('Cannot read properties of undefined', a page error the fixture fails on).
test('client-side navigation into another language and area brings its strings', async ({
  page,
}) => {
  // Each step is a client-side navigation (data, route and strings chunks): slow on a busy machine.
  const NAVIGATION = { timeout: 15_000 }
  await page.goto('/pt/')
  await hydrated(page)
  // Set on the first document: still there at the end if no page on the way was a full load.
  await page.evaluate(() => {
    ;(window as { firstDocument?: boolean }).firstDocument = true
  })
  await page.getByRole('banner').getByRole('link', { name: 'English' }).click()
  await expect(page).toHaveURL(/\/en\/$/, NAVIGATION)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/auth\b/, NAVIGATION)
  await expect(page.getByRole('heading', { name: 'Welcome to Aprova' })).toBeVisible(NAVIGATION)
  await page.getByRole('link', { name: /I am an escort/ }).click()
  await expect(page.getByRole('heading', { name: 'Create an advertiser account' })).toBeVisible(
    NAVIGATION,
  )
  await page.getByRole('link', { name: 'Aprova, home page' }).click()
  await expect(page).toHaveURL(/\/en\/$/, NAVIGATION)
  // The address changes before the new page is drawn: until the home page shows, the banner is
  // still the sign-up page's, whose 'Português' link leads to the Portuguese sign-up page.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Verified escorts, direct contact' }),
  ).toBeVisible(NAVIGATION)
  await page.getByRole('banner').getByRole('link', { name: 'Português' }).click()
  await expect(page).toHaveURL(/\/pt\/$/, NAVIGATION)
  await page.getByRole('banner').getByRole('link', { name: 'Entrar' }).click()
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible(NAVIGATION)
  expect(await page.evaluate(() => (window as { firstDocument?: boolean }).firstDocument)).toBe(
    true,
  )
})

test.describe('with a Portuguese browser', () => {
  test.use({ locale: 'pt-BR' })

  test('the language switcher works on pages without /pt or /en', async ({ page }) => {
    await page.goto('/pt/')
    await page.goto('/xyz?a=1')
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR')
    await page.getByRole('banner').getByRole('link', { name: 'English' }).click()
    await expect(page).toHaveURL(/\/xyz\?a=1$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found')
    await page.goto('/xyz')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  })

  test('an unknown path answers 404 with the 404 page', async ({ page }) => {
    const response = await page.goto('/xyz')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Página não encontrada')
    await page.getByRole('link', { name: 'Voltar ao início' }).click()
    await expect(page).toHaveURL(/\/pt\/$/)
  })
})

test('an unknown path outside /pt follows an English browser', async ({ page }) => {
  await page.goto('/xyz')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found')
})

test('an unknown English path answers 404 in English', async ({ page }) => {
  const response = await page.goto('/en/nothing-here')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found')
  await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
})

test('the mobile side menu lists the header entries @phone', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'phone layout only')
  await page.goto('/pt/')
  await page.getByRole('button', { name: 'Abrir menu' }).click()
  const menu = page.getByRole('dialog', { name: 'Menu' })
  await expect(menu.getByRole('link', { name: 'Sobre' })).toBeVisible()
  for (const city of ['São Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Salvador']) {
    await expect(menu.getByRole('link', { name: city })).toBeVisible()
  }
  await expect(menu.getByRole('link', { name: 'Entrar' })).toBeVisible()
  await expect(menu.getByRole('link', { name: 'Cadastrar' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
})

/** Holds the page's modules back until the returned function is called. */
async function holdScripts(page: import('@playwright/test').Page) {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/**
 * Resolves once the page is hydrated, the root's effect has dealt with the tap noted before
 * (it drops the note) and what that effect changed is on screen (a frame painted after it).
 */
async function afterHydration(page: import('@playwright/test').Page) {
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 15_000 })
  await hydrated(page)
  await expect
    .poll(() => page.evaluate(() => (window as { __aprovaTap?: unknown }).__aprovaTap))
    .toBeUndefined()
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
}

/**
 * Opens /pt/ with its modules held back (the server's HTML is on screen, React has not run) and
 * taps the menu's button; the button, and what lets the modules load.
 */
async function tapMenuBeforeHydration(page: import('@playwright/test').Page) {
  const release = await holdScripts(page)
  await page.goto('/pt/', { waitUntil: 'commit' })
  const button = page.getByRole('button', { name: 'Abrir menu' })
  await button.click()
  return { button, release }
}

test('a tap on the menu before the page is hydrated opens it once it is @phone', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'phone layout only')
  const { release } = await tapMenuBeforeHydration(page)
  const menu = page.getByRole('dialog', { name: 'Menu' })
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0)
  await expect(menu).toHaveCount(0)
  release()
  await expect(menu.getByRole('link', { name: 'Sobre' })).toBeVisible({ timeout: 15_000 })
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
})

test('a tap elsewhere after it, before hydration, means the menu is not opened @phone', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'phone layout only')
  const { button, release } = await tapMenuBeforeHydration(page)
  // She moved on: the last tap (on the page's heading) is what counts.
  await page.getByRole('heading', { level: 1 }).click()
  release()
  await afterHydration(page)
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0)
})

test('demo placeholder images load as WebP with width, height and srcset', async ({ page }) => {
  await page.goto('/pt/')
  const image = page.locator('main article img').first()
  await expect(image).toHaveAttribute('width', /\d+/)
  await expect(image).toHaveAttribute('height', /\d+/)
  await expect(image).toHaveAttribute('srcset', /320w.*640w.*1080w/)
  const response = await page.request.get((await image.getAttribute('src')) ?? '')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('image/webp')
})
