import { Link, useLocation } from 'react-router'
import { ChevronsLeft, ChevronsRight } from '#app/components/ui/icons.tsx'
import { pageCount, pageWindow } from '#app/domain/pagination.ts'
import { format, useT } from '#app/i18n/i18n.ts'

/**
 * Page links (first, previous, a window of numbers, next, last) that keep the query string and carry page 1's rotation minute (`r`), so paging
 * through one result never repeats or skips a profile when the minute changes.
 */
export function Pagination({
  page,
  total,
  pageSize,
  minute,
}: {
  page: number
  total: number
  pageSize: number
  minute: number
}) {
  const t = useT()
  const location = useLocation()
  const pages = pageCount(total, pageSize)
  if (pages <= 1) return null
  const href = (target: number) => {
    const params = new URLSearchParams(location.search)
    params.set('r', String(minute))
    if (target === 1) params.delete('page')
    else params.set('page', String(target))
    return `${location.pathname}?${params}`
  }
  const link = 'grid h-10 min-w-10 place-items-center rounded-md border px-3 text-sm'
  return (
    <nav aria-label={t.pagination.label} className="mt-8 flex flex-wrap justify-center gap-2">
      {page > 1 && (
        <Link
          to={href(1)}
          aria-label={t.pagination.first}
          title={t.pagination.first}
          className={`${link} border-stone-300 bg-white hover:bg-stone-100`}
        >
          <ChevronsLeft aria-hidden="true" className="size-4" />
        </Link>
      )}
      {page > 1 && (
        <Link to={href(page - 1)} rel="prev" className={`${link} border-stone-300 bg-white`}>
          {t.pagination.previous}
        </Link>
      )}
      {pageWindow(page, pages).map((target) =>
        target === page ? (
          <span
            key={target}
            aria-current="page"
            className={`${link} border-rose-800 bg-rose-800 font-semibold text-white`}
          >
            {target}
          </span>
        ) : (
          <Link
            key={target}
            to={href(target)}
            aria-label={format(t.pagination.page, { page: target })}
            className={`${link} border-stone-300 bg-white hover:bg-stone-100`}
          >
            {target}
          </Link>
        ),
      )}
      {page < pages && (
        <Link to={href(page + 1)} rel="next" className={`${link} border-stone-300 bg-white`}>
          {t.pagination.next}
        </Link>
      )}
      {page < pages && (
        <Link
          to={href(pages)}
          aria-label={t.pagination.last}
          title={`${t.pagination.last} (${pages})`}
          className={`${link} border-stone-300 bg-white hover:bg-stone-100`}
        >
          <ChevronsRight aria-hidden="true" className="size-4" />
        </Link>
      )}
    </nav>
  )
}
