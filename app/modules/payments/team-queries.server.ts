import { desc, eq, sql } from 'drizzle-orm'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import { ADMIN_PAGE_SIZE } from '#app/domain/moderation.ts'
import { PAID_TIERS, type RefundReason, type RefundStatus } from '#app/domain/plans.ts'
import { db } from '#db/client.server.ts'
import { pixCharges, pixPayments, planPrices } from '#db/schema/payments.ts'
import { profiles } from '#db/schema/profiles.ts'

// What the team's money screens read (issue 21): the plans' prices, the revenue per day and per
// month, and the received Pix with what became of each. One query per list.

/** Every paid plan's price, cheapest plan first (a plan without a row has none). */
export async function planPriceList() {
  const rows = await db()
    .select({
      tier: planPrices.tier,
      priceCents: planPrices.priceCents,
      updatedAt: planPrices.updatedAt,
    })
    .from(planPrices)
  return PAID_TIERS.map((tier) => {
    const row = rows.find((one) => one.tier === tier)
    return { tier, priceCents: row?.priceCents ?? null, updatedAt: row?.updatedAt ?? null }
  })
}

/** The money of one day or month: what came in, what was sent back, and how many of each. */
export interface RevenuePeriod {
  /** YYYY-MM-DD or YYYY-MM, Brazilian time. */
  period: string
  receivedCents: number
  receivedCount: number
  refundedCents: number
  refundCount: number
  netCents: number
}

interface RevenueRow extends Record<string, unknown> {
  period: string
  received: string | number
  received_count: string | number
  refunded: string | number
  refund_count: string | number
}

const UNITS = {
  day: { format: 'YYYY-MM-DD', back: '29 days' },
  month: { format: 'YYYY-MM', back: '11 months' },
} as const

/**
 * Revenue of the last 30 days or 12 months (the current one included) in Brazilian time, newest
 * first, only the periods with money moving. A Pix counts on the day it was received, a refund
 * on the day it was asked for; a refund the institution refused sent nothing back. A gift's Pix
 * is not revenue (the site passes it on, issue 22): /admin/gifts counts it; nor is a Pix that
 * is not ours (issue 31), nor the team's refund of one.
 */
export async function revenueBy(unit: keyof typeof UNITS): Promise<RevenuePeriod[]> {
  const { format, back } = UNITS[unit]
  const zone = BRAZIL_TIME_ZONE
  // The first instant of the first period, in Brazil.
  const start = sql`((date_trunc(${unit}, now() at time zone ${zone}) - ${back}::interval) at time zone ${zone})`
  const result = await db().execute(sql`
    select period,
      sum(received)::bigint as received, sum(received_count)::bigint as received_count,
      sum(refunded)::bigint as refunded, sum(refund_count)::bigint as refund_count
    from (
      select to_char(p.paid_at at time zone ${zone}, ${format}) as period,
        p.amount_cents as received, 1 as received_count, 0 as refunded, 0 as refund_count
      from pix_payments p left join pix_charges c on c.id = p.charge_id
      where p.paid_at >= ${start} and c.purpose is distinct from 'gift' and p.outcome <> 'foreign'
      union all
      select to_char(r.requested_at at time zone ${zone}, ${format}),
        0, 0, r.amount_cents, 1
      from pix_refunds r
        join pix_payments p on p.end_to_end_id = r.end_to_end_id
        left join pix_charges c on c.id = p.charge_id
      where r.requested_at >= ${start} and r.status <> 'failed'
        and c.purpose is distinct from 'gift' and p.outcome <> 'foreign'
    ) moved
    group by period
    order by period desc`)
  return (result as unknown as { rows: RevenueRow[] }).rows.map((row) => {
    const receivedCents = Number(row.received)
    const refundedCents = Number(row.refunded)
    return {
      period: row.period,
      receivedCents,
      receivedCount: Number(row.received_count),
      refundedCents,
      refundCount: Number(row.refund_count),
      netCents: receivedCents - refundedCents,
    }
  })
}

/** A refund of a received Pix, as the payments list shows it. */
export interface RefundView {
  reason: RefundReason
  note: string | null
  status: RefundStatus
  amountCents: number
  requestedAt: string
  /** The admin who asked (null: automatic), and her address while her account exists. */
  requestedBy: string | null
  requestedByEmail: string | null
}

/**
 * One page of the received Pix, newest first: what each paid (its charge: a plan, a return fee,
 * or none we know), the profile while it exists, and its refunds with who asked. `more` tells
 * whether an older page exists.
 */
export async function receivedPayments(page: number) {
  // The page's Pix first, so that the joins and the refunds are read for its rows only, not for
  // every row the offset skips.
  const shown = db()
    .select({
      endToEndId: pixPayments.endToEndId,
      paidAt: pixPayments.paidAt,
      amountCents: pixPayments.amountCents,
      outcome: pixPayments.outcome,
      key: pixPayments.key,
      chargeId: pixPayments.chargeId,
    })
    .from(pixPayments)
    .orderBy(desc(pixPayments.paidAt), desc(pixPayments.endToEndId))
    .limit(ADMIN_PAGE_SIZE + 1)
    .offset((page - 1) * ADMIN_PAGE_SIZE)
    .as('shown')
  const rows = await db()
    .select({
      endToEndId: shown.endToEndId,
      paidAt: shown.paidAt,
      amountCents: shown.amountCents,
      outcome: shown.outcome,
      key: shown.key,
      purpose: pixCharges.purpose,
      tier: pixCharges.tier,
      days: pixCharges.days,
      profileId: profiles.id,
      username: profiles.username,
      refunds: sql<RefundView[]>`coalesce((
        select json_agg(json_build_object(
          'reason', r.reason, 'note', r.note, 'status', r.status, 'amountCents', r.amount_cents,
          'requestedAt', r.requested_at, 'requestedBy', r.requested_by,
          'requestedByEmail', u.email) order by r.requested_at)
        from pix_refunds r left join "user" u on u.id = r.requested_by
        where r.end_to_end_id = ${shown.endToEndId}), '[]'::json)`,
    })
    .from(shown)
    .leftJoin(pixCharges, eq(pixCharges.id, shown.chargeId))
    .leftJoin(profiles, eq(profiles.id, pixCharges.profileId))
    .orderBy(desc(shown.paidAt), desc(shown.endToEndId))
  return { rows: rows.slice(0, ADMIN_PAGE_SIZE), more: rows.length > ADMIN_PAGE_SIZE }
}
