import { expect, hydrated, test } from '../support/browser/fixtures.ts'
import { specServer } from '../support/browser/spec-server.ts'

// A server of its own with 240 bulk-seeded profiles, enough for several pages per big city.

test.describe.configure({ mode: 'serial' })

const spec = specServer({
  env: () => ({ DEMO_DATA: '0' }),
  beforeStart: ({ run }) => {
    run(['scripts/seed-bulk.mjs', '--profiles', '240'])
  },
})

const cardLinks = async (page: import('@playwright/test').Page) =>
  page
    .locator('main ul li article a')
    .evaluateAll((links) =>
      links.map((link) => (link as HTMLAnchorElement).getAttribute('href') ?? ''),
    )

test('pick a city from the location search, paginate, apply filters, open a card', async ({
  page,
}) => {
  await page.goto(`${spec.base()}/pt/`)
  await hydrated(page)
  const box = page.getByRole('combobox', { name: 'Cidade ou bairro' }).first()
  await box.fill('sao pa')
  const option = page.getByRole('option', { name: /São Paulo, SP/ })
  await expect(option).toBeVisible()
  await box.press('ArrowDown')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/pt\/acompanhantes\/sao-paulo$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acompanhantes em São Paulo')

  // Page 1 and page 2 of the same minute never share a profile.
  const first = await cardLinks(page)
  expect(first).toHaveLength(20)
  await page
    .getByRole('navigation', { name: 'Paginação' })
    .getByRole('link', { name: 'Próxima' })
    .click()
  await expect(page).toHaveURL(/[?&]page=2/)
  await expect(page).toHaveURL(/[?&]r=\d+/)
  // Read the cards once page 2 is on screen, not while the navigation still shows page 1.
  await expect(
    page.getByRole('navigation', { name: 'Paginação' }).locator('[aria-current="page"]'),
  ).toHaveText('2')
  const second = await cardLinks(page)
  expect(second.length).toBeGreaterThan(0)
  expect(second.filter((href) => first.includes(href))).toEqual([])

  // Filters: edits are held until Apply, then written to the URL without defaults.
  await page.getByRole('button', { name: /Filtros/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Filtrar perfis' })
  const ageMin = dialog.getByRole('slider', { name: 'Idade mínima' })
  await ageMin.focus()
  for (let i = 0; i < 12; i++) await ageMin.press('ArrowRight')
  await expect(dialog.getByText('30 anos ou mais')).toBeVisible()
  await expect(page).not.toHaveURL(/ageMin/)
  await dialog.getByRole('button', { name: 'Aplicar' }).click()
  await expect(page).toHaveURL(/\/pt\/acompanhantes\/sao-paulo\?ageMin=30$/)
  await expect(page.getByRole('button', { name: /Filtros.*1 filtro ativo$/ })).toBeVisible()
  const ages = await page
    .locator('main article p', { hasText: / anos/ })
    .evaluateAll((nodes) =>
      nodes.map((node) => Number(/(\d+) anos/.exec(node.textContent ?? '')?.[1])),
    )
  expect(ages.length).toBeGreaterThan(0)
  expect(ages.every((age) => age >= 30)).toBe(true)

  // A card opens the profile with the city it was found in.
  const firstCard = page.locator('main article a').first()
  const href = (await firstCard.getAttribute('href')) ?? ''
  expect(href).toMatch(/^\/acompanhante\/[a-z0-9-]+\?ref_city=sao-paulo$/)
  await firstCard.click()
  await expect(page).toHaveURL(new RegExp(`${href.replace('?', '\\?')}$`))
})

test('view all on the city page clears the filters, or says the visitor sees them all', async ({
  page,
}) => {
  // With a filter narrowing the list, 'view all' shows the whole city.
  await page.goto(`${spec.base()}/pt/acompanhantes/sao-paulo?availability=true`)
  await hydrated(page)
  await page.getByRole('link', { name: 'Ver todos os perfis em São Paulo' }).click()
  await expect(page).toHaveURL(/\/sao-paulo\?status=all$/)
  await hydrated(page)
  await page.getByRole('link', { name: 'Ver todos os perfis em São Paulo' }).click()
  await expect(page.getByText('Você já está visualizando todos os perfis')).toBeVisible()
  await expect(page.getByText('Mostrando todos os perfis disponíveis em São Paulo')).toBeVisible()

  // Without one the page shows every profile of the city already: the toast, not a reload of
  // the same list (issue 19 point 11).
  await page.goto(`${spec.base()}/pt/acompanhantes/sao-paulo`)
  await hydrated(page)
  await page.getByRole('link', { name: 'Ver todos os perfis em São Paulo' }).click()
  await expect(page.getByText('Você já está visualizando todos os perfis')).toBeVisible()
  await expect(page).toHaveURL(/\/sao-paulo$/)
})

for (const [lang, names] of [
  ['pt', { nav: 'Paginação', first: 'Primeira página', last: 'Última página' }],
  ['en', { nav: 'Pagination', first: 'First page', last: 'Last page' }],
] as const) {
  test(`pagination has first and last page links (${lang})`, async ({ page }) => {
    await page.goto(`${spec.base()}/${lang}/acompanhantes/sao-paulo`)
    await hydrated(page)
    const nav = page.getByRole('navigation', { name: names.nav })
    await expect(nav.getByRole('link', { name: names.first })).toHaveCount(0)
    await nav.getByRole('link', { name: names.last }).click()
    await expect(page).toHaveURL(/[?&]page=\d+/)
    const last = Number(/[?&]page=(\d+)/.exec(page.url())?.[1])
    expect(last).toBeGreaterThan(2)
    await expect(nav.locator('[aria-current="page"]')).toHaveText(String(last))
    await expect(nav.getByRole('link', { name: names.last })).toHaveCount(0)
    await hydrated(page)
    await nav.getByRole('link', { name: names.first }).click()
    await expect(page).not.toHaveURL(/[?&]page=/)
    await expect(nav.locator('[aria-current="page"]')).toHaveText('1')
  })
}

test('a service page lists every profile offering it, 20 a page', async ({ page }) => {
  await page.goto(`${spec.base()}/pt/servicos/gfe`)
  const total = Number(
    /^(\d+) perfis$/.exec((await page.getByText(/^\d+ perfis$/).textContent()) ?? '')?.[1],
  )
  expect(total).toBeGreaterThan(50)
  expect(await cardLinks(page)).toHaveLength(20)
  const pages = Math.ceil(total / 20)
  await page.goto(`${spec.base()}/pt/servicos/gfe?page=${pages}`)
  expect(await cardLinks(page)).toHaveLength(total - 20 * (pages - 1))
  const response = await page.goto(`${spec.base()}/pt/servicos/gfe?page=${pages + 1}`)
  expect(response?.status()).toBe(404)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('filters work as a plain GET form and land on the canonical URL', async ({ page }) => {
    await page.goto(`${spec.base()}/en/acompanhantes/rio-de-janeiro`)
    await page.getByText('Filters').click()
    await page.getByLabel('Available now').check()
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page).toHaveURL(/\/en\/acompanhantes\/rio-de-janeiro\?availability=true$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Escorts in Rio de Janeiro')
  })

  test('the location box opens the typed place', async ({ page }) => {
    await page.goto(`${spec.base()}/pt/buscar`)
    const box = page.getByRole('combobox', { name: 'Cidade ou bairro' })
    await box.fill('copacabana')
    await box.press('Enter')
    await expect(page).toHaveURL(/\/pt\/acompanhantes\/rio-de-janeiro\?neighborhood=copacabana$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Busca em Copacabana, Rio de Janeiro',
    )
  })
})

test('unknown places answer 404 with the SPEC messages and noindex', async ({ page }) => {
  for (const [path, title] of [
    ['/pt/acompanhantes/atlantida', 'Cidade não encontrada'],
    ['/en/bairro/sao-paulo/nowhere', 'Neighborhood not found'],
    ['/pt/acompanhantes/sao-paulo/nada', 'Página não encontrada'],
    ['/pt/servicos/nada', 'Serviço não encontrado'],
  ] as const) {
    const response = await page.goto(`${spec.base()}${path}`)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  }
})
