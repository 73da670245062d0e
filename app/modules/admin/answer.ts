export const ADMIN_INTENTS = [
  'approve-check',
  'reject-check',
  'approve-changes',
  'reject-changes',
  'suspend',
  'lift',
  'ban',
  'hide',
  'unhide',
  'tier',
  'resolve-report',
  'resolve-flag',
  'resolve-reports',
  'resolve-flags',
  'reserve',
  'release',
  'grant-admin',
  'revoke-admin',
  'review-publish',
  'review-hide',
  'review-restore',
  'review-remove',
  'review-close-report',
  'review-feature',
  'review-unfeature',
  'plan-price',
  'refund-payment',
  'retry-refund',
  'waive-fee',
  'gift-refund',
  'balance-freeze',
  'balance-release',
  'reset-two-factor',
] as const

export type AdminIntent = (typeof ADMIN_INTENTS)[number]

/** What an admin form gets back. */
export interface AdminAnswer {
  intent: AdminIntent
  /** The id of the row the form was about (a report, a flag…), so only its form shows this. */
  subject?: string
  notice?: string
  error?: { field: string; message: string }
  values?: Record<string, string>
  /** A suspension's return fee, shown before the team confirms it (issue 33 point 5). */
  preview?: {
    days: number
    tier: string | null
    priceCents: number | null
    dailyValueCents: number
    planFeeCents: number
    feeCents: number
    overridden: boolean
  }
  /** The rows a bulk decision could not close (none was closed), each with why. */
  refused?: { label: string; message: string }[]
}
