import { NavLink } from 'react-router'

/** A signed-in area's sections as tabs (on several rows on a narrow phone). */
export function TabNav({
  label,
  items,
}: {
  label: string
  items: { to: string; label: string; end?: boolean }[]
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-x-1 border-b border-stone-200">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                `block whitespace-nowrap border-b-2 px-2.5 py-2.5 text-sm font-medium sm:px-3 ${
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
