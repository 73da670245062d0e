import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { Breadcrumb } from '#app/components/listing/navigation.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { asLanguage } from '#app/domain/language.ts'
import { paths } from '#app/domain/paths.ts'
import { useLanguage, useT } from '#app/i18n/i18n.ts'
import { allServices } from '#app/modules/location/places.server.ts'
import { metaContext, pageMeta } from '#app/modules/seo/meta.ts'
import type { Route } from './+types/services'

export async function loader({ params }: Route.LoaderArgs) {
  const en = asLanguage(params.lang) === 'en'
  const services = await allServices()
  return {
    services: services.map((s) => ({
      slug: s.slug,
      name: en ? s.nameEn : s.namePt,
      description: en ? s.descriptionEn : s.descriptionPt,
      keywords: (en ? s.keywordsEn : s.keywordsPt).slice(0, 3),
    })),
  }
}

export function meta(args: Route.MetaArgs) {
  const { language: lang, t } = metaContext(args)
  return pageMeta(args, {
    title: t.services.heading,
    description: t.services.intro,
    breadcrumb: [{ name: t.services.heading, path: paths.services(lang) }],
  })
}

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const lang = useLanguage()
  return (
    <SiteShell>
      <Breadcrumb
        items={[{ label: t.listing.home, to: paths.home(lang) }, { label: t.services.heading }]}
      />
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">{t.services.heading}</h1>
      <p className="mt-2 text-stone-600">{t.services.intro}</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.services.map((service) => (
          <li
            key={service.slug}
            className="flex flex-col rounded-lg border border-stone-200 bg-white p-5"
          >
            <h2 className="text-lg font-semibold">{service.name}</h2>
            <p className="mt-1 flex-1 text-sm text-stone-600">{service.description}</p>
            <ul aria-label={t.services.keywords} className="mt-3 flex flex-wrap gap-1">
              {service.keywords.map((keyword) => (
                <li
                  key={keyword}
                  className="rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-700"
                >
                  {keyword}
                </li>
              ))}
            </ul>
            <ButtonLink
              to={paths.service(lang, service.slug)}
              size="nav"
              className="mt-4 text-center"
            >
              {t.services.viewProfiles}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </SiteShell>
  )
}
