import { useEffect, useRef } from 'react'
import { Form, Link, useFetcher, useNavigate } from 'react-router'
import { firstProblem, useCheckedForm } from '#app/components/forms/use-checked-form.ts'
import { notify } from '#app/components/toast.tsx'
import { ActionAlert } from '#app/components/ui/alert.tsx'
import { buttonClass, SubmitButton } from '#app/components/ui/button.tsx'
import { NewPasswordFields } from '#app/components/ui/credential-fields.tsx'
import { TextField } from '#app/components/ui/field.tsx'
import { CircleAlert, LoaderCircle, MailCheck } from '#app/components/ui/icons.tsx'
import type { Role } from '#app/domain/account.ts'
import { paths } from '#app/domain/paths.ts'
import { format, useT } from '#app/i18n/i18n.ts'
import type { ConfirmationAnswer, ConfirmationView } from '#app/modules/auth/confirmation-answer.ts'
import { confirmationSchemas } from '#app/modules/auth/schema.ts'
import { AuthCard } from './auth-layout.tsx'

/** SPEC §9: confirmation delay 1 s; an account without a role waits 2 s; errors 5 s. */
export const CONFIRMED_REDIRECT_MS = 1000
export const NO_ROLE_REDIRECT_MS = 2000
export const ERROR_REDIRECT_MS = 5000

/**
 * SPEC §2 e-mail confirmation screen. The token is sent by POST as soon as the page runs (a
 * link scanner that only fetches the page confirms nothing); without JavaScript a button sends
 * it. In the browser that signed up, then 'Email Confirmed!' with the e-mail and role, and on to
 * the account's area; elsewhere the account's password first, or a new one (issue 30); or
 * 'Confirmation Error' and on to /auth.
 */
export function ConfirmationScreen({
  token,
  posted,
}: {
  token: string
  /** The answer to a form of the screen sent as a page (the password forms, no JavaScript). */
  posted?: ConfirmationView
}) {
  const t = useT()
  const navigate = useNavigate()
  const fetcher = useFetcher<ConfirmationAnswer>()
  const sent = useRef(false)
  const result = posted ?? fetcher.data?.result

  useEffect(() => {
    if (sent.current || posted) return
    sent.current = true
    void fetcher.submit({ token }, { method: 'post' })
  }, [fetcher, token, posted])

  const errorMessage =
    result?.kind === 'error'
      ? {
          session: t.auth.confirm.sessionError,
          expired: t.auth.confirm.expired,
          failed: t.auth.confirm.failed,
        }[result.reason]
      : undefined

  useEffect(() => {
    // The password step and a confirmation apart from this browser's session wait for a click.
    if (!result || result.kind === 'prove' || result.kind === 'confirmed-apart') return
    if (errorMessage)
      notify((toast) => toast.error(t.auth.confirm.errorTitle, { description: errorMessage }))
    const [to, delay] =
      result.kind === 'error'
        ? ['/auth', ERROR_REDIRECT_MS]
        : result.kind === 'changed'
          ? ['/auth', NO_ROLE_REDIRECT_MS]
          : [result.area, result.role ? CONFIRMED_REDIRECT_MS : NO_ROLE_REDIRECT_MS]
    const timer = setTimeout(() => navigate(to, { replace: true }), delay)
    return () => clearTimeout(timer)
  }, [result, errorMessage, navigate, t])

  if (errorMessage) {
    return (
      <AuthCard title={t.auth.confirm.errorTitle}>
        <div role="alert" className="flex gap-3 text-stone-800">
          <CircleAlert aria-hidden="true" className="size-6 shrink-0 text-red-700" />
          <div>
            <p>{errorMessage}</p>
            <p className="mt-2 text-sm text-stone-600">{t.auth.confirm.redirectingToLogin}</p>
          </div>
        </div>
        <Link to="/auth" className="mt-6 inline-block font-medium text-rose-900 underline">
          {t.auth.confirm.toLogin}
        </Link>
      </AuthCard>
    )
  }

  if (result?.kind === 'changed') {
    return (
      <AuthCard title={t.auth.confirm.changed}>
        <p role="status">{format(t.auth.confirm.changedText, { email: result.email })}</p>
        <Link to="/auth" className="mt-6 inline-block font-medium text-rose-900 underline">
          {t.auth.confirm.continue}
        </Link>
      </AuthCard>
    )
  }

  if (result?.kind === 'prove') return <ProveStep token={token} view={result} />

  if (result?.kind === 'confirmed-apart') {
    return (
      <AuthCard title={t.auth.confirm.confirmed}>
        <ConfirmedAccount email={result.email} role={result.role} />
        <p role="status" className="mt-4 text-stone-800">
          {format(
            result.why === 'other-account'
              ? t.auth.confirm.otherAccount
              : t.auth.confirm.newPasswordSet,
            { email: result.email },
          )}
        </p>
        <Link
          to={result.why === 'other-account' ? '/auth' : paths.auth({ mode: 'login' })}
          className="mt-6 inline-block font-medium text-rose-900 underline"
        >
          {result.why === 'other-account' ? t.auth.confirm.continue : t.auth.confirm.signIn}
        </Link>
      </AuthCard>
    )
  }

  if (result?.kind === 'confirmed') {
    return (
      <AuthCard title={t.auth.confirm.confirmed}>
        <div role="status" className="flex items-center gap-3 text-stone-800">
          <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-rose-800" />
          <p>{t.auth.confirm.settingUp}</p>
        </div>
        <ConfirmedAccount email={result.email} role={result.role} />
        <Link to={result.area} className="mt-6 inline-block font-medium text-rose-900 underline">
          {t.auth.confirm.continue}
        </Link>
      </AuthCard>
    )
  }

  return (
    <AuthCard title={t.auth.confirm.title}>
      <div role="status" className="flex items-center gap-3 text-stone-800">
        <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-rose-800" />
        <p>{t.auth.confirm.processing}</p>
      </div>
      <noscript>
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={token} />
          <button
            type="submit"
            className={`inline-flex items-center gap-2 ${buttonClass('main', 'large')}`}
          >
            <MailCheck aria-hidden="true" className="size-5" />
            {t.auth.confirm.submit}
          </button>
        </Form>
      </noscript>
    </AuthCard>
  )
}

