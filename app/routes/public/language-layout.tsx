import { Outlet } from 'react-router'
import { keepAfterFavorite } from '#app/components/profile/favorite-button.tsx'
import { asLanguage } from '#app/domain/language.ts'
import type { Route } from './+types/language-layout'

// Pressing a heart reads the favourites again, not this page's data.
export const shouldRevalidate = keepAfterFavorite

// Every /{lang}/… page: only /pt and /en exist; any other first segment is a 404.
export function loader({ params }: Route.LoaderArgs) {
  if (!asLanguage(params.lang)) throw new Response('Not found', { status: 404 })
  return null
}

/**
 * In the browser the language is checked there: a page change asks the server nothing for this
 * layout, so a failed data request leaves it alone and the page's own error boundary shows, in
 * the site's header and footer, rather than the root's.
 */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  if (!asLanguage(params.lang)) throw new Response('Not found', { status: 404 })
  return null
}

export default function LanguageLayout() {
  return <Outlet />
}
