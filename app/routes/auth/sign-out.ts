import { redirect } from 'react-router'
import { paths } from '#app/domain/paths.ts'
import { callerOf, signOut } from '#app/modules/auth/accounts.server.ts'
import { flashCookie } from '#app/modules/flash/flash.server.ts'
import { requestLanguage } from '#app/modules/i18n/request-language.server.ts'
import type { Route } from './+types/sign-out'

/** POST /sign-out (header, mobile menu, dashboards): ends the session, back to the home page. */
export async function action({ request, context }: Route.ActionArgs) {
  const caller = callerOf(request, context)
  const headers = await signOut(request, caller)
  headers.append('Set-Cookie', flashCookie('signed-out'))
  return redirect(paths.home(caller.language), { headers })
}

export function loader({ request }: Route.LoaderArgs) {
  return redirect(paths.home(requestLanguage(request).language))
}
