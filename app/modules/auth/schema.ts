import { z } from 'zod'
import {
  ABOUT_LENGTH,
  ageOn,
  type CalendarDate,
  CLIENT_AGE,
  DISPLAY_NAME_LENGTH,
  isEmailAddress,
  isoDay,
  normalizeName,
  PASSWORD_LENGTH,
  parseBirthDate,
  SIGN_UP_ROLES,
  workingNameProblem,
} from '#app/domain/account.ts'
import { withoutControlCharacters } from '#app/domain/text.ts'
import {
  type FieldError,
  type FormErrorKey,
  orderedForm,
  ticked,
} from '#app/modules/forms/checks.ts'

// The account forms' schemas, shared by the forms (checked before sending) and the actions
// (checked again on the server), each in the order of SPEC §5 (app/modules/forms/checks.ts).

type Values<K extends string> = Record<K, string>

const ordered = <K extends string, Out>(
  names: readonly K[],
  rules: (values: Values<K>) => FieldError | undefined,
  output: (values: Values<K>) => Out,
) => orderedForm({ fields: names }, rules, output)

const email = (value: string) => value.trim().toLowerCase()

/** better-auth's own check of an address, so nothing this form accepts is refused by it. */
const strictEmail = z.email()

function emailRule(value: string): FieldError | undefined {
  if (!value.trim()) return { field: 'email', message: 'emailRequired' }
  const address = email(value)
  if (!isEmailAddress(address) || !strictEmail.safeParse(address).success) {
    return { field: 'email', message: 'invalidEmail' }
  }
  return undefined
}

function passwordLengthRule(field: string, value: string): FieldError | undefined {
  if (value.length < PASSWORD_LENGTH.min) return { field, message: 'passwordTooShort' }
  if (value.length > PASSWORD_LENGTH.max) return { field, message: 'passwordTooLong' }
  return undefined
}

/** SPEC §5 login: e-mail and password required. */
export const loginSchema = ordered(
  ['email', 'password', 'rememberMe'] as const,
  (v) =>
    emailRule(v.email) ??
    (v.password ? undefined : { field: 'password', message: 'passwordRequired' }),
  (v) => ({ email: email(v.email), password: v.password, rememberMe: ticked(v.rememberMe) }),
)

const WORKING_NAME_MESSAGES = {
  required: 'workingNameRequired',
  length: 'workingNameLength',
  characters: 'workingNameCharacters',
  place: 'workingNamePlace',
} as const satisfies Record<string, FormErrorKey>

/**
 * SPEC §5 provider sign-up, in order: (a valid e-mail,) passwords match, password at least 8,
 * both boxes ticked, working name present; then the name rules of the terms.
 */
export function providerSignUpSchema(placeSlugs: ReadonlySet<string>) {
  return ordered(
    [
      'email',
      'password',
      'confirmPassword',
      'workingName',
      'acceptTerms',
      'acceptPolicies',
    ] as const,
    (v) => {
      const nameProblem = workingNameProblem(v.workingName, placeSlugs)
      return (
        emailRule(v.email) ??
        (v.password !== v.confirmPassword
          ? { field: 'confirmPassword', message: 'passwordMismatch' }
          : undefined) ??
        passwordLengthRule('password', v.password) ??
        (ticked(v.acceptTerms) && ticked(v.acceptPolicies)
          ? undefined
          : { field: 'acceptTerms', message: 'termsNotAccepted' }) ??
        (nameProblem
          ? { field: 'workingName', message: WORKING_NAME_MESSAGES[nameProblem] }
          : undefined)
      )
    },
    (v) => ({
      email: email(v.email),
      password: v.password,
      workingName: normalizeName(v.workingName),
    }),
  )
}

/**
 * SPEC §5 client sign-up, in order: e-mail, password at least 8, equal to the confirmation,
 * display name, about, date of birth present and real, age 18 to 100, both boxes ticked.
 * `today` is the calendar day in Brazil.
 */
export function clientSignUpSchema(today: CalendarDate) {
  return ordered(
    [
      'email',
      'password',
      'confirmPassword',
      'displayName',
      'about',
      'dateOfBirth',
      'acceptTerms',
      'acceptPolicies',
    ] as const,
    (v) => {
      const displayName = [...normalizeName(withoutControlCharacters(v.displayName))].length
      const about = [...withoutControlCharacters(v.about).trim()].length
      const birth = parseBirthDate(v.dateOfBirth)
      const age = birth ? ageOn(birth, today) : undefined
      return (
        emailRule(v.email) ??
        passwordLengthRule('password', v.password) ??
        (v.password === v.confirmPassword
          ? undefined
          : { field: 'confirmPassword', message: 'passwordMismatch' }) ??
        (displayName < DISPLAY_NAME_LENGTH.min
          ? { field: 'displayName', message: 'displayNameTooShort' }
          : displayName > DISPLAY_NAME_LENGTH.max
            ? { field: 'displayName', message: 'displayNameTooLong' }
            : undefined) ??
        (about < ABOUT_LENGTH.min
          ? { field: 'about', message: 'aboutTooShort' }
          : about > ABOUT_LENGTH.max
            ? { field: 'about', message: 'aboutTooLong' }
            : undefined) ??
        (!v.dateOfBirth.trim()
          ? { field: 'dateOfBirth', message: 'dateOfBirthRequired' }
          : age === undefined || age < 0 || age > CLIENT_AGE.max
            ? { field: 'dateOfBirth', message: 'dateOfBirthInvalid' }
            : age < CLIENT_AGE.min
              ? { field: 'dateOfBirth', message: 'underage' }
              : undefined) ??
        (ticked(v.acceptTerms) && ticked(v.acceptPolicies)
          ? undefined
          : { field: 'acceptTerms', message: 'termsNotAccepted' })
      )
    },
    (v) => ({
      email: email(v.email),
      password: v.password,
      displayName: normalizeName(withoutControlCharacters(v.displayName)),
      about: withoutControlCharacters(v.about).trim(),
      // Checked above: a real date.
      dateOfBirth: isoDay(parseBirthDate(v.dateOfBirth) ?? { year: 0, month: 1, day: 1 }),
    }),
  )
}

/** The forgot-password form: one e-mail address. */
export const forgotPasswordSchema = ordered(
  ['email'] as const,
  (v) => emailRule(v.email),
  (v) => ({
    email: email(v.email),
  }),
)

/** The resend-confirmation form: one e-mail address. */
export const resendConfirmationSchema = forgotPasswordSchema

/** A new password (reset link): the sign-up password rules. */
export const resetPasswordSchema = ordered(
  ['token', 'password', 'confirmPassword'] as const,
  (v) =>
    passwordLengthRule('password', v.password) ??
    (v.password === v.confirmPassword
      ? undefined
      : { field: 'confirmPassword', message: 'passwordMismatch' }),
  (v) => ({ token: v.token, password: v.password }),
)

/** The account-type dialog after a first Google sign-in. */
export const roleChoiceSchema = ordered(
  ['role', 'acceptTerms'] as const,
  (v) =>
    (SIGN_UP_ROLES as readonly string[]).includes(v.role)
      ? ticked(v.acceptTerms)
        ? undefined
        : { field: 'acceptTerms', message: 'termsNotAccepted' }
      : { field: 'role', message: 'roleRequired' },
  (v) => ({ role: v.role as (typeof SIGN_UP_ROLES)[number] }),
)
