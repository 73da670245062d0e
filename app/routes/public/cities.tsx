import { Link } from 'react-router'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { Breadcrumb } from '#app/components/listing/navigation.tsx'
import { paths } from '#app/domain/paths.ts'
import { stateAnchor } from '#app/domain/states.ts'
import { useCount, useLanguage, useT } from '#app/i18n/i18n.ts'
import { citiesByState } from '#app/modules/location/city-directory.server.ts'
import { metaContext, pageMeta } from '#app/modules/seo/meta.ts'
import type { Route } from './+types/cities'

// /{lang}/cidades: every city with public profiles, grouped by state (issue 19 point 9), so
// that every city page is one link away from the header, the menu and the footer.

export async function loader() {
  return { states: await citiesByState() }
}

export function meta(args: Route.MetaArgs) {
  const { language: lang, t } = metaContext(args)
  return pageMeta(args, {
    title: t.cityDirectory.heading,
    description: t.cityDirectory.description,
    breadcrumb: [{ name: t.cityDirectory.heading, path: paths.cities(lang) }],
  })
}

export default function CitiesPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const count = useCount()
  const lang = useLanguage()
  const { states } = loaderData
  return (
    <SiteShell>
      <Breadcrumb
        items={[
          { label: t.listing.home, to: paths.home(lang) },
          { label: t.cityDirectory.heading },
        ]}
      />
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
        {t.cityDirectory.heading}
      </h1>
      <p className="mt-2 max-w-3xl text-stone-600">{t.cityDirectory.intro}</p>
      {states.length === 0 ? (
        <p className="mt-8 text-stone-700">{t.cityDirectory.empty}</p>
      ) : (
        <>
          <nav aria-label={t.cityDirectory.states} className="mt-6">
            <ul className="flex flex-wrap gap-2">
              {states.map((state) => (
                <li key={state.code}>
                  <a
                    href={`#${stateAnchor(state.code)}`}
                    title={state.name}
                    className="inline-block rounded-full border border-stone-300 bg-white px-3 py-1 text-sm hover:bg-stone-100"
                  >
                    {state.code}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-8 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
            {states.map((state) => (
              <section
                key={state.code}
                id={stateAnchor(state.code)}
                aria-labelledby={`state-${stateAnchor(state.code)}`}
                className="scroll-mt-4"
              >
                <h2 id={`state-${stateAnchor(state.code)}`} className="text-lg font-semibold">
                  {state.name} <span className="font-normal text-stone-500">({state.code})</span>
                </h2>
                <p className="text-sm text-stone-500">
                  {count(t.cityDirectory.stateSummary, state.profileCount, {
                    cities: count(t.cityDirectory.cities, state.cities.length),
                  })}
                </p>
                <ul className="mt-3 divide-y divide-stone-100 border-y border-stone-100">
                  {state.cities.map((city) => (
                    <li key={city.slug}>
                      <Link
                        to={paths.city(lang, city.slug)}
                        className="flex items-baseline justify-between gap-3 py-2 text-stone-800 hover:text-rose-900"
                      >
                        <span className="font-medium hover:underline">{city.name}</span>
                        <span className="shrink-0 text-sm text-stone-500">
                          {count(t.cityDirectory.cityProfiles, city.profileCount)}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </>
      )}
    </SiteShell>
  )
}
