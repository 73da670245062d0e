import { expect, test } from '@playwright/test'
import { samplesOf, sampleValue } from '#tests/support/prometheus-text.ts'
import { createServerStorage, startServer } from './server-process.mjs'

// GET /metrics on the built site (issue 32 point 5): off (an unknown page, 404) without
// METRICS_TOKEN; with it, the site's real chain counts pages, the HTML micro-cache's hits and
// React Router's render time, and answers Prometheus text to the bearer token alone.
// tests/integration/metrics.test.ts holds the authorisation rows and every family's movement;
// tests/e2e/cluster.spec.ts the sum over several workers.

// One server at a time: two PGlite sites seeding their demo data at once on a small machine take
// longer than a start is given.
test.describe.configure({ mode: 'serial' })

const TOKEN = 'e2e-metrics-token-0123456789abcdef0123456789'
const bearer: Record<string, string> = { Authorization: `Bearer ${TOKEN}` }

test('without METRICS_TOKEN, /metrics is an unknown page, whatever the credentials', async () => {
  test.setTimeout(120_000)
  const storage = await createServerStorage()
  const server = await startServer({ ...storage, env: { METRICS_TOKEN: '' } })
  try {
    for (const headers of [
      {} as Record<string, string>,
      bearer,
      { Authorization: 'Bearer x', Cookie: 'aprova-age=1' },
    ]) {
      const response = await fetch(`${server.baseUrl}/metrics`, { headers })
      expect(response.status).toBe(404)
      const body = await response.text()
      expect(body).not.toContain('aprova_')
      expect(response.headers.get('www-authenticate')).toBeNull()
    }
  } finally {
    await server.stop()
    await storage.dispose()
  }
})

test('with METRICS_TOKEN, pages, cache hits and render time show in the scrape', async () => {
  test.setTimeout(120_000)
  const storage = await createServerStorage()
  const server = await startServer({ ...storage, env: { METRICS_TOKEN: TOKEN } })
  try {
    const scrape = async () => {
      const response = await fetch(`${server.baseUrl}/metrics`, { headers: bearer })
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-store')
      // Never compressed: scrapers ask for it rarely, and the text is sent as built.
      expect(response.headers.get('content-encoding')).toBeNull()
      return response.text()
    }
    const refused = await fetch(`${server.baseUrl}/metrics`)
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/)

    const before = await scrape()
    const pages = (text: string) =>
      sampleValue(text, 'aprova_http_requests_total', { kind: 'page', status: '2xx' }) ?? 0
    const hits = (text: string) => sampleValue(text, 'aprova_html_cache_hits_total') ?? 0
    const renders = (text: string) => sampleValue(text, 'aprova_page_render_seconds_count') ?? 0
    // The same public page until one comes from the cache (a new minute may empty it once).
    const cacheAnswers: string[] = []
    while (!cacheAnswers.includes('HIT') && cacheAnswers.length < 5) {
      const response = await fetch(`${server.baseUrl}/pt/cidades`, {
        headers: { Cookie: 'aprova-age=1' },
      })
      expect(response.status).toBe(200)
      await response.text()
      cacheAnswers.push(response.headers.get('x-cache') ?? '')
    }
    expect(cacheAnswers).toContain('HIT')
    const after = await scrape()
    const rendered = cacheAnswers.filter((answer) => answer !== 'HIT').length
    expect(pages(after) - pages(before)).toBe(cacheAnswers.length)
    expect(hits(after) - hits(before)).toBe(1)
    expect(renders(after) - renders(before)).toBe(rendered)
    expect(sampleValue(after, 'aprova_change_feed_listening')).toBe(1)
    expect(sampleValue(after, 'aprova_db_pool_connections')).toBeGreaterThanOrEqual(1)
    expect(sampleValue(after, 'aprova_queue_size', { queue: 'open_reports' })).toBe(0)
    // Node's own metrics under their usual names.
    expect(sampleValue(after, 'process_cpu_seconds_total')).toBeGreaterThan(0)
    // Every label value from a fixed set: no path, no id.
    for (const sample of samplesOf(after)) {
      expect(JSON.stringify(sample.labels)).not.toContain('cidades')
    }
  } finally {
    await server.stop()
    await storage.dispose()
  }
})
