import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { brazilDay } from '#app/domain/brazil-time.ts'
import { vitalBucket } from '#app/domain/web-vitals.ts'
import {
  forgetOldVitals,
  recordVitals,
  vitalsSummary,
} from '#app/modules/analytics/web-vitals.server.ts'
import {
  VITALS_MAX_BYTES,
  action as vitalsAction,
  loader as vitalsLoader,
} from '#app/routes/resources/web-vitals.ts'
import { db } from '#db/client.server.ts'
import { webVitalsDaily } from '#db/schema/web-vitals.ts'
import { useTestServerEnv } from '#tests/factories/account.ts'

// POST /api/vitals (issue 24 point 4): a page view's web vitals counted in the day's histogram,
// anything else refused with a 4xx and nothing written; and the 28 days' 75th percentiles the
// team's page reads back.

beforeAll(async () => {
  await useTestServerEnv()
})

beforeEach(async () => {
  await db().delete(webVitalsDaily)
})

type ActionArgs = Parameters<typeof vitalsAction>[0]

let visitor = 0
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36'

/** Sends a beacon as Chromium's sendBeacon does: text/plain, same-origin. */
function beacon(
  body: string | Uint8Array<ArrayBuffer> | null,
  {
    ip = `203.0.113.${(++visitor % 250) + 1}`,
    method = 'POST',
    headers = {} as Record<string, string>,
  } = {},
) {
  const request = new Request('http://localhost/api/vitals', {
    method,
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'sec-fetch-site': 'same-origin',
      'user-agent': BROWSER,
      ...headers,
    },
    body,
  })
  return vitalsAction({ request, params: {}, context: { clientIp: ip } } as unknown as ActionArgs)
}

const rows = () =>
  db().select().from(webVitalsDaily).orderBy(webVitalsDaily.metric, webVitalsDaily.bucket)

const VALID = { page: 'home', device: 'phone', LCP: 2100, INP: 64, CLS: 0.02, TTFB: 310 }
/** The metrics VALID carries: a row each. */
const VALID_METRICS = 4

