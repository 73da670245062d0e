import { redirect } from 'react-router'
import { parseFilters, withFilters } from '#app/domain/filters.ts'
import { rotationMinute } from '#app/domain/ranking.ts'

const MAX_PAGE = 10_000

function sortedQuery(params: URLSearchParams): string {
  return [...params]
    .map(([name, value]) => `${name}=${value}`)
    .sort()
    .join('&')
}

/** A page past the last one of a non-empty result is a 404 (page 1 of nothing is an empty page). */
export function assertPageExists(page: number, total: number, pageSize: number): void {
  if (page > 1 && (page - 1) * pageSize >= total) {
    throw new Response('Not found', { status: 404 })
  }
}

/** Oldest rotation minute a pagination link may carry (a day); older links start afresh. */
const MAX_MINUTE_AGE = 24 * 60

/**
 * Page, filters and rotation minute of a listing request. Filters written with their defaults
 * (a form sent without JavaScript) are redirected to the canonical URL first.
 */
export function readListingParams(request: Request, pageSize: number) {
  const url = new URL(request.url)
  const filters = parseFilters(url.searchParams)
  const canonical = withFilters(url.searchParams, filters)
  // The page and minute are dropped when filters change: a new result starts at page 1.
  if (sortedQuery(canonical) !== sortedQuery(url.searchParams)) {
    const changedFilters = [
      'status',
      'availability',
      'ageMin',
      'ageMax',
      'priceMin',
      'priceMax',
    ].some((name) => url.searchParams.get(name) !== canonical.get(name))
    if (changedFilters) {
      canonical.delete('page')
      canonical.delete('r')
    }
    const query = canonical.toString()
    throw redirect(`${url.pathname}${query ? `?${query}` : ''}`)
  }
  const pageParam = Number(url.searchParams.get('page') ?? '1')
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1
  if (page > MAX_PAGE) throw new Response('Not found', { status: 404 })
  const now = rotationMinute(new Date())
  const carried = Number(url.searchParams.get('r'))
  const minute =
    Number.isInteger(carried) && carried <= now && carried >= now - MAX_MINUTE_AGE ? carried : now
  return { filters, page, minute, offset: (page - 1) * pageSize, limit: pageSize }
}
