import { Link } from 'react-router'
import { paths } from '#app/domain/paths.ts'
import { useLanguage, useT } from '#app/i18n/i18n.ts'
import { AccountButtons } from './account-buttons.tsx'
import { LanguageSwitcher } from './language-switcher.tsx'
import { MobileMenu } from './mobile-menu.tsx'
import { useNavCities } from './use-navigation-data.ts'

/** Site header: brand, about, the four main cities, account buttons and the mobile menu. */
export function Header() {
  const t = useT()
  const lang = useLanguage()
  const cities = useNavCities()
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-4">
        <Link
          to={paths.home(lang)}
          className="text-lg font-bold tracking-tight text-rose-900"
          aria-label={t.a11y.homeLink}
        >
          {t.site.name}
        </Link>
        <nav aria-label={t.a11y.mainNavigation} className="hidden flex-1 md:block">
          <ul className="flex items-center gap-4 text-sm text-stone-700">
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
          </ul>
        </nav>
        <div className="ml-auto hidden items-center gap-2 md:flex">
          <LanguageSwitcher />
          <AccountButtons />
        </div>
        <div className="ml-auto md:hidden">
          <MobileMenu cities={cities} />
        </div>
      </div>
    </header>
  )
}
