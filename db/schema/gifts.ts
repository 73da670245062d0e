import { sql } from 'drizzle-orm'
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { GIFT_STATUSES, LEDGER_KINDS, WITHDRAWAL_STATUSES } from '#app/domain/gifts.ts'
import { user } from './auth.ts'
import { inList, timestamptz } from './columns.ts'
import { pixCharges } from './payments.ts'
import { profiles } from './profiles.ts'

// Gifts and withdrawals by Pix (issue 22; ADR 0020). Balances are never stored: they are
// computed from ledger_transfers, where each row moves a positive amount from one account to
// another (domain/gifts.ts LEDGER_ACCOUNTS). A person's deletion unlinks these rows from her and
// keeps them, as the terms and tax law require.

/** A client's gift to a profile, paid by its own Pix charge. */
export const gifts = pgTable(
  'gifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id').references(() => user.id, { onDelete: 'set null' }),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    chargeId: uuid('charge_id')
      .references(() => pixCharges.id, { onDelete: 'set null' })
      .unique(),
    amountCents: integer('amount_cents').notNull(),
    /** The client's optional words to her (checked as a review's). */
    message: text('message'),
    status: text('status', { enum: GIFT_STATUSES }).notNull().default('awaiting_payment'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    paidAt: timestamptz('paid_at'),
    /** When it becomes (or became) part of her available balance: 1 business day. */
    availableAt: timestamptz('available_at'),
    refundedAt: timestamptz('refunded_at'),
  },
  (t) => [
    index('gifts_client_idx').on(t.clientId, t.createdAt),
    index('gifts_profile_idx').on(t.profileId, t.createdAt),
    // The gifts waiting for their business day, which the sweep makes available.
    index('gifts_maturing_idx').on(t.availableAt).where(sql`${t.status} = 'pending'`),
    check('gifts_status_check', sql`${t.status} in (${inList(GIFT_STATUSES)})`),
    check('gifts_amount_check', sql`${t.amountCents} > 0`),
  ],
)

/** A provider's withdrawal of her available balance to her CPF Pix key. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    requestedBy: text('requested_by').references(() => user.id, { onDelete: 'set null' }),
    /** What leaves her balance; she receives it less the fee. */
    amountCents: integer('amount_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    /** The CPF key paid (11 digits): kept with the record, as the terms say. */
    pixKey: text('pix_key').notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull().default('requested'),
    /** Our identifier of the payout at the institution; asking twice with it pays once. */
    payoutId: text('payout_id').notNull().unique(),
    endToEndId: text('end_to_end_id'),
    /** Why the institution did not pay. */
    failure: text('failure'),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
    settledAt: timestamptz('settled_at'),
  },
  (t) => [
    index('withdrawals_profile_idx').on(t.profileId, t.requestedAt),
    index('withdrawals_open_idx')
      .on(t.requestedAt)
      .where(sql`${t.status} in ('requested', 'sent')`),
    check('withdrawals_status_check', sql`${t.status} in (${inList(WITHDRAWAL_STATUSES)})`),
    check('withdrawals_amount_check', sql`${t.amountCents} > ${t.feeCents} and ${t.feeCents} > 0`),
  ],
)

/** One movement of money between two ledger accounts (the ledger always balances). */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fromAccount: text('from_account').notNull(),
    toAccount: text('to_account').notNull(),
    amountCents: integer('amount_cents').notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    giftId: uuid('gift_id').references(() => gifts.id, { onDelete: 'restrict' }),
    withdrawalId: uuid('withdrawal_id').references(() => withdrawals.id, {
      onDelete: 'restrict',
    }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ledger_transfers_from_idx').on(t.fromAccount),
    index('ledger_transfers_to_idx').on(t.toAccount),
    // Each event moves a gift's or a withdrawal's money once, however often it is reported.
    uniqueIndex('ledger_transfers_gift_kind_idx')
      .on(t.giftId, t.kind)
      .where(sql`${t.giftId} is not null`),
    uniqueIndex('ledger_transfers_withdrawal_kind_idx')
      .on(t.withdrawalId, t.kind)
      .where(sql`${t.withdrawalId} is not null`),
    check('ledger_transfers_amount_check', sql`${t.amountCents} > 0`),
    check('ledger_transfers_accounts_check', sql`${t.fromAccount} <> ${t.toAccount}`),
    check('ledger_transfers_kind_check', sql`${t.kind} in (${inList(LEDGER_KINDS)})`),
  ],
)

/**
 * A hold on a profile's balance (issue 22 point 4): a ban or a 'minor' report stops her
 * withdrawals until the team decides; releasing it is audited.
 */
export const balanceFreezes = pgTable(
  'balance_freezes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Why: 'ban', 'minor_report' or 'team'. */
    cause: text('cause').notNull(),
    note: text('note'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    releasedAt: timestamptz('released_at'),
    releasedBy: text('released_by'),
    releaseNote: text('release_note'),
  },
  (t) => [
    index('balance_freezes_open_idx').on(t.profileId).where(sql`${t.releasedAt} is null`),
    check('balance_freezes_cause_check', sql`${t.cause} in ('ban', 'minor_report', 'team')`),
  ],
)
