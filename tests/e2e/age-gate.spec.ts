import AxeBuilder from '@axe-core/playwright'
import { expect, hydrated, test } from '../support/browser/fixtures.ts'

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

test.describe('age gate (SPEC §2)', () => {
  test.use({ ageConfirmed: false, locale: 'en-US' })

  test('shows on a first visit, holds the page inert, and Enter keeps it away', async ({
    page,
    context,
  }) => {
    await page.goto('/en/acompanhantes/sao-paulo')
    // The focus, its trap and Enter's flag in local storage are the gate's script's: hydrated
    // first (a press before is the form without JavaScript, which keeps no flag).
    await hydrated(page)
    const gate = page.getByRole('dialog', { name: 'Adults only (18+)' })
    await expect(gate).toBeVisible()
    const enter = gate.getByRole('button', { name: 'I am over 18 – Enter' })
    await expect(enter).toBeFocused()
    await expect(gate.getByRole('link', { name: 'I am under 18 – Exit' })).toHaveAttribute(
      'href',
      'https://www.google.com/',
    )
    // The page is in the HTML, but nothing behind the gate can be reached.
    await expect(page.getByRole('heading', { level: 1 })).toBeAttached()
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab')
      expect(await gate.evaluate((node) => node.contains(document.activeElement))).toBe(true)
    }
    expect(await page.locator('main').evaluate((main) => main.closest('[inert]') !== null)).toBe(
      true,
    )
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([])

    await enter.click()
    await expect(gate).toBeHidden()
    await expect(page).toHaveURL(/\/en\/acompanhantes\/sao-paulo$/)
    expect(await page.evaluate(() => localStorage.getItem('aprova-age-confirmed'))).toBe('1')
    await page.goto('/en/servicos')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)

    // The cookie gone but the device remembers: no gate, and the cookie comes back.
    await context.clearCookies()
    await page.reload()
    // The server's HTML has the gate again; the flag takes it away once the page has hydrated.
    await hydrated(page)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect
      .poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'aprova-age'))
      .toBe(true)
  })

  test('in Portuguese, and without JavaScript the form still lets the visitor in', async ({
    browser,
    baseURL,
  }) => {
    // A person's browser (Playwright's bare headless user agent counts as a bot).
    const context = await browser.newContext({
      javaScriptEnabled: false,
      locale: 'pt-BR',
      baseURL,
      userAgent: CHROME,
    })
    const page = await context.newPage()
    await page.goto('/pt/servicos')
    await page.getByRole('button', { name: 'Tenho mais de 18 anos – Entrar' }).click()
    await expect(page).toHaveURL(/\/pt\/servicos$/)
    await expect(page.getByRole('button', { name: 'Tenho mais de 18 anos – Entrar' })).toHaveCount(
      0,
    )
    expect((await context.cookies()).find((c) => c.name === 'aprova-age')).toMatchObject({
      value: '1',
      httpOnly: true,
    })
    await context.close()
  })

  test('a known crawler never sees it, and the page is complete for it', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      baseURL,
    })
    const page = await context.newPage()
    await page.goto('/pt/acompanhantes/sao-paulo')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acompanhantes em São Paulo')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await context.close()
  })
})
