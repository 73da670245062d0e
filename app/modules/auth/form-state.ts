import type { FormAnswer } from '#app/modules/forms/checks.ts'

// What the /auth action answers, for the cards to show (shared by route and components).

export const AUTH_INTENTS = [
  'login',
  'provider-sign-up',
  'client-sign-up',
  'forgot',
  'reset',
  'resend',
  'google',
  'choose-role',
  'secure-account',
  'prove-password',
  'prove-code',
] as const
export type AuthIntent = (typeof AUTH_INTENTS)[number]

export interface AuthActionData extends FormAnswer<AuthIntent> {
  /** The e-mail of an account that must be confirmed before signing in. */
  unconfirmedEmail?: string
  /** A reset or resend request went out (the answer is the same whether the account exists). */
  sent?: boolean
  /** The reset link is invalid, expired or used (or the proof screen after securing is over). */
  invalidToken?: boolean
}