/** The e-mail and account type of SPEC §2's confirmed screen. */
function ConfirmedAccount({ email, role }: { email: string; role: Role | null }) {
  const t = useT()
  return (
    <dl className="mt-4 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="text-stone-600">{t.auth.confirm.emailLabel}</dt>
      <dd className="font-medium break-words">{email}</dd>
      <dt className="mt-2 text-stone-600 sm:mt-0">{t.auth.confirm.roleLabel}</dt>
      <dd className="font-medium">{t.auth.roles[role ?? 'none']}</dd>
    </dl>
  )
}

/**
 * The link was opened away from the browser that signed up (issue 30): the account's password,
 * or, for someone who did not sign up or forgot it, a new one in its place. For a new address of
 * an account, its password (or, without one, signing in to it here first). Real forms: they work
 * without JavaScript.
 */
function ProveStep({
  token,
  view,
}: {
  token: string
  view: Extract<ConfirmationView, { kind: 'prove' }>
}) {
  const t = useT()
  const password = useCheckedForm<ConfirmationAnswer>(
    'password',
    firstProblem(confirmationSchemas.password),
  )
  const replace = useCheckedForm<ConfirmationAnswer>(
    'new-password',
    firstProblem(confirmationSchemas['new-password']),
  )
  const account = view.target === 'account'
  // An account without a role yet (opened by Google) has no type to name.
  const text = account
    ? format(view.role ? t.auth.confirm.proveText : t.auth.confirm.proveTextNoRole, {
        email: view.email,
        role: view.role ? t.auth.roles[view.role].toLowerCase() : '',
      })
    : format(view.hasPassword ? t.auth.confirm.addressText : t.auth.confirm.addressNoPassword, {
        email: view.email,
      })
  return (
    <AuthCard title={account ? t.auth.confirm.proveTitle : t.auth.confirm.addressTitle}>
      <div className="space-y-6">
        <p className="break-words text-stone-800">{text}</p>
        {view.hasPassword ? (
          <Form method="post" noValidate onSubmit={password.onSubmit} className="space-y-4">
            <ActionAlert data={password.data} />
            <input type="hidden" name="intent" value="password" />
            <input type="hidden" name="token" value={token} />
            <TextField
              label={t.auth.confirm.provePassword}
              name="password"
              schema={confirmationSchemas.password}
              type="password"
              autoComplete="current-password"
              error={password.errorOf('password')}
            />
            <SubmitButton
              label={t.auth.confirm.proveSubmit}
              pendingLabel={t.auth.confirm.proveSubmitting}
              pending={password.submitting}
            />
          </Form>
        ) : account ? null : (
          <Link
            to={paths.auth({ mode: 'login', next: `/?token=${token}` })}
            className={`inline-flex ${buttonClass('main', 'wide')}`}
          >
            {t.auth.confirm.signIn}
          </Link>
        )}
        {account ? (
          <section
            aria-labelledby="confirm-replace-title"
            className="space-y-4 border-t border-stone-200 pt-6"
          >
            <h2 id="confirm-replace-title" className="text-lg font-semibold text-stone-900">
              {t.auth.confirm.replaceTitle}
            </h2>
            <p className="text-sm text-stone-700">{t.auth.confirm.replaceText}</p>
            <Form method="post" noValidate onSubmit={replace.onSubmit} className="space-y-4">
              <ActionAlert data={replace.data} />
              <input type="hidden" name="intent" value="new-password" />
              <input type="hidden" name="token" value={token} />
              <NewPasswordFields
                schema={confirmationSchemas['new-password']}
                form={replace}
                labels={{
                  password: t.auth.confirm.replacePassword,
                  confirm: t.auth.confirm.replaceConfirm,
                }}
              />
              <SubmitButton
                label={t.auth.confirm.replaceSubmit}
                pendingLabel={t.auth.confirm.replaceSubmitting}
                pending={replace.submitting}
              />
            </Form>
          </section>
        ) : null}
      </div>
    </AuthCard>
  )
}
