import { data, isRouteErrorResponse, redirect, useRouteError } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { ProfileNotFound } from '#app/components/profile/profile-not-found.tsx'
import { asContactChannel, contactUrl } from '#app/domain/contact.ts'
import { isCrawler } from '#app/domain/crawlers.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { dictionary, format } from '#app/i18n/i18n.ts'
import { requestLanguage } from '#app/modules/i18n/request-language.server.ts'
import { contactTarget } from '#app/modules/profile/contact.server.ts'
import { recordProfileEvent, statsDay } from '#app/modules/profile/stats.server.ts'
import {
  dailyOnce,
  fixedWindowLimiter,
  visitorKey,
} from '#app/modules/security/rate-limit.server.ts'
import { log } from '#server/logger.server.ts'
import type { Route } from './+types/contact'

// A visitor who contacts a few advertisers an evening stays far below this, even with others
// behind the same mobile carrier address; a script collecting numbers through the redirect does
// not.
export const CONTACT_LIMIT = { limit: 60, windowMs: 10 * 60_000 }
const limiter = fixedWindowLimiter(CONTACT_LIMIT)
// A click counts once per visitor, profile, channel and day: repeats cannot inflate the figures.
const counted = dailyOnce({ day: () => statsDay() })

const PRIVATE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
}

/**
 * /contato/{profileId}/{whatsapp|telegram|x}: counts the click and sends the visitor to wa.me
 * with the prefilled text, or to the Telegram or X handle (DESIGN.md). The stored number or
 * handle never appears in a page; 404 for an unknown, unapproved or hidden profile or a channel
 * it does not have, 429 past the per-visitor limit. Crawlers are sent on but not counted.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const channel = asContactChannel(params.channel)
  if (!channel || !isUuid(params.profileId)) {
    throw data({ kind: 'profile' }, { status: 404, headers: PRIVATE_HEADERS })
  }
  const visitor = visitorKey(context)
  const limit = limiter.hit(visitor)
  if (!limit.allowed) {
    throw data(
      { kind: 'rate-limit' },
      { status: 429, headers: { ...PRIVATE_HEADERS, 'Retry-After': String(limit.retryAfterS) } },
    )
  }
  const profileId = params.profileId.toLowerCase()
  const target = await contactTarget(profileId, channel)
  const t = dictionary(requestLanguage(request).language)
  const url =
    target && contactUrl(channel, target.value, format(t.contact.prefilled, { name: target.name }))
  if (!url) throw data({ kind: 'profile' }, { status: 404, headers: PRIVATE_HEADERS })
  const countable =
    !isCrawler(request.headers.get('user-agent')) &&
    counted.first(`${visitor} ${profileId} ${channel}`)
  // Counting must not stand between the visitor and the advertiser.
  if (countable) {
    await recordProfileEvent(profileId, channel).catch((error: unknown) =>
      log.error('contact click not counted', { profileId, channel, error: String(error) }),
    )
  }
  return redirect(url, { status: 302, headers: PRIVATE_HEADERS })
}

// Without this, React Router drops the headers of a thrown 404 or 429 (no-store, Retry-After).
export const headers: Route.HeadersFunction = ({ errorHeaders, loaderHeaders }) =>
  errorHeaders ?? loaderHeaders

export function meta() {
  return [{ name: 'robots', content: 'noindex' }]
}

// The loader always redirects or fails: there is nothing to render on success.
export default function Contact() {
  return null
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <ProfileNotFound />
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />
}
