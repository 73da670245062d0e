import { useEffect, useRef } from 'react'
import { Form, Link } from 'react-router'
import { firstProblem, useCheckedForm } from '#app/components/forms/use-checked-form.ts'
import { ActionAlert } from '#app/components/ui/alert.tsx'
import { SubmitButton } from '#app/components/ui/button.tsx'
import { CheckboxField } from '#app/components/ui/field.tsx'
import { Heart, Search } from '#app/components/ui/icons.tsx'
import { paths } from '#app/domain/paths.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import type { AuthActionData } from '#app/modules/auth/form-state.ts'
import { roleChoiceSchema } from '#app/modules/auth/schema.ts'

/**
 * SPEC §2, §4: after a first Google sign-in the account chooses its type in a dialog that cannot
 * be dismissed (no close button, no Escape, the page behind is inert). Rendered by the server,
 * so it works without JavaScript too. Signing out is the only other way.
 */
export function RoleDialog({ email }: { email: string }) {
  const t = useT()
  const form = useCheckedForm<AuthActionData>('choose-role', firstProblem(roleChoiceSchema))
  const lang = useLanguage()
  // Focus starts on the question, not on an answer (that would look chosen).
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const roleError = form.errorOf('role')
  const termsError = form.errorOf('acceptTerms')
  const options = [
    {
      value: 'provider',
      Icon: Heart,
      title: t.auth.roleDialog.provider,
      text: t.auth.roleDialog.providerText,
    },
    {
      value: 'client',
      Icon: Search,
      title: t.auth.roleDialog.client,
      text: t.auth.roleDialog.clientText,
    },
  ] as const
  return (
    <div className="fixed inset-0 z-50 grid place-items-center overflow-y-auto bg-stone-950/80 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="role-dialog-title"
        aria-describedby="role-dialog-text"
        className="w-full max-w-lg rounded-xl bg-white p-6 shadow-2xl"
      >
        <h2
          id="role-dialog-title"
          ref={heading}
          tabIndex={-1}
          className="text-xl font-bold text-stone-900 focus:outline-none"
        >
          {t.auth.roleDialog.title}
        </h2>
        <p id="role-dialog-text" className="mt-1 text-stone-600">
          {t.auth.roleDialog.text}
        </p>
        <p className="mt-1 text-sm text-stone-500">
          {format(t.auth.roleDialog.signedInAs, { email })}
        </p>
        <div className="mt-4">
          <ActionAlert data={form.data} />
        </div>
        <Form
          method="post"
          action="/auth"
          noValidate
          onSubmit={form.onSubmit}
          className="mt-4 space-y-4"
        >
          <input type="hidden" name="intent" value="choose-role" />
          <fieldset>
            <legend className="sr-only">{t.auth.roleDialog.title}</legend>
            <div className="grid gap-3">
              {options.map(({ value, Icon, title, text }) => (
                <label
                  key={value}
                  className="flex cursor-pointer flex-col gap-1 rounded-lg border-2 border-stone-200 p-4 has-[:checked]:border-rose-700 has-[:checked]:bg-rose-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-sky-700"
                >
                  <span className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="role"
                      value={value}
                      className="size-4 accent-rose-800"
                    />
                    <Icon aria-hidden="true" className="size-5 text-rose-800" />
                    <span className="font-semibold text-stone-900">{title}</span>
                  </span>
                  <span className="text-sm text-stone-600">{text}</span>
                </label>
              ))}
            </div>
            {roleError ? (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {t.formErrors[roleError]}
              </p>
            ) : null}
          </fieldset>
          <div>
            <CheckboxField name="acceptTerms">
              {t.auth.roleDialog.accept}{' '}
              <Link
                to={paths.terms(lang)}
                target="_blank"
                className="font-medium text-rose-900 underline underline-offset-2"
              >
                {t.auth.readTerms}
              </Link>
            </CheckboxField>
            {termsError ? (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {t.formErrors[termsError]}
              </p>
            ) : null}
          </div>
          <SubmitButton
            label={t.auth.roleDialog.submit}
            pendingLabel={t.auth.roleDialog.submitting}
            pending={form.submitting}
          />
        </Form>
        <Form method="post" action="/sign-out" className="mt-3 text-center">
          <button type="submit" className="text-sm text-stone-600 underline underline-offset-2">
            {t.account.signOut}
          </button>
        </Form>
      </div>
    </div>
  )
}
