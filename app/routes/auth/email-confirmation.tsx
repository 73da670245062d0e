import { data, redirect } from 'react-router'
import { AuthLayout } from '#app/components/auth/auth-layout.tsx'
import {
  ConfirmationScreen,
  type ConfirmationView,
} from '#app/components/auth/confirmation-screen.tsx'
import { DEFAULT_LANGUAGE } from '#app/domain/language.ts'
import { paths } from '#app/domain/paths.ts'
import { useLanguage } from '#app/i18n/i18n.ts'
import { ageCookie } from '#app/modules/age-gate/age-gate.server.ts'
import { callerOf, confirmEmail } from '#app/modules/auth/accounts.server.ts'
import { orderedForm } from '#app/modules/forms/checks.ts'
import { plain } from '#app/modules/forms/fields.ts'
import { parseSingleForm } from '#app/modules/forms/parse-form.server.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { metaContext, pageMeta } from '#app/modules/seo/meta.ts'
import type { Route } from './+types/email-confirmation'

// '/' (SPEC §2): with a confirmation token in the query, the e-mail confirmation screen;
// otherwise a redirect to the Portuguese home.

/** Confirmation tokens are signed JWTs; anything much longer is not one. */
const MAX_TOKEN_LENGTH = 2048

function tokenOf(value: FormDataEntryValue | string | null): string | undefined {
  return typeof value === 'string' && value && value.length <= MAX_TOKEN_LENGTH ? value : undefined
}

export function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(new URL(request.url).searchParams.get('token'))
  if (!token) return redirect(paths.home(DEFAULT_LANGUAGE))
  return data({ token }, { headers: { 'Cache-Control': 'no-store' } })
}

/** The confirmation screen's button sends the token it was opened with. */
const CONFIRM_FORM = orderedForm({ token: plain() })

export async function action({ request, context }: Route.ActionArgs) {
  const { checked } = await parseSingleForm(request, CONFIRM_FORM)
  const token = checked.ok ? tokenOf(checked.value.token) : undefined
  if (!token) throw new Response('Bad request', { status: 400 })
  const outcome = await confirmEmail(
    token,
    callerOf(request, context),
    request.headers.get('cookie'),
  )
  if (outcome.kind === 'error') return data({ result: outcome satisfies ConfirmationView })
  const { headers, ...result } = outcome
  // The account holder declared 18+ at sign-up: the age gate has nothing to ask.
  if (outcome.kind === 'confirmed') headers.append('Set-Cookie', ageCookie())
  return data({ result: result satisfies ConfirmationView }, { headers })
}

export const headers = passOnHeaders('Cache-Control')

export function meta(args: Route.MetaArgs) {
  const { t } = metaContext(args)
  return pageMeta(args, { title: t.auth.confirm.title, noindex: true })
}

export default function EmailConfirmationPage({ loaderData, actionData }: Route.ComponentProps) {
  const lang = useLanguage()
  return (
    <AuthLayout backTo={paths.home(lang)}>
      <ConfirmationScreen token={loaderData.token} result={actionData?.result} />
    </AuthLayout>
  )
}
