import type { Role } from '#app/domain/account.ts'
import type { FormAnswer } from '#app/modules/forms/checks.ts'

// What the confirmation screen's action answers (SPEC §2, issue 30), shared by route and screen.

/** The screen's forms: the link alone, the account's password, or a new password. */
export const CONFIRMATION_INTENTS = ['confirm', 'password', 'new-password'] as const
export type ConfirmationIntent = (typeof CONFIRMATION_INTENTS)[number]

/** What the screen shows after the server looked at the link. */
export type ConfirmationView =
  /** Confirmed and signed in: 'Email Confirmed!', then the account's area. */
  | { kind: 'confirmed'; email: string; role: Role | null; area: string }
  /** Confirmed, not signed in here: another account's session stays, or a new password was set. */
  | {
      kind: 'confirmed-apart'
      email: string
      role: Role | null
      why: 'other-account' | 'new-password'
    }
  /** The account's new address counts. */
  | { kind: 'changed'; email: string }
  /** The password of the account (`target` 'account': or a new one), or of the address's account. */
  | {
      kind: 'prove'
      target: 'account' | 'address'
      email: string
      role: Role | null
      hasPassword: boolean
    }
  | { kind: 'error'; reason: 'session' | 'expired' | 'failed' }

export interface ConfirmationAnswer extends FormAnswer<ConfirmationIntent> {
  result: ConfirmationView
}
