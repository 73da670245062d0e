import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, hydrated, test } from '../support/browser/fixtures.ts'

// Issue 24 point 3: what a first visit needs before it paints is in the document itself. The
// stylesheet is inline (no render-blocking request), and the page's scripts, which it does not
// need to show itself, are preloaded at low priority behind the stylesheet and the first photo.

const assets = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../build/client/assets',
)
const builtCss = () => {
  const name = readdirSync(assets).find((file) => /^app-[\w-]+\.css$/.test(file))
  if (!name) throw new Error('no built stylesheet: run react-router build')
  return readFileSync(path.join(assets, name), 'utf8')
}

for (const address of ['/pt/', '/en/acompanhantes/sao-paulo', '/acompanhante/luna-azul']) {
  test(`${address}: the stylesheet is inline and the scripts come last`, async ({ request }) => {
    const response = await request.get(address)
    expect(response.status()).toBe(200)
    const html = await response.text()
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).not.toMatch(/<link[^>]+rel="stylesheet"/)
    const inline = head.match(/<style id="app-css">([\s\S]*?)<\/style>/)
    expect(inline?.[1]).toBe(builtCss())
    const preloads = head.match(/<link rel="modulepreload"[^>]*>/g) ?? []
    expect(preloads.length).toBeGreaterThan(3)
    for (const preload of preloads) expect(preload).toContain('fetchpriority="low"')
    // The first photo keeps its high priority.
    expect(head).toMatch(/<link rel="preload" as="image"[^>]+fetchPriority="high"/)
  })
}

test('the styles hold after hydration and a client-side change of page', async ({ page }) => {
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  await page.goto('/pt/acompanhantes/sao-paulo')
  const painted = await background()
  // stone-50, not the browser's default white: the inline stylesheet applies before any script.
  expect(painted).not.toBe('rgba(0, 0, 0, 0)')
  expect(painted).not.toBe('rgb(255, 255, 255)')
  await hydrated(page)
  await page.getByRole('link', { name: 'Sobre' }).first().click()
  await expect(page).toHaveURL(/\/pt\/about$/)
  await hydrated(page)
  expect(await background()).toBe(painted)
  expect(await page.locator('style#app-css').count()).toBe(1)
  expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0)
})
