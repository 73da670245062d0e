import { Form, Link } from 'react-router'
import { paths } from '#app/domain/paths.ts'
import { useT } from '#app/i18n/i18n.ts'
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
  const area = useAccountArea()
  const quiet = stacked
    ? 'rounded-md border border-stone-300 px-3 py-3 text-center font-medium'
    : 'rounded-md px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-100'
  const strong = stacked
    ? 'rounded-md bg-rose-800 px-3 py-3 text-center font-medium text-white'
    : 'rounded-md bg-rose-800 px-3 py-2 text-sm font-medium text-white hover:bg-rose-900'
  if (area) {
    return (
      <>
        <Link to={area} className={strong} onClick={onNavigate}>
          {t.header.dashboard}
        </Link>
        <Form method="post" action="/sign-out" className={stacked ? 'contents' : undefined}>
          <button type="submit" className={`${quiet} ${stacked ? 'w-full' : ''}`}>
            {t.header.logout}
          </button>
        </Form>
      </>
    )
  }
  return (
    <>
      <Link to={paths.auth({ mode: 'login' })} className={quiet} onClick={onNavigate}>
        {t.header.login}
      </Link>
      <Link to={paths.auth({ mode: 'signup' })} className={strong} onClick={onNavigate}>
        {t.header.signup}
      </Link>
    </>
  )
}
