import { useEffect, useRef } from 'react'
import { Form, Link, useFetcher, useNavigate } from 'react-router'
import { notify } from '#app/components/toast.tsx'
import { buttonClass } from '#app/components/ui/button.tsx'
import { CircleAlert, LoaderCircle, MailCheck } from '#app/components/ui/icons.tsx'
import type { Role } from '#app/domain/account.ts'
import { format, useT } from '#app/i18n/i18n.ts'
import { AuthCard } from './auth-layout.tsx'

/** SPEC §9: confirmation delay 1 s; an account without a role waits 2 s; errors 5 s. */
export const CONFIRMED_REDIRECT_MS = 1000
export const NO_ROLE_REDIRECT_MS = 2000
export const ERROR_REDIRECT_MS = 5000

export type ConfirmationView =
  | { kind: 'confirmed'; email: string; role: Role | null; area: string }
  | { kind: 'changed'; email: string }
  | { kind: 'error'; reason: 'session' | 'expired' | 'failed' }

/**
 * SPEC §2 e-mail confirmation screen. The token is sent by POST as soon as the page runs (a
 * link scanner that only fetches the page confirms nothing); without JavaScript a button sends
 * it. Then 'Email Confirmed!' with the e-mail and role, and on to the account's area; or
 * 'Confirmation Error' and on to /auth.
 */
export function ConfirmationScreen({
  token,
  result: posted,
}: {
  token: string
  result?: ConfirmationView
}) {
  const t = useT()
  const navigate = useNavigate()
  const fetcher = useFetcher<{ result: ConfirmationView }>()
  const sent = useRef(false)
  const result = fetcher.data?.result ?? posted

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
    if (!result) return
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

  if (result?.kind === 'confirmed') {
    return (
      <AuthCard title={t.auth.confirm.confirmed}>
        <div role="status" className="flex items-center gap-3 text-stone-800">
          <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-rose-800" />
          <p>{t.auth.confirm.settingUp}</p>
        </div>
        <dl className="mt-4 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-stone-600">{t.auth.confirm.emailLabel}</dt>
          <dd className="font-medium break-words">{result.email}</dd>
          <dt className="mt-2 text-stone-600 sm:mt-0">{t.auth.confirm.roleLabel}</dt>
          <dd className="font-medium">{t.auth.roles[result.role ?? 'none']}</dd>
        </dl>
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
