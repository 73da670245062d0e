// Pages that are the same for everyone of one audience (issue 17 item 5): the public pages under
// /pt and /en, the profile pages, and the public files made from data. A signed-in visitor is
// served kept copies of these only; every other address (the areas, /auth, forms, endpoints)
// is rendered for them each time, whatever its headers say.

const SHARED = [
  /^\/(pt|en)(\/.*)?$/,
  /^\/acompanhante\/[^/]+$/,
  /^\/(robots\.txt|sitemap\.xml)$/,
  /^\/sitemaps\/[^/]+$/,
  /^\/api\/locations$/,
]

/** The page a React Router data request (`/a/b.data`, `/_root.data`, `/a/_.data`) is for. */
function pagePath(pathname: string): string {
  if (!pathname.endsWith('.data')) return pathname
  const page = pathname.slice(0, -'.data'.length)
  if (page === '/_root') return '/'
  return page.endsWith('/_') ? page.slice(0, -1) : page
}

/** Whether the page at `pathname` (no query) is one every visitor of an audience shares. */
export function isSharedPage(pathname: string): boolean {
  const page = pagePath(pathname)
  return SHARED.some((pattern) => pattern.test(page))
}
