import { NAVIGATION_LOCK_MS } from '#app/domain/gestures.ts'
import { expect, hydrated, test } from '../support/browser/fixtures.ts'

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
    expect(html).toMatch(/href="\/contato\/[0-9a-f-]{36}\/whatsapp"/)
    // Neither the page nor its data for client-side navigation holds the number (+55 11
    // 90000-0101, in any formatting) or the handles: the buttons go through the contact route.
    const data = await (await request.get('/acompanhante/luna-azul.data')).text()
    for (const body of [html, data]) {
      expect(body.replace(/[\s().+-]/g, '')).not.toContain('900000101')
      expect(body).not.toMatch(/lunaazul_demo|wa\.me|t\.me\/|x\.com\//)
    }
  })

  test('a photo opened again at once, before the closed lightbox has told the page, stays open', async ({
    page,
  }) => {
    await page.goto('/acompanhante/luna-azul')
    await hydrated(page)
    const tile = page.getByRole('link', { name: /^Foto 2 de \d+ de / })
    await tile.click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    // Escape's close, then a click in the same moment: the dialog's close event comes after it.
    await page.evaluate(() => {
      document.querySelector('dialog')?.close()
      document.querySelector<HTMLAnchorElement>('a:has(img[alt^="Foto 2 de"])')?.click()
    })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText(/^Foto 2 de \d+$/)).toBeVisible()
    await dialog.getByRole('button', { name: 'Fechar galeria' }).click()
    await expect(dialog).toBeHidden()
  })

  test('the contact route of a demo profile shows a notice, or answers 404 that no cache keeps', async ({
    request,
  }) => {
    const html = await (await request.get('/acompanhante/luna-azul')).text()
    const contact = html.match(/href="(\/contato\/[0-9a-f-]{36}\/)whatsapp"/)?.[1]
    // A demonstration profile's invented handle leads nowhere (issue 19 point 4); real
    // profiles' redirects are tested in tests/integration/profile-contact.test.ts.
    const telegram = await request.get(`${contact}telegram`, { maxRedirects: 0 })
    expect(telegram.status()).toBe(200)
    expect(telegram.headers().location).toBeUndefined()
    expect(telegram.headers()['cache-control']).toBe('no-store')
    for (let i = 0; i < 2; i++) {
      const missing = await request.get('/contato/00000000-0000-4000-8000-000000000000/whatsapp', {
        headers: { 'accept-language': 'pt-BR' },
      })
      expect(missing.status()).toBe(404)
      expect(missing.headers()['cache-control']).toBe('no-store')
      expect(missing.headers()['x-robots-tag']).toBe('noindex, nofollow')
      expect(missing.headers()['x-cache']).not.toBe('HIT')
      expect(await missing.text()).toContain('Perfil não encontrado')
    }
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

test.describe('profile journey', () => {
  test.use({ locale: 'pt-BR' })

  test('city page → profile → keyboard lightbox → next profile → back to the city → WhatsApp', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'keyboard journey on the desktop layout')
    await page.goto('/pt/acompanhantes/sao-paulo')
    const viewCounted = page.waitForRequest(
      (request) => request.method() === 'POST' && /\/api\/profile-views\//.test(request.url()),
    )
    await page.locator('main article a').first().click()
    await expect(page).toHaveURL(/\/acompanhante\/[a-z-]+\?ref_city=sao-paulo$/)
    const first = page.url()
    expect((await (await viewCounted).response())?.status()).toBe(204)
    // The lightbox and the profile steps are keyboard handlers of the page's script.
    await hydrated(page)

    // The gallery's lightbox, by keyboard only: it opens at the chosen photo and wraps.
    const tile = page.getByRole('link', { name: /^Foto 2 de \d+ de / })
    const alt = await tile.locator('img').getAttribute('alt')
    const total = Number(alt?.match(/^Foto 2 de (\d+) de/)?.[1])
    expect(total).toBeGreaterThan(2)
    await tile.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText(`Foto 2 de ${total}`)).toBeVisible()
    await page.keyboard.press('ArrowRight')
    await expect(dialog.getByText(`Foto 3 de ${total}`)).toBeVisible()
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft')
    await expect(dialog.getByText(`Foto ${total} de ${total}`)).toBeVisible()
    await page.keyboard.press('ArrowRight')
    await expect(dialog.getByText(`Foto 1 de ${total}`)).toBeVisible()
    // Focus stays inside while it is open.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press(i % 2 ? 'Shift+Tab' : 'Tab')
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true)
    }
    await dialog.getByRole('button', { name: 'Próxima foto' }).click()
    await expect(dialog.getByText(`Foto 2 de ${total}`)).toBeVisible()
    // Escape closes the lightbox only: the page stays, focus returns to the photo.
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    expect(page.url()).toBe(first)
    await expect(tile).toBeFocused()
    // Its close button does the same.
    await page.keyboard.press('Enter')
    await dialog.getByRole('button', { name: 'Fechar galeria' }).click()
    await expect(dialog).toBeHidden()
    await expect(tile).toBeFocused()

    // The page's clock is Playwright's from here, running as the real one: the navigation lock
    // below is passed by moving it on, not by waiting.
    await page.clock.install()
    // ArrowRight steps to the next profile of the city, replacing the history entry.
    const next = page.getByRole('link', { name: /^Próximo perfil: / })
    const nextName = (await next.getAttribute('aria-label'))?.replace('Próximo perfil: ', '')
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nextName ?? '')
    await expect(page).toHaveURL(/\/acompanhante\/[a-z-]+\?ref_city=sao-paulo$/)
    expect(page.url()).not.toBe(first)
    // Steps closer together than the 300 ms navigation lock are ignored (SPEC §4): each next
    // step waits for the page to be idle (a step while loading is ignored too), then the lock,
    // which is time only, is passed by moving the page's clock past it.
    await hydrated(page)
    await page.clock.fastForward(NAVIGATION_LOCK_MS + 50)
    await page.keyboard.press('ArrowLeft')
    await expect(page).toHaveURL(first)
    await hydrated(page)
    await page.clock.fastForward(NAVIGATION_LOCK_MS + 50)
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nextName ?? '')
    // The browser's back button returns to the city page, not to the previous profile.
    await page.goBack()
    await expect(page).toHaveURL(/\/pt\/acompanhantes\/sao-paulo$/)

    // A demo profile's WhatsApp button says so and leads to the demonstration notice, never to
    // wa.me (issue 19 point 4).
    await page.goForward()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nextName ?? '')
    await page.getByRole('link', { name: 'WhatsApp (demonstração)' }).click()
    await expect(page).toHaveURL(/\/contato\/[0-9a-f-]{36}\/whatsapp$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contato de demonstração')
  })

  test('Escape on a profile opened directly goes to its city page', async ({ page }) => {
    await page.goto('/acompanhante/luna-azul')
    await expect(page.getByRole('link', { name: /^Próximo perfil: / }).first()).toBeAttached()
    // Escape is the page script's: hydrated, not merely quiet on the network.
    await hydrated(page)
    await page.keyboard.press('Escape')
    await expect(page).toHaveURL(/\/pt\/acompanhantes\/sao-paulo$/)
  })

  test('a photo that cannot load shows Foto em breve', async ({ page, pageErrors }) => {
    await page.route('**/media/demo/luna-azul-1-*', (route) => route.fulfill({ status: 404 }))
    await page.goto('/acompanhante/luna-azul')
    // The server cannot know the photo fails: the placeholder is the page script's.
    await hydrated(page)
    await expect(
      page.getByRole('region', { name: 'Fotos' }).getByRole('listitem').first(),
    ).toContainText('Foto em breve')
    // The tile still says what it opens.
    await expect(page.getByRole('link', { name: /Foto 1 de \d+ de Luna Azul/ })).toBeVisible()
    // The failed loads were wanted here.
    pageErrors.splice(
      0,
      pageErrors.length,
      ...pageErrors.filter((e) => !e.includes('luna-azul-1-')),
    )
  })

  test('on a phone: swipe to the next profile, favourite, share by copying the link @phone', async ({
    page,
    context,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'phone layout only')
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto('/pt/acompanhantes/rio-de-janeiro')
    await page.locator('main article a').first().click()
    await expect(page).toHaveURL(/ref_city=rio-de-janeiro$/)
    // The card may have been followed before hydration (a new document): the heart, the share
    // button and the swipe are the page script's.
    await hydrated(page)
    const first = page.url()
    const bar = page.locator('div.fixed.bottom-0')
    const nextName = (
      await bar.getByRole('link', { name: /^Próximo perfil: / }).getAttribute('aria-label')
    )?.replace('Próximo perfil: ', '')

    const favourite = bar.getByRole('button', { name: /^Favoritar / })
    await expect(favourite).toHaveAttribute('aria-pressed', 'false')
    await favourite.click()
    await expect(page.getByText('Salvo nos favoritos deste aparelho')).toBeVisible()
    await expect(favourite).toHaveAttribute('aria-pressed', 'true')
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true })
    })
    await bar.getByRole('button', { name: 'Compartilhar' }).click()
    await expect(page.getByText('Link copiado')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      first.replace(/\?ref_city=.*$/, ''),
    )

    // A quick swipe to the left: the next profile.
    await page.evaluate(() => {
      const touch = (x: number) =>
        new Touch({ identifier: 1, target: document.body, clientX: x, clientY: 400 })
      const fire = (type: string, x: number) => {
        const list = type === 'touchend' ? [] : [touch(x)]
        window.dispatchEvent(
          new TouchEvent(type, { touches: list, changedTouches: [touch(x)], bubbles: true }),
        )
      }
      fire('touchstart', 320)
      fire('touchend', 120)
    })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nextName ?? '')
    await page.goBack()
    await expect(page).toHaveURL(/\/pt\/acompanhantes\/rio-de-janeiro$/)
  })

  test("the neighbours' data and first photos are loaded ahead", async ({ page }) => {
    await page.goto('/acompanhante/luna-azul')
    const next = page.getByRole('link', { name: /^Próximo perfil: / }).first()
    const username = (await next.getAttribute('href'))?.replace('/acompanhante/', '')
    const photo = page.waitForRequest(new RegExp(`/media/demo/${username}-1-\\d+\\.webp$`))
    // Loaded ahead by the page's script, half a second after it has hydrated.
    await hydrated(page)
    await expect(
      page.locator(`link[rel="prefetch"][href^="/acompanhante/${username}.data"]`),
    ).toBeAttached()
    await photo
  })

  test('the alternative carousel layout is switched on from local storage', async ({ page }) => {
    await page.goto('/acompanhante/luna-azul')
    await expect(page.locator('nav[data-layout="default"]')).toBeAttached()
    await page.evaluate(() => localStorage.setItem('aprova-alt-profile-layout', '1'))
    await page.reload()
    // Read from local storage by the page's script, once hydrated.
    await hydrated(page)
    const nav = page.locator('nav[data-layout="alternative"]')
    await expect(nav).toBeVisible()
    await expect(nav.getByText(/^Perfil \d+ de \d+$/)).toBeVisible()
  })
})

test('the profile page follows an English browser', async ({ page }) => {
  await page.goto('/acompanhante/ninguem-aqui')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile not found')
  await expect(page.getByText('Please try another link.')).toBeVisible()
})
