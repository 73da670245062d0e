import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { RefundStatus } from '#app/domain/plans.ts'
import { log } from '#app/platform/logger.server.ts'
import { db } from '#db/client.server.ts'
import { pixRefunds } from '#db/schema/payments.ts'
import {
  type PixApi,
  PixNotFound,
  type PixRefund,
  PixRefused,
  type ReceivedPix,
} from './pix-api.server.ts'
import { pixClient } from './pix-client.server.ts'

// Refunds (devoluções) as the API Pix runs them (issue 31 point 1): the institution accepts one
// (EM_PROCESSAMENTO, as the specification's own example answers) and the SPI settles it later
// (DEVOLVIDO or NAO_REALIZADO). An id may be sent once per Pix: asking again with it is refused
// (400 PixDevolucaoInvalida), so a refund once sent is looked up (GET), by reconciliation, and
// its end also arrives with the Pix's `devolucoes` in the webhook.

type RefundRow = typeof pixRefunds.$inferSelect

/** Our status for the institution's. */
function statusOf(answer: PixRefund): RefundStatus {
  if (answer.status === 'DEVOLVIDO') return 'done'
  if (answer.status === 'NAO_REALIZADO') return 'failed'
  return 'requested'
}

/** Records what the institution says of a refund still open here; its status afterwards. */
async function record(refund: Pick<RefundRow, 'id'>, answer: PixRefund): Promise<RefundStatus> {
  const status = statusOf(answer)
  const [updated] = await db()
    .update(pixRefunds)
    .set({
      status,
      ...(answer.returnId ? { returnId: answer.returnId } : {}),
      ...(status === 'requested' ? {} : { settledAt: new Date() }),
    })
    .where(and(eq(pixRefunds.id, refund.id), eq(pixRefunds.status, 'requested')))
    .returning({ status: pixRefunds.status })
  if (status === 'failed' && updated) log.error('Pix refund not made', { refundId: refund.id })
  return updated?.status ?? status
}

/** The institution's record of the refund; null when it has none (404). */
async function lookUp(api: PixApi, refund: RefundRow): Promise<PixRefund | null> {
  try {
    return await api.getRefund(refund.endToEndId, refund.id)
  } catch (error) {
    if (error instanceof PixNotFound) return null
    throw error
  }
}

/**
 * Asks the institution for a refund, or, once it was sent, what became of it. A refund the
 * institution cannot be asked about now stays 'requested' for reconciliation to try again.
 */
export async function sendRefund(refundId: string): Promise<RefundStatus> {
  const api = pixClient()
  const [refund] = await db().select().from(pixRefunds).where(eq(pixRefunds.id, refundId))
  if (refund?.status !== 'requested') return refund?.status ?? 'failed'
  if (!api) return 'requested'
  try {
    const known = refund.sentAt ? await lookUp(api, refund) : null
    if (known) return await record(refund, known)
    // Marked before it goes: an answer lost on the way leaves a refund looked up next time.
    await db()
      .update(pixRefunds)
      .set({ sentAt: new Date() })
      .where(and(eq(pixRefunds.id, refund.id), isNull(pixRefunds.sentAt)))
    try {
      return await record(
        refund,
        await api.refund(refund.endToEndId, refund.id, refund.amountCents, 'Aprova: devolução'),
      )
    } catch (error) {
      if (!(error instanceof PixRefused)) throw error
      // Refused: its id may be taken by this very refund (an answer that never reached us, or a
      // refund sent before issue 31); if the institution knows it, that is its state.
      const taken = await lookUp(api, refund)
      if (taken) return await record(refund, taken)
      // A refusal of the refund itself (more than the Pix, past the 90 days): for the team.
      log.error('Pix refund refused', { refundId: refund.id, error: String(error) })
      await db()
        .update(pixRefunds)
        .set({ status: 'failed', settledAt: new Date() })
        .where(and(eq(pixRefunds.id, refund.id), eq(pixRefunds.status, 'requested')))
      return 'failed'
    }
  } catch (error) {
    log.warn('Pix refund not sent yet', { refundId: refund.id, error: String(error) })
    return 'requested'
  }
}

/**
 * The refunds of read-back Pix (the webhook's, reconciliation's) as the institution lists them:
 * each of ours still open takes its state. One query for all of them.
 */
export async function recordRefundStates(received: ReceivedPix[]): Promise<number> {
  const listed = received.flatMap((pix) =>
    pix.refunds.map((answer) => ({ endToEndId: pix.endToEndId, answer })),
  )
  if (listed.length === 0) return 0
  const open = await db()
    .select({ id: pixRefunds.id, endToEndId: pixRefunds.endToEndId })
    .from(pixRefunds)
    .where(
      and(
        inArray(
          pixRefunds.id,
          listed.map((one) => one.answer.id),
        ),
        eq(pixRefunds.status, 'requested'),
      ),
    )
  let settled = 0
  for (const { endToEndId, answer } of listed) {
    const ours = open.find((row) => row.id === answer.id && row.endToEndId === endToEndId)
    if (ours && (await record(ours, answer)) !== 'requested') settled++
  }
  return settled
}
