import { data, isRouteErrorResponse, Link, redirect, useRouteError } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { ProfileNotFound } from '#app/components/profile/profile-not-found.tsx'
import { buttonClass } from '#app/components/ui/button.tsx'
import { Info } from '#app/components/ui/icons.tsx'
import { asContactChannel, type ContactChannel, contactUrl } from '#app/domain/contact.ts'
import { isCrawler } from '#app/domain/crawlers.ts'
import { paths } from '#app/domain/paths.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { dictionary, format, useT } from '#app/i18n/i18n.ts'
import { currentUser } from '#app/modules/auth/session.server.ts'
import { requestLanguage } from '#app/modules/i18n/request-language.server.ts'
import { contactTarget } from '#app/modules/profile/contact.server.ts'
import { recordProfileEvent } from '#app/modules/profile/stats.server.ts'
import { recordContact } from '#app/modules/reviews/contacts.server.ts'
import {
  dailyOnce,
  fixedWindowLimiter,
  visitorKey,
} from '#app/modules/security/rate-limit.server.ts'
import { log } from '#app/platform/logger.server.ts'
import type { Route } from './+types/contact'

// A visitor who contacts a few advertisers an evening stays far below this, even with others
// behind the same mobile carrier address; a script collecting numbers through the redirect does
// not.
export const CONTACT_LIMIT = { limit: 60, windowMs: 10 * 60_000 }
const limiter = fixedWindowLimiter({ name: 'contact', ...CONTACT_LIMIT })
// A click counts once per visitor, profile, channel and day: repeats cannot inflate the figures.
const counted = dailyOnce({ name: 'contact-once' })

const PRIVATE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
}

/** What the 404 of a public profile without the channel asked for carries to its page. */
interface NoChannel {
  kind: 'channel'
  channel: ContactChannel
  username: string
}

/**
 * /contato/{profileId}/{whatsapp|telegram|x}: counts the click and sends the visitor to wa.me
 * with the prefilled text, or to the Telegram or X handle (DESIGN.md). The stored number or
 * handle never appears in a page; 404 for an unknown, unapproved or hidden profile, a 404 that
 * says so for a public profile without that channel, 429 past the per-visitor limit. Crawlers
 * are sent on but not counted. A demonstration profile's invented contact leads nowhere: the
 * visitor gets a page saying it is a demonstration (issue 19 point 4), and nothing is counted.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const channel = asContactChannel(params.channel)
  if (!channel || !isUuid(params.profileId)) {
    throw data({ kind: 'profile' }, { status: 404, headers: PRIVATE_HEADERS })
  }
  const visitor = visitorKey(context)
  const limit = await limiter.hit(visitor)
  if (!limit.allowed) {
    throw data(
      { kind: 'rate-limit' },
      { status: 429, headers: { ...PRIVATE_HEADERS, 'Retry-After': String(limit.retryAfterS) } },
    )
  }
  const profileId = params.profileId.toLowerCase()
  const target = await contactTarget(profileId, channel)
  const t = dictionary(requestLanguage(request).language)
  if (!target) throw data({ kind: 'profile' }, { status: 404, headers: PRIVATE_HEADERS })
  const url = contactUrl(channel, target.value, format(t.contact.prefilled, { name: target.name }))
  if (!url) {
    const missing: NoChannel = { kind: 'channel', channel, username: target.username }
    throw data(missing, { status: 404, headers: PRIVATE_HEADERS })
  }
  if (target.isDemo) {
    return data(
      { name: target.name, username: target.username, channel },
      { headers: PRIVATE_HEADERS },
    )
  }
  const countable =
    !isCrawler(request.headers.get('user-agent')) &&
    (await counted.first(`${visitor} ${profileId} ${channel}`))
  // Counting must not stand between the visitor and the advertiser.
  if (countable) {
    await recordProfileEvent(profileId, channel).catch((error: unknown) =>
      log.error('contact click not counted', { profileId, channel, error: String(error) }),
    )
  }
  // A signed-in client's contact is what later lets them review the profile (issue 20 point 1);
  // nothing of a visitor is kept. Not counted or not, every click of a client is noted.
  const who = await currentUser(request).catch(() => null)
  if (who?.role === 'client') {
    await recordContact(who.id, profileId, new Date(), channel).catch((error: unknown) =>
      log.error('contact not recorded', { profileId, error: String(error) }),
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

// The loader redirects, fails, or (a demonstration profile) says there is no one to contact.
export default function DemoContact({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const channel = t.contact.channelNames[loaderData.channel]
  return (
    <ContactNotice
      title={t.contact.demoTitle}
      text={format(t.contact.demoText, { name: loaderData.name, channel })}
      username={loaderData.username}
    />
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const t = useT()
  if (isRouteErrorResponse(error) && error.status === 404) {
    const missing = error.data as Partial<NoChannel> | undefined
    if (missing?.kind === 'channel' && missing.channel && missing.username) {
      return (
        <ContactNotice
          title={t.contact.noChannelTitle}
          text={format(t.contact.noChannelText, {
            channel: t.contact.channelNames[missing.channel],
          })}
          username={missing.username}
        />
      )
    }
    return <ProfileNotFound />
  }
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />
}

/** A short page about a contact that leads nowhere, with the way back to the profile. */
function ContactNotice({
  title,
  text,
  username,
}: {
  title: string
  text: string
  username: string
}) {
  const t = useT()
  return (
    <SiteShell>
      <section className="mx-auto max-w-xl py-20 text-center">
        <Info aria-hidden="true" className="mx-auto size-10 text-amber-700" />
        <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
        <p className="mt-2 text-stone-600">{text}</p>
        <Link
          to={paths.profile(username)}
          className={`mt-8 inline-block ${buttonClass('main', 'page')}`}
        >
          {t.contact.backToProfile}
        </Link>
      </section>
    </SiteShell>
  )
}
