import { NavLink } from 'react-router'
import { useT } from '#app/i18n/i18n.ts'

/** The dashboard's sections, as tabs that scroll sideways on a phone. */
export function DashboardNav() {
  const t = useT()
  const items = [
    { to: '/dashboard', label: t.dashboard.nav.overview, end: true },
    { to: '/dashboard/profile', label: t.dashboard.nav.profile, end: false },
    { to: '/dashboard/photos', label: t.dashboard.nav.photos, end: false },
    { to: '/dashboard/verification', label: t.dashboard.nav.verification, end: false },
    { to: '/dashboard/account', label: t.dashboard.nav.account, end: false },
  ]
  return (
    <nav aria-label={t.dashboard.nav.label} className="-mx-4 overflow-x-auto px-4">
      <ul className="flex gap-1 border-b border-stone-200">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                `block whitespace-nowrap border-b-2 px-3 py-2.5 text-sm font-medium ${
                  isActive
                    ? 'border-rose-800 text-rose-900'
                    : 'border-transparent text-stone-600 hover:text-stone-900'
                }`
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
