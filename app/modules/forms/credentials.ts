import { z } from 'zod'
import { EMAIL_MAX_LENGTH, isEmailAddress, PASSWORD_LENGTH } from '#app/domain/account.ts'
import { field, plain } from './fields.ts'

// The fields every account form has: an e-mail address, a new password and its confirmation,
// a password typed to sign in.

/** An address as kept: trimmed, in lower case. */
export const emailOf = (value: string) => value.trim().toLowerCase()

/** better-auth's own check of an address, so nothing a form accepts is refused by it. */
const strictEmail = z.email()

/** An e-mail address (`strict`: also as better-auth would take it), kept in lower case. */
export function emailAddress({ strict }: { strict: boolean }) {
  return field(
    (value) => {
      if (!value.trim()) return 'emailRequired'
      const address = emailOf(value)
      if (!isEmailAddress(address)) return 'invalidEmail'
      return strict && !strictEmail.safeParse(address).success ? 'invalidEmail' : undefined
    },
    emailOf,
    { maxLength: EMAIL_MAX_LENGTH, required: true },
  )
}

/** A new password: the sign-up length rules. */
export const newPassword = () =>
  field(
    (value) =>
      value.length < PASSWORD_LENGTH.min
        ? 'passwordTooShort'
        : value.length > PASSWORD_LENGTH.max
          ? 'passwordTooLong'
          : undefined,
    (value) => value,
    { maxLength: PASSWORD_LENGTH.max, minLength: PASSWORD_LENGTH.min, required: true },
  )

/**
 * A password typed to prove who one is: required, and never longer than a password can be (the
 * input's limit; a longer one is simply wrong).
 */
export const enteredPassword = () =>
  field(
    (value) => (value ? undefined : 'passwordRequired'),
    (value) => value,
    { maxLength: PASSWORD_LENGTH.max, required: true },
  )

/** The new password typed again (the rule that it matches sits in each form's order). */
export const passwordConfirmation = () => plain({ maxLength: PASSWORD_LENGTH.max, required: true })

/** The rule of a confirmation: equal to the password. */
export const matchesPassword = (typed: { password: string; confirmPassword: string }) =>
  typed.password === typed.confirmPassword ? undefined : ('passwordMismatch' as const)
