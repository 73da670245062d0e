import {
  signInAdmin,
  signInAdminByRequests,
  siteWithJar,
} from '../support/browser/admin-sign-in.ts'
import { expect, hydrated, test } from '../support/browser/fixtures.ts'
import { specServer } from '../support/browser/spec-server.ts'

// Real visitors' web vitals (issue 24 point 4): a server of its own, so the counts are this
// file's alone. Before any visit the team's page says there is nothing yet; a visit to a public
// page in Chromium, once left, sends one beacon with the page type, device class, metrics and
// the token its page was rendered with (nothing else), which is counted; thirty posts from a
// script, without a page's token or with that used one, are not (issue 30 point 8); the team's
// page shows the one visit, in Portuguese and English.

test.describe.configure({ mode: 'serial' })
test.use({
  locale: 'pt-BR',
  // A beacon sent while its page unloads leaves from the browser itself, with the browser's own
  // user agent, not the context's: headless Chromium's says 'HeadlessChrome', which the site
  // takes for a crawler and does not count. This browser says what a visitor's Chromium says.
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--user-agent=Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ],
  },
})

const ADMIN = { email: 'equipe-vitals@example.com', password: 'senha-da-equipe-123' }
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
/** The beacon the visit below sent, as the page handed it to sendBeacon. */
let pageBeacon: Record<string, unknown> = {}
// A first start migrates the storage; the admin is made while the server is stopped.
const spec = specServer({
  timeout: 120_000,
  prepare: ({ createAdmin }) => {
    createAdmin(ADMIN)
  },
})
const base = () => spec.base()

/** The team's page through plain requests (no page runs there, so it sends no beacon). */
let team: ReturnType<typeof siteWithJar>

test('before any visit, the team page says nothing was measured yet', async () => {
  team = siteWithJar(base())
  await signInAdminByRequests(team, ADMIN)
  const page = await team.get('/admin/vitals')
  expect(page.status).toBe(200)
  expect(page.body).toContain('Ainda não há medições nos últimos 28 dias.')
})

test('a visit to a public page, once left, sends one beacon that is counted', async ({ page }) => {
  // What the page hands to sendBeacon, kept across the navigation (Playwright does not report a
  // beacon sent while its document unloads). The beacon itself still goes to the server.
  await page.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator)
    navigator.sendBeacon = (url, body) => {
      const sent = JSON.parse(localStorage.getItem('test-beacons') ?? '[]') as unknown[]
      localStorage.setItem('test-beacons', JSON.stringify([...sent, [String(url), String(body)]]))
      return send(url, body)
    }
  })
  await page.goto(`${base()}/pt/about`)
  await hydrated(page)
  // The reporter is its own chunk, loaded after the load event when the browser is idle.
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => entry.name.includes('/assets/web-vitals-beacon-')),
      ),
    )
    .toBe(true)
  await page.getByRole('heading', { level: 1 }).click()
  expect(await page.evaluate(() => localStorage.getItem('test-beacons'))).toBeNull()
  // Leaving the page (another document) hides it: its beacon goes.
  await page.goto(`${base()}/pt/cidades`)
  await hydrated(page)
  const beacons = JSON.parse(
    (await page.evaluate(() => localStorage.getItem('test-beacons'))) ?? '[]',
  ) as [string, string][]
  expect(beacons).toHaveLength(1)
  const [url, text] = beacons[0] ?? ['', '']
  expect(url).toBe('/api/vitals')
  const body = JSON.parse(text) as Record<string, unknown>
  expect(body).toMatchObject({ page: 'static', device: 'desktop' })
  // The token the page was rendered with (issue 30 point 8), and nothing but the page type, the
  // device class and the metrics: no id of a person, no address.
  expect(body.token).toMatch(/^[\w-]{44}$/)
  for (const key of Object.keys(body)) {
    expect(['token', 'page', 'device', 'LCP', 'INP', 'CLS', 'TTFB']).toContain(key)
  }
  pageBeacon = body
  for (const metric of ['TTFB', 'LCP', 'CLS']) expect(body[metric]).toEqual(expect.any(Number))
  // Counted: the team's page has the page type now (the beacon left as the page unloaded, and
  // is written when the server gets it).
  await expect
    .poll(async () => (await team.get('/admin/vitals')).body, { timeout: 15_000 })
    .toContain('Páginas de texto')
})

test('thirty posts from a script, without a page’s token or with a used one, are not counted', async () => {
  // What moved the team's figures on main: posts with the headers a browser sends.
  const post = (body: Record<string, unknown>) =>
    fetch(`${base()}/api/vitals`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'sec-fetch-site': 'same-origin',
        'user-agent': BROWSER,
      },
      body: JSON.stringify(body),
    }).then((answer) => answer.status)
  const slow = { page: 'static', device: 'desktop', LCP: 19_500, TTFB: 9000 }
  const { token } = pageBeacon
  const forged = Buffer.alloc(33, 7).toString('base64url')
  const answers = new Set<number>()
  for (let i = 0; i < 30; i++) {
    answers.add(await post(slow))
    answers.add(await post({ ...slow, token }))
    answers.add(await post({ ...slow, token: forged }))
  }
  // No token: refused; the page's own, used already: dropped; made up: refused.
  expect([...answers].sort()).toEqual([204, 400, 403])
})

test('the team sees it on /admin/vitals, in Portuguese and English', async ({ page }) => {
  await signInAdmin(page, base(), ADMIN)
  await hydrated(page)
  await page.getByRole('link', { name: 'Velocidade', exact: true }).click()
  await expect(page).toHaveURL(`${base()}/admin/vitals`)
  await expect(
    page.getByRole('heading', { name: 'Velocidade para visitantes reais' }),
  ).toBeVisible()
  const ttfb = page.locator('li[data-metric="TTFB"]')
  await expect(ttfb).toContainText('Primeiro byte do servidor (TTFB)')
  await expect(ttfb).toContainText('Bom até 800 ms; ruim acima de 1.800 ms.')
  await expect(ttfb).toContainText(/\d+ ms/)
  await expect(ttfb).toContainText(/Bom|Precisa melhorar|Ruim/)
  // The visit above, counted once under its page type and device class.
  const row = page.locator('tr[data-row="static"]')
  await expect(row.getByRole('rowheader')).toHaveText('Páginas de texto')
  await expect(row).toContainText('1 medição')
  const desktop = page.locator('tr[data-row="desktop"]')
  await expect(desktop.getByRole('rowheader')).toHaveText('Computador')
  await page.screenshot({ path: test.info().outputPath('vitals-pt-1366.png'), fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: test.info().outputPath('vitals-pt-390.png'), fullPage: true })

  await page.goto(`${base()}/language/en?to=/admin/vitals`)
  await hydrated(page)
  await expect(page.getByRole('heading', { name: 'Speed for real visitors' })).toBeVisible()
  await expect(page.locator('li[data-metric="LCP"]')).toContainText(
    'Good up to 2.5 s; poor above 4 s.',
  )
  await expect(page.locator('tr[data-row="static"]')).toContainText('Text pages')
  await expect(page.locator('tr[data-row="static"]')).toContainText('1 measurement')
  await expect(page.getByRole('link', { name: 'Speed', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await page.screenshot({ path: test.info().outputPath('vitals-en-390.png'), fullPage: true })
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.screenshot({ path: test.info().outputPath('vitals-en-1366.png'), fullPage: true })
})
