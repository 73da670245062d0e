import { isEmailAddress, PASSWORD_LENGTH } from '#app/domain/account.ts'
import { type FieldError, orderedForm } from '#app/modules/forms/checks.ts'

// The account forms every role has (issue 7 item 8, issue 9 item 3), shared by form and action.

const emailOf = (value: string) => value.trim().toLowerCase()

/** A new password: the current one, then the sign-up rules twice. */
export const passwordChangeSchema = orderedForm(
  { fields: ['currentPassword', 'password', 'confirmPassword'] as const },
  (v): FieldError | undefined => {
    if (!v.currentPassword) return { field: 'currentPassword', message: 'passwordRequired' }
    if (v.password.length < PASSWORD_LENGTH.min)
      return { field: 'password', message: 'passwordTooShort' }
    if (v.password.length > PASSWORD_LENGTH.max)
      return { field: 'password', message: 'passwordTooLong' }
    if (v.password !== v.confirmPassword) {
      return { field: 'confirmPassword', message: 'passwordMismatch' }
    }
    return undefined
  },
  (v) => ({ currentPassword: v.currentPassword, password: v.password }),
)

/** A new e-mail address (confirmed by a link sent to it before it counts). */
export const emailChangeSchema = orderedForm(
  { fields: ['email'] as const },
  (v): FieldError | undefined => {
    if (!v.email.trim()) return { field: 'email', message: 'emailRequired' }
    return isEmailAddress(emailOf(v.email))
      ? undefined
      : { field: 'email', message: 'invalidEmail' }
  },
  (v) => ({ email: emailOf(v.email) }),
)

/** Deleting the account: the owner types the account's e-mail address to confirm. */
export function deletionSchema(accountEmail: string) {
  return orderedForm(
    { fields: ['confirmEmail'] as const },
    (v): FieldError | undefined =>
      emailOf(v.confirmEmail) === accountEmail.toLowerCase()
        ? undefined
        : { field: 'confirmEmail', message: 'deletionNotConfirmed' },
    () => ({ confirmed: true }),
  )
}
