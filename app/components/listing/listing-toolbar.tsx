import type { Filters } from '#app/domain/filters.ts'
import { format, useT } from '#app/i18n/i18n.ts'
import { FilterControl } from './filter-control.tsx'

/** Result count and the filter control above a grid. */
export function ListingToolbar({ total, filters }: { total: number; filters: Filters }) {
  const t = useT()
  return (
    <div className="my-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-stone-600" aria-live="polite">
        {total === 1 ? t.listing.oneResult : format(t.listing.results, { count: total })}
      </p>
      <FilterControl filters={filters} />
    </div>
  )
}
