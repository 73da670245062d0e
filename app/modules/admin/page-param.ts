// The page an admin list shows (`?pagina=N`), read the same way on every admin screen.

/** Pages past this are not offered (an offset that large is a typo or a probe). */
const MAX_PAGE = 10_000

/** `?pagina=N`: a whole number from 1 to MAX_PAGE; anything else is the first page. */
export function adminPageOf(request: Request): number {
  const typed = new URL(request.url).searchParams.get('pagina') ?? ''
  const page = /^[1-9]\d{0,4}$/.test(typed) ? Number(typed) : 1
  return page <= MAX_PAGE ? page : 1
}
