import { expect, test } from '@playwright/test'
import { CANONICAL_URL_CASES } from '#tests/fixtures/canonical-urls.ts'

// SPEC §2 redirects and §5 slug normalisation, over HTTP against the running server: every
// non-canonical address answers one 301 to its canonical form (query string kept); canonical
// and unknown ones answer themselves.
test(`${CANONICAL_URL_CASES.length} URLs: status and Location`, async ({ request }) => {
  for (const { from, to, status } of CANONICAL_URL_CASES) {
    const response = await request.get(from, {
      maxRedirects: 0,
      headers: { 'accept-language': 'pt-BR' },
    })
    if (to) {
      expect(response.status(), from).toBe(301)
      expect(response.headers().location, from).toBe(to)
    } else {
      expect(response.status(), from).toBe(status)
      expect(response.headers().location, from).toBeUndefined()
    }
  }
  expect(CANONICAL_URL_CASES.length).toBeGreaterThanOrEqual(30)
})

test('only page GETs are redirected: not other methods, not data requests', async ({ request }) => {
  // The same addresses as page GETs are redirected; as a POST or a data request they are not.
  const get = await request.get('/acompanhantes/sao-paulo', { maxRedirects: 0 })
  expect(get.status()).toBe(301)
  const post = await request.post('/acompanhantes/sao-paulo', { maxRedirects: 0 })
  expect(post.status()).not.toBe(301)
  const page = await request.get('/pt/acompanhantes/S%C3%A3o-Paulo', { maxRedirects: 0 })
  expect(page.status()).toBe(301)
  const data = await request.get('/pt/acompanhantes/S%C3%A3o-Paulo.data', { maxRedirects: 0 })
  expect(data.status()).not.toBe(301)
})

test('robots.txt keeps crawlers out of private areas and query strings, and names the sitemap', async ({
  request,
}) => {
  const robots = await (await request.get('/robots.txt')).text()
  for (const rule of ['/admin', '/dashboard', '/auth', '/api/', '/perfil/', '/contato/', '/*?']) {
    expect(robots).toContain(`Disallow: ${rule}`)
  }
  expect(robots).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m)
})

test('every URL of sitemap.xml answers 200', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text()
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? ''))
  expect(urls.length).toBeGreaterThan(20)
  for (const url of urls) {
    const response = await request.get(`${url.pathname}${url.search}`, { maxRedirects: 0 })
    expect(response.status(), url.pathname).toBe(200)
  }
})

test('the head names the canonical URL, the languages, the social card and structured data', async ({
  request,
}) => {
  const city = await (await request.get('/en/acompanhantes/sao-paulo?status=all&page=1')).text()
  expect(city).toMatch(
    /<link rel="canonical" href="https?:\/\/[^"]+\/en\/acompanhantes\/sao-paulo"\/>/,
  )
  expect(city).toMatch(/hrefLang="pt-BR" href="[^"]+\/pt\/acompanhantes\/sao-paulo"/)
  expect(city).toMatch(/hrefLang="x-default" href="[^"]+\/pt\/acompanhantes\/sao-paulo"/)
  expect(city).toContain('<title>Escorts in São Paulo – Aprova</title>')
  expect(city).toContain('"@type":"BreadcrumbList"')

  const home = await (await request.get('/pt/')).text()
  const jsonLd = [...home.matchAll(/<script type="application\/ld\+json">([^<]+)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '{}') as { '@type': string; potentialAction?: unknown },
  )
  expect(jsonLd.map((item) => item['@type'])).toEqual(['Organization', 'WebSite'])
  expect(jsonLd[1]?.potentialAction).toMatchObject({ '@type': 'SearchAction' })
  expect(home).toContain('<meta property="og:image" content="')

  // A profile reached by another form of its address: canonical username, its cover as the card.
  const profile = await (await request.get('/acompanhante/LUNA-AZUL?ref_city=sao-paulo')).text()
  expect(profile).toMatch(/<link rel="canonical" href="[^"]+\/acompanhante\/luna-azul"\/>/)
  expect(profile).toMatch(
    /<meta property="og:image" content="[^"]+\/media\/demo\/luna-azul-1-\d+\.webp"\/>/,
  )
  expect(profile).toContain('<meta name="robots" content="noindex"/>')

  const missing = await (await request.get('/pt/acompanhantes/atlantida')).text()
  expect(missing).toContain('<meta name="robots" content="noindex"/>')
})
