// The site's timed jobs: sweeps, expiries, reminders and reconciliations that every worker of
// every instance runs on its own clock. Each job is a conditional UPDATE or an INSERT … ON
// CONFLICT, so two instances running it at once do its work once (docs/architecture.md).
import { removeUnconfirmedAccounts } from '#app/modules/account/unconfirmed.server.ts'
import { forgetOldVitals } from '#app/modules/analytics/web-vitals.server.ts'
import { forgetReporterKeys } from '#app/modules/client/reports.server.ts'
import { expireTiers } from '#app/modules/moderation/plans.server.ts'
import { forgetExpiredHolds } from '#app/modules/moderation/reserved-names.server.ts'
import { pruneChargeSubmissions } from '#app/modules/payments/charge-once.server.ts'
import { releaseMaturedGifts } from '#app/modules/payments/gift-credit.server.ts'
import {
  forgetOldPaymentRecords,
  reconcilePix,
  registerWebhook,
  remindPlanEnds,
  returnSuspendedProfiles,
} from '#app/modules/payments/payments.server.ts'
import { reconcilePayouts } from '#app/modules/payments/withdrawals.server.ts'
import { sweepUnfinishedPhotos } from '#app/modules/provider/photos.server.ts'
import { runVerificationCalendar } from '#app/modules/provider/verification-calendar.server.ts'
import { sweepUnfinishedSubmissions } from '#app/modules/provider/verification-documents.server.ts'
import { forgetOldContacts } from '#app/modules/reviews/contacts.server.ts'
import { forgetReviewNetworks } from '#app/modules/reviews/reviews.server.ts'
import { sweepSharedCounters } from '#app/modules/security/shared-counters.server.ts'
import type { ServerEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { mediaStorage } from '#app/platform/storage.server.ts'

/** Uploads and deletions left unfinished by a dead process are finished this often. */
const PHOTO_SWEEP_INTERVAL_MS = 5 * 60 * 1000
/**
 * An upload of another instance may take this long (a 40 MP photo, a slow store with its
 * retries): only older unfinished ones are swept. One that still finishes later finds its row
 * gone and deletes its own files.
 */
export const PHOTO_SWEEP_GRACE_MS = 15 * 60 * 1000
const VERIFICATION_CALENDAR_INTERVAL_MS = 60 * 60 * 1000
/** Expired membership tiers are found within this time. */
const TIER_EXPIRY_INTERVAL_MS = 5 * 60 * 1000
/**
 * Open Pix charges, Pix received without a charge and refunds not yet taken are looked at this
 * often (issue 21): a payment whose webhook never came is credited within this time.
 */
const PIX_RECONCILE_INTERVAL_MS = 2 * 60 * 1000
/** How often the payments sandbox's gifts, due as soon as paid, become available. */
const SANDBOX_RELEASE_INTERVAL_MS = 3 * 1000
/** Finished rate-limit windows, and a past day's statistics salt, are deleted within this time. */
const COUNTER_SWEEP_INTERVAL_MS = 5 * 60 * 1000

/** Finishes photo uploads and deletions, and document uploads, left by a dead process. */
export async function sweepUnfinished(olderThanMs: number) {
  await mediaStorage().sweepPartial(olderThanMs)
  await sweepUnfinishedPhotos(olderThanMs)
  await sweepUnfinishedSubmissions(olderThanMs)
}

/** Starts every timed job of this process; their timers do not keep the process alive. */
export function startTimedJobs(env: ServerEnv): void {
  const every = (ms: number, task: () => Promise<unknown>, name: string) =>
    setInterval(() => {
      task().catch((error: unknown) => log.error(`${name} failed`, { error: String(error) }))
    }, ms).unref()
  every(PHOTO_SWEEP_INTERVAL_MS, () => sweepUnfinished(PHOTO_SWEEP_GRACE_MS), 'upload sweep')
  // Accounts nobody confirmed in a week go (issue 30), now and every hour.
  removeUnconfirmedAccounts().catch((error: unknown) =>
    log.error('unconfirmed account sweep failed', { error: String(error) }),
  )
  every(
    VERIFICATION_CALENDAR_INTERVAL_MS,
    () => removeUnconfirmedAccounts(),
    'unconfirmed account sweep',
  )
  // Identity checks lapse after 6 months, with a reminder 15 days before (SPEC §6).
  every(VERIFICATION_CALENDAR_INTERVAL_MS, () => runVerificationCalendar(), 'verification calendar')
  // Paid membership tiers fall back to free when their time is up (issue 8 item 5).
  every(TIER_EXPIRY_INTERVAL_MS, () => expireTiers(), 'tier expiry')
  // Plans and return fees by Pix (issue 21): reconciliation, suspensions whose time is up and
  // whose fee is settled, the reminder 3 days before a plan ends, records past their time.
  if (env.pix) {
    registerWebhook().catch((error: unknown) =>
      log.warn('Pix webhook not registered yet', { error: String(error) }),
    )
    every(PIX_RECONCILE_INTERVAL_MS, () => reconcilePix(), 'Pix reconciliation')
    every(VERIFICATION_CALENDAR_INTERVAL_MS, () => remindPlanEnds(), 'plan reminder')
  }
  // Gifts and withdrawals (issue 22): gifts whose business day has come become available;
  // payouts not answered yet are sent again or asked about. Each moves money once. With Pix,
  // even once GIFTS is turned off: money received before must still reach her.
  if (env.pix) {
    // The sandbox's gifts are due when paid (PIX_SANDBOX): released within seconds there.
    const release = env.pix.sandbox ? SANDBOX_RELEASE_INTERVAL_MS : PIX_RECONCILE_INTERVAL_MS
    every(release, () => releaseMaturedGifts(), 'gift release')
    every(PIX_RECONCILE_INTERVAL_MS, () => reconcilePayouts(), 'payout reconciliation')
  }
  every(TIER_EXPIRY_INTERVAL_MS, () => returnSuspendedProfiles(), 'suspension end')
  every(VERIFICATION_CALENDAR_INTERVAL_MS, () => forgetOldPaymentRecords(), 'payment records')
  every(VERIFICATION_CALENDAR_INTERVAL_MS, () => pruneChargeSubmissions(), 'charge submissions')
  // Visitors' hashed addresses on reports are kept a week, for the daily limit (issue 9).
  every(VERIFICATION_CALENDAR_INTERVAL_MS, () => forgetReporterKeys(), 'reporter key expiry')
  // Client–profile contact records last 180 days, a review's hashed network 30 (issue 20).
  every(VERIFICATION_CALENDAR_INTERVAL_MS, () => forgetOldContacts(), 'contact record expiry')
  every(VERIFICATION_CALENDAR_INTERVAL_MS, () => forgetReviewNetworks(), 'review key expiry')
  // Real visitors' web vitals are kept 90 days (issue 24 point 4, ADR 0023).
  every(VERIFICATION_CALENDAR_INTERVAL_MS, () => forgetOldVitals(), 'web vitals expiry')
  every(COUNTER_SWEEP_INTERVAL_MS, () => sweepSharedCounters(), 'counter sweep')
  // A deleted profile's names are free 90 days on (issue 30 point 11): ended holds are deleted.
  every(VERIFICATION_CALENDAR_INTERVAL_MS, () => forgetExpiredHolds(), 'username hold expiry')
}
