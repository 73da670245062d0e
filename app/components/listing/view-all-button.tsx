import { Link, useLocation } from 'react-router'
import { notify } from '#app/components/toast.tsx'

/**
 * A link to a listing that, when the visitor is already there, scrolls to the top and says so
 * in a toast instead of reloading (SPEC §2 "view all" and §4 "view-all goes to search").
 * `already` says the visitor sees that list already though the address differs (the city page
 * with no filter narrowing it shows every profile of the city: issue 19 point 11).
 */
export function ViewAllLink({
  to,
  label,
  alreadyTitle,
  alreadyText,
  already,
  className,
}: {
  to: string
  label: string
  alreadyTitle: string
  alreadyText?: string
  already?: boolean
  className?: string
}) {
  const location = useLocation()
  const here = already || `${location.pathname}${location.search}` === to
  return (
    <Link
      to={to}
      className={className}
      onClick={(event) => {
        if (!here) return
        event.preventDefault()
        window.scrollTo({ top: 0, behavior: 'smooth' })
        notify((toast) => toast(alreadyTitle, { description: alreadyText }))
      }}
    >
      {label}
    </Link>
  )
}
