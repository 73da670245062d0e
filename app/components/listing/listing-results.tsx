import { Link } from 'react-router'
import { buttonClass } from '#app/components/ui/button.tsx'
import type { Filters } from '#app/domain/filters.ts'
import type { ListingPage } from '#app/modules/listing/card.ts'
import { ListingToolbar } from './listing-toolbar.tsx'
import { Pagination } from './pagination.tsx'
import { EmptyState, ListErrorState, ProfileGrid } from './profile-grid.tsx'

/**
 * The result block of a paginated listing: count and filters, the grid (or the empty state with
 * its actions), pagination; or the list error state when the page could not be loaded.
 */
export function ListingResults({
  page,
  listing,
  pageSize,
  refCity,
  cityName,
  headingLevel,
  emptyTitle,
  emptyActions,
}: {
  page: ListingPage | null
  listing: { filters: Filters; page: number; minute: number }
  pageSize: number
  refCity?: string
  /** The city browsed: its touring profiles get a heading of their own. */
  cityName?: string
  /** Level of the cards' headings (3 below a section's h2). */
  headingLevel?: 2 | 3
  emptyTitle: string
  emptyActions?: React.ReactNode
}) {
  if (!page) {
    return (
      <div className="mt-6">
        <ListErrorState />
      </div>
    )
  }
  return (
    <>
      <ListingToolbar total={page.total} touring={page.touring} filters={listing.filters} />
      {page.profiles.length > 0 ? (
        <ProfileGrid
          profiles={page.profiles}
          refCity={refCity}
          cityName={cityName}
          headingLevel={headingLevel}
        />
      ) : (
        <EmptyState title={emptyTitle}>{emptyActions}</EmptyState>
      )}
      <Pagination
        page={listing.page}
        total={page.total}
        pageSize={pageSize}
        minute={listing.minute}
      />
    </>
  )
}

/** A button-like link in an empty state: `primary` for the main way out. */
export function ActionLink({
  to,
  primary = false,
  children,
}: {
  to: string
  primary?: boolean
  children: React.ReactNode
}) {
  return (
    <Link to={to} className={buttonClass(primary ? 'main' : 'secondary', 'page')}>
      {children}
    </Link>
  )
}
