import { and, eq, gt, inArray, lte } from 'drizzle-orm'
import { log } from '#app/platform/logger.server.ts'
import { db } from '#db/client.server.ts'
import { pixCharges, pixPayments, pixRefunds } from '#db/schema/payments.ts'
import { checkCharge } from './charge-view.server.ts'
import { pixClient } from './pix-client.server.ts'
import { recordReceivedPix } from './received-pix.server.ts'
import { recordRefundStates, sendRefund } from './refunds.server.ts'
import { registerWebhook } from './webhook.server.ts'

// Reconciliation (issue 21 point 5): what the institution knows that the webhook did not tell.

/** Open charges younger than this are asked about; older ones are closed. */
const RECONCILE_CHARGES_MS = 48 * 3_600_000
/** Received Pix of this window are compared with ours (strays: unknown charges, no charge). */
const RECONCILE_PIX_MS = 24 * 3_600_000

/**
 * Every few minutes (issue 21 point 5): asks about every open charge and records what paid it,
 * closes the expired ones, records Pix received that no webhook told of (a Pix not ours is
 * recorded as such and left alone), records the end of refunds the institution lists, and asks
 * about refunds not yet settled. Safe to run on every instance at once.
 */
export async function reconcilePix(now = new Date()): Promise<{ recorded: number }> {
  const api = pixClient()
  if (!api) return { recorded: 0 }
  await registerWebhook().catch((error: unknown) =>
    log.warn('Pix webhook not registered yet', { error: String(error) }),
  )
  let recorded = 0
  const open = await db()
    .select({ txid: pixCharges.txid })
    .from(pixCharges)
    .where(
      and(
        eq(pixCharges.status, 'active'),
        gt(pixCharges.createdAt, new Date(now.getTime() - RECONCILE_CHARGES_MS)),
      ),
    )
  for (const { txid } of open) await checkCharge(txid)
  await db()
    .update(pixCharges)
    .set({ status: 'expired' })
    .where(
      and(
        eq(pixCharges.status, 'active'),
        lte(pixCharges.createdAt, new Date(now.getTime() - RECONCILE_CHARGES_MS)),
      ),
    )
  const received = await api.listPix(new Date(now.getTime() - RECONCILE_PIX_MS), now)
  if (received.length > 0) {
    const ids = received.map((pix) => pix.endToEndId)
    const known = new Set(
      (
        await db()
          .select({ id: pixPayments.endToEndId })
          .from(pixPayments)
          .where(inArray(pixPayments.endToEndId, ids))
      ).map((row) => row.id),
    )
    for (const pix of received) {
      if (known.has(pix.endToEndId)) continue
      if ((await recordReceivedPix(pix)) !== 'known') recorded++
    }
    await recordRefundStates(received)
  }
  const waiting = await db()
    .select({ id: pixRefunds.id })
    .from(pixRefunds)
    .where(eq(pixRefunds.status, 'requested'))
  for (const { id } of waiting) await sendRefund(id)
  return { recorded }
}
