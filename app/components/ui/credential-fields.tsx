import type { z } from 'zod'
import { TextField } from '#app/components/ui/field.tsx'
import { useT } from '#app/i18n/i18n.ts'
import type { FormErrorKey } from '#app/modules/forms/checks.ts'

// The e-mail, password and confirmation fields of the sign-up, login and password cards, the
// same everywhere; their limits come from the form's schema.

/** What the fields need of a checked form (useCheckedForm). */
interface CheckedForm {
  errorOf: (field: string) => FormErrorKey | undefined
  valueOf: (field: string) => string | undefined
}

interface CredentialProps {
  /** The form's schema. */
  schema: z.ZodType
  form: CheckedForm
}

/** The account's e-mail address, filled again after a server answer. */
export function EmailField({ schema, form }: CredentialProps) {
  const t = useT()
  return (
    <TextField
      label={t.auth.email}
      name="email"
      schema={schema}
      type="email"
      autoComplete="email"
      inputMode="email"
      defaultValue={form.valueOf('email')}
      error={form.errorOf('email')}
    />
  )
}

/** The password that signs in. */
export function PasswordField({ schema, form }: CredentialProps) {
  const t = useT()
  return (
    <TextField
      label={t.auth.password}
      name="password"
      schema={schema}
      type="password"
      autoComplete="current-password"
      error={form.errorOf('password')}
    />
  )
}

/** A new password and its confirmation (`labels`: other words than the sign-up's). */
export function NewPasswordFields({
  schema,
  form,
  labels,
}: CredentialProps & { labels?: { password: string; confirm: string } }) {
  const t = useT()
  return (
    <>
      <TextField
        label={labels?.password ?? t.auth.password}
        name="password"
        schema={schema}
        type="password"
        autoComplete="new-password"
        hint={t.auth.passwordHint}
        error={form.errorOf('password')}
      />
      <TextField
        label={labels?.confirm ?? t.auth.confirmPassword}
        name="confirmPassword"
        schema={schema}
        type="password"
        autoComplete="new-password"
        error={form.errorOf('confirmPassword')}
      />
    </>
  )
}
