import { PASSWORD_LENGTH } from '#app/domain/account.ts'
import { orderedForm } from '#app/modules/forms/checks.ts'
import { enteredPassword } from '#app/modules/forms/credentials.ts'
import { field, plain } from '#app/modules/forms/fields.ts'

// The forms of two-factor sign-in and step-up (issue 23), shared by the pages and their actions.

/** A code from the authenticator app (6 digits) or a backup code (10 letters and digits, a dash). */
const CODE = /^(?:\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/

/** What was typed as a code: spaces people copy along are dropped, a backup code gets its dash. */
const typedCode = (value: string) => {
  const code = value.replace(/\s+/g, '')
  return /^[A-Za-z0-9]{10}$/.test(code) ? `${code.slice(0, 5)}-${code.slice(5)}` : code
}

/** A code: required, and shaped like one of the two kinds. */
export const codeField = () =>
  field(
    (value) => {
      const code = typedCode(value)
      if (!code) return 'codeRequired'
      return CODE.test(code) ? undefined : 'codeFormat'
    },
    typedCode,
    // A backup code copied with spaces around it still fits.
    { maxLength: 20, required: true },
  )

/** The code form of the sign-in challenge and of a signed-in session's second factor. */
export const secondFactorSchema = orderedForm({ code: codeField(), next: plain() })

/** A step-up with the password. */
export const confirmPasswordSchema = orderedForm({ password: enteredPassword(), next: plain() })

/** A step-up with a code. */
export const confirmCodeSchema = orderedForm({ code: codeField(), next: plain() })

/** A step-up by signing in with Google again (an account with neither password nor code). */
export const confirmGoogleSchema = orderedForm({ next: plain() })

/** Leaving the confirm page and dropping the form kept for it (issue 30 point 7). */
export const confirmCancelSchema = orderedForm({ next: plain() })

/** The password, where better-auth asks for it (set-up, new backup codes, turning off). */
const optionalPassword = () => plain({ maxLength: PASSWORD_LENGTH.max })

/** Starting a set-up: the password when the account has one. */
export const enrolSchema = orderedForm({ password: optionalPassword() })

/** Finishing a set-up: the first code the app shows. */
export const enrolConfirmSchema = orderedForm({ code: codeField() })

/** New backup codes, or turning the second factor off: the password when the account has one. */
export const passwordOnlySchema = orderedForm({ password: optionalPassword() })

/** Ending every other session of the account. */
export const endOthersSchema = orderedForm({})

/** Ending one session of the list ('end this one'). */
export const endSessionSchema = orderedForm({ sessionId: plain({ maxLength: 64 }) })
