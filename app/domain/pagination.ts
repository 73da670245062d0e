import { MAX_PAGE_LINKS } from './page-sizes.ts'

/** Number of pages for `total` items. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

/** The page numbers to link, at most MAX_PAGE_LINKS, centred on the current page when possible. */
export function pageWindow(current: number, pages: number, max = MAX_PAGE_LINKS): number[] {
  const size = Math.min(max, pages)
  const start = Math.min(Math.max(1, current - Math.floor(size / 2)), pages - size + 1)
  return Array.from({ length: size }, (_, i) => start + i)
}
