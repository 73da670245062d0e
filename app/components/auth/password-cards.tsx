import { Form } from 'react-router'
import { firstProblem, useCheckedForm } from '#app/components/forms/use-checked-form.ts'
import { ActionAlert, FormAlert } from '#app/components/ui/alert.tsx'
import { SubmitButton } from '#app/components/ui/button.tsx'
import { EmailField, NewPasswordFields } from '#app/components/ui/credential-fields.tsx'
import { paths } from '#app/domain/paths.ts'
import { useT } from '#app/i18n/i18n.ts'
import type { AuthActionData } from '#app/modules/auth/form-state.ts'
import {
  forgotPasswordSchema,
  resetPasswordSchema,
  secureAccountSchema,
} from '#app/modules/auth/schema.ts'
import { AuthCard, CardLink } from './auth-layout.tsx'
import { MailLimitNote } from './mail-limit-note.tsx'

/**
 * Forgot password: one e-mail field. The answer is the same whether the address has an account
 * (SPEC §8 'Você receberá instruções por e-mail em breve'), so nobody learns who is registered.
 */
export function ForgotPasswordCard() {
  const t = useT()
  const form = useCheckedForm<AuthActionData>('forgot', firstProblem(forgotPasswordSchema))
  return (
    <AuthCard title={t.auth.forgot.title} text={t.auth.forgot.text}>
      <div className="space-y-4">
        <ActionAlert data={form.data} />
        {form.data?.sent ? (
          <FormAlert tone="success" title={t.auth.notices.recovery}>
            <MailLimitNote />
          </FormAlert>
        ) : (
          <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
            <input type="hidden" name="intent" value="forgot" />
            <EmailField schema={forgotPasswordSchema} form={form} />
            <SubmitButton
              label={t.auth.forgot.submit}
              pendingLabel={t.auth.forgot.submitting}
              pending={form.submitting}
            />
          </Form>
        )}
        <p className="text-center text-sm">
          <CardLink to={paths.auth({ mode: 'login' })}>{t.auth.forgot.backToLogin}</CardLink>
        </p>
      </div>
    </AuthCard>
  )
}

/** The page a reset link opens: a new password, twice, with the sign-up rules. */
export function ResetPasswordCard({ token }: { token: string }) {
  const t = useT()
  const form = useCheckedForm<AuthActionData>('reset', firstProblem(resetPasswordSchema))
  if (!token || form.data?.invalidToken) {
    return (
      <AuthCard title={t.auth.reset.invalidTitle} text={t.auth.reset.invalidText}>
        <CardLink to={paths.auth({ mode: 'forgot' })}>{t.auth.reset.requestNew}</CardLink>
      </AuthCard>
    )
  }
  return (
    <AuthCard title={t.auth.reset.title} text={t.auth.reset.text}>
      <div className="space-y-4">
        <ActionAlert data={form.data} />
        <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
          <input type="hidden" name="intent" value="reset" />
          <input type="hidden" name="token" value={token} />
          <NewPasswordFields
            schema={resetPasswordSchema}
            form={form}
            labels={{ password: t.auth.reset.password, confirm: t.auth.reset.confirmPassword }}
          />
          <SubmitButton
            label={t.auth.reset.submit}
            pendingLabel={t.auth.reset.submitting}
            pending={form.submitting}
          />
        </Form>
      </div>
    </AuthCard>
  )
}

/**
 * The link sent to the old address when the e-mail changes (issue 19 point 15): one button, so
 * that a mail scanner opening the link changes nothing. It ends every session, keeps the account
 * on the old address and opens the password screen.
 */
export function SecureAccountCard({ token }: { token: string }) {
  const t = useT()
  const form = useCheckedForm<AuthActionData>('secure-account', firstProblem(secureAccountSchema))
  if (!token || form.data?.invalidToken) {
    return (
      <AuthCard title={t.auth.secure.invalidTitle} text={t.auth.secure.invalidText}>
        <CardLink to={paths.auth({ mode: 'forgot' })}>{t.auth.reset.requestNew}</CardLink>
      </AuthCard>
    )
  }
  return (
    <AuthCard title={t.auth.secure.title} text={t.auth.secure.text}>
      <div className="space-y-4">
        <ActionAlert data={form.data} />
        <Form method="post" onSubmit={form.onSubmit}>
          <input type="hidden" name="intent" value="secure-account" />
          <input type="hidden" name="token" value={token} />
          <SubmitButton
            label={t.auth.secure.submit}
            pendingLabel={t.auth.secure.submitting}
            pending={form.submitting}
          />
        </Form>
      </div>
    </AuthCard>
  )
}
