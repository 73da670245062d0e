import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { Breadcrumb } from '#app/components/listing/navigation.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { BadgeCheck, Gauge, Scale, ShieldCheck } from '#app/components/ui/icons.tsx'
import { paths } from '#app/domain/paths.ts'
import { useLanguage, useT } from '#app/i18n/i18n.ts'
import { publicProfileCounts } from '#app/modules/location/places.server.ts'
import { knownSlugs } from '#app/modules/seo/known-slugs.server.ts'
import { metaContext, pageMeta } from '#app/modules/seo/meta.ts'
import type { Route } from './+types/about'

/**
 * /{lang}/about (SPEC §2): hero, four technical features, four figures, the trust section with
 * its tagline, and the two calls to action. The figures are live counts from the database, not
 * fixed marketing numbers: the site says what is true today.
 */
export async function loader() {
  const counts = await publicProfileCounts()
  return {
    profiles: counts.total,
    citiesWithProfiles: counts.byCity.size,
    citiesCovered: knownSlugs().cities.size,
  }
}

export function meta(args: Route.MetaArgs) {
  const { t } = metaContext(args)
  return pageMeta(args, { title: t.aboutPage.title, description: t.aboutPage.description })
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const lang = useLanguage()
  const features = [
    [BadgeCheck, t.aboutPage.tech.verificationTitle, t.aboutPage.tech.verificationText],
    [Gauge, t.aboutPage.tech.speedTitle, t.aboutPage.tech.speedText],
    [ShieldCheck, t.aboutPage.tech.privacyTitle, t.aboutPage.tech.privacyText],
    [Scale, t.aboutPage.tech.rankingTitle, t.aboutPage.tech.rankingText],
  ] as const
  const numberFormat = new Intl.NumberFormat(lang === 'pt' ? 'pt-BR' : 'en')
  const figures = [
    [loaderData.profiles, t.aboutPage.numbers.profiles],
    [loaderData.citiesWithProfiles, t.aboutPage.numbers.cities],
    [loaderData.citiesCovered, t.aboutPage.numbers.coverage],
    [2, t.aboutPage.numbers.languages],
  ] as const
  return (
    <SiteShell>
      <Breadcrumb
        items={[{ label: t.listing.home, to: paths.home(lang) }, { label: t.aboutPage.title }]}
      />
      <section className="mt-6 rounded-2xl bg-gradient-to-br from-rose-900 to-stone-900 px-6 py-12 text-white sm:px-10">
        <h1 className="max-w-2xl text-3xl font-bold tracking-tight sm:text-4xl">
          {t.aboutPage.heroTitle}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-rose-50">{t.aboutPage.heroText}</p>
      </section>

      <section aria-labelledby="tech-heading" className="mt-12">
        <h2 id="tech-heading" className="text-2xl font-semibold">
          {t.aboutPage.techHeading}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {features.map(([Icon, title, text]) => (
            <li key={title} className="rounded-lg border border-stone-200 bg-white p-5">
              <Icon aria-hidden="true" className="size-7 text-rose-800" />
              <h3 className="mt-2 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-stone-600">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="numbers-heading" className="mt-12">
        <h2 id="numbers-heading" className="text-2xl font-semibold">
          {t.aboutPage.numbersHeading}
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {figures.map(([value, label]) => (
            <div
              key={label}
              className="flex flex-col-reverse rounded-lg bg-white p-5 text-center shadow-sm"
            >
              <dt className="mt-1 text-sm text-stone-600">{label}</dt>
              <dd className="text-3xl font-bold text-rose-900">{numberFormat.format(value)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section
        aria-labelledby="trust-heading"
        className="mt-12 mb-12 rounded-2xl border border-emerald-200 bg-emerald-50 px-6 py-10 text-center"
      >
        <h2 id="trust-heading" className="text-2xl font-semibold">
          {t.aboutPage.trustHeading}
        </h2>
        <p className="mt-2 text-lg font-medium text-emerald-900">{t.aboutPage.trustTagline}</p>
        <p className="mx-auto mt-2 max-w-2xl text-stone-700">{t.aboutPage.trustText}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to={paths.auth({ mode: 'signup', type: 'provider' })} size="hero">
            {t.aboutPage.ctaProvider}
          </ButtonLink>
          <ButtonLink
            to={paths.auth({ mode: 'signup', type: 'client' })}
            tone="secondary"
            size="hero"
          >
            {t.aboutPage.ctaClient}
          </ButtonLink>
        </div>
      </section>
    </SiteShell>
  )
}
