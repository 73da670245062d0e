import { useEffect, useRef } from 'react'
import { Form, Link } from 'react-router'
import { AuthCard } from '#app/components/auth/auth-layout.tsx'
import { firstProblem, useCheckedForm } from '#app/components/forms/use-checked-form.ts'
import { ActionAlert, FormAlert } from '#app/components/ui/alert.tsx'
import { Button, SubmitButton } from '#app/components/ui/button.tsx'
import { TextField } from '#app/components/ui/field.tsx'
import { KEPT_FORM_PARAM } from '#app/domain/step-up.ts'
import { useT } from '#app/i18n/i18n.ts'
import type {
  ConfirmAnswer,
  KeptForm,
  SecondFactorAnswer,
} from '#app/modules/auth/security-answers.ts'
import {
  confirmCodeSchema,
  confirmPasswordSchema,
  secondFactorSchema,
} from '#app/modules/auth/two-factor-schema.ts'

// The account screens of issue 23 that stand alone: the second factor at sign-in and confirming
// who you are before a sensitive action.

/** A code field: digits from the app or a backup code, filled by password managers and phones. */
export function CodeField({
  schema,
  error,
}: {
  /** A form with a `code` field (its limits give the input its attributes). */
  schema: Parameters<typeof TextField>[0]['schema']
  error?: ReturnType<ReturnType<typeof useCheckedForm>['errorOf']>
}) {
  const s = useT().security
  return (
    <TextField
      label={s.code}
      name="code"
      schema={schema}
      autoComplete="one-time-code"
      inputMode="text"
      autoCapitalize="off"
      spellCheck={false}
      hint={s.codeHint}
      error={error}
    />
  )
}

/** /auth/two-factor: the code after the password (or after Google, for such an account). */
export function SecondFactorCard({ next }: { next?: string }) {
  const t = useT()
  const s = t.security
  const form = useCheckedForm<SecondFactorAnswer>('second-factor', firstProblem(secondFactorSchema))
  if (form.data?.expired) {
    return (
      <AuthCard title={s.challengeTitle}>
        <ActionAlert data={form.data} />
        <Link
          to="/auth?mode=login"
          className="mt-4 inline-block font-medium text-rose-900 underline"
        >
          {s.signInAgain}
        </Link>
      </AuthCard>
    )
  }
  return (
    <AuthCard title={s.challengeTitle} text={s.challengeText}>
      <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
        <ActionAlert data={form.data} />
        <input type="hidden" name="intent" value="second-factor" />
        <input type="hidden" name="next" value={next ?? ''} />
        <CodeField schema={secondFactorSchema} error={form.errorOf('code')} />
        <SubmitButton label={s.verify} pendingLabel={s.verifying} pending={form.submitting} />
      </Form>
      <Form method="post" action="/sign-out" className="mt-4">
        <button type="submit" className="text-sm font-medium text-rose-900 underline">
          {s.otherAccount}
        </button>
      </Form>
    </AuthCard>
  )
}

/** /auth/confirm: the password, a code or Google again, then back to the page. */
export function ConfirmCard({
  next,
  form,
  password,
  code,
  google,
}: {
  next?: string
  /** The kept form this confirmation resumes (issue 30 point 7). */
  form?: string
  password: boolean
  code: boolean
  google: boolean
}) {
  const t = useT()
  const s = t.security
  const passwordForm = useCheckedForm<ConfirmAnswer>(
    'password',
    firstProblem(confirmPasswordSchema),
  )
  const codeForm = useCheckedForm<ConfirmAnswer>('code', firstProblem(confirmCodeSchema))
  return (
    <AuthCard title={s.confirmTitle} text={s.confirmText}>
      <div className="space-y-6">
        {password ? (
          <Form method="post" noValidate onSubmit={passwordForm.onSubmit} className="space-y-4">
            <ActionAlert data={passwordForm.data} />
            <input type="hidden" name="intent" value="password" />
            <input type="hidden" name="next" value={next ?? ''} />
            {form ? <input type="hidden" name={KEPT_FORM_PARAM} value={form} /> : null}
            <TextField
              label={s.confirmPassword}
              name="password"
              type="password"
              autoComplete="current-password"
              schema={confirmPasswordSchema}
              error={passwordForm.errorOf('password')}
            />
            <SubmitButton
              label={s.confirmWithPassword}
              pendingLabel={s.verifying}
              pending={passwordForm.submitting}
            />
          </Form>
        ) : null}
        {password && code ? (
          <p className="flex items-center gap-3 text-sm text-stone-600" aria-hidden="true">
            <span className="h-px flex-1 bg-stone-200" />
            {s.or}
            <span className="h-px flex-1 bg-stone-200" />
          </p>
        ) : null}
        {code ? (
          <Form method="post" noValidate onSubmit={codeForm.onSubmit} className="space-y-4">
            {codeForm.data?.expired ? null : <ActionAlert data={codeForm.data} />}
            <input type="hidden" name="intent" value="code" />
            <input type="hidden" name="next" value={next ?? ''} />
            {form ? <input type="hidden" name={KEPT_FORM_PARAM} value={form} /> : null}
            <CodeField schema={confirmCodeSchema} error={codeForm.errorOf('code')} />
            <SubmitButton
              label={s.confirmWithCode}
              pendingLabel={s.verifying}
              pending={codeForm.submitting}
            />
          </Form>
        ) : null}
        {google ? (
          <Form method="post">
            <input type="hidden" name="intent" value="google" />
            <input type="hidden" name="next" value={next ?? ''} />
            {form ? <input type="hidden" name={KEPT_FORM_PARAM} value={form} /> : null}
            <Button type="submit" tone="secondary" size="wide">
              {s.confirmWithGoogle}
            </Button>
          </Form>
        ) : null}
        {form ? (
          <Form method="post" className="border-t border-stone-200 pt-4">
            <p className="text-sm text-stone-600">{s.keptText}</p>
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="next" value={next ?? ''} />
            <input type="hidden" name={KEPT_FORM_PARAM} value={form} />
            <button type="submit" className="mt-2 text-sm font-medium text-rose-900 underline">
              {s.keptCancel}
            </button>
          </Form>
        ) : null}
      </div>
    </AuthCard>
  )
}

/**
 * /auth/confirm once confirmed, with a kept form: sends it again to its page as the sender's
 * browser first did (a whole-page POST), by itself when JavaScript runs, or with the button.
 */
export function ResumeCard({ resume }: { resume: KeptForm }) {
  const s = useT().security
  const form = useRef<HTMLFormElement>(null)
  const sent = useRef(false)
  useEffect(() => {
    // Once: the effect of a form already on its way must not send it twice.
    if (sent.current) return
    sent.current = true
    form.current?.submit()
  }, [])
  return (
    <AuthCard title={s.resumeTitle} text={s.resumeText}>
      <form ref={form} method="post" action={resume.path}>
        {resume.fields.map(([name, value], index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a field may be sent twice (a list)
          <input key={index} type="hidden" name={name} value={value} />
        ))}
        <Button type="submit" size="wide">
          {s.resumeContinue}
        </Button>
      </form>
    </AuthCard>
  )
}

/** A status line of the security page (what its last form did). */
export function SecurityNotice({ text }: { text?: string }) {
  return text ? <FormAlert tone="success" title={text} /> : null
}
