import { useEffect, useState } from 'react'
import { Form, useActionData, useNavigation } from 'react-router'
import { firstProblem, useCheckedForm } from '#app/components/forms/use-checked-form.ts'
import { ActionAlert, FormAlert } from '#app/components/ui/alert.tsx'
import { buttonClass, SubmitButton } from '#app/components/ui/button.tsx'
import { EmailField, PasswordField } from '#app/components/ui/credential-fields.tsx'
import { CheckboxField } from '#app/components/ui/field.tsx'
import { LoaderCircle } from '#app/components/ui/icons.tsx'
import type { SignUpRole } from '#app/domain/account.ts'
import type { Flash } from '#app/domain/flash.ts'
import { paths } from '#app/domain/paths.ts'
import { format, useT } from '#app/i18n/i18n.ts'
import type { AuthActionData } from '#app/modules/auth/form-state.ts'
import { loginSchema, resendConfirmationSchema } from '#app/modules/auth/schema.ts'
import { AuthCard, CardLink } from './auth-layout.tsx'
import { MailLimitNote } from './mail-limit-note.tsx'

/** What the previous step left to say on the login card. */
function FlashNotice({ flash }: { flash?: Flash }) {
  const t = useT()
  if (flash === 'account-created') {
    return (
      <FormAlert tone="success" title={t.auth.notices.accountCreated}>
        <p>{t.auth.notices.checkEmail}</p>
        <MailLimitNote className="mt-1" />
      </FormAlert>
    )
  }
  if (flash === 'password-changed') {
    return (
      <FormAlert tone="success" title={t.auth.notices.passwordChanged}>
        {t.auth.notices.passwordChangedText}
      </FormAlert>
    )
  }
  return null
}

/**
 * SPEC §8 'Redirecionando para seu painel...': shown from the moment the log-in is accepted (the
 * action redirected) until the next page shows. It needs script: without it the browser goes
 * straight from the form's answer to the next page, with nothing in between to show.
 */
function SignedInNotice() {
  const t = useT()
  const navigation = useNavigation()
  const target = navigation.location?.pathname
  const leaving =
    navigation.state === 'loading' &&
    navigation.formData?.get('intent') === 'login' &&
    target !== undefined &&
    target !== '/auth'
  if (!leaving) return null
  const toArea = /^\/(?:dashboard|client-dashboard|admin)(?:\/|$)/.test(target)
  return (
    <FormAlert tone="success" title={toArea ? t.auth.notices.redirecting : t.auth.login.returning}>
      <span className="inline-flex items-center gap-2">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        {t.auth.login.signedIn}
      </span>
    </FormAlert>
  )
}

/** An account that signed in before confirming its e-mail: say so, and offer a new link. */
function ResendConfirmation({
  email,
  form,
}: {
  email: string
  form: ReturnType<typeof useCheckedForm<AuthActionData>>
}) {
  const t = useT()
  return (
    <FormAlert tone="info" title={t.auth.unconfirmed.title}>
      <p>{format(t.auth.unconfirmed.text, { email })}</p>
      {form.data?.sent ? (
        <div role="status" className="mt-2">
          <p className="font-medium">{t.auth.notices.confirmationResent}</p>
          <MailLimitNote className="mt-1" />
        </div>
      ) : (
        <Form method="post" onSubmit={form.onSubmit} className="mt-2">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={email} />
          <button
            type="submit"
            disabled={form.submitting}
            className="font-semibold underline underline-offset-2 disabled:opacity-60"
          >
            {form.submitting ? t.auth.unconfirmed.resending : t.auth.unconfirmed.resend}
          </button>
        </Form>
      )}
      <ActionAlert data={form.data} />
    </FormAlert>
  )
}

/**
 * 'Continuar com Google': a form posting to our action, which sends the browser to Google.
 * Disabled from the click until the page is left (SPEC §2: disabled while in progress), or until
 * the action answers with a failure.
 */
