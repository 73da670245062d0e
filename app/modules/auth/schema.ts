import {
  ABOUT_LENGTH,
  ageOn,
  BIRTH_DATE_LENGTH,
  type CalendarDate,
  CLIENT_AGE,
  DISPLAY_NAME_LENGTH,
  type DisplayNameProblem,
  displayNameProblem,
  isoDay,
  normalizeName,
  parseBirthDate,
  SIGN_UP_ROLES,
  workingNameProblem,
} from '#app/domain/account.ts'
import { PROFILE_NAME_LENGTH } from '#app/domain/terms.ts'
import { withoutControlCharacters } from '#app/domain/text.ts'
import { type FormErrorKey, orderedForm, ticked } from '#app/modules/forms/checks.ts'
import {
  emailAddress,
  enteredPassword,
  matchesPassword,
  newPassword,
  passwordConfirmation,
} from '#app/modules/forms/credentials.ts'
import { characters, checkbox, choice, field, plain, text } from '#app/modules/forms/fields.ts'
import type { ConfirmationIntent } from './confirmation-answer.ts'
import { codeField } from './two-factor-schema.ts'

// The account forms' schemas, shared by the forms (checked before sending) and the actions
// (checked again on the server), each in the order of SPEC §5 (app/modules/forms/checks.ts).

/** SPEC §5 login: e-mail and password required. */
export const loginSchema = orderedForm({
  email: emailAddress({ strict: true }),
  password: enteredPassword(),
  rememberMe: checkbox(),
})

const WORKING_NAME_MESSAGES = {
  required: 'workingNameRequired',
  length: 'workingNameLength',
  characters: 'workingNameCharacters',
  place: 'workingNamePlace',
} as const satisfies Record<string, FormErrorKey>

/** A provider's working name: the name rules of the terms, not the name of a place. */
export function workingName(placeSlugs: ReadonlySet<string>) {
  return field(
    (value) => {
      const problem = workingNameProblem(value, placeSlugs)
      return problem ? WORKING_NAME_MESSAGES[problem] : undefined
    },
    normalizeName,
    { maxLength: PROFILE_NAME_LENGTH.max, minLength: PROFILE_NAME_LENGTH.min, required: true },
  )
}

/** Both boxes of the terms ticked (reported on the first). */
const bothAccepted = (typed: { acceptTerms: string; acceptPolicies: string }) =>
  ticked(typed.acceptTerms) && ticked(typed.acceptPolicies)
    ? undefined
    : ('termsNotAccepted' as const)

const DISPLAY_NAME_MESSAGES = {
  characters: 'displayNameCharacters',
  link: 'displayNameLink',
} as const satisfies Record<DisplayNameProblem, FormErrorKey>

const cleanDisplayName = (value: string) => normalizeName(withoutControlCharacters(value))

/**
 * A display name: normalised, 2 to 40 characters (SPEC §9), letters, digits, spaces and basic
 * punctuation, no web address (issue 30 point 9).
 */
export const displayName = () =>
  field(
    (value) => {
      const name = cleanDisplayName(value)
      const count = characters(name)
      if (count < DISPLAY_NAME_LENGTH.min) return 'displayNameTooShort'
      if (count > DISPLAY_NAME_LENGTH.max) return 'displayNameTooLong'
      const problem = displayNameProblem(name)
      return problem ? DISPLAY_NAME_MESSAGES[problem] : undefined
    },
    cleanDisplayName,
    { maxLength: DISPLAY_NAME_LENGTH.max, minLength: DISPLAY_NAME_LENGTH.min, required: true },
  )

/** A client's about text: 10 to 300 characters once trimmed (SPEC §9). */
export const aboutText = () =>
  text({
    length: ABOUT_LENGTH,
    tooShort: 'aboutTooShort',
    tooLong: 'aboutTooLong',
    clean: (value) => withoutControlCharacters(value).trim(),
  })

/**
 * SPEC §5 provider sign-up, in order: (a valid e-mail,) passwords match, password at least 8,
 * both boxes ticked, working name present; then the name rules of the terms.
 */
