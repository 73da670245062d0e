import type { FormAnswer } from '#app/modules/forms/checks.ts'

// What the pages of issue 23 get back from their actions and loaders (shared with components).

export type SecondFactorAnswer = FormAnswer<'second-factor'> & { expired?: true }

export type ConfirmAnswer = FormAnswer<'password' | 'code' | 'google' | 'cancel'> & {
  expired?: true
}

/** A form kept across a step-up, as the confirm page sends it again: where, and its fields. */
export interface KeptForm {
  path: string
  fields: [string, string][]
}

/** One open session of the account, as its list shows it. */
export interface SessionRow {
  id: string
  device?: { browser: string; system: string }
  place?: string
  signedInAt: string
  lastSeenAt: string
  current: boolean
  waiting: boolean
}

export type SecurityIntent =
  | 'enrol'
  | 'enrol-confirm'
  | 'backup-codes'
  | 'turn-off'
  | 'end-session'
  | 'end-others'

/** A QR code drawn as one SVG path (platform/qr-code.server.ts). */
export interface QrPath {
  size: number
  path: string
}

export interface SecurityAnswer extends FormAnswer<SecurityIntent> {
  /** A set-up under way: the key, its QR code, and (the first time only) the backup codes. */
  enrolment?: { secret: string; uri: string; qr: QrPath; backupCodes?: string[] }
  /** New backup codes, shown once. */
  backupCodes?: string[]
  /** When the codes shown were made (ISO): the date in their downloaded file (issue 33). */
  codesAt?: string
}