export function GoogleButton() {
  const t = useT()
  const navigation = useNavigation()
  const answer = useActionData()
  // The answer on screen when the button was pressed: a new one means the attempt is over.
  const [startedAt, setStartedAt] = useState<{ answer: unknown }>()
  // Coming back with the browser's back button shows this page from memory: enable it again.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => event.persisted && setStartedAt(undefined)
    window.addEventListener('pageshow', reset)
    return () => window.removeEventListener('pageshow', reset)
  }, [])
  const working =
    (startedAt !== undefined && startedAt.answer === answer) ||
    (navigation.state !== 'idle' && navigation.formData?.get('intent') === 'google')
  return (
    <Form method="post" onSubmit={() => setStartedAt({ answer })}>
      <input type="hidden" name="intent" value="google" />
      <button
        type="submit"
        disabled={working}
        className={`disabled:cursor-wait ${buttonClass('secondary', 'block')}`}
      >
        {working ? (
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        ) : (
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
            <path
              fill="#4285F4"
              d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
            />
            <path
              fill="#34A853"
              d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
            />
            <path
              fill="#FBBC05"
              d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.77.43 3.45 1.18 4.94l3.66-2.84z"
            />
            <path
              fill="#EA4335"
              d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.96 10.96 0 0 0 12 1 11 11 0 0 0 2.18 7.06l3.66 2.84c.87-2.6 3.3-4.52 6.16-4.52z"
            />
          </svg>
        )}
        {working ? t.auth.login.googleWorking : t.auth.login.google}
      </button>
    </Form>
  )
}

/** SPEC §2 login card. */
export function LoginCard({
  type,
  next,
  cameFrom,
  google,
  googleFailed,
  flash,
}: {
  type?: SignUpRole
  next?: string
  /** The page the visitor came to /auth from: a client goes back there once signed in. */
  cameFrom?: string
  google: boolean
  googleFailed: boolean
  flash?: Flash
}) {
  const t = useT()
  const form = useCheckedForm<AuthActionData>('login', firstProblem(loginSchema))
  const googleForm = useCheckedForm<AuthActionData>('google', () => undefined)
  const resendForm = useCheckedForm<AuthActionData>(
    'resend',
    firstProblem(resendConfirmationSchema),
  )
  // The address waiting for confirmation, from the login answer or the resend answer after it.
  const unconfirmedEmail = form.data?.unconfirmedEmail ?? resendForm.valueOf('email')
  return (
    <AuthCard
      title={t.auth.login.title}
      text={
        type === 'provider'
          ? t.auth.login.providerText
          : type === 'client'
            ? t.auth.login.clientText
            : t.auth.login.text
      }
    >
      <div className="space-y-4">
        <SignedInNotice />
        <FlashNotice flash={flash} />
        {googleFailed ? <FormAlert tone="error" title={t.formErrors.googleFailed} /> : null}
        <ActionAlert data={form.data ?? googleForm.data} />
        {unconfirmedEmail ? (
          <ResendConfirmation email={unconfirmedEmail} form={resendForm} />
        ) : null}
        <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
          <input type="hidden" name="intent" value="login" />
          {next ? <input type="hidden" name="next" value={next} /> : null}
          {cameFrom ? <input type="hidden" name="from" value={cameFrom} /> : null}
          <EmailField schema={loginSchema} form={form} />
          <PasswordField schema={loginSchema} form={form} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CheckboxField name="rememberMe" defaultChecked={form.valueOf('rememberMe') === 'on'}>
              {t.auth.login.rememberMe}
            </CheckboxField>
            <CardLink to={paths.auth({ mode: 'forgot' })}>{t.auth.login.forgot}</CardLink>
          </div>
          <SubmitButton
            label={t.auth.login.submit}
            pendingLabel={t.auth.login.submitting}
            pending={form.submitting}
          />
        </Form>
        {google ? (
          <>
            <p className="flex items-center gap-3 text-sm text-stone-500 before:h-px before:flex-1 before:bg-stone-200 after:h-px after:flex-1 after:bg-stone-200">
              {t.auth.or}
            </p>
            <GoogleButton />
          </>
        ) : null}
      </div>
      <div className="mt-6 border-t border-stone-200 pt-4 text-center text-sm text-stone-700">
        <p>{t.auth.login.noAccount}</p>
        <p className="mt-2 flex flex-col gap-2 sm:flex-row sm:justify-center sm:gap-4">
          <CardLink to={paths.auth({ mode: 'signup', type: 'provider' })}>
            {t.auth.login.createProvider}
          </CardLink>
          <CardLink to={paths.auth({ mode: 'signup', type: 'client' })}>
            {t.auth.login.createClient}
          </CardLink>
        </p>
      </div>
    </AuthCard>
  )
}