export function providerSignUpSchema(placeSlugs: ReadonlySet<string>) {
  return orderedForm(
    {
      email: emailAddress({ strict: true }),
      confirmPassword: passwordConfirmation(),
      password: newPassword(),
      acceptTerms: plain(),
      acceptPolicies: plain(),
      workingName: workingName(placeSlugs),
    },
    {
      rules: { confirmPassword: matchesPassword, acceptTerms: bothAccepted },
      output: (v) => ({ email: v.email, password: v.password, workingName: v.workingName }),
    },
  )
}

/** A date of birth typed dd/mm/yyyy, of someone `CLIENT_AGE` old `today`; kept as an ISO day. */
function dateOfBirth(today: CalendarDate) {
  return field(
    (value) => {
      if (!value.trim()) return 'dateOfBirthRequired'
      const birth = parseBirthDate(value)
      const age = birth ? ageOn(birth, today) : undefined
      if (age === undefined || age < 0 || age > CLIENT_AGE.max) return 'dateOfBirthInvalid'
      return age < CLIENT_AGE.min ? 'underage' : undefined
    },
    // Checked above: a real date.
    (value) => isoDay(parseBirthDate(value) ?? { year: 0, month: 1, day: 1 }),
    { maxLength: BIRTH_DATE_LENGTH, required: true },
  )
}

/**
 * SPEC §5 client sign-up, in order: e-mail, password at least 8, equal to the confirmation,
 * display name, about, date of birth present and real, age 18 to 100, both boxes ticked.
 * `today` is the calendar day in Brazil.
 */
export function clientSignUpSchema(today: CalendarDate) {
  return orderedForm(
    {
      email: emailAddress({ strict: true }),
      password: newPassword(),
      confirmPassword: passwordConfirmation(),
      displayName: displayName(),
      about: aboutText(),
      dateOfBirth: dateOfBirth(today),
      acceptTerms: plain(),
      acceptPolicies: plain(),
    },
    {
      rules: { confirmPassword: matchesPassword, acceptTerms: bothAccepted },
      output: (v) => ({
        email: v.email,
        password: v.password,
        displayName: v.displayName,
        about: v.about,
        dateOfBirth: v.dateOfBirth,
      }),
    },
  )
}

/** The forgot-password form: one e-mail address. */
export const forgotPasswordSchema = orderedForm({ email: emailAddress({ strict: true }) })

/** The resend-confirmation form: one e-mail address. */
export const resendConfirmationSchema = forgotPasswordSchema

/** The button of the link sent to the old address on a change of e-mail (issue 19 point 15). */
export const secureAccountSchema = orderedForm({ token: plain() })

/** After that button, the account's current password before a new one (issue 30 point 5). */
export const provePasswordSchema = orderedForm({ proof: plain(), password: enteredPassword() })

/** Or a code of its second factor: the app's, or a backup code. */
export const proveCodeSchema = orderedForm({ proof: plain(), code: codeField() })

/** A new password (reset link): the sign-up password rules. */
export const resetPasswordSchema = orderedForm(
  {
    token: plain(),
    password: newPassword(),
    confirmPassword: passwordConfirmation(),
  },
  {
    rules: { confirmPassword: matchesPassword },
    output: (v) => ({ token: v.token, password: v.password }),
  },
)

/**
 * The forms of the confirmation screen (issue 30): the link alone (sent as the page opens), with
 * the account's password, or with a new password in place of the one chosen at sign-up.
 */
export const confirmationSchemas = {
  confirm: orderedForm({ token: plain() }),
  password: orderedForm({ token: plain(), password: enteredPassword() }),
  'new-password': orderedForm(
    {
      token: plain(),
      password: newPassword(),
      confirmPassword: passwordConfirmation(),
    },
    {
      rules: { confirmPassword: matchesPassword },
      output: (v) => ({ token: v.token, password: v.password }),
    },
  ),
} satisfies Record<ConfirmationIntent, unknown>

/** The account-type dialog after a first Google sign-in. */
export const roleChoiceSchema = orderedForm(
  {
    role: choice(SIGN_UP_ROLES, 'roleRequired'),
    acceptTerms: field(
      (value) => (ticked(value) ? undefined : 'termsNotAccepted'),
      () => true,
    ),
  },
  { output: (v) => ({ role: v.role }) },
)
