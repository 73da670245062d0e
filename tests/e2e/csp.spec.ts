import type { Page } from '@playwright/test'
import { expect, hydrated, test } from '../support/browser/fixtures.ts'

// Issue 10 point 5: Chromium reports no Content-Security-Policy violation on the main pages,
// once hydrated and after a first interaction (client navigation, a fetch, a dialog). The
// violations are collected from the page itself (`securitypolicyviolation` events, installed
// before any of the page's scripts) and from the console, where Chromium also reports them.

test.use({ locale: 'pt-BR' })

interface Watch {
  console: string[]
}

async function watchViolations(page: Page): Promise<Watch> {
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.defineProperty(window, '__cspViolations', { value: seen })
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        seen.push(
          `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} in ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
        )
      },
      true,
    )
  })
  const watch: Watch = { console: [] }
  page.on('console', (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) watch.console.push(message.text())
  })
  return watch
}

/** Waits until the page has hydrated, React Router is idle and its eager images have loaded. */
async function settle(page: Page) {
  await hydrated(page)
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.images]
            .filter((image) => image.loading !== 'lazy')
            .every((image) => image.complete),
        ),
      { timeout: 15_000 },
    )
    .toBe(true)
}

async function expectNoViolation(page: Page, watch: Watch, label: string) {
  const seen = await page.evaluate(
    () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
  )
  expect([...seen, ...watch.console], `CSP violations on ${label}`).toEqual([])
}

/** Opens `path`, checks its CSP header carries a script nonce, waits for hydration. */
async function open(page: Page, path: string, status = 200) {
  const response = await page.goto(path)
  expect(response?.status(), path).toBe(status)
  expect(response?.headers()['content-security-policy'], path).toMatch(
    /script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/,
  )
  await settle(page)
}

/** A public profile of the demo data, from the São Paulo listing. */
async function demoProfile(page: Page) {
  const response = await page.request.get('/pt/acompanhantes/sao-paulo')
  const username = /href="\/acompanhante\/([a-z0-9-]+)[?"]/.exec(await response.text())?.[1]
  expect(username).toBeTruthy()
  return username ?? ''
}

test('the home pages, a city listing and search hydrate and fetch without a CSP violation', async ({
  page,
}) => {
  const watch = await watchViolations(page)
  await open(page, '/en/')
  await expectNoViolation(page, watch, '/en/')

  await open(page, '/pt/')
  // The location search asks /api/locations as the visitor types (connect-src).
  const box = page.getByRole('combobox', { name: 'Cidade ou bairro' }).first()
  await box.fill('sao pa')
  await expect(page.getByRole('option', { name: /São Paulo, SP/ })).toBeVisible()
  await expectNoViolation(page, watch, '/pt/ with the location search')

  // A client-side navigation loads the next page's data and route modules.
  await page.getByRole('banner').getByRole('link', { name: 'São Paulo' }).click()
  await expect(page).toHaveURL(/\/pt\/acompanhantes\/sao-paulo$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acompanhantes em São Paulo')
  await settle(page)
  await expectNoViolation(page, watch, '/pt/acompanhantes/sao-paulo')

  await open(page, '/pt/buscar?city=sao-paulo')
  await expectNoViolation(page, watch, '/pt/buscar')
  await open(page, '/pt/servicos')
  await expectNoViolation(page, watch, '/pt/servicos')
})

test('a profile, its gallery and its report page show without a CSP violation', async ({
  page,
}) => {
  const watch = await watchViolations(page)
  const username = await demoProfile(page)
  await open(page, `/acompanhante/${username}`)
  const name = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? ''
  // The gallery dialog, then the report page through its link.
  await page
    .getByRole('link', { name: /^Foto 1 de \d+ de / })
    .first()
    .click()
  const gallery = page.getByRole('dialog')
  await expect(gallery).toBeVisible()
  await settle(page)
  await gallery.getByRole('button', { name: 'Fechar galeria' }).click()
  await expect(gallery).toBeHidden()
  await expectNoViolation(page, watch, `/acompanhante/${username}`)

  await page.getByRole('link', { name: 'Denunciar este perfil' }).click()
  await expect(page.getByRole('heading', { name: `Denunciar o perfil de ${name}` })).toBeVisible()
  await settle(page)
  await expectNoViolation(page, watch, 'the report page (client navigation)')

  await open(page, `/acompanhante/${username}/denunciar`)
  await page.getByRole('button', { name: 'Enviar denúncia' }).click()
  await expect(page.getByRole('alert')).toHaveText('Escolha um motivo')
  await expectNoViolation(page, watch, `/acompanhante/${username}/denunciar`)
})

test('the auth page, its sign-up card and the 404 page show without a CSP violation', async ({
  page,
}) => {
  const watch = await watchViolations(page)
  await open(page, '/auth')
  await page.goto('/auth?mode=signup&type=client')
  await settle(page)
  await expect(page.getByLabel('Nome de exibição')).toBeVisible()
  await expectNoViolation(page, watch, '/auth')

  await open(page, '/pt/pagina-que-nao-existe', 404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Página não encontrada')
  await expectNoViolation(page, watch, 'the 404 page')
})

test.describe('on a phone, before the age gate', () => {
  test.use({ viewport: { width: 390, height: 844 }, ageConfirmed: false, isMobile: true })

  test('the age gate and the side menu work without a CSP violation', async ({ page }) => {
    const watch = await watchViolations(page)
    await open(page, '/pt/')
    await page.getByRole('button', { name: 'Tenho mais de 18 anos – Entrar' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    // Entering returns to the page: by a client navigation, or by a new page when the click
    // came before hydration. Either way the menu is opened on the page that stays.
    await settle(page)
    await page.getByRole('button', { name: 'Abrir menu' }).click()
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
    await expectNoViolation(page, watch, '/pt/ with the age gate and the menu')
  })
})
