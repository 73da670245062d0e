// Web vitals of real visits (issue 24 point 4; ADR 0023): what a beacon may say, the fixed
// log-scale histogram each metric is counted in, and the 75th percentile read back from it.

/** The metrics collected: Core Web Vitals plus the server's answer time. */
export const VITAL_METRICS = ['LCP', 'INP', 'CLS', 'TTFB'] as const
export type VitalMetric = (typeof VITAL_METRICS)[number]

/**
 * The kinds of page a beacon is counted under (never its address). A page view's token carries
 * its type's index here: a new type goes at the end.
 */
export const PAGE_TYPES = [
  'home',
  'city',
  'neighbourhood',
  'service',
  'search',
  'profile',
  'cities',
  'static',
  'auth',
  'account',
  'provider',
  'client',
  'admin',
  'other',
] as const
export type PageType = (typeof PAGE_TYPES)[number]

/**
 * A page view's beacon carries the token its document was rendered with (issue 30 point 8; ADR
 * 0023): one per document, valid this long (a page's life, generously), used once.
 */
export const VITALS_TOKEN_HOURS = 4
/**
 * The token's length: base64url of 12 random bytes, a 4-byte time, the page type's index in
 * PAGE_TYPES (one byte) and a 16-byte signature.
 */
export const VITALS_TOKEN_LENGTH = 44
/** The meta element of a document that holds its token. */
export const VITALS_TOKEN_META = 'vitals-token'
/** Page views one address may have counted in a day: a person's evening, not a script's. */
export const VITALS_PER_ADDRESS_PER_DAY = 20

/** The kinds of device, by viewport width. */
export const DEVICE_CLASSES = ['phone', 'tablet', 'desktop'] as const
export type DeviceClass = (typeof DEVICE_CLASSES)[number]

/**
 * Viewports narrower than this are phones: SPEC §9's 'mobile under 768 px', the value of
 * gestures.ts's MOBILE_MAX_WIDTH_PX (a unit test holds them equal). Not imported from there, so
 * the lazily loaded reporter does not split that module out of the chunks every page loads.
 */
export const PHONE_MAX_WIDTH_PX = 768
/** Viewports this wide or wider are desktops; between the two, tablets. */
export const DESKTOP_MIN_WIDTH_PX = 1024

/** The device class of a viewport `width` CSS pixels wide. */
export function deviceClassOf(width: number): DeviceClass {
  if (width < PHONE_MAX_WIDTH_PX) return 'phone'
  return width < DESKTOP_MIN_WIDTH_PX ? 'tablet' : 'desktop'
}

/** Public pages by route id (app/routes.ts names each by its file). */
const PUBLIC_PAGE_TYPES: Record<string, PageType> = {
  'routes/public/home': 'home',
  'routes/public/city': 'city',
  'routes/public/city-service': 'city',
  'routes/public/neighborhood': 'neighbourhood',
  'routes/public/services': 'service',
  'routes/public/service': 'service',
  'routes/public/search': 'search',
  'routes/public/all-profiles': 'search',
  'routes/public/profile': 'profile',
  'routes/public/cities': 'cities',
  'routes/public/about': 'static',
  'routes/public/terms': 'static',
}

/** The areas by their route folder. */
const AREA_PAGE_TYPES: Record<string, PageType> = {
  auth: 'auth',
  account: 'account',
  provider: 'provider',
  client: 'client',
  admin: 'admin',
}

/** The page type of the deepest matched route's id; anything unknown is 'other'. */
export function pageTypeOfRoute(routeId: string | undefined): PageType {
  if (!routeId) return 'other'
  const page = PUBLIC_PAGE_TYPES[routeId]
  if (page) return page
  const folder = /^routes\/([a-z-]+)\//.exec(routeId)?.[1] ?? ''
  return AREA_PAGE_TYPES[folder] ?? 'other'
}

/** Google's thresholds: up to `good` is good, up to `poor` needs improvement, above is poor. */
export const VITAL_THRESHOLDS: Record<VitalMetric, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  TTFB: { good: 800, poor: 1800 },
}

export type VitalRating = 'good' | 'needsImprovement' | 'poor'

/** How a metric's value rates against Google's thresholds. */
export function rateVital(metric: VitalMetric, value: number): VitalRating {
  const { good, poor } = VITAL_THRESHOLDS[metric]
  if (value <= good) return 'good'
  return value <= poor ? 'needsImprovement' : 'poor'
}

/**
 * The largest value a beacon may report (milliseconds; CLS has no unit). Anything larger is a
 * broken or forged beacon; values up to it beyond the last bucket count in the last bucket.
 */
export const VITAL_MAX_VALUE: Record<VitalMetric, number> = {
  LCP: 600_000,
  INP: 600_000,
  TTFB: 600_000,
  CLS: 100,
}

/**
 * The histogram: bucket 0 holds values below `smallest` (a CLS of 0); bucket k >= 1 holds
 * [smallest·2^((k-1)/10), smallest·2^(k/10)), ten buckets per doubling (7% wide), up to
 * smallest·2^17 (131 s; a CLS of 13); larger values share the last bucket.
 */
const SMALLEST: Record<VitalMetric, number> = { LCP: 1, INP: 1, TTFB: 1, CLS: 0.0001 }
const BUCKETS_PER_DOUBLING = 10
/** The number of buckets of every metric (0 to VITAL_BUCKETS - 1). */
export const VITAL_BUCKETS = 17 * BUCKETS_PER_DOUBLING + 1

/** The bucket a value of `metric` is counted in. */
export function vitalBucket(metric: VitalMetric, value: number): number {
  const smallest = SMALLEST[metric]
  if (!(value >= smallest)) return 0
  // The small epsilon keeps a value exactly on a boundary in the bucket it starts.
  const k = Math.floor(Math.log2(value / smallest) * BUCKETS_PER_DOUBLING + 1e-9) + 1
  return Math.min(k, VITAL_BUCKETS - 1)
}

/** The value a bucket stands for: 0 for bucket 0, else the geometric middle of its range. */
export function bucketValue(metric: VitalMetric, bucket: number): number {
  if (bucket <= 0) return 0
  return SMALLEST[metric] * 2 ** ((bucket - 0.5) / BUCKETS_PER_DOUBLING)
}

export interface BucketCount {
  bucket: number
  count: number
}

/**
 * The `p` quantile (0.75: the 75th percentile) of a metric's histogram, by nearest rank, as
 * the value its bucket stands for (within 3.5% of the true one); null without samples.
 */
export function histogramPercentile(
  metric: VitalMetric,
  buckets: readonly BucketCount[],
  p = 0.75,
): number | null {
  const sorted = [...buckets].filter((b) => b.count > 0).sort((a, b) => a.bucket - b.bucket)
  const total = sorted.reduce((sum, b) => sum + b.count, 0)
  if (total === 0) return null
  const rank = Math.max(1, Math.ceil(p * total))
  let seen = 0
  for (const { bucket, count } of sorted) {
    seen += count
    if (seen >= rank) return bucketValue(metric, bucket)
  }
  return null
}
