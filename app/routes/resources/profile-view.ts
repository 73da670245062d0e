import { isCrawler } from '#app/domain/crawlers.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { currentUser } from '#app/modules/auth/session.server.ts'
import { recordView } from '#app/modules/client/saved.server.ts'
import { recordProfileEvent } from '#app/modules/profile/stats.server.ts'
import {
  dailyOnce,
  fixedWindowLimiter,
  visitorKey,
} from '#app/modules/security/rate-limit.server.ts'
import type { Route } from './+types/profile-view'

// The page sends a beacon each time a profile shows; this is room for a busy evening of
// browsing through the carousel, while each view counts once per visitor and day anyway.
const limiter = fixedWindowLimiter({ name: 'profile-view', limit: 300, windowMs: 10 * 60_000 })
const counted = dailyOnce({ name: 'profile-view-once' })

const empty = (status: number) =>
  new Response(null, { status, headers: { 'Cache-Control': 'no-store' } })

/**
 * POST /api/profile-views/{profileId}: counts one view of a public profile for the day (issue 4,
 * item 6). The page calls it with navigator.sendBeacon after it is shown, so crawlers and
 * prefetches do not count and the HTML cache does not hide views. A visitor counts once per
 * profile and day; nothing about the visitor is stored, except in a signed-in client's own
 * history (issue 9), which only that client sees.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return empty(405)
  // Only this site's pages count a view: browsers say where a request comes from, and a script
  // that does not say is not a browser on one of our pages.
  if (request.headers.get('sec-fetch-site') !== 'same-origin') return empty(403)
  if (!isUuid(params.profileId)) return empty(404)
  const visitor = visitorKey(context)
  if (!(await limiter.hit(visitor)).allowed) return empty(429)
  const profileId = params.profileId.toLowerCase()
  // A signed-in client's own history (issue 9), whatever the day's count says.
  const user = await currentUser(request).catch(() => null)
  if (user?.role === 'client') await recordView(user.id, profileId)
  if (
    isCrawler(request.headers.get('user-agent')) ||
    !(await counted.first(`${visitor} ${profileId}`))
  ) {
    return empty(204)
  }
  return empty((await recordProfileEvent(profileId, 'view')) ? 204 : 404)
}

export function loader() {
  return empty(405)
}
