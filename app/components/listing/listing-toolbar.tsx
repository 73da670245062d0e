import type { Filters } from '#app/domain/filters.ts'
import { format, useCount, useT } from '#app/i18n/i18n.ts'
import { FilterControl } from './filter-control.tsx'

/**
 * Result count and the filter control above a grid. In a city, the count says how many are
 * based there and how many are touring (issue 19 point 2): the same total as the suggestions'.
 */
export function ListingToolbar({
  total,
  touring = 0,
  filters,
}: {
  total: number
  touring?: number
  filters: Filters
}) {
  const t = useT()
  const countText = useCount()
  return (
    <div className="my-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-stone-600" aria-live="polite" data-listing-count="">
        {countText(t.listing.results, total)}
        {touring > 0 && (
          <span className="text-stone-500">
            {' ('}
            {format(t.listing.touringSplit, { local: total - touring, touring })}
            {')'}
          </span>
        )}
      </p>
      <FilterControl filters={filters} />
    </div>
  )
}
