import { redirect } from 'react-router'
import { asLanguage } from '#app/domain/language.ts'
import { localPath, paths } from '#app/domain/paths.ts'
import { rememberAccountLanguage } from '#app/modules/auth/accounts.server.ts'
import { currentUser } from '#app/modules/auth/session.server.ts'
import { languageCookie } from '#app/modules/i18n/request-language.server.ts'
import { log } from '#app/platform/logger.server.ts'
import type { Route } from './+types/set-language'

// /language/{pt|en}?to=/path: stores the language and goes back to a page of this site. For a
// signed-in account the language is its e-mails' language from then on (issue 19 point 14),
// when the request comes from this site or the address bar: a link or redirect from another
// site only sets the cookie. The switcher asks for this in the background on pages with the
// language in their path (language-switcher.tsx), where it is a plain link.
export async function loader({ params, request }: Route.LoaderArgs) {
  const language = asLanguage(params.lang)
  if (!language) throw new Response('Not found', { status: 404 })
  const to = localPath(new URL(request.url).searchParams.get('to')) ?? paths.home(language)
  const from = request.headers.get('sec-fetch-site')
  try {
    const user = from === 'same-origin' || from === 'none' ? await currentUser(request) : null
    if (user) await rememberAccountLanguage(user.id, language)
  } catch (error) {
    // The page's language still changes; the e-mails keep the one before.
    log.error('account language not saved', { error: String(error) })
  }
  return redirect(to, { headers: { 'Set-Cookie': languageCookie(language) } })
}
