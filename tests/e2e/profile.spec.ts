import { expect, test } from './fixtures.ts'

test.describe('profile page', () => {
  test.use({ locale: 'pt-BR' })

  test('is complete in the server HTML, without any phone number', async ({ request }) => {
    const response = await request.get('/acompanhante/luna-azul', {
      headers: { 'accept-language': 'pt-BR' },
    })
    expect(response.status()).toBe(200)
    const html = await response.text()
    expect(html).toContain('<h1')
    expect(html).toContain('Luna Azul')
    expect(html).toContain('Olá! Sou a Luna')
    expect(html).toContain('São Paulo')
    expect(html).toMatch(/srcSet="\/media\/demo\/luna-azul-1-320\.webp 320w/)
    expect(html).not.toMatch(/\+?55\s?11\s?9?0000|whatsapp\.com|wa\.me\/\d/)
  })

  test('opens from a city page with the city in the breadcrumb', async ({ page }) => {
    await page.goto('/pt/acompanhantes/rio-de-janeiro')
    const card = page.locator('main article a').first()
    const name = (await card.locator('h2').textContent()) ?? ''
    await card.click()
    await expect(page).toHaveURL(/\/acompanhante\/[a-z-]+\?ref_city=rio-de-janeiro$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    const breadcrumb = page.getByRole('navigation', { name: 'Trilha de navegação' })
    await expect(
      breadcrumb.getByRole('link', { name: 'Acompanhantes em Rio de Janeiro' }),
    ).toBeVisible()
    await page.getByRole('link', { name: 'Voltar' }).click()
    await expect(page).toHaveURL(/\/pt\/acompanhantes\/rio-de-janeiro$/)
  })

  test('old addresses redirect permanently to /acompanhante/{slug}', async ({ request }) => {
    for (const [from, to] of [
      [
        '/pt/acompanhante/luna-azul?ref_city=sao-paulo',
        '/acompanhante/luna-azul?ref_city=sao-paulo',
      ],
      ['/en/acompanhante/luna-azul', '/acompanhante/luna-azul'],
      ['/perfil/luna-azul', '/acompanhante/luna-azul'],
      ['/acompanhante/LUNA-azul', null],
    ] as const) {
      const response = await request.get(from, { maxRedirects: 0 })
      if (to === null) {
        expect(response.status(), from).toBe(200)
        continue
      }
      expect(response.status(), from).toBe(301)
      expect(response.headers().location, from).toBe(to)
    }
  })

  test('an unknown profile is a 404 with the SPEC message, noindex and a way home', async ({
    page,
  }) => {
    const response = await page.goto('/acompanhante/ninguem-aqui')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Perfil não encontrado')
    await expect(page.getByText('O perfil solicitado não está disponível.')).toBeVisible()
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    await page.getByRole('link', { name: 'Voltar ao Início' }).click()
    await expect(page).toHaveURL(/\/pt\/$/)
  })
})

test('the profile page follows an English browser', async ({ page }) => {
  await page.goto('/acompanhante/ninguem-aqui')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile not found')
  await expect(page.getByText('Please try another link.')).toBeVisible()
})
