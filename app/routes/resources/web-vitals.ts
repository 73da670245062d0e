import { isCrawler } from '#app/domain/crawlers.ts'
import { FEATURES } from '#app/domain/flags.ts'
import { recordVitals, vitalsBeaconSchema } from '#app/modules/analytics/web-vitals.server.ts'
import { fixedWindowLimiter, visitorKey } from '#app/modules/security/rate-limit.server.ts'
import { log } from '#app/platform/logger.server.ts'
import type { Route } from './+types/web-vitals'

/** A beacon is about 100 bytes; anything much larger is not one of ours. */
export const VITALS_MAX_BYTES = 512

// One beacon per page loaded, so this is room for a long evening of browsing; many visitors
// share one address behind a carrier's NAT, so it is wide.
const limiter = fixedWindowLimiter({ name: 'web-vitals', limit: 300, windowMs: 10 * 60_000 })

const empty = (status: number) =>
  new Response(null, { status, headers: { 'Cache-Control': 'no-store' } })

/**
 * POST /api/vitals: one page view's web vitals (issue 24 point 4; ADR 0023), sent by the page
 * with navigator.sendBeacon when it is hidden. The body is a small JSON object (page type,
 * device class, metric values); each value adds one to a bucket of the day's histogram.
 * Nothing about the visitor is read but the address, for the limit, and the user agent, to
 * leave crawlers out; neither is stored. No session is read.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return empty(405)
  if (!FEATURES.analytics) return empty(404)
  // Only this site's pages send vitals: a browser says where a request comes from.
  if (request.headers.get('sec-fetch-site') !== 'same-origin') return empty(403)
  if (Number(request.headers.get('content-length') ?? 0) > VITALS_MAX_BYTES) return empty(413)
  const body = await request.arrayBuffer().catch(() => null)
  if (!body) return empty(400)
  if (body.byteLength > VITALS_MAX_BYTES) return empty(413)
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body))
  } catch {
    return empty(400)
  }
  const beacon = vitalsBeaconSchema.safeParse(json)
  if (!beacon.success) return empty(400)
  if (isCrawler(request.headers.get('user-agent'))) return empty(204)
  // Past the limit a beacon is dropped, not refused: the page never reads the answer, and a 429
  // would only put an error in the visitor's console (and in every browser test's).
  if (!(await limiter.hit(visitorKey(context))).allowed) return empty(204)
  try {
    await recordVitals(beacon.data)
  } catch (error) {
    // A lost sample is no reason for an error page; the log says what happened.
    log.error('web vitals not recorded', { error: String(error) })
    return empty(503)
  }
  return empty(204)
}

export function loader() {
  return empty(405)
}
