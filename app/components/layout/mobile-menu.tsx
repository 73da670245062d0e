import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import { Sheet } from '#app/components/sheet/sheet.tsx'
import { Menu } from '#app/components/ui/icons.tsx'
import { paths } from '#app/domain/paths.ts'
import { useLanguage, useT } from '#app/i18n/i18n.ts'
import { AccountButtons } from './account-buttons.tsx'
import { LanguageSwitcher } from './language-switcher.tsx'
import type { NavCity } from './use-navigation-data.ts'

/** Side menu for small screens with the header's entries (SPEC §2). */
export function MobileMenu({ cities }: { cities: NavCity[] }) {
  const t = useT()
  const lang = useLanguage()
  const location = useLocation()
  // Open on the page it was opened on: any navigation (a link, the log-out redirect) closes it.
  const [openOn, setOpenOn] = useState<string>()
  const open = openOn === location.key
  const setOpen = (value: boolean) => setOpenOn(value ? location.key : undefined)
  const close = () => setOpen(false)
  const item = 'block rounded-md px-3 py-3 text-base text-stone-800 hover:bg-stone-100'
  return (
    <Sheet
      open={open}
      onOpenChange={setOpen}
      trigger={<Menu aria-hidden="true" className="size-6" />}
      triggerClassName="rounded-md p-2 text-stone-800 hover:bg-stone-100"
      triggerLabel={t.a11y.openMenu}
      title={t.a11y.menuTitle}
      description={t.a11y.menuDescription}
      descriptionClassName="sr-only"
      closeLabel={t.a11y.closeMenu}
      contentClassName="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col gap-2 overflow-y-auto bg-white p-4 shadow-xl"
      headerClassName="flex items-center justify-between"
      closeClassName="rounded-md p-2 text-stone-800 hover:bg-stone-100"
      closeIconClassName="size-6"
    >
      <nav aria-label={t.a11y.mainNavigation}>
        <ul>
          <li>
            <Link to={paths.about(lang)} className={item} onClick={close}>
              {t.header.about}
            </Link>
          </li>
          {cities.map((city) => (
            <li key={city.slug}>
              <Link to={paths.city(lang, city.slug)} className={item} onClick={close}>
                {city.name}
              </Link>
            </li>
          ))}
          <li>
            <Link to={paths.cities(lang)} className={item} onClick={close}>
              {t.header.allCities}
            </Link>
          </li>
          <li>
            <Link to={paths.services(lang)} className={item} onClick={close}>
              {t.header.services}
            </Link>
          </li>
          <li>
            <Link to={paths.search(lang)} className={item} onClick={close}>
              {t.header.search}
            </Link>
          </li>
        </ul>
      </nav>
      <div className="mt-2 flex flex-col gap-2 border-t border-stone-200 pt-4">
        <AccountButtons stacked onNavigate={close} />
      </div>
      <LanguageSwitcher className="mt-2" />
    </Sheet>
  )
}
