import { type AnyColumn, desc, eq, isNull, ne, sql } from 'drizzle-orm'
import { type FreezeCause, LEDGER_ACCOUNTS } from '#app/domain/gifts.ts'
import { ADMIN_PAGE_SIZE } from '#app/domain/moderation.ts'
import { PIX_REFUND_DAYS } from '#app/domain/plans.ts'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { balanceFreezes, gifts, ledgerTransfers, withdrawals } from '#db/schema/gifts.ts'
import { profiles } from '#db/schema/profiles.ts'
import type {
  BalanceView,
  FreezeView,
  GiftRefund,
  GiftSendBack,
  GiftView,
  WithdrawalView,
} from './gift-views.ts'

// What /admin/gifts reads (issue 22 point 4): the ledger's totals, the open freezes, the
// balances per provider, the recent gifts and withdrawals. One query per list; every figure of
// money comes from the ledger (ledger_transfers), never from a stored balance.

const cents = (expression: ReturnType<typeof sql>) =>
  sql<number>`coalesce(${expression}, 0)::bigint`.mapWith(Number)

/** Money into and out of a class of accounts (a LIKE pattern), in one pass over the ledger. */
const balanceOf = (pattern: string) =>
  cents(
    sql`sum(${ledgerTransfers.amountCents}) filter (where ${ledgerTransfers.toAccount} like ${pattern}) - coalesce(sum(${ledgerTransfers.amountCents}) filter (where ${ledgerTransfers.fromAccount} like ${pattern}), 0)`,
  )
const sumOf = (kind: string) =>
  cents(sql`sum(${ledgerTransfers.amountCents}) filter (where ${ledgerTransfers.kind} = ${kind})`)
const countOf = (kind: string) =>
  sql<number>`count(*) filter (where ${ledgerTransfers.kind} = ${kind})`.mapWith(Number)

/**
 * Every gift's money where it is now: paid in, sent back, pending, available, on its way to a
 * key, paid out (less the fee) and the fees the site kept. What came in equals the rest.
 */
export async function giftTotals() {
  const [row] = await db()
    .select({
      paidCents: sumOf('gift_paid'),
      paidCount: countOf('gift_paid'),
      refundedCents: sumOf('gift_refunded'),
      refundedCount: countOf('gift_refunded'),
      pendingCents: balanceOf(LEDGER_ACCOUNTS.pending('%')),
      availableCents: balanceOf(LEDGER_ACCOUNTS.available('%')),
      payoutCents: balanceOf(LEDGER_ACCOUNTS.payout('%')),
      withdrawnCents: sumOf('withdrawal_paid'),
      withdrawnCount: countOf('withdrawal_paid'),
      feesCents: balanceOf(LEDGER_ACCOUNTS.fees),
    })
    .from(ledgerTransfers)
  return (
    row ?? {
      paidCents: 0,
      paidCount: 0,
      refundedCents: 0,
      refundedCount: 0,
      pendingCents: 0,
      availableCents: 0,
      payoutCents: 0,
      withdrawnCents: 0,
      withdrawnCount: 0,
      feesCents: 0,
    }
  )
}

export type GiftTotals = Awaited<ReturnType<typeof giftTotals>>

/** The pending and available money of one profile's accounts, for a row that names it. */
const heldBy = (profileId: ReturnType<typeof sql>) => {
  const pending = sql`'provider:' || ${profileId} || ':pending'`
  const available = sql`'provider:' || ${profileId} || ':available'`
  const moves = sql`(
    select to_account as account, amount_cents as amount from ledger_transfers
    where to_account in (${pending}, ${available})
    union all
    select from_account, -amount_cents from ledger_transfers
    where from_account in (${pending}, ${available})) moves`
  return {
    pendingCents: cents(
      sql`(select sum(amount) filter (where account like '%:pending') from ${moves})`,
    ),
    availableCents: cents(
      sql`(select sum(amount) filter (where account like '%:available') from ${moves})`,
    ),
  }
}

