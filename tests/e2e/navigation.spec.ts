import { expect, hydrated, test } from '../support/browser/fixtures.ts'

// Reaching every page (issue 19 points 9 to 13), on the demo data: 12 profiles in São Paulo,
// Rio de Janeiro and Belo Horizonte, one in each of their neighbourhoods.

test.describe('header, footer and the cities page', () => {
  for (const [lang, names] of [
    ['pt', { cities: 'Todas as cidades', services: 'Serviços', search: 'Buscar' }],
    ['en', { cities: 'All cities', services: 'Services', search: 'Search' }],
  ] as const) {
    test(`the header links every city, services and search (${lang})`, async ({ page }) => {
      await page.goto(`/${lang}/`)
      const nav = page.getByRole('banner').getByRole('navigation', {
        name: lang === 'pt' ? 'Navegação principal' : 'Main navigation',
      })
      await expect(nav.getByRole('link', { name: names.cities })).toHaveAttribute(
        'href',
        `/${lang}/cidades`,
      )
      await expect(nav.getByRole('link', { name: names.services })).toHaveAttribute(
        'href',
        `/${lang}/servicos`,
      )
      await expect(nav.getByRole('link', { name: names.search })).toHaveAttribute(
        'href',
        `/${lang}/buscar`,
      )
      await expect(
        page.getByRole('contentinfo').getByRole('link', { name: names.cities }),
      ).toHaveAttribute('href', `/${lang}/cidades`)
    })
  }

  test('the cities page groups cities by state, with counts, in both languages', async ({
    page,
  }) => {
    await page.goto('/pt/cidades')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cidades')
    const states = page.getByRole('main').getByRole('heading', { level: 2 })
    await expect(states).toHaveText(['Minas Gerais (MG)', 'Rio de Janeiro (RJ)', 'São Paulo (SP)'])
    const saoPaulo = page.locator('section#sp')
    await expect(saoPaulo.getByRole('link', { name: /^São Paulo \d+ perfis$/ })).toHaveAttribute(
      'href',
      '/pt/acompanhantes/sao-paulo',
    )
    await expect(page.getByRole('navigation', { name: 'Estados' }).getByRole('link')).toHaveText([
      'MG',
      'RJ',
      'SP',
    ])

    await page.goto('/en/cidades')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cities')
    await expect(
      page.locator('section#rj').getByRole('link', { name: /^Rio de Janeiro \d+ profiles$/ }),
    ).toHaveAttribute('href', '/en/acompanhantes/rio-de-janeiro')
    // The unprefixed path goes to Portuguese, as the other listing paths do.
    await page.goto('/cidades')
    await expect(page).toHaveURL(/\/pt\/cidades$/)
  })

  test('the side menu reaches the cities, services and search @phone', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'phone layout only')
    await page.goto('/pt/')
    await hydrated(page)
    await page.getByRole('button', { name: 'Abrir menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu.getByRole('link', { name: 'Serviços' })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Buscar' })).toBeVisible()
    await menu.getByRole('link', { name: 'Todas as cidades' }).click()
    await expect(page).toHaveURL(/\/pt\/cidades$/)
    await expect(menu).toBeHidden()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cidades')
  })
})

