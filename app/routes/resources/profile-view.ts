import { isUuid } from '#app/domain/uuid.ts'
import { recordProfileEvent } from '#app/modules/profile/stats.server.ts'
import { fixedWindowLimiter, visitorKey } from '#app/modules/security/rate-limit.server.ts'
import type { Route } from './+types/profile-view'

// The page sends one beacon per profile per device and day; this is room for a busy evening
// of browsing, not for a script inflating a profile's figures.
const limiter = fixedWindowLimiter({ limit: 120, windowMs: 10 * 60_000 })

const empty = (status: number) =>
  new Response(null, { status, headers: { 'Cache-Control': 'no-store' } })

/**
 * POST /api/profile-views/{profileId}: counts one view of a public profile for the day (issue 4,
 * item 6). The page calls it with navigator.sendBeacon after it is shown, so crawlers and
 * prefetches do not count and the HTML cache does not hide views. No visitor data is stored.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return empty(405)
  // Only this site's pages may count a view (browsers say where a request comes from).
  const site = request.headers.get('sec-fetch-site')
  if (site && site !== 'same-origin') return empty(403)
  if (!isUuid(params.profileId)) return empty(404)
  if (!limiter.hit(visitorKey(context)).allowed) return empty(429)
  const counted = await recordProfileEvent(params.profileId.toLowerCase(), 'view')
  return empty(counted ? 204 : 404)
}

export function loader() {
  return empty(405)
}
