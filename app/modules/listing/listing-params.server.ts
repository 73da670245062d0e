import { redirect } from 'react-router'
import { parseFilters, withFilters } from '#app/domain/filters.ts'
import { rotationMinute } from '#app/domain/ranking.ts'

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
  if (canonical.toString() !== url.searchParams.toString()) {
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
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 10_000 ? pageParam : 1
  const now = rotationMinute(new Date())
  const carried = Number(url.searchParams.get('r'))
  const minute =
    Number.isInteger(carried) && carried <= now && carried >= now - MAX_MINUTE_AGE ? carried : now
  return { filters, page, minute, offset: (page - 1) * pageSize, limit: pageSize }
}