test.describe('search', () => {
  test('a service picker narrows the search and keeps the place', async ({ page }) => {
    await page.goto('/pt/buscar?city=sao-paulo')
    await hydrated(page)
    await page.getByLabel('Serviço', { exact: true }).selectOption('gfe')
    await expect(page).toHaveURL(/\/pt\/buscar\?city=sao-paulo&service=gfe$/)
    const chips = page.getByRole('list', { name: 'Busca atual' })
    await expect(chips.getByText('GFE (Namorada)')).toBeVisible()
    await expect(chips.getByText('São Paulo')).toBeVisible()
    await hydrated(page)
    await page.getByLabel('Serviço', { exact: true }).selectOption('')
    await expect(page).toHaveURL(/\/pt\/buscar\?city=sao-paulo$/)
  })

  test('a chosen neighbourhood is kept, and counts of one are singular', async ({ page }) => {
    await page.goto('/pt/buscar')
    await hydrated(page)
    const box = page.getByRole('combobox', { name: 'Cidade ou bairro' })
    await box.fill('moema')
    const option = page.getByRole('option', { name: /Moema, São Paulo/ })
    await expect(option).toContainText('1 perfil')
    await expect(option).not.toContainText('1 perfis')
    await option.click()
    await expect(page).toHaveURL(/\/pt\/buscar\?city=sao-paulo&neighborhood=moema$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Busca em Moema, São Paulo')
    await expect(page.locator('main p[aria-live="polite"]')).toHaveText('1 perfil')
    await expect(page.locator('main article')).toHaveCount(1)

    await page.goto('/en/buscar')
    await hydrated(page)
    const enBox = page.getByRole('combobox', { name: 'City or neighbourhood' })
    await enBox.fill('moema')
    const enOption = page.getByRole('option', { name: /Moema, São Paulo/ })
    await expect(enOption).toContainText('1 profile')
    await expect(enOption).not.toContainText('1 profiles')
    await enOption.click()
    await expect(page).toHaveURL(/\/en\/buscar\?city=sao-paulo&neighborhood=moema$/)
    await expect(page.locator('main p[aria-live="polite"]')).toHaveText('1 profile')
  })

  for (const [lang, label, message] of [
    ['pt', 'Cidade ou bairro', 'Nenhum local encontrado para “zzzz”'],
    ['en', 'City or neighbourhood', 'No place matches “zzzz”'],
  ] as const) {
    test(`a place that matches nothing says so (${lang})`, async ({ page }) => {
      await page.goto(`/${lang}/buscar`)
      await hydrated(page)
      const box = page.getByRole('combobox', { name: label })
      await box.fill('zzzz')
      await box.press('Enter')
      await expect(page).toHaveURL(new RegExp(`/${lang}/buscar\\?local=zzzz$`))
      await expect(page.getByRole('heading', { name: message })).toBeVisible()
      await expect(page.locator('main article')).toHaveCount(0)
      await expect(box).toHaveValue('zzzz')
    })
  }

  test('suggestions find states by code and name, and open their cities', async ({ page }) => {
    await page.goto('/pt/')
    await hydrated(page)
    const box = page.getByRole('combobox', { name: 'Cidade ou bairro' }).first()
    await box.fill('Bahia')
    await expect(page.getByRole('option', { name: /^Bahia\s*Estado/ })).toBeVisible()
    await box.fill('SP')
    const state = page.getByRole('option', { name: /^São Paulo\s*Estado/ })
    await expect(state).toContainText('perfis')
    await state.click()
    await expect(page).toHaveURL(/\/pt\/cidades#sp$/)
    await expect(page.locator('section#sp')).toBeInViewport()

    await page.goto('/en/')
    await hydrated(page)
    await page.getByRole('combobox', { name: 'City or neighbourhood' }).first().fill('minas')
    await expect(page.getByRole('option', { name: /^Minas Gerais\s*State/ })).toBeVisible()
  })
})

test('the filter dialog offers no choice that cannot change the list', async ({ page }) => {
  await page.goto('/pt/acompanhantes/sao-paulo')
  await hydrated(page)
  await page.getByRole('button', { name: /Filtros/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Filtrar perfis' })
  await expect(dialog.getByLabel('Disponível agora')).toBeVisible()
  await expect(dialog.getByText('Somente verificados')).toHaveCount(0)
  await expect(dialog.getByRole('radio')).toHaveCount(0)
})

test.describe('the language switch keeps the terms section', () => {
  test('an anchor in the address', async ({ page }) => {
    await page.goto('/pt/terms?type=cliente#politica_privacidade')
    await hydrated(page)
    await page
      .getByRole('navigation', { name: 'Idioma' })
      .getByRole('link', { name: 'English' })
      .click()
    await expect(page).toHaveURL(/\/en\/terms\?type=cliente#politica_privacidade$/)
    await expect(page.getByRole('heading', { level: 2, name: 'Privacy policy' })).toBeVisible()
    await expect(page.locator('#politica_privacidade')).toBeInViewport()
  })

  test('an anchor chosen in the table of contents', async ({ page }) => {
    await page.goto('/en/terms')
    await hydrated(page)
    await page.getByRole('link', { name: 'Advertising policy' }).click()
    await expect(page).toHaveURL(/#politica_publicidade$/)
    await page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('link', { name: 'Português' })
      .click()
    await expect(page).toHaveURL(/\/pt\/terms#politica_publicidade$/)
    await expect(page.locator('#politica_publicidade')).toBeInViewport()
  })
})

// The links of long lists are plain anchors with one listener on the document (issue 24 point 1,
// app/components/ui/app-link.tsx): a plain click still changes page in the browser, the page's
// state surviving; a click with a modifier key is left to the browser (a new tab).
test.describe('plain list links', () => {
  test('a card and a footer city change page without loading a document', async ({ page }) => {
    const documents: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url())
    })
    await page.goto('/pt/acompanhantes/sao-paulo')
    await hydrated(page)
    await page.evaluate(() => {
      ;(window as { stayed?: boolean }).stayed = true
    })
    const card = page.getByRole('main').getByRole('article').first().getByRole('link').first()
    const profilePath = await card.getAttribute('href')
    expect(profilePath).toMatch(/^\/acompanhante\//)
    await card.click()
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === profilePath)
    await page.goBack()
    await expect(page).toHaveURL(/\/pt\/acompanhantes\/sao-paulo$/)
    await hydrated(page)
    await page.getByRole('contentinfo').getByRole('link', { name: 'Rio de Janeiro' }).click()
    await expect(page).toHaveURL(/\/pt\/acompanhantes\/rio-de-janeiro$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Rio de Janeiro')
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true)
    expect(documents).toHaveLength(1)
  })

  test('a click with a modifier key or a middle click is left to the browser', async ({ page }) => {
    await page.goto('/pt/acompanhantes/sao-paulo')
    await hydrated(page)
    const taken = await page.evaluate(() => {
      const anchor = document.querySelector('main article a[data-app-link]')
      if (!anchor) throw new Error('no card link')
      const click = (init: MouseEventInit) =>
        !anchor.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ...init }))
      // Nothing else may move the page meanwhile: each dispatch is checked for a default prevented.
      const addresses = [location.href]
      const result = {
        ctrl: click({ ctrlKey: true }),
        meta: click({ metaKey: true }),
        shift: click({ shiftKey: true }),
        middle: click({ button: 1 }),
      }
      addresses.push(location.href)
      return { ...result, moved: addresses[0] !== addresses[1] }
    })
    expect(taken).toEqual({ ctrl: false, meta: false, shift: false, middle: false, moved: false })
  })
})
