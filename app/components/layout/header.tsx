import { Link } from 'react-router'
import { Search } from '#app/components/ui/icons.tsx'
import { paths } from '#app/domain/paths.ts'
import { useLanguage, useT } from '#app/i18n/i18n.ts'
import { AccountButtons } from './account-buttons.tsx'
import { LanguageSwitcher } from './language-switcher.tsx'
import { MobileMenu } from './mobile-menu.tsx'
import { useNavCities } from './use-navigation-data.ts'

/**
 * Site header: brand, about, the four main cities, every city, services and search, account
 * buttons and the mobile menu.
 */
export function Header() {
  const t = useT()
  const lang = useLanguage()
  const cities = useNavCities()
  return (
    <header className="border-b border-stone-200 bg-white print:hidden">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-4">
        <Link
          to={paths.home(lang)}
          className="text-lg font-bold tracking-tight text-rose-900"
          aria-label={t.a11y.homeLink}
        >
          {t.site.name}
        </Link>
        <nav aria-label={t.a11y.mainNavigation} className="hidden flex-1 xl:block">
          <ul className="flex items-center gap-4 whitespace-nowrap text-sm text-stone-700">
            <li>
              <Link to={paths.about(lang)} className="hover:text-rose-900">
                {t.header.about}
              </Link>
            </li>
            {cities.map((city) => (
              <li key={city.slug}>
                <Link to={paths.city(lang, city.slug)} className="hover:text-rose-900">
                  {city.name}
                </Link>
              </li>
            ))}
            <li>
              <Link to={paths.cities(lang)} className="hover:text-rose-900">
                {t.header.allCities}
              </Link>
            </li>
            <li>
              <Link to={paths.services(lang)} className="hover:text-rose-900">
                {t.header.services}
              </Link>
            </li>
            <li>
              <Link to={paths.search(lang)} className="flex items-center gap-1 hover:text-rose-900">
                <Search aria-hidden="true" className="size-4" />
                {t.header.search}
              </Link>
            </li>
          </ul>
        </nav>
        <div className="ml-auto hidden items-center gap-2 md:flex">
          <LanguageSwitcher />
          <AccountButtons />
        </div>
        {/* Below xl the links do not fit one line: they move to the side menu. */}
        <div className="ml-auto md:ml-0 xl:hidden">
          <MobileMenu cities={cities} />
        </div>
      </div>
    </header>
  )
}
