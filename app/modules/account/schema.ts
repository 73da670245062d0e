import { EMAIL_MAX_LENGTH } from '#app/domain/account.ts'
import { orderedForm } from '#app/modules/forms/checks.ts'
import {
  emailAddress,
  emailOf,
  enteredPassword,
  matchesPassword,
  newPassword,
  passwordConfirmation,
} from '#app/modules/forms/credentials.ts'
import { field } from '#app/modules/forms/fields.ts'

// The account forms every role has (issue 7 item 8, issue 9 item 3), shared by form and action.

/** A new password: the current one, then the sign-up rules twice. */
export const passwordChangeSchema = orderedForm(
  {
    currentPassword: enteredPassword(),
    password: newPassword(),
    confirmPassword: passwordConfirmation(),
  },
  {
    rules: { confirmPassword: matchesPassword },
    output: (v) => ({ currentPassword: v.currentPassword, password: v.password }),
  },
)

/** A new e-mail address (confirmed by a link sent to it before it counts). */
export const emailChangeSchema = orderedForm({ email: emailAddress({ strict: false }) })

/** Deleting the account: the owner types the account's e-mail address to confirm. */
export function deletionSchema(accountEmail: string) {
  return orderedForm(
    {
      confirmEmail: field(
        (value) =>
          emailOf(value) === accountEmail.toLowerCase() ? undefined : 'deletionNotConfirmed',
        () => true,
        { maxLength: EMAIL_MAX_LENGTH },
      ),
    },
    { output: () => ({ confirmed: true }) },
  )
}
