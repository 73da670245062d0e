import { sql } from 'drizzle-orm'
import type { QueueSizes } from '#app/platform/metrics.server.ts'
import { db } from '#db/client.server.ts'

// The team's queues as the metrics report them (issue 32 point 5), in one round trip read at
// each scrape. Each count matches the predicate of a partial or leading-column index, so it reads
// the waiting rows alone, never the table: verification_submissions_queue_idx (status first),
// reports_open_idx, reviews_queue_idx (pending implies its predicate) and withdrawals_open_idx.
// The /admin overview's adminCounts also groups every profile, too much for every 15 seconds.

interface Row {
  identity_checks: number
  open_reports: number
  held_reviews: number
  unsettled_payouts: number
}

/** Identity checks waiting, reports open, reviews held for the team, payouts not settled. */
export async function queueSizes(): Promise<QueueSizes> {
  const result = await db().execute(sql`select
    (select count(*)::int from verification_submissions where status = 'pending') as identity_checks,
    (select count(*)::int from reports where resolved_at is null) as open_reports,
    (select count(*)::int from reviews where status = 'pending') as held_reviews,
    (select count(*)::int from withdrawals where status in ('requested', 'sent')) as unsettled_payouts`)
  const [row] = (result as unknown as { rows: Row[] }).rows
  return {
    identityChecks: row?.identity_checks ?? 0,
    openReports: row?.open_reports ?? 0,
    heldReviews: row?.held_reviews ?? 0,
    unsettledPayouts: row?.unsettled_payouts ?? 0,
  }
}
