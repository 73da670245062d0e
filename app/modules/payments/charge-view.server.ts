import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import {
  CHARGE_GRACE_MS,
  CHARGE_POLL_MS,
  type ChargePurpose,
  type ChargeStatus,
  OWN_CHECK_MS,
  type PaidTier,
  type RefundReason,
  type RefundStatus,
} from '#app/domain/plans.ts'
import { log } from '#app/platform/logger.server.ts'
import { db } from '#db/client.server.ts'
import { pixCharges } from '#db/schema/payments.ts'
import { pixClient } from './pix-client.server.ts'
import { recordReceivedPix } from './received-pix.server.ts'

// A charge as its payer's page shows it (issue 21 point 3), and the page's own check with the
// institution, so a payment is seen even when the webhook is late or never comes.

export interface ChargeView {
  id: string
  purpose: ChargePurpose
  tier: PaidTier | null
  days: number | null
  amountCents: number
  status: ChargeStatus
  brCode: string
  createdAt: Date
  expiresAt: Date
  paidAt: Date | null
  planExpiresAt: Date | null
  creditedDays: number | null
  /** When the institution was last asked about it. */
  checkedAt: Date | null
  /** The refund of the Pix that paid it (or came for it too late, or of another amount). */
  refund: ChargeRefund | null
}

/** A refund as the provider is told of it: why, and whether the money is back yet. */
export interface ChargeRefund {
  reason: RefundReason
  status: RefundStatus
}

/**
 * The latest refund of a Pix received for the charge, leaving out a second Pix for a paid charge
 * (refunded as 'already_paid': the charge's own payment stands). Written out in full: a column
 * of the one table selected from is rendered unqualified, and `id` would name the refund's.
 */
const chargeRefund = sql<ChargeRefund | null>`(
  select json_build_object('reason', r.reason, 'status', r.status)
  from pix_refunds r join pix_payments p on p.end_to_end_id = r.end_to_end_id
  where p.charge_id = pix_charges.id and r.reason <> 'already_paid'
  order by r.requested_at desc limit 1)`

const chargeColumns = {
  id: pixCharges.id,
  purpose: pixCharges.purpose,
  tier: pixCharges.tier,
  days: pixCharges.days,
  amountCents: pixCharges.amountCents,
  status: pixCharges.status,
  brCode: pixCharges.brCode,
  createdAt: pixCharges.createdAt,
  expiresAt: pixCharges.expiresAt,
  paidAt: pixCharges.paidAt,
  planExpiresAt: pixCharges.planExpiresAt,
  creditedDays: pixCharges.creditedDays,
  refund: chargeRefund,
  checkedAt: pixCharges.checkedAt,
  txid: pixCharges.txid,
}

/**
 * A charge of the user's, as her payment page shows it. While it is open, the institution is
 * asked about it (at most every OWN_CHECK_MS; at each of the page's polls in the grace after its
 * time), so the page learns of the payment even when the webhook is late or never comes. The
 * check is claimed first, so tabs polling at once, or an institution that does not answer, never
 * make more than one call per interval.
 */
export async function ownCharge(userId: string, chargeId: string): Promise<ChargeView | null> {
  const read = async () => {
    const [row] = await db()
      .select(chargeColumns)
      .from(pixCharges)
      .where(and(eq(pixCharges.id, chargeId), eq(pixCharges.userId, userId)))
    return row
  }
  let row = await read()
  if (!row) return null
  const now = Date.now()
  const closing = now >= row.expiresAt.getTime()
  if (row.status === 'active' && now < row.expiresAt.getTime() + CHARGE_GRACE_MS) {
    const interval = closing ? CHARGE_POLL_MS - 500 : OWN_CHECK_MS
    const claimed = await db()
      .update(pixCharges)
      .set({ checkedAt: new Date(now) })
      .where(
        and(
          eq(pixCharges.id, row.id),
          eq(pixCharges.status, 'active'),
          or(isNull(pixCharges.checkedAt), lt(pixCharges.checkedAt, new Date(now - interval))),
        ),
      )
      .returning({ id: pixCharges.id })
    if (claimed.length > 0) {
      await checkCharge(row.txid).catch((error: unknown) =>
        log.warn('Pix charge check failed', { error: String(error) }),
      )
      row = (await read()) ?? row
    }
  }
  const { txid: _txid, ...view } = row
  return view
}

/** Asks the institution about one charge and records what it was paid with. */
export async function checkCharge(txid: string): Promise<void> {
  const api = pixClient()
  if (!api) return
  const charge = await api.getCharge(txid)
  for (const pix of charge.pix) {
    // The charge's own list names it; a Pix listed without its txid is still this charge's.
    await recordReceivedPix({ ...pix, txid: pix.txid ?? txid })
  }
  const now = new Date()
  await db()
    .update(pixCharges)
    .set({
      checkedAt: now,
      // Unpaid past its time (a grace for a Pix on its way): closed.
      ...(charge.pix.length === 0 && charge.status !== 'CONCLUIDA'
        ? {
            status: sql`case when ${pixCharges.status} = 'active' and ${pixCharges.expiresAt} < ${new Date(now.getTime() - CHARGE_GRACE_MS)} then 'expired' else ${pixCharges.status} end`,
          }
        : {}),
    })
    .where(eq(pixCharges.txid, txid))
}
