import { isCrawler } from '#app/domain/crawlers.ts'
import { FEATURES } from '#app/domain/flags.ts'
import { VITALS_PER_ADDRESS_PER_DAY, VITALS_TOKEN_HOURS } from '#app/domain/web-vitals.ts'
import { checkVitalsToken } from '#app/modules/analytics/vitals-token.server.ts'
import { recordVitals, vitalsBeaconSchema } from '#app/modules/analytics/web-vitals.server.ts'
import { networkOf } from '#app/modules/security/network-key.server.ts'
import { fixedWindowLimiter } from '#app/modules/security/rate-limit.server.ts'
import { log } from '#app/platform/logger.server.ts'
import type { Route } from './+types/web-vitals'

/** A beacon is about 150 bytes; anything much larger is not one of ours. */
export const VITALS_MAX_BYTES = 512

// Each page view's token counts once, on every instance (the shared counters), for as long as a
// token is valid. Anyone can load pages and take their tokens, so an address has a day's worth
// of page views counted at most: one script cannot outweigh the real visitors. An IPv6 visitor
// counts by the /56 a home line holds (as sign-in guesses do), not by each of its addresses.
const usedTokens = fixedWindowLimiter({
  name: 'web-vitals-token',
  limit: 1,
  windowMs: VITALS_TOKEN_HOURS * 3_600_000,
})
const perAddress = fixedWindowLimiter({
  name: 'web-vitals-day',
  limit: VITALS_PER_ADDRESS_PER_DAY,
  windowMs: 86_400_000,
})

const empty = (status: number) =>
  new Response(null, { status, headers: { 'Cache-Control': 'no-store' } })

/**
 * POST /api/vitals: one page view's web vitals (issue 24 point 4; ADR 0023), sent by the page
 * with navigator.sendBeacon when it is hidden. The body is a small JSON object (page type,
 * device class, metric values, and the token the page was rendered with); each value adds one to
 * a bucket of the day's histogram. A beacon counts only with a token of ours, made in the last
 * hours for the type of page it reports, not used before, from a network under its day's page
 * views (issue 30 point 8).
 * Nothing about the visitor is read but the address, for the limit, and the user agent, to
 * leave crawlers out; neither is stored. No session is read.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return empty(405)
  if (!FEATURES.analytics) return empty(404)
  // Only this site's pages send vitals: a browser says where a request comes from (a program
  // says what it likes: the token below is what counts).
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
  const { token, ...vitals } = beacon.data
  const checked = checkVitalsToken(token)
  // No page of ours sends a token we did not sign, nor one made for another type of page (a
  // visit to a public page does not speak for the team's).
  if (!checked.ok && checked.reason !== 'expired') return empty(403)
  if (checked.ok && checked.page !== vitals.page) return empty(403)
  // An expired or used token, or an address past its day, is dropped, not refused: a real page
  // can send one (a tab left open for hours, a page restored from the back-forward cache), it
  // never reads the answer, and a 4xx would only put an error in the visitor's console.
  if (!checked.ok) return empty(204)
  if (!(await usedTokens.hit(checked.pageView)).allowed) return empty(204)
  if (!(await perAddress.hit(networkOf(context?.clientIp))).allowed) return empty(204)
  try {
    await recordVitals(vitals)
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