describe('POST /api/vitals', () => {
  it('counts each metric of a page view in its bucket of the day, and counts again', async () => {
    const first = await beacon(JSON.stringify(VALID))
    expect(first.status).toBe(204)
    expect(first.headers.get('cache-control')).toBe('no-store')
    expect((await beacon(JSON.stringify({ ...VALID, INP: undefined }))).status).toBe(204)
    const day = brazilDay()
    expect(await rows()).toEqual([
      {
        day,
        pageType: 'home',
        device: 'phone',
        metric: 'CLS',
        bucket: vitalBucket('CLS', 0.02),
        count: 2,
      },
      {
        day,
        pageType: 'home',
        device: 'phone',
        metric: 'INP',
        bucket: vitalBucket('INP', 64),
        count: 1,
      },
      {
        day,
        pageType: 'home',
        device: 'phone',
        metric: 'LCP',
        bucket: vitalBucket('LCP', 2100),
        count: 2,
      },
      {
        day,
        pageType: 'home',
        device: 'phone',
        metric: 'TTFB',
        bucket: vitalBucket('TTFB', 310),
        count: 2,
      },
    ])
  })

  it('accepts one metric alone, a CLS of 0 and the JSON content type', async () => {
    expect(
      (
        await beacon(JSON.stringify({ page: 'profile', device: 'desktop', CLS: 0 }), {
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(204)
    expect(await rows()).toMatchObject([
      { pageType: 'profile', metric: 'CLS', bucket: 0, count: 1 },
    ])
  })

  it.each([
    ['no body', null],
    ['an empty body', ''],
    ['not JSON', 'page=home&LCP=1'],
    ['broken UTF-8', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])],
    ['JSON that is no object', '[1,2]'],
    ['null', 'null'],
    ['no metric', JSON.stringify({ page: 'home', device: 'phone' })],
    ['an unknown page type', JSON.stringify({ ...VALID, page: 'checkout' })],
    ['an unknown device', JSON.stringify({ ...VALID, device: 'watch' })],
    ['an unknown metric', JSON.stringify({ ...VALID, FID: 12 })],
    ['an extra key (an id)', JSON.stringify({ ...VALID, id: 'v5-123' })],
    ['a URL', JSON.stringify({ ...VALID, url: 'https://aprova.example/pt/' })],
    ['a negative value', JSON.stringify({ ...VALID, LCP: -1 })],
    ['a value as text', JSON.stringify({ ...VALID, LCP: '2100' })],
    ['a value too large', JSON.stringify({ ...VALID, TTFB: 600_001 })],
    ['a CLS too large', JSON.stringify({ ...VALID, CLS: 101 })],
    ['an exponent overflow', '{"page":"home","device":"phone","LCP":1e999}'],
    ['a page type of another case', JSON.stringify({ ...VALID, page: 'HOME' })],
  ] as const)('answers 400 to %s and writes nothing', async (_, body) => {
    const answer = await beacon(body)
    expect(answer.status).toBe(400)
    expect(await rows()).toEqual([])
  })

  it('answers 413 to a body over the limit, announced or not, and writes nothing', async () => {
    const big = JSON.stringify({ ...VALID, padding: 'x'.repeat(VITALS_MAX_BYTES) })
    expect((await beacon(big)).status).toBe(413)
    const request = new Request('http://localhost/api/vitals', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', 'content-length': '10' },
      body: big,
    })
    // A length header that lies: the body read is what counts.
    expect(
      (await vitalsAction({ request, params: {}, context: { clientIp: '203.0.113.9' } } as never))
        .status,
    ).toBe(413)
    expect(await rows()).toEqual([])
  })

  it('answers 405 to other methods and to GET, 403 to another site or a script', async () => {
    expect((await beacon(JSON.stringify(VALID), { method: 'PUT' })).status).toBe(405)
    expect((await vitalsLoader()).status).toBe(405)
    for (const site of ['cross-site', 'same-site', 'none']) {
      const answer = await beacon(JSON.stringify(VALID), { headers: { 'sec-fetch-site': site } })
      expect(answer.status, site).toBe(403)
    }
    const request = new Request('http://localhost/api/vitals', {
      method: 'POST',
      body: JSON.stringify(VALID),
    })
    expect((await vitalsAction({ request, params: {}, context: {} } as never)).status).toBe(403)
    expect(await rows()).toEqual([])
  })

  it('answers 204 to a crawler without counting it', async () => {
    const answer = await beacon(JSON.stringify(VALID), {
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
    })
    expect(answer.status).toBe(204)
    expect(await rows()).toEqual([])
  })

  it('counts 300 beacons a visitor in 10 minutes and drops the rest without an error', async () => {
    const ip = '192.0.2.77'
    for (let i = 0; i < 300; i++) expect((await beacon('{}', { ip })).status).toBe(400)
    // Refused bodies are not counted against the limit.
    expect((await beacon(JSON.stringify(VALID), { ip })).status).toBe(204)
    expect(await rows()).toHaveLength(VALID_METRICS)
    for (let i = 1; i < 300; i++) await beacon(JSON.stringify(VALID), { ip })
    const counted = async () => (await rows()).reduce((sum, row) => sum + row.count, 0)
    expect(await counted()).toBe(300 * VALID_METRICS)
    expect((await beacon(JSON.stringify(VALID), { ip })).status).toBe(204)
    expect(await counted()).toBe(300 * VALID_METRICS)
    expect((await beacon(JSON.stringify(VALID), { ip: '192.0.2.78' })).status).toBe(204)
    expect(await counted()).toBe(301 * VALID_METRICS)
  })
})

describe('the 28 days of web vitals', () => {
  const DAY = 86_400_000
  const now = new Date('2026-11-20T15:00:00Z')

  it("sums the last 28 days' histograms into 75th percentiles, overall, per page and device", async () => {
    const phone = { page: 'home', device: 'phone' } as const
    for (const lcp of [1000, 1200, 1500, 5000]) await recordVitals({ ...phone, LCP: lcp }, now)
    await recordVitals({ page: 'city', device: 'desktop', LCP: 3000, INP: 300 }, now)
    // 27 days before is in; 28 before is not, nor is the day after.
    await recordVitals({ page: 'city', device: 'desktop', LCP: 3100 }, new Date(+now - 27 * DAY))
    await recordVitals({ page: 'city', device: 'desktop', LCP: 9000 }, new Date(+now - 28 * DAY))
    await recordVitals({ page: 'city', device: 'desktop', LCP: 9000 }, new Date(+now + DAY))
    const summary = await vitalsSummary(now)
    expect(summary.from).toBe('2026-10-24')
    expect(summary.to).toBe('2026-11-20')
    expect(summary.overall.LCP.samples).toBe(6)
    expect(summary.overall.LCP.p75).toBeGreaterThan(2900)
    expect(summary.overall.LCP.p75).toBeLessThan(3200)
    expect(summary.overall.INP).toEqual({ p75: expect.closeTo(300, -1), samples: 1 })
    expect(summary.overall.CLS).toEqual({ p75: null, samples: 0 })
    expect(summary.byPage.map((row) => row.page)).toEqual(['home', 'city'])
    expect(summary.byPage[0]?.figures.LCP.p75).toBeCloseTo(1500, -2)
    expect(summary.byDevice.map((row) => [row.device, row.figures.LCP.samples])).toEqual([
      ['phone', 4],
      ['desktop', 2],
    ])
  })

  it('is empty without data', async () => {
    const summary = await vitalsSummary(now)
    expect(summary.byPage).toEqual([])
    expect(summary.overall.TTFB).toEqual({ p75: null, samples: 0 })
  })

  it('forgets the days older than 90', async () => {
    for (const daysAgo of [0, 89, 90, 200]) {
      await recordVitals(
        { page: 'home', device: 'phone', TTFB: 100 },
        new Date(+now - daysAgo * DAY),
      )
    }
    expect(await forgetOldVitals(now)).toBe(2)
    expect((await rows()).map((row) => row.day).sort()).toEqual([
      brazilDay(new Date(+now - 89 * DAY)),
      brazilDay(now),
    ])
  })
})
