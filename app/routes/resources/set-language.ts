import { redirect } from 'react-router'
import { asLanguage } from '#app/domain/language.ts'
import { localPath, paths } from '#app/domain/paths.ts'
import { languageCookie } from '#app/modules/i18n/request-language.server.ts'
import type { Route } from './+types/set-language'

// /language/{pt|en}?to=/path: stores the language and goes back to a page of this site.
export function loader({ params, request }: Route.LoaderArgs) {
  const language = asLanguage(params.lang)
  if (!language) throw new Response('Not found', { status: 404 })
  const to = localPath(new URL(request.url).searchParams.get('to')) ?? paths.home(language)
  return redirect(to, { headers: { 'Set-Cookie': languageCookie(language) } })
}
