import { AtSign, MessageCircle, Send } from 'lucide-react'
import type { ContactChannel } from '#app/domain/contact.ts'
import { FEATURES } from '#app/domain/flags.ts'
import { useT } from '#app/i18n/i18n.ts'

const ICONS = { whatsapp: MessageCircle, telegram: Send, x: AtSign } as const
const STYLES = {
  whatsapp: 'bg-emerald-700 text-white hover:bg-emerald-800',
  telegram: 'bg-sky-700 text-white hover:bg-sky-800',
  x: 'bg-stone-900 text-white hover:bg-stone-800',
} as const

/** Path of the server route that counts a contact click and redirects (DESIGN.md). */
export const contactPath = (profileId: string, channel: ContactChannel) =>
  `/contato/${profileId}/${channel}`

/**
 * The contact buttons. Each goes through the contact route, so the page holds no number or
 * handle; the site only points the way and takes no part in what follows.
 */
export function ContactCard({
  profileId,
  channels,
}: {
  profileId: string
  channels: ContactChannel[]
}) {
  const t = useT()
  const shown = channels.filter((channel) => channel !== 'whatsapp' || FEATURES.whatsappContact)
  return (
    <section
      aria-labelledby="contact-heading"
      className="rounded-lg border border-stone-200 bg-white p-4"
    >
      <h2 id="contact-heading" className="font-semibold">
        {t.profile.contactTitle}
      </h2>
      {shown.length > 0 ? (
        <>
          <ul className="mt-3 space-y-2">
            {shown.map((channel) => {
              const Icon = ICONS[channel]
              return (
                <li key={channel}>
                  <a
                    href={contactPath(profileId, channel)}
                    rel="nofollow noopener noreferrer"
                    className={`flex min-h-11 items-center justify-center gap-2 rounded-md px-4 py-2 font-semibold ${STYLES[channel]}`}
                  >
                    <Icon aria-hidden="true" className="size-5" />
                    {t.contact[channel]}
                  </a>
                </li>
              )
            })}
          </ul>
          <p className="mt-3 text-xs text-stone-600">{t.profile.contactIntro}</p>
        </>
      ) : (
        <p className="mt-1 text-sm text-stone-600">{t.profile.noContact}</p>
      )}
    </section>
  )
}
