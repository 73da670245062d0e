import { eq } from 'drizzle-orm'
import type { Language } from '#app/domain/language.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { paths } from '#app/domain/paths.ts'
import { isPaidTier, type RefundPlanOutcome, type RefundReason } from '#app/domain/plans.ts'
import { dictionary } from '#app/i18n/i18n.ts'
import { type PaymentEmail, paymentEmail } from '#app/modules/email/messages.ts'
import { log } from '#app/platform/logger.server.ts'
import { db } from '#db/client.server.ts'
import { pixCharges } from '#db/schema/payments.ts'
import { longDate, mailUser } from './mail-user.server.ts'
import { sellerValues } from './receipts.server.ts'

// The e-mails about payments (issue 21, issue 33 points 1 and 10), in the payer's language: a
// receipt, a refund notice, a plan's coming end. A failure to send is logged, never thrown.

/** E-mails the user about her payments, in her language, with a link to `path`. */
export async function tellUser(
  userId: string,
  kind: PaymentEmail,
  values: (language: Language) => Record<string, string>,
  path: string = paths.dashboardPlan,
): Promise<void> {
  try {
    await mailUser(userId, path, (language, recipient) =>
      paymentEmail(kind, language, { ...recipient, values: values(language) }),
    )
  } catch (error) {
    log.error('payment e-mail not sent', { kind, error: String(error) })
  }
}

/** What a refund notice says: why, how much went back, the team's words, the plan after it. */
interface RefundNotice {
  reason: RefundReason
  amountCents: number
  note?: string
  plan?: RefundPlanOutcome
}

/** An e-mail about a charge to send once its transaction is committed. */
export interface Tell {
  userId: string
  kind: PaymentEmail
  chargeId: string
  refund?: RefundNotice
  /** The Pix it is about: a receipt links to its printable page (issue 33 point 10). */
  endToEndId?: string
}

/**
 * Tells the payer that the team sent a payment of hers back (issue 33 point 1): with the team's
 * words, and what became of the plan it paid.
 */
export async function notifyRefund(
  userId: string,
  chargeId: string,
  team: { note: string; plan?: RefundPlanOutcome },
): Promise<void> {
  const [charge] = await db()
    .select({ amountCents: pixCharges.amountCents })
    .from(pixCharges)
    .where(eq(pixCharges.id, chargeId))
  if (!charge) return
  await tellPayer({
    userId,
    kind: 'refunded',
    chargeId,
    refund: { reason: 'team', amountCents: charge.amountCents, ...team },
  })
}

/** The receipt (or the refund notice) of a charge, in the payer's language. */
export async function tellPayer(tell: Tell) {
  const [charge] = await db().select().from(pixCharges).where(eq(pixCharges.id, tell.chargeId))
  if (!charge) return
  const { refund } = tell
  const receipt = tell.kind === 'planReceipt' || tell.kind === 'returnFeeReceipt'
  await tellUser(
    tell.userId,
    tell.kind,
    (language) => {
      const tierName = (tier: string | null) =>
        tier && isPaidTier(tier) ? dictionary(language).tiers[tier] : ''
      const plan = refund?.plan
      return {
        amount: formatBrlCents(refund?.amountCents ?? charge.amountCents, language),
        charged: formatBrlCents(charge.amountCents, language),
        tier: tierName(charge.tier),
        date: longDate(charge.planExpiresAt, language),
        paidAt: longDate(charge.paidAt, language),
        txid: charge.txid,
        ...sellerValues(),
        ...(refund ? { why: refund.reason, reason: refund.note ?? '' } : {}),
        ...(plan
          ? {
              plan: plan.kind,
              planTier: plan.kind === 'free' ? '' : tierName(plan.tier),
              planDate: plan.kind === 'free' ? '' : longDate(plan.expiresAt, language),
            }
          : {}),
      }
    },
    receipt && tell.endToEndId
      ? paths.dashboardReceipt(tell.endToEndId)
      : // A gift's Pix sent back is the client's: his gifts page, not her plan's.
        charge.purpose === 'gift'
        ? paths.clientGifts
        : paths.dashboardPlan,
  )
}
