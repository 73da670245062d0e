import { EyeOff, MessageCircle, ShieldCheck } from 'lucide-react'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { ProfileCard } from '#app/components/profile/profile-card.tsx'
import { DEFAULT_FILTERS } from '#app/domain/filters.ts'
import { asLanguage, DEFAULT_LANGUAGE } from '#app/domain/language.ts'
import { HOME_PROFILE_LIMIT } from '#app/domain/page-sizes.ts'
import { rotationMinute } from '#app/domain/ranking.ts'
import { dictionary, useT } from '#app/i18n/i18n.ts'
import { listProfiles } from '#app/modules/listing/queries.server.ts'
import type { Route } from './+types/home'

export async function loader() {
  const { profiles } = await listProfiles({
    filters: DEFAULT_FILTERS,
    minute: rotationMinute(new Date()),
    limit: HOME_PROFILE_LIMIT,
    offset: 0,
  })
  return { profiles }
}

export function meta({ params }: Route.MetaArgs) {
  const t = dictionary(asLanguage(params.lang) ?? DEFAULT_LANGUAGE)
  return [{ title: t.meta.homeTitle }, { name: 'description', content: t.meta.homeDescription }]
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const features = [
    { Icon: ShieldCheck, title: t.home.features.verifiedTitle, text: t.home.features.verifiedText },
    { Icon: EyeOff, title: t.home.features.discretionTitle, text: t.home.features.discretionText },
    {
      Icon: MessageCircle,
      title: t.home.features.whatsappTitle,
      text: t.home.features.whatsappText,
    },
  ]
  return (
    <SiteShell>
      <section className="py-10 text-center sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">
          {t.home.heroTitle}
        </h1>
        <p className="mx-auto mt-3 max-w-2xl text-stone-600">{t.home.heroSubtitle}</p>
        <ul className="mt-8 grid gap-4 text-left sm:grid-cols-3">
          {features.map(({ Icon, title, text }) => (
            <li key={title} className="rounded-lg border border-stone-200 bg-white p-4">
              <Icon aria-hidden="true" className="size-6 text-rose-800" />
              <h2 className="mt-2 font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-stone-600">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="featured-heading">
        <h2 id="featured-heading" className="mb-4 text-xl font-semibold">
          {t.home.profilesHeading}
        </h2>
        {loaderData.profiles.length === 0 ? (
          <p className="text-stone-600">{t.home.noProfiles}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {loaderData.profiles.map((profile, index) => (
              <li key={profile.id}>
                <ProfileCard profile={profile} eager={index < 4} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="why-heading" className="mt-12">
        <h2 id="why-heading" className="mb-4 text-xl font-semibold">
          {t.home.whyHeading}
        </h2>
        <ul className="grid gap-2 sm:grid-cols-2">
          {Object.values(t.home.why).map((reason) => (
            <li key={reason} className="flex gap-2 text-stone-700">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-rose-800" />
              {reason}
            </li>
          ))}
        </ul>
      </section>
    </SiteShell>
  )
}
