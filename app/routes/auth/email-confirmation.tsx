import { data, redirect } from 'react-router'
import { AuthLayout } from '#app/components/auth/auth-layout.tsx'
import { ConfirmationScreen } from '#app/components/auth/confirmation-screen.tsx'
import { DEFAULT_LANGUAGE } from '#app/domain/language.ts'
import { paths } from '#app/domain/paths.ts'
import { useLanguage } from '#app/i18n/i18n.ts'
import { confirmationAction, tokenOf } from '#app/modules/auth/confirmation-page.server.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { titleMeta } from '#app/routes/title-meta.ts'
import type { Route } from './+types/email-confirmation'

// '/' (SPEC §2): with a confirmation token in the query, the e-mail confirmation screen;
// otherwise a redirect to the Portuguese home.

export function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(new URL(request.url).searchParams.get('token'))
  if (!token) return redirect(paths.home(DEFAULT_LANGUAGE))
  return data({ token }, { headers: { 'Cache-Control': 'no-store' } })
}

/** The link alone (sent as the screen opens), or with the account's password, or a new one. */
export function action({ request, context }: Route.ActionArgs) {
  return confirmationAction(request, context)
}

export const headers = passOnHeaders('Cache-Control')

export const meta = titleMeta((t) => t.auth.confirm.title)

export default function EmailConfirmationPage({ loaderData, actionData }: Route.ComponentProps) {
  const lang = useLanguage()
  return (
    <AuthLayout backTo={paths.home(lang)}>
      <ConfirmationScreen token={loaderData.token} posted={actionData?.result} />
    </AuthLayout>
  )
}
