import { Link } from 'react-router'
import { ArrowLeft } from '#app/components/ui/icons.tsx'
import { useT } from '#app/i18n/i18n.ts'

export interface Crumb {
  label: string
  to?: string
}

/** Breadcrumb trail; the last crumb is the current page. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  const t = useT()
  return (
    <nav aria-label={t.listing.breadcrumb} className="pt-4 text-sm text-stone-600">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => (
          <li key={item.label} className="flex items-center gap-1">
            {index > 0 && <span aria-hidden="true">/</span>}
            {item.to && index < items.length - 1 ? (
              <Link to={item.to} className="hover:text-rose-900 hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="text-stone-900">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}

/** A back button to a known place (a plain link: it works without JavaScript). */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-rose-900 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {label}
    </Link>
  )
}
