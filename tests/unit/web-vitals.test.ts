import { describe, expect, it } from 'vitest'
import { MOBILE_MAX_WIDTH_PX } from '#app/domain/gestures.ts'
import {
  bucketValue,
  DEVICE_CLASSES,
  deviceClassOf,
  histogramPercentile,
  PAGE_TYPES,
  PHONE_MAX_WIDTH_PX,
  pageTypeOfRoute,
  rateVital,
  VITAL_BUCKETS,
  VITAL_MAX_VALUE,
  VITAL_METRICS,
  type VitalMetric,
  vitalBucket,
} from '#app/domain/web-vitals.ts'

describe('vitalBucket and bucketValue (log-scale histogram)', () => {
  it.each([
    ['LCP', 0, 0],
    ['LCP', 0.5, 0],
    ['LCP', 1, 1],
    ['LCP', 2, 11],
    ['LCP', 1024, 101],
    ['TTFB', 131_072, 171 - 1],
    ['INP', 600_000, 171 - 1],
    ['CLS', 0, 0],
    ['CLS', 0.00005, 0],
    ['CLS', 0.0001, 1],
    ['CLS', 0.0002, 11],
  ] as [VitalMetric, number, number][])('%s %f is in bucket %i', (metric, value, bucket) => {
    expect(vitalBucket(metric, value)).toBe(bucket)
  })

  it('keeps every value within 3.6% of the value its bucket stands for', () => {
    for (const metric of VITAL_METRICS) {
      const top = metric === 'CLS' ? 10 : 100_000
      const bottom = metric === 'CLS' ? 0.0001 : 1
      for (let value = bottom; value < top; value *= 1.013) {
        const shown = bucketValue(metric, vitalBucket(metric, value))
        expect(Math.abs(shown / value - 1), `${metric} ${value}`).toBeLessThan(0.036)
      }
    }
  })

  it('never leaves the buckets, whatever the value', () => {
    for (const metric of VITAL_METRICS) {
      for (const value of [-1, Number.NaN, 0, VITAL_MAX_VALUE[metric], 1e12]) {
        const bucket = vitalBucket(metric, value)
        expect(bucket).toBeGreaterThanOrEqual(0)
        expect(bucket).toBeLessThan(VITAL_BUCKETS)
      }
    }
    expect(VITAL_BUCKETS).toBe(171)
    expect(bucketValue('CLS', 0)).toBe(0)
  })
})

describe('histogramPercentile (the 75th percentile from bucket counts)', () => {
  const of = (metric: VitalMetric, values: number[]) => {
    const counts = new Map<number, number>()
    for (const value of values) {
      const bucket = vitalBucket(metric, value)
      counts.set(bucket, (counts.get(bucket) ?? 0) + 1)
    }
    return [...counts].map(([bucket, count]) => ({ bucket, count }))
  }

  it('is null without samples', () => {
    expect(histogramPercentile('LCP', [])).toBeNull()
    expect(histogramPercentile('LCP', [{ bucket: 40, count: 0 }])).toBeNull()
  })

  it('takes the nearest rank: 3 of 4 samples at or below it', () => {
    const p75 = histogramPercentile('LCP', of('LCP', [1000, 2000, 3000, 9000]))
    expect(p75).toBeCloseTo(3000, -2)
    expect(Math.abs((p75 ?? 0) / 3000 - 1)).toBeLessThan(0.036)
    expect(histogramPercentile('INP', of('INP', [120]))).toBeCloseTo(120, -1)
  })

  it("matches the exact 75th percentile of many samples within the buckets' width", () => {
    const values = Array.from({ length: 1000 }, (_, i) => 100 + ((i * 7919) % 1000) * 3.7)
    const exact = [...values].sort((a, b) => a - b)[Math.ceil(0.75 * values.length) - 1] ?? 0
    const p75 = histogramPercentile('TTFB', of('TTFB', values)) ?? 0
    expect(Math.abs(p75 / exact - 1)).toBeLessThan(0.036)
  })

  it('does not depend on the order of the buckets; a CLS of 0 stays 0', () => {
    const buckets = of('CLS', [0, 0, 0, 0.3])
    expect(histogramPercentile('CLS', [...buckets].reverse())).toBe(0)
    expect(histogramPercentile('CLS', of('CLS', [0, 0.3, 0.3, 0.3]))).toBeCloseTo(0.3, 1)
  })
})

describe('rateVital (Google thresholds)', () => {
  it.each([
    ['LCP', 2500, 'good'],
    ['LCP', 2501, 'needsImprovement'],
    ['LCP', 4000, 'needsImprovement'],
    ['LCP', 4001, 'poor'],
    ['INP', 200, 'good'],
    ['INP', 500, 'needsImprovement'],
    ['INP', 501, 'poor'],
    ['CLS', 0.1, 'good'],
    ['CLS', 0.25, 'needsImprovement'],
    ['CLS', 0.26, 'poor'],
    ['TTFB', 800, 'good'],
    ['TTFB', 1800, 'needsImprovement'],
    ['TTFB', 1801, 'poor'],
  ] as const)('%s %f is %s', (metric, value, rating) => {
    expect(rateVital(metric, value)).toBe(rating)
  })
})

describe('pageTypeOfRoute and deviceClassOf', () => {
  it.each([
    ['routes/public/home', 'home'],
    ['routes/public/city', 'city'],
    ['routes/public/city-service', 'city'],
    ['routes/public/neighborhood', 'neighbourhood'],
    ['routes/public/service', 'service'],
    ['routes/public/services', 'service'],
    ['routes/public/search', 'search'],
    ['routes/public/all-profiles', 'search'],
    ['routes/public/profile', 'profile'],
    ['routes/public/cities', 'cities'],
    ['routes/public/about', 'static'],
    ['routes/public/terms', 'static'],
    ['routes/auth/auth', 'auth'],
    ['routes/auth/email-confirmation', 'auth'],
    ['routes/account/security', 'account'],
    ['routes/provider/overview', 'provider'],
    ['routes/client/favorites', 'client'],
    ['routes/admin/vitals', 'admin'],
    ['routes/public/not-found', 'other'],
    ['routes/public/report', 'other'],
    ['root', 'other'],
    [undefined, 'other'],
  ])('%s is %s', (routeId, page) => {
    expect(pageTypeOfRoute(routeId)).toBe(page)
    expect(PAGE_TYPES).toContain(page)
  })

  it('names phones under 768 px, tablets under 1024 px, desktops from there', () => {
    expect([320, 767, 768, 1023, 1024, 1920].map(deviceClassOf)).toEqual([
      'phone',
      'phone',
      'tablet',
      'tablet',
      'desktop',
      'desktop',
    ])
    expect(DEVICE_CLASSES).toEqual(['phone', 'tablet', 'desktop'])
    expect(PHONE_MAX_WIDTH_PX).toBe(MOBILE_MAX_WIDTH_PX)
  })
})
