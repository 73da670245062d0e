import { and, eq, ne, sql } from 'drizzle-orm'
import { formatCnpj } from '#app/domain/cnpj.ts'
import type { GiftStatus } from '#app/domain/gifts.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { gifts } from '#db/schema/gifts.ts'
import { pixCharges, pixPayments } from '#db/schema/payments.ts'
import { profiles } from '#db/schema/profiles.ts'
import { ownPix } from './history.server.ts'
import type { Receipt } from './receipt-view.ts'

// Receipts (issue 33 point 10): every receipt, e-mailed or printed, names the seller (COMPANY_NAME
// and its CNPJ, required with Pix) and the payer, what was paid, the amount, when (Brazil time),
// the txid and end-to-end id, and whether the Pix was sent back. A receipt is its owner's alone.

/** The seller every receipt names, its CNPJ written out; undefined without Pix. */
export function seller(): { name: string; taxId: string } | undefined {
  const configured = serverEnv().pix?.seller
  return configured && { name: configured.name, taxId: formatCnpj(configured.taxId) }
}

/** The values a receipt e-mail's seller line takes ({seller}, {taxId}). */
export function sellerValues(): { seller: string; taxId: string } {
  const one = seller()
  return { seller: one?.name ?? '', taxId: one?.taxId ?? '' }
}

async function payerName(userId: string): Promise<string> {
  const [row] = await db().select({ name: user.name }).from(user).where(eq(user.id, userId))
  return row?.name ?? ''
}

/** The receipt of one Pix the provider sent for a plan or a return fee; undefined if not hers. */
export async function planReceipt(
  userId: string,
  endToEndId: string,
): Promise<Receipt | undefined> {
  const company = seller()
  if (!company) return undefined
  const [pix, payer] = await Promise.all([ownPix(userId, endToEndId), payerName(userId)])
  if (!pix) return undefined
  return {
    seller: company,
    payer,
    what:
      pix.purpose === 'plan'
        ? { kind: 'plan', tier: pix.tier, days: pix.days }
        : { kind: 'return_fee' },
    amountCents: pix.amountCents,
    paidAt: pix.paidAt,
    txid: pix.txid,
    endToEndId: pix.endToEndId,
    refund: pix.refund,
  }
}

/** The receipt of a gift the client paid (the Pix that paid it); undefined if not his or unpaid. */
export async function giftReceipt(clientId: string, giftId: string): Promise<Receipt | undefined> {
  const company = seller()
  if (!company) return undefined
  const [row] = await db()
    .select({
      status: gifts.status,
      profileName: profiles.name,
      payer: user.name,
      txid: pixCharges.txid,
      endToEndId: pixPayments.endToEndId,
      amountCents: pixPayments.amountCents,
      paidAt: pixPayments.paidAt,
      refund: sql<Receipt['refund']>`(
        select json_build_object('reason', r.reason, 'status', r.status)
        from pix_refunds r where r.end_to_end_id = ${pixPayments.endToEndId}
        order by r.requested_at desc limit 1)`,
    })
    .from(gifts)
    .innerJoin(user, eq(user.id, gifts.clientId))
    .innerJoin(pixCharges, eq(pixCharges.id, gifts.chargeId))
    // The Pix that paid it; for a gift over his cap, the one sent back for it.
    .innerJoin(
      pixPayments,
      eq(
        pixPayments.endToEndId,
        sql`(select p.end_to_end_id from pix_payments p where p.charge_id = ${pixCharges.id}
          and (p.outcome = 'credited' or exists (select 1 from pix_refunds r
            where r.end_to_end_id = p.end_to_end_id and r.reason = 'gift_cap'))
          order by p.outcome = 'credited' desc, p.paid_at limit 1)`,
      ),
    )
    .leftJoin(profiles, eq(profiles.id, gifts.profileId))
    .where(
      and(
        eq(gifts.id, giftId),
        eq(gifts.clientId, clientId),
        ne(gifts.status, 'awaiting_payment' satisfies GiftStatus),
      ),
    )
  if (!row) return undefined
  return {
    seller: company,
    payer: row.payer,
    what: { kind: 'gift', profile: row.profileName },
    amountCents: row.amountCents,
    paidAt: row.paidAt,
    txid: row.txid,
    endToEndId: row.endToEndId,
    refund: row.refund,
  }
}
