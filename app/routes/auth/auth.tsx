import { useRouteLoaderData } from 'react-router'
import { AuthLayout } from '#app/components/auth/auth-layout.tsx'
import { ChoiceScreen } from '#app/components/auth/choice-screen.tsx'
import { LoginCard } from '#app/components/auth/login-card.tsx'
import {
  ForgotPasswordCard,
  ResetPasswordCard,
  SecureAccountCard,
} from '#app/components/auth/password-cards.tsx'
import { RoleDialog } from '#app/components/auth/role-dialog.tsx'
import { ClientSignUpCard, ProviderSignUpCard } from '#app/components/auth/sign-up-cards.tsx'
import type { AuthScreen } from '#app/domain/auth-screen.ts'
import { authAction, authPageLoader } from '#app/modules/auth/auth-page.server.ts'
import type { AuthActionData, AuthIntent } from '#app/modules/auth/form-state.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { metaContext, pageMeta } from '#app/modules/seo/meta.ts'
import type { loader as rootLoader } from '#app/root.tsx'
import type { Route } from './+types/auth'

// /auth (SPEC §2 auth page): choice, login, the two sign-up cards, forgot and reset password,
// and the account-type dialog after a first Google sign-in. Every form posts to this route.

export function loader({ request }: Route.LoaderArgs) {
  return authPageLoader(request)
}

export function action({ request, context }: Route.ActionArgs) {
  return authAction(request, context)
}

export const headers = passOnHeaders('Cache-Control', 'Retry-After')

export function meta(args: Route.MetaArgs) {
  const { t } = metaContext(args)
  // The tab names the step: the card's own title.
  const screen = args.loaderData?.screen
  const title = {
    choice: t.auth.metaTitle,
    login: t.auth.login.title,
    'provider-sign-up': t.auth.providerSignUp.title,
    'client-sign-up': t.auth.clientSignUp.title,
    forgot: t.auth.forgot.title,
    reset: t.auth.reset.title,
    secure: t.auth.secure.title,
  }[screen ?? 'choice']
  return pageMeta(args, { title, description: t.auth.metaDescription, noindex: true })
}

/** The card a form's answer belongs on, whatever the address it was posted to. */
const SCREEN_OF_INTENT: Partial<Record<AuthIntent, AuthScreen>> = {
  login: 'login',
  resend: 'login',
  google: 'login',
  'provider-sign-up': 'provider-sign-up',
  'client-sign-up': 'client-sign-up',
  forgot: 'forgot',
  reset: 'reset',
  'secure-account': 'secure',
  'prove-password': 'secure',
  'prove-code': 'secure',
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { type, backTo, roleChoice } = loaderData
  // The root's loader reads the one-time message too and clears its cookie; in the browser its
  // data comes by a request of its own (it has a clientLoader), which may clear the cookie
  // before this page's request is sent: either one that saw the message says it.
  const flash = useRouteLoaderData<typeof rootLoader>('root')?.flash ?? loaderData.flash
  const answered = actionData ? SCREEN_OF_INTENT[(actionData as AuthActionData).intent] : undefined
  const screen = answered ?? loaderData.screen
  const card = {
    choice: () => <ChoiceScreen />,
    login: () => (
      <LoginCard
        type={type}
        next={loaderData.next}
        cameFrom={loaderData.cameFrom}
        google={loaderData.google}
        googleFailed={loaderData.googleFailed}
        flash={flash}
      />
    ),
    'provider-sign-up': () => <ProviderSignUpCard placeSlugs={loaderData.placeSlugs ?? []} />,
    'client-sign-up': () => <ClientSignUpCard />,
    forgot: () => <ForgotPasswordCard />,
    reset: () => <ResetPasswordCard token={loaderData.token ?? ''} />,
    secure: () => <SecureAccountCard token={loaderData.token ?? ''} proof={loaderData.proof} />,
  }[screen]
  return (
    <>
      <div inert={roleChoice ? true : undefined}>
        <AuthLayout backTo={backTo}>{card()}</AuthLayout>
      </div>
      {roleChoice ? <RoleDialog email={roleChoice.email} /> : null}
    </>
  )
}
