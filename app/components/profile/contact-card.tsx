import type { ReactNode } from 'react'
import { cardClass } from '#app/components/ui/card.tsx'
import { AtSign, MessageCircle, Send } from '#app/components/ui/icons.tsx'
import type { ContactChannel } from '#app/domain/contact.ts'
import { FEATURES } from '#app/domain/flags.ts'
import { format, useT } from '#app/i18n/i18n.ts'

const ICONS = { whatsapp: MessageCircle, telegram: Send, x: AtSign } as const
const STYLES = {
  whatsapp: 'bg-emerald-700 text-white hover:bg-emerald-800',
  telegram: 'bg-sky-700 text-white hover:bg-sky-800',
  x: 'bg-stone-900 text-white hover:bg-stone-800',
} as const

/** Path of the server route that counts a contact click and redirects (DESIGN.md). */
export const contactPath = (profileId: string, channel: ContactChannel) =>
  `/contato/${profileId}/${channel}`

/** The channels a profile's buttons show (WhatsApp only while its flag is on). */
function shownChannels(channels: ContactChannel[]) {
  return channels.filter((channel) => channel !== 'whatsapp' || FEATURES.whatsappContact)
}

/**
 * One contact button: a link through the contact route, so the page holds no number or handle.
 * A demonstration profile's button says so (its route shows a notice, not a chat).
 */
function ContactLink({
  profileId,
  channel,
  demo,
  compact,
}: {
  profileId: string
  channel: ContactChannel
  demo: boolean
  /** The phone's bar: the channel's name only, side by side. */
  compact: boolean
}) {
  const t = useT()
  const Icon = ICONS[channel]
  const demoLabel = format(t.contact.demoButton, { channel: t.contact.channelNames[channel] })
  // The phone's bar names the channel only (the bar itself says when it is a demonstration).
  const label = compact ? t.contact.channelNames[channel] : demo ? demoLabel : t.contact[channel]
  return (
    <a
      href={contactPath(profileId, channel)}
      rel="nofollow noopener noreferrer"
      aria-label={compact && demo ? demoLabel : undefined}
      className={`flex min-h-11 items-center justify-center rounded-md font-semibold ${
        compact ? 'gap-1.5 px-1.5 py-1 text-sm' : 'gap-2 px-4 py-2 text-center'
      } ${STYLES[channel]}`}
    >
      <Icon aria-hidden="true" className={compact ? 'size-4 shrink-0' : 'size-5 shrink-0'} />
      {label}
    </a>
  )
}

/**
 * The contact buttons. Each goes through the contact route, so the page holds no number or
 * handle; the site only points the way and takes no part in what follows.
 */
export function ContactCard({
  profileId,
  channels,
  demo = false,
  children,
}: {
  profileId: string
  channels: ContactChannel[]
  demo?: boolean
  /** More ways to reach her, under the buttons (the gift link). */
  children?: ReactNode
}) {
  const t = useT()
  const shown = shownChannels(channels)
  return (
    <section aria-labelledby="contact-heading" className={cardClass}>
      <h2 id="contact-heading" className="font-semibold">
        {t.profile.contactTitle}
      </h2>
      {shown.length > 0 ? (
        <>
          <ul className="mt-3 space-y-2">
            {shown.map((channel) => (
              <li key={channel}>
                <ContactLink profileId={profileId} channel={channel} demo={demo} compact={false} />
              </li>
            ))}
          </ul>
          <p className="mt-3 text-xs text-stone-600">
            {demo ? t.profile.demoNotice : t.profile.contactIntro}
          </p>
        </>
      ) : (
        <p className="mt-1 text-sm text-stone-600">{t.profile.noContact}</p>
      )}
      {children}
    </section>
  )
}

/**
 * The same buttons in a row, for the phone's bar fixed at the bottom of a profile page (issue 19
 * point 6): the contact is always at hand. Nothing when the profile has no channel.
 */
export function ContactBar({
  profileId,
  channels,
  demo = false,
}: {
  profileId: string
  channels: ContactChannel[]
  demo?: boolean
}) {
  const t = useT()
  const shown = shownChannels(channels)
  if (shown.length === 0) return null
  return (
    <div data-contact-bar="" className="px-3 pt-2">
      {demo && <p className="pb-1 text-center text-xs text-amber-900">{t.contact.demoBar}</p>}
      <ul aria-label={t.contact.stickyBar} className="flex gap-2">
        {shown.map((channel) => (
          <li key={channel} className="min-w-0 flex-1">
            <ContactLink profileId={profileId} channel={channel} demo={demo} compact />
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Whether a profile shows the phone's contact bar (its page keeps room for it). */
export const hasContactBar = (channels: ContactChannel[]) => shownChannels(channels).length > 0
