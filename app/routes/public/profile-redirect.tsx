import { redirect } from 'react-router'
import { paths } from '#app/domain/paths.ts'
import type { Route } from './+types/profile-redirect'

// /pt/acompanhante/{slug}, /en/acompanhante/{slug} and /perfil/{id} moved for good to
// /acompanhante/{…} (SPEC §2), keeping the query string.
export function loader({ params, request }: Route.LoaderArgs) {
  const slug = params.slug ?? params.id ?? ''
  return redirect(`${paths.profile(encodeURIComponent(slug))}${new URL(request.url).search}`, 301)
}
