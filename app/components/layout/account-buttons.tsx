import { Form, Link, useLocation } from 'react-router'
import { buttonClass } from '#app/components/ui/button.tsx'
import { paths } from '#app/domain/paths.ts'
import { useLanguage, useT } from '#app/i18n/i18n.ts'
import { useAccountArea } from './use-navigation-data.ts'

/**
 * SPEC §2 header: log-in and sign-up buttons when signed out; dashboard (the account's own
 * area) and log-out when signed in. `stacked` lays them out for the mobile menu.
 */
export function AccountButtons({
  stacked = false,
  onNavigate,
}: {
  stacked?: boolean
  onNavigate?: () => void
}) {
  const t = useT()
  const lang = useLanguage()
  const location = useLocation()
  const area = useAccountArea()
  // /auth's 'Voltar' returns to this page (its home is the fallback there anyway).
  const here = `${location.pathname}${location.search}`
  const from = here === paths.home(lang) ? undefined : here
  // In the header, log in and log out are plain text buttons (no border).
  const quiet = stacked
    ? buttonClass('secondary', 'block')
    : 'rounded-md px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-100'
  const strong = buttonClass('main', stacked ? 'block' : 'nav')
  if (area) {
    return (
      <>
        <Link to={area} className={strong} onClick={onNavigate}>
          {t.header.dashboard}
        </Link>
        <Form method="post" action="/sign-out" className={stacked ? 'contents' : undefined}>
          <button type="submit" className={quiet}>
            {t.header.logout}
          </button>
        </Form>
      </>
    )
  }
  return (
    <>
      <Link to={paths.auth({ mode: 'login', from })} className={quiet} onClick={onNavigate}>
        {t.header.login}
      </Link>
      <Link to={paths.auth({ mode: 'signup', from })} className={strong} onClick={onNavigate}>
        {t.header.signup}
      </Link>
    </>
  )
}
