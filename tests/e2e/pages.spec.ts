import { expect, test } from '../support/browser/fixtures.ts'

test.describe('about and terms', () => {
  test.use({ locale: 'pt-BR' })

  test('about: hero, features, figures, trust and the two calls to action', async ({ page }) => {
    await page.goto('/pt/about')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Um diretório honesto de acompanhantes verificadas',
    )
    await expect(page.getByRole('heading', { level: 3 })).toHaveCount(4)
    await expect(page.locator('dl > div')).toHaveCount(4)
    await expect(
      page.getByText('Anúncio direto, identidade verificada, nenhum intermediário.'),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'Quero anunciar' })).toHaveAttribute(
      'href',
      '/auth?mode=signup&type=provider',
    )
    await expect(page.getByRole('link', { name: 'Criar conta de cliente' })).toHaveAttribute(
      'href',
      '/auth?mode=signup&type=client',
    )
  })

  test('terms: the cliente tab from ?type=cliente, an anchor from the hash', async ({ page }) => {
    await page.goto('/pt/terms?type=cliente#politica_privacidade')
    await expect(page.getByRole('link', { name: 'Cliente' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(page.getByText('Última atualização: Janeiro 2024')).toBeVisible()
    const section = page.locator('#politica_privacidade')
    await expect(section).toBeInViewport()
    await expect(page.locator('#definicoes')).not.toBeInViewport()

    // The table of contents scrolls to each part.
    await page.getByRole('link', { name: 'Definições' }).click()
    await expect(page.locator('#definicoes')).toBeInViewport()
    await expect(page).toHaveURL(/#definicoes$/)

    // The default tab is the advertiser's; the hash can pick the client one too.
    await page.goto('/pt/terms')
    await expect(page.getByRole('link', { name: 'Anunciante' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await page.goto('/pt/terms#cliente')
    await expect(page.getByRole('link', { name: 'Cliente' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(page).toHaveURL(/\/pt\/terms\?type=cliente#cliente$/)
    for (const id of [
      'definicoes',
      'codigo_conduta',
      'politica_privacidade',
      'politica_publicidade',
    ]) {
      await expect(page.locator(`section#${id}`)).toHaveCount(1)
    }
    await expect(page.getByRole('link', { name: 'suporte@aprova.example' })).toBeVisible()
  })

  test('terms in English', async ({ page }) => {
    await page.goto('/en/terms?type=cliente')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of use')
    await expect(page.getByText('Last updated: January 2024')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Client', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })
})

test('offline, the service worker shows the bilingual offline page and keeps no HTML', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ serviceWorkers: 'allow', baseURL })
  await context.addCookies([{ name: 'aprova-age', value: '1', url: baseURL ?? '' }])
  const page = await context.newPage()
  await page.goto('/pt/')
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
  await context.setOffline(true)
  await page.goto('/pt/acompanhantes/sao-paulo')
  await expect(page.getByRole('heading', { name: 'Você está sem conexão' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible()
  await context.setOffline(false)
  const cached = await page.evaluate(async () => {
    const urls: string[] = []
    for (const key of await caches.keys()) {
      for (const request of await (await caches.open(key)).keys())
        urls.push(new URL(request.url).pathname)
    }
    return urls
  })
  expect(cached).toContain('/offline.html')
  expect(
    cached.filter(
      (url) => !url.startsWith('/assets/') && !['/offline.html', '/favicon.svg'].includes(url),
    ),
  ).toEqual([])
  await context.close()
})
