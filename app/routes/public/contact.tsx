import { data, isRouteErrorResponse, redirect, useRouteError } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { asContactChannel, contactUrl } from '#app/domain/contact.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { dictionary, format } from '#app/i18n/i18n.ts'
import { requestLanguage } from '#app/modules/i18n/request-language.server.ts'
import { contactTarget } from '#app/modules/profile/contact.server.ts'
import { recordProfileEvent } from '#app/modules/profile/stats.server.ts'
import { fixedWindowLimiter, visitorKey } from '#app/modules/security/rate-limit.server.ts'
import { log } from '#server/logger.server.ts'
import type { Route } from './+types/contact'
import { ProfileNotFound } from './profile.tsx'

// A visitor who contacts a few advertisers an evening stays far below this; a script collecting
// numbers through the redirect does not.
export const CONTACT_LIMIT = { limit: 20, windowMs: 10 * 60_000 }
const limiter = fixedWindowLimiter(CONTACT_LIMIT)

const PRIVATE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
}

/**
 * /contato/{profileId}/{whatsapp|telegram|x}: counts the click and sends the visitor to wa.me
 * with the prefilled text, or to the Telegram or X handle (DESIGN.md). The stored number or
 * handle never appears in a page; 404 for an unknown, unapproved or hidden profile or a channel
 * it does not have, 429 past the per-visitor limit.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const channel = asContactChannel(params.channel)
  if (!channel || !isUuid(params.profileId)) {
    throw data({ kind: 'profile' }, { status: 404, headers: PRIVATE_HEADERS })
  }
  const limit = limiter.hit(visitorKey(context))
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
  // Counting must not stand between the visitor and the advertiser.
  await recordProfileEvent(profileId, channel).catch((error: unknown) =>
    log.error('contact click not counted', { profileId, channel, error: String(error) }),
  )
  return redirect(url, { status: 302, headers: PRIVATE_HEADERS })
}

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
