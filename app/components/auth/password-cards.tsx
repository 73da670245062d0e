import { Form } from 'react-router'
import {
  ActionAlert,
  FormAlert,
  firstProblem,
  SubmitButton,
  TextField,
  useCheckedForm,
} from '#app/components/forms/form-parts.tsx'
import { paths } from '#app/domain/paths.ts'
import { useT } from '#app/i18n/i18n.ts'
import type { AuthActionData } from '#app/modules/auth/form-state.ts'
import { forgotPasswordSchema, resetPasswordSchema } from '#app/modules/auth/schema.ts'
import { AuthCard, CardLink } from './auth-layout.tsx'

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
          <FormAlert tone="success" title={t.auth.notices.recovery} />
        ) : (
          <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
            <input type="hidden" name="intent" value="forgot" />
            <TextField
              label={t.auth.email}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              defaultValue={form.valueOf('email')}
              error={form.errorOf('email')}
            />
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
          <TextField
            label={t.auth.reset.password}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            hint={t.auth.passwordHint}
            error={form.errorOf('password')}
          />
          <TextField
            label={t.auth.reset.confirmPassword}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            error={form.errorOf('confirmPassword')}
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
