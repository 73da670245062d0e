import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { MailLimitNote } from '#app/components/auth/mail-limit-note.tsx'
import { firstProblem, useCheckedForm } from '#app/components/forms/use-checked-form.ts'
import { ActionAlert, FormAlert } from '#app/components/ui/alert.tsx'
import { Button, buttonClass, SubmitButton } from '#app/components/ui/button.tsx'
import { cardClass } from '#app/components/ui/card.tsx'
import { NewPasswordFields } from '#app/components/ui/credential-fields.tsx'
import { TextField } from '#app/components/ui/field.tsx'
import { Download, ShieldCheck } from '#app/components/ui/icons.tsx'
import { SUPPORT_EMAIL } from '#app/domain/site.ts'
import { format, useT } from '#app/i18n/i18n.ts'
import type { AccountAnswer } from '#app/modules/account/answer.ts'
import {
  deletionSchema,
  emailChangeSchema,
  passwordChangeSchema,
} from '#app/modules/account/schema.ts'

export function Section({
  title,
  text,
  children,
  heading: Heading = 'h3',
}: {
  title: string
  text: string
  children: ReactNode
  /** The title's level: h2 on a page whose own title is the h1 (the security page). */
  heading?: 'h2' | 'h3'
}) {
  return (
    <section className={cardClass}>
      <Heading className="font-semibold">{title}</Heading>
      <p className="mt-1 text-sm text-stone-600">{text}</p>
      <div className="mt-3 space-y-3">{children}</div>
    </section>
  )
}

/**
 * The account section of every role's area: e-mail, password, data copy, deletion; `children`
 * (a role's own settings) come first.
 */
export function AccountSettings({ email, children }: { email: string; children?: ReactNode }) {
  const t = useT()
  const a = t.accountPage
  const emailForm = useCheckedForm<AccountAnswer>('email', firstProblem(emailChangeSchema))
  const passwordForm = useCheckedForm<AccountAnswer>('password', firstProblem(passwordChangeSchema))
  const deletion = deletionSchema(email)
  const deleteForm = useCheckedForm<AccountAnswer>('delete', firstProblem(deletion))
  return (
    <div className="max-w-2xl space-y-4">
      <div>
        <h2 className="text-xl font-semibold">{a.title}</h2>
        <p className="mt-1 text-sm text-stone-600">{format(a.signedInAs, { email })}</p>
      </div>
      {children}

      <Section title={a.securityTitle} text={a.securityText}>
        <Link
          to="/account/security"
          className={`inline-flex items-center gap-2 ${buttonClass('secondary', 'page')}`}
        >
          <ShieldCheck aria-hidden="true" className="size-5" />
          {a.securityLink}
        </Link>
      </Section>

      <Section title={a.emailTitle} text={a.emailText}>
        {emailForm.data?.done ? (
          <FormAlert tone="success" title={a.emailSent} reveal={emailForm.data}>
            <MailLimitNote />
          </FormAlert>
        ) : null}
        <ActionAlert data={emailForm.data} />
        <Form method="post" noValidate onSubmit={emailForm.onSubmit} className="space-y-3">
          <input type="hidden" name="intent" value="email" />
          <TextField
            label={a.newEmail}
            name="email"
            schema={emailChangeSchema}
            type="email"
            autoComplete="email"
            error={emailForm.errorOf('email')}
          />
          <SubmitButton
            label={a.emailSubmit}
            pendingLabel={a.submitting}
            pending={emailForm.submitting}
          />
        </Form>
      </Section>

      <Section title={a.passwordTitle} text={a.passwordText}>
        {passwordForm.data?.done ? (
          <FormAlert tone="success" title={a.passwordChanged} reveal={passwordForm.data} />
        ) : null}
        <ActionAlert data={passwordForm.data} />
        <Form method="post" noValidate onSubmit={passwordForm.onSubmit} className="space-y-3">
          <input type="hidden" name="intent" value="password" />
          <TextField
            label={a.currentPassword}
            name="currentPassword"
            schema={passwordChangeSchema}
            type="password"
            autoComplete="current-password"
            error={passwordForm.errorOf('currentPassword')}
          />
          <NewPasswordFields
            schema={passwordChangeSchema}
            form={passwordForm}
            labels={{ password: a.newPassword, confirm: a.confirmPassword }}
          />
          <SubmitButton
            label={a.passwordSubmit}
            pendingLabel={a.submitting}
            pending={passwordForm.submitting}
          />
        </Form>
      </Section>

      <Section title={a.dataTitle} text={a.dataText}>
        <a
          href="/account/export"
          download
          className={`inline-flex items-center gap-2 ${buttonClass('secondary', 'page')}`}
        >
          <Download aria-hidden="true" className="size-5" />
          {a.download}
        </a>
      </Section>

      <Section title={a.deleteTitle} text={a.deleteText}>
        <Form method="post" noValidate onSubmit={deleteForm.onSubmit} className="space-y-3">
          <input type="hidden" name="intent" value="delete" />
          {deleteForm.errorOf('form') ? (
            <FormAlert
              tone="error"
              title={format(t.formErrors[deleteForm.errorOf('form') ?? 'storageUnavailable'], {
                email: SUPPORT_EMAIL,
              })}
              reveal={deleteForm.data}
            />
          ) : null}
          <TextField
            label={a.deleteConfirm}
            name="confirmEmail"
            schema={deletion}
            type="email"
            autoComplete="off"
            error={deleteForm.errorOf('confirmEmail')}
          />
          <Button type="submit" disabled={deleteForm.submitting} tone="danger" size="large">
            {a.deleteSubmit}
          </Button>
        </Form>
      </Section>
    </div>
  )
}
