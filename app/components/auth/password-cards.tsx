import { Form } from 'react-router'
import { CodeField } from '#app/components/account/security-cards.tsx'
import { firstProblem, useCheckedForm } from '#app/components/forms/use-checked-form.ts'
import { ActionAlert, FormAlert } from '#app/components/ui/alert.tsx'
import { SubmitButton } from '#app/components/ui/button.tsx'
import { EmailField, NewPasswordFields } from '#app/components/ui/credential-fields.tsx'
import { TextField } from '#app/components/ui/field.tsx'
import { paths } from '#app/domain/paths.ts'
import { SUPPORT_EMAIL } from '#app/domain/site.ts'
import { format, useT } from '#app/i18n/i18n.ts'
import type { AuthActionData } from '#app/modules/auth/form-state.ts'
import {
  forgotPasswordSchema,
  proveCodeSchema,
  provePasswordSchema,
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

/** The proof screen of a secured account: its token and the ways it can prove itself. */
export type ProofScreen = { token: string; password: boolean; code: boolean } | { expired: true }

/**
 * The link sent to the old address when the e-mail changes (issue 19 point 15): one button, so
 * that a mail scanner opening the link changes nothing. It cancels the change and ends every
 * session; a new password then needs the account's own proof (issue 30: ProveOwnerCard).
 */
export function SecureAccountCard({ token, proof }: { token: string; proof?: ProofScreen }) {
  const t = useT()
  const form = useCheckedForm<AuthActionData>('secure-account', firstProblem(secureAccountSchema))
  if (proof) return <ProveOwnerCard proof={proof} />
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

/**
 * After the button: the account is secured; a new password is offered to whoever proves the
 * account is theirs, with its current password or a code of its second factor (issue 30).
 */
function ProveOwnerCard({ proof }: { proof: ProofScreen }) {
  const t = useT()
  const s = t.auth.secure
  const passwordForm = useCheckedForm<AuthActionData>(
    'prove-password',
    firstProblem(provePasswordSchema),
  )
  const codeForm = useCheckedForm<AuthActionData>('prove-code', firstProblem(proveCodeSchema))
  const login = <CardLink to={paths.auth({ mode: 'login' })}>{s.signIn}</CardLink>
  if ('expired' in proof || passwordForm.data?.invalidToken || codeForm.data?.invalidToken) {
    return (
      <AuthCard title={s.proofOverTitle} text={format(s.proofOverText, { support: SUPPORT_EMAIL })}>
        {login}
      </AuthCard>
    )
  }
  if (!proof.password && !proof.code) {
    return (
      <AuthCard title={s.proofTitle} text={s.proofTextNoWay}>
        {login}
      </AuthCard>
    )
  }
  return (
    <AuthCard title={s.proofTitle} text={s.proofText}>
      <div className="space-y-6">
        {proof.password ? (
          <Form method="post" noValidate onSubmit={passwordForm.onSubmit} className="space-y-4">
            <ActionAlert data={passwordForm.data} />
            <input type="hidden" name="intent" value="prove-password" />
            <input type="hidden" name="proof" value={proof.token} />
            <TextField
              label={s.currentPassword}
              name="password"
              type="password"
              autoComplete="current-password"
              schema={provePasswordSchema}
              error={passwordForm.errorOf('password')}
            />
            <SubmitButton
              label={s.withPassword}
              pendingLabel={s.verifying}
              pending={passwordForm.submitting}
            />
          </Form>
        ) : null}
        {proof.password && proof.code ? (
          <p className="flex items-center gap-3 text-sm text-stone-600" aria-hidden="true">
            <span className="h-px flex-1 bg-stone-200" />
            {s.or}
            <span className="h-px flex-1 bg-stone-200" />
          </p>
        ) : null}
        {proof.code ? (
          <Form method="post" noValidate onSubmit={codeForm.onSubmit} className="space-y-4">
            <ActionAlert data={codeForm.data} />
            <input type="hidden" name="intent" value="prove-code" />
            <input type="hidden" name="proof" value={proof.token} />
            <CodeField schema={proveCodeSchema} error={codeForm.errorOf('code')} />
            <SubmitButton
              label={s.withCode}
              pendingLabel={s.verifying}
              pending={codeForm.submitting}
            />
          </Form>
        ) : null}
        <p className="text-center text-sm">{login}</p>
      </div>
    </AuthCard>
  )
}
