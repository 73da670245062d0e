import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import {
  CHARGE_PURPOSES,
  CHARGE_STATUSES,
  PAID_TIERS,
  PAYMENT_OUTCOMES,
  REFUND_REASONS,
  REFUND_STATUSES,
} from '#app/domain/plans.ts'
import { user } from './auth.ts'
import { inList, timestamptz } from './columns.ts'
import { profileSanctions } from './moderation.ts'
import { profiles } from './profiles.ts'

// Plans and return fees paid by Pix (issue 21; ADR 0019). Every charge, received Pix and refund
// is a row; amounts are integer centavos. A person's deletion unlinks these rows from her (the
// foreign keys set null) and keeps them for PAYMENT_RECORD_YEARS, as tax law requires.

/** The price of each paid plan per PLAN_DAYS, set by the team (audited). */
export const planPrices = pgTable(
  'plan_prices',
  {
    tier: text('tier', { enum: PAID_TIERS }).primaryKey(),
    priceCents: integer('price_cents').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('plan_prices_tier_check', sql`${t.tier} in (${inList(PAID_TIERS)})`),
    check('plan_prices_price_check', sql`${t.priceCents} > 0`),
  ],
)

/**
 * An immediate charge (`cob`) created at the institution: what it pays for, its amount and the
 * 'copia e cola' code. Paid at most once; a second Pix for it is sent back.
 */
export const pixCharges = pgTable(
  'pix_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Our identifier of the charge at the institution (26–35 letters and digits). */
    txid: text('txid').notNull().unique(),
    purpose: text('purpose', { enum: CHARGE_PURPOSES }).notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** A plan charge's tier and days. */
    tier: text('tier', { enum: PAID_TIERS }),
    days: integer('days'),
    /** A return fee's suspension. */
    sanctionId: uuid('sanction_id').references(() => profileSanctions.id, {
      onDelete: 'set null',
    }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: CHARGE_STATUSES }).notNull().default('active'),
    /** The BR Code the provider pays with ('copia e cola'; also drawn as the QR code). */
    brCode: text('br_code').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    paidAt: timestamptz('paid_at'),
    /** When the institution was last asked about it (the page's own check, reconciliation). */
    checkedAt: timestamptz('checked_at'),
    /** What the payment did to the plan: its end then, and the days another plan's rest added. */
    planExpiresAt: timestamptz('plan_expires_at'),
    creditedDays: integer('credited_days'),
  },
  (t) => [
    index('pix_charges_open_idx').on(t.createdAt).where(sql`${t.status} = 'active'`),
    index('pix_charges_profile_idx').on(t.profileId, t.createdAt),
    index('pix_charges_user_idx').on(t.userId, t.createdAt),
    check('pix_charges_purpose_check', sql`${t.purpose} in (${inList(CHARGE_PURPOSES)})`),
    check('pix_charges_status_check', sql`${t.status} in (${inList(CHARGE_STATUSES)})`),
    check('pix_charges_tier_check', sql`${t.tier} is null or ${t.tier} in (${inList(PAID_TIERS)})`),
    check('pix_charges_amount_check', sql`${t.amountCents} > 0`),
    check(
      'pix_charges_purpose_fields_check',
      sql`(${t.purpose} = 'plan' and ${t.tier} is not null and ${t.days} > 0) or (${t.purpose} in ('return_fee', 'gift'))`,
    ),
  ],
)

/**
 * A Pix received on the account, as the institution confirmed it: credited to its charge, sent
 * back, or left alone as not ours (shown to the team). The end-to-end id is the Pix's own identity, so a Pix is recorded once however often its
 * webhook comes.
 */
export const pixPayments = pgTable(
  'pix_payments',
  {
    endToEndId: text('end_to_end_id').primaryKey(),
    /** The txid the Pix named (null: sent to the key without a charge). */
    txid: text('txid'),
    chargeId: uuid('charge_id').references(() => pixCharges.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    /** When the payer's institution settled it (the Pix's `horario`). */
    paidAt: timestamptz('paid_at').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    outcome: text('outcome', { enum: PAYMENT_OUTCOMES }).notNull(),
    /** The key it was sent to, when not the site's (a Pix left alone as not ours). */
    key: text('key'),
  },
  (t) => [
    index('pix_payments_paid_idx').on(t.paidAt),
    index('pix_payments_charge_idx').on(t.chargeId),
    check('pix_payments_outcome_check', sql`${t.outcome} in (${inList(PAYMENT_OUTCOMES)})`),
    check('pix_payments_amount_check', sql`${t.amountCents} > 0`),
  ],
)

/** A refund (`devolucao`) of a received Pix, automatic or the team's. */
export const pixRefunds = pgTable(
  'pix_refunds',
  {
    /** Our identifier of the refund at the institution; asking twice with it refunds once. */
    id: text('id').primaryKey(),
    endToEndId: text('end_to_end_id')
      .notNull()
      .references(() => pixPayments.endToEndId, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    /** The team's words for a refund it made. */
    note: text('note'),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('requested'),
    /** The institution's return identifier, once it has one. */
    returnId: text('return_id'),
    /**
     * When it was first asked of the institution (issue 31): from then on its id is used, so it
     * is looked up, never asked again with that id unless the institution does not know it.
     */
    sentAt: timestamptz('sent_at'),
    /** The admin who asked (null: automatic). */
    requestedBy: text('requested_by'),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    settledAt: timestamptz('settled_at'),
  },
  (t) => [
    index('pix_refunds_payment_idx').on(t.endToEndId),
    index('pix_refunds_open_idx').on(t.requestedAt).where(sql`${t.status} = 'requested'`),
    check('pix_refunds_reason_check', sql`${t.reason} in (${inList(REFUND_REASONS)})`),
    check('pix_refunds_status_check', sql`${t.status} in (${inList(REFUND_STATUSES)})`),
    check('pix_refunds_amount_check', sql`${t.amountCents} > 0`),
  ],
)

/**
 * A payment form's submission, by the key its page gave it: the charge its first submission
 * started. A form sent twice (a double tap, a second submit while the first is on its way)
 * comes back to that charge instead of starting another. Kept a day.
 */
export const chargeSubmissions = pgTable(
  'charge_submissions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Null while the first submission is on its way. */
    chargeId: uuid('charge_id').references(() => pixCharges.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
)
