import { Link } from 'react-router'
import type { Filters } from '#app/domain/filters.ts'
import type { ListingPage } from '#app/modules/listing/queries.server.ts'
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
  emptyTitle,
  emptyActions,
}: {
  page: ListingPage | null
  listing: { filters: Filters; page: number; minute: number }
  pageSize: number
  refCity?: string
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
      <ListingToolbar total={page.total} filters={listing.filters} />
      {page.profiles.length > 0 ? (
        <ProfileGrid profiles={page.profiles} refCity={refCity} />
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
    <Link
      to={to}
      className={
        primary
          ? 'rounded-md bg-rose-800 px-4 py-2 font-medium text-white hover:bg-rose-900'
          : 'rounded-md border border-stone-300 px-4 py-2 font-medium hover:bg-stone-100'
      }
    >
      {children}
    </Link>
  )
}
