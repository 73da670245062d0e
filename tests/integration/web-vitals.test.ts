import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { brazilDay } from '#app/domain/brazil-time.ts'
import {
  type PageType,
  VITALS_PER_ADDRESS_PER_DAY,
  VITALS_TOKEN_HOURS,
  vitalBucket,
} from '#app/domain/web-vitals.ts'
import { issueVitalsToken } from '#app/modules/analytics/vitals-token.server.ts'
import {
  forgetOldVitals,
  recordVitals,
  vitalsSummary,
} from '#app/modules/analytics/web-vitals.server.ts'
import { serverEnv, setServerEnv } from '#app/platform/env.server.ts'
import {
  VITALS_MAX_BYTES,
  action as vitalsAction,
  loader as vitalsLoader,
} from '#app/routes/resources/web-vitals.ts'
import { db } from '#db/client.server.ts'
import { webVitalsDaily } from '#db/schema/web-vitals.ts'
import { useTestServerEnv } from '#tests/support/test-server.ts'

// POST /api/vitals (issue 24 point 4): a page view's web vitals counted in the day's histogram,
// anything else refused with a 4xx and nothing written; and the 28 days' 75th percentiles the
// team's page reads back. Issue 30 point 8: only with the token its page was rendered with, once,
// within its hours, and a day's worth of page views an address.

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
/** A token's shape, for bodies refused before their token is looked at. */
const SHAPED = 'A'.repeat(44)
const shaped = (body: Record<string, unknown>, token = SHAPED) => JSON.stringify({ token, ...body })
/** A beacon's body as a page sends it: with the token of a page just rendered. */
const sent = (body: Record<string, unknown>, token = issueVitalsToken(body.page as PageType)) =>
  JSON.stringify({ token, ...body })
/** The metrics VALID carries: a row each. */
const VALID_METRICS = 4