/** The open freezes, oldest first, with the profile and what her balance holds; and how many. */
export async function openFreezes(): Promise<{ rows: FreezeView[]; total: number }> {
  const rows = await db()
    .select({
      id: balanceFreezes.id,
      profileId: balanceFreezes.profileId,
      cause: sql<FreezeCause>`${balanceFreezes.cause}`,
      note: balanceFreezes.note,
      createdAt: balanceFreezes.createdAt,
      name: profiles.name,
      username: profiles.username,
      ...heldBy(sql`${balanceFreezes.profileId}`),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(balanceFreezes)
    .innerJoin(profiles, eq(profiles.id, balanceFreezes.profileId))
    .where(isNull(balanceFreezes.releasedAt))
    .orderBy(balanceFreezes.createdAt, balanceFreezes.id)
    .limit(ADMIN_PAGE_SIZE)
  return { rows: rows.map(({ total: _, ...row }) => row), total: rows[0]?.total ?? 0 }
}

interface BalanceRow extends Record<string, unknown> {
  profile_id: string
  name: string | null
  username: string | null
  pending: string | number
  available: string | number
  payout: string | number
  freeze_id: string | null
  freeze_cause: FreezeCause | null
  total: string | number
}

/**
 * The providers whose balance holds money (pending, available or on its way), the largest
 * first, ADMIN_PAGE_SIZE of them, with the open freeze of each; and how many hold money. One
 * pass over the ledger's provider accounts, grouped by profile.
 */
export async function providerBalances(): Promise<{ rows: BalanceView[]; total: number }> {
  const result = await db().execute(sql`
    select b.profile_id, p.name, p.username, b.pending, b.available, b.payout,
      f.id as freeze_id, f.cause as freeze_cause, count(*) over () as total
    from (
      select split_part(account, ':', 2) as profile_id,
        coalesce(sum(amount) filter (where split_part(account, ':', 3) = 'pending'), 0) as pending,
        coalesce(sum(amount) filter (where split_part(account, ':', 3) = 'available'), 0)
          as available,
        coalesce(sum(amount) filter (where split_part(account, ':', 3) = 'payout'), 0) as payout
      from (
        select to_account as account, amount_cents as amount from ledger_transfers
        where to_account like 'provider:%'
        union all
        select from_account, -amount_cents from ledger_transfers
        where from_account like 'provider:%'
      ) moves
      group by 1
    ) b
    left join profiles p on p.id = b.profile_id::uuid
    left join balance_freezes f on f.profile_id = p.id and f.released_at is null
    where b.pending <> 0 or b.available <> 0 or b.payout <> 0
    order by b.pending + b.available + b.payout desc, b.profile_id
    limit ${ADMIN_PAGE_SIZE}`)
  const rows = (result as unknown as { rows: BalanceRow[] }).rows
  return {
    rows: rows.map((row) => ({
      profileId: row.profile_id,
      name: row.name,
      username: row.username,
      pendingCents: Number(row.pending),
      availableCents: Number(row.available),
      payoutCents: Number(row.payout),
      freezeId: row.freeze_id,
      freezeCause: row.freeze_cause,
    })),
    total: Number(rows[0]?.total ?? 0),
  }
}

/**
 * Whether the team can still send a gift back, as refundGift decides it (issue 33 point 13):
 * 'open' while it is pending or available, its Pix credited, paid within PIX_REFUND_DAYS and her
 * balance still holding it; 'withdrawn' when the balance no longer does; 'tooOld' past the Pix
 * window; null for a gift that was never refundable here (sent back, its profile gone).
 */
function sendBackOf(shown: {
  status: AnyColumn
  profileId: AnyColumn
  chargeId: AnyColumn
  paidAt: AnyColumn
  amountCents: AnyColumn
}) {
  const account = sql`'provider:' || ${shown.profileId} || ':' || ${shown.status}`
  const since = new Date(Date.now() - PIX_REFUND_DAYS * 86_400_000)
  return sql<GiftSendBack | null>`case
    when ${shown.status} not in ('pending', 'available') or ${shown.profileId} is null
      or not exists (select 1 from pix_payments pp
        where pp.charge_id = ${shown.chargeId} and pp.outcome = 'credited') then null
    when ${shown.paidAt} is null or ${shown.paidAt} < ${since} then 'tooOld'
    when (select coalesce(sum(case when l.to_account = ${account} then l.amount_cents
        else -l.amount_cents end), 0)
      from ledger_transfers l
      where l.to_account = ${account} or l.from_account = ${account}) < ${shown.amountCents}
      then 'withdrawn'
    else 'open' end`
}

/**
 * One page of the gifts paid (or sent back), newest first: giver, profile, amount, status,
 * dates, message, and the last refund of its Pix. Gifts still waiting for their Pix are left
 * out. `more` tells whether an older page exists.
 */
export async function recentGifts(page: number): Promise<{ rows: GiftView[]; more: boolean }> {
  // The page's gifts first, so that the joins read its rows only.
  const shown = db()
    .select({
      id: gifts.id,
      clientId: gifts.clientId,
      profileId: gifts.profileId,
      chargeId: gifts.chargeId,
      amountCents: gifts.amountCents,
      message: gifts.message,
      status: gifts.status,
      createdAt: gifts.createdAt,
      paidAt: gifts.paidAt,
      availableAt: gifts.availableAt,
      refundedAt: gifts.refundedAt,
    })
    .from(gifts)
    .where(ne(gifts.status, 'awaiting_payment'))
    .orderBy(desc(gifts.createdAt), desc(gifts.id))
    .limit(ADMIN_PAGE_SIZE + 1)
    .offset((page - 1) * ADMIN_PAGE_SIZE)
    .as('shown')
  const rows = await db()
    .select({
      id: shown.id,
      amountCents: shown.amountCents,
      message: shown.message,
      status: shown.status,
      createdAt: shown.createdAt,
      paidAt: shown.paidAt,
      availableAt: shown.availableAt,
      refundedAt: shown.refundedAt,
      clientId: shown.clientId,
      clientName: user.name,
      clientEmail: user.email,
      profileId: profiles.id,
      profileName: profiles.name,
      username: profiles.username,
      refund: sql<GiftRefund | null>`(
        select json_build_object('reason', r.reason, 'status', r.status, 'note', r.note,
          'requestedAt', r.requested_at)
        from pix_payments pp join pix_refunds r on r.end_to_end_id = pp.end_to_end_id
        where pp.charge_id = ${shown.chargeId}
        order by r.requested_at desc limit 1)`,
      sendBack: sendBackOf(shown),
    })
    .from(shown)
    .leftJoin(user, eq(user.id, shown.clientId))
    .leftJoin(profiles, eq(profiles.id, shown.profileId))
    .orderBy(desc(shown.createdAt), desc(shown.id))
  return { rows: rows.slice(0, ADMIN_PAGE_SIZE), more: rows.length > ADMIN_PAGE_SIZE }
}

/**
 * The latest ADMIN_PAGE_SIZE withdrawals, newest first: profile, amount, fee, what reached her
 * key, status, failure, dates. The key leaves the database as its last two digits only.
 */
export async function recentWithdrawals(): Promise<WithdrawalView[]> {
  const rows = await db()
    .select({
      id: withdrawals.id,
      profileId: profiles.id,
      name: profiles.name,
      username: profiles.username,
      amountCents: withdrawals.amountCents,
      feeCents: withdrawals.feeCents,
      keyEnd: sql<string>`right(${withdrawals.pixKey}, 2)`,
      status: withdrawals.status,
      failure: withdrawals.failure,
      requestedAt: withdrawals.requestedAt,
      sentAt: withdrawals.sentAt,
      settledAt: withdrawals.settledAt,
    })
    .from(withdrawals)
    .leftJoin(profiles, eq(profiles.id, withdrawals.profileId))
    .orderBy(desc(withdrawals.requestedAt), desc(withdrawals.id))
    .limit(ADMIN_PAGE_SIZE)
  return rows.map((row) => ({ ...row, netCents: row.amountCents - row.feeCents }))
}
