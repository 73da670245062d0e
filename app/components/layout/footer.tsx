import { AppLink } from '#app/components/ui/app-link.tsx'
import { FOOTER_CITY_SLUGS, FOOTER_SOUTH_CITY_SLUGS } from '#app/domain/navigation.ts'
import { paths } from '#app/domain/paths.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { type NavCity, useNavCities, useYear } from './use-navigation-data.ts'

function LinkColumn({
  heading,
  links,
}: {
  heading: string
  links: { to: string; label: string }[]
}) {
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold text-white">{heading}</h2>
      <ul className="space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <AppLink to={link.to} className="text-stone-300 hover:text-white">
              {link.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Site footer: main cities, the south region, information links and the neutrality notice. */
export function Footer() {
  const t = useT()
  const lang = useLanguage()
  const year = useYear()
  const cityLinks = (cities: NavCity[]) =>
    cities.map((city) => ({ to: paths.city(lang, city.slug), label: city.name }))
  return (
    <footer className="mt-16 bg-stone-900 text-stone-300 print:hidden">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <LinkColumn
          heading={t.footer.citiesHeading}
          links={[
            ...cityLinks(useNavCities(FOOTER_CITY_SLUGS)),
            { to: paths.cities(lang), label: t.footer.allCities },
          ]}
        />
        <LinkColumn
          heading={t.footer.southHeading}
          links={cityLinks(useNavCities(FOOTER_SOUTH_CITY_SLUGS))}
        />
        <LinkColumn
          heading={t.footer.infoHeading}
          links={[
            { to: paths.about(lang), label: t.footer.about },
            { to: paths.services(lang), label: t.footer.services },
            { to: paths.terms(lang), label: t.footer.terms },
            { to: paths.terms(lang, 'politica_privacidade'), label: t.footer.privacy },
          ]}
        />
      </div>
      <div className="border-t border-stone-800">
        <div className="mx-auto max-w-6xl space-y-2 px-4 py-6 text-xs text-stone-400">
          <p>{t.footer.neutralSpace}</p>
          <p>{t.site.adultsOnly}</p>
          <p>{format(t.footer.rights, { year })}</p>
          {/* Required by the CC BY 4.0 licence of the offline geolocation data. */}
          <p>
            <a href="https://db-ip.com" className="underline hover:text-white">
              {t.footer.ipGeolocation}
            </a>
          </p>
        </div>
      </div>
    </footer>
  )
}