describe('POST /api/vitals', () => {
  it('counts each metric of a page view in its bucket of the day, and counts again', async () => {
    const first = await beacon(sent(VALID))
    expect(first.status).toBe(204)
    expect(first.headers.get('cache-control')).toBe('no-store')
    expect((await beacon(sent({ ...VALID, INP: undefined }))).status).toBe(204)
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
        await beacon(sent({ page: 'profile', device: 'desktop', CLS: 0 }), {
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
    ['no metric', shaped({ page: 'home', device: 'phone' })],
    ['an unknown page type', shaped({ ...VALID, page: 'checkout' })],
    ['an unknown device', shaped({ ...VALID, device: 'watch' })],
    ['an unknown metric', shaped({ ...VALID, FID: 12 })],
    ['an extra key (an id)', shaped({ ...VALID, id: 'v5-123' })],
    ['a URL', shaped({ ...VALID, url: 'https://aprova.example/pt/' })],
    ['a negative value', shaped({ ...VALID, LCP: -1 })],
    ['a value as text', shaped({ ...VALID, LCP: '2100' })],
    ['a value too large', shaped({ ...VALID, TTFB: 600_001 })],
    ['a CLS too large', shaped({ ...VALID, CLS: 101 })],
    ['an exponent overflow', `{"token":"${SHAPED}","page":"home","device":"phone","LCP":1e999}`],
    ['no token', JSON.stringify(VALID)],
    ['a token of another length', shaped(VALID, `${SHAPED}x`)],
    ['a token that is no text', JSON.stringify({ ...VALID, token: 12 })],
    ['a page type of another case', shaped({ ...VALID, page: 'HOME' })],
  ] as const)('answers 400 to %s and writes nothing', async (_, body) => {
    const answer = await beacon(body)
    expect(answer.status).toBe(400)
    expect(await rows()).toEqual([])
  })

  it('answers 413 to a body over the limit, announced or not, and writes nothing', async () => {
    const big = sent({ ...VALID, padding: 'x'.repeat(VITALS_MAX_BYTES) })
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
    expect((await beacon(sent(VALID), { method: 'PUT' })).status).toBe(405)
    expect((await vitalsLoader()).status).toBe(405)
    for (const site of ['cross-site', 'same-site', 'none']) {
      const answer = await beacon(sent(VALID), { headers: { 'sec-fetch-site': site } })
      expect(answer.status, site).toBe(403)
    }
    const request = new Request('http://localhost/api/vitals', {
      method: 'POST',
      body: sent(VALID),
    })
    expect((await vitalsAction({ request, params: {}, context: {} } as never)).status).toBe(403)
    expect(await rows()).toEqual([])
  })

  it('answers 204 to a crawler without counting it', async () => {
    const answer = await beacon(sent(VALID), {
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
    })
    expect(answer.status).toBe(204)
    expect(await rows()).toEqual([])
  })

  it('counts a token once; a forged, expired or future one, or one used already, is dropped', async () => {
    const counted = async () => (await rows()).reduce((sum, row) => sum + row.count, 0)
    const token = issueVitalsToken('home')
    expect((await beacon(sent(VALID, token))).status).toBe(204)
    expect(await counted()).toBe(VALID_METRICS)
    // The same page view again, from anywhere: dropped quietly (a page restored from the cache).
    for (const ip of ['198.51.100.1', '198.51.100.2']) {
      expect((await beacon(sent({ ...VALID, LCP: 19_500 }, token), { ip })).status).toBe(204)
    }
    // Altered, or signed with another secret: no page of ours sends it.
    const altered = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`
    expect((await beacon(sent(VALID, altered))).status).toBe(403)
    const env = serverEnv()
    setServerEnv({ ...env, authSecret: 'another-secret-0123456789-abcdefghijkl' })
    const foreign = issueVitalsToken('home')
    setServerEnv(env)
    expect((await beacon(sent(VALID, foreign))).status).toBe(403)
    // Made more than its hours ago, or from the future: dropped.
    const hours = VITALS_TOKEN_HOURS * 3_600_000
    expect(
      (await beacon(sent(VALID, issueVitalsToken('home', Date.now() - hours - 1000)))).status,
    ).toBe(204)
    expect(
      (await beacon(sent(VALID, issueVitalsToken('home', Date.now() + 5 * 60_000)))).status,
    ).toBe(204)
    // Still young: counted.
    expect(
      (await beacon(sent(VALID, issueVitalsToken('home', Date.now() - hours + 60_000)))).status,
    ).toBe(204)
    expect(await counted()).toBe(2 * VALID_METRICS)
  })

  it(`counts ${VITALS_PER_ADDRESS_PER_DAY} page views an address a day and drops the rest`, async () => {
    const ip = '192.0.2.77'
    const counted = async () => (await rows()).reduce((sum, row) => sum + row.count, 0)
    // Refused bodies are not counted against the limit.
    for (let i = 0; i < 30; i++) expect((await beacon('{}', { ip })).status).toBe(400)
    // Tokens taken from pages loaded by a script count like a visitor's, up to the day's number.
    for (let i = 0; i < VITALS_PER_ADDRESS_PER_DAY + 5; i++) {
      expect((await beacon(sent(VALID), { ip })).status).toBe(204)
    }
    expect(await counted()).toBe(VITALS_PER_ADDRESS_PER_DAY * VALID_METRICS)
    expect((await beacon(sent(VALID), { ip: '192.0.2.78' })).status).toBe(204)
    expect(await counted()).toBe((VITALS_PER_ADDRESS_PER_DAY + 1) * VALID_METRICS)
  })

  it("a page view's token speaks for its type of page alone", async () => {
    const counted = async () => (await rows()).reduce((sum, row) => sum + row.count, 0)
    // A visit to the home page cannot report the team's pages, nor a profile's.
    const token = issueVitalsToken('home')
    for (const page of ['admin', 'profile']) {
      expect((await beacon(sent({ ...VALID, page, LCP: 19_500 }, token))).status).toBe(403)
    }
    expect(await counted()).toBe(0)
    expect((await beacon(sent(VALID, token))).status).toBe(204)
    expect(await counted()).toBe(VALID_METRICS)
    const admin = issueVitalsToken('admin')
    expect((await beacon(sent({ ...VALID, page: 'admin' }, admin))).status).toBe(204)
    expect(await counted()).toBe(2 * VALID_METRICS)
  })

  it('counts the addresses of one IPv6 home line (a /56) as one', async () => {
    const counted = async () => (await rows()).reduce((sum, row) => sum + row.count, 0)
    // Each beacon from another /64 of the same /56: 2001:db8:0:1200::/56.
    for (let i = 0; i < VITALS_PER_ADDRESS_PER_DAY + 5; i++) {
      const ip = `2001:db8:0:12${i.toString(16).padStart(2, '0')}::${i + 1}`
      expect((await beacon(sent(VALID), { ip })).status).toBe(204)
    }
    expect(await counted()).toBe(VITALS_PER_ADDRESS_PER_DAY * VALID_METRICS)
    // The next /56 is another line.
    expect((await beacon(sent(VALID), { ip: '2001:db8:0:1300::1' })).status).toBe(204)
    expect(await counted()).toBe((VITALS_PER_ADDRESS_PER_DAY + 1) * VALID_METRICS)
  })

  it('thirty posts from a script no longer move the 75th percentile', async () => {
    // Real page views: an LCP of 1.5 s.
    for (let i = 0; i < 12; i++) {
      expect((await beacon(sent({ page: 'home', device: 'phone', LCP: 1500 }))).status).toBe(204)
    }
    const before = (await vitalsSummary()).overall.LCP
    // What `curl` sent on main: 30 beacons of 19.5 s with the headers a browser sets (its user
    // agent too). Without a token; with one page's token over and over; with tokens made up.
    const slow = { page: 'home', device: 'phone', LCP: 19_500 }
    const once = issueVitalsToken('home')
    for (let i = 0; i < 30; i++) {
      const ip = '192.0.2.99'
      await beacon(JSON.stringify(slow), { ip })
      await beacon(sent(slow, once), { ip })
      await beacon(sent(slow, Buffer.alloc(33, i).toString('base64url')), { ip })
    }
    const after = (await vitalsSummary()).overall.LCP
    // The one use of that page's token is all that counted.
    expect(after.samples).toBe(before.samples + 1)
    expect(after.p75).toBe(before.p75)
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
