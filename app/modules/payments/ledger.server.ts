import { sql } from 'drizzle-orm'
import { LEDGER_ACCOUNTS, type LedgerKind } from '#app/domain/gifts.ts'
import { db, type Transaction } from '#db/client.server.ts'
import { ledgerTransfers } from '#db/schema/gifts.ts'

// The ledger of gifts and withdrawals (issue 22; ADR 0020). Every movement of money is a row
// moving a positive amount from one account to another, so the accounts always sum to zero; a
// balance is computed from the rows, never stored beside them.

/** One movement, at most once per gift or withdrawal and kind (a unique index says so). */
export interface Transfer {
  from: string
  to: string
  amountCents: number
  kind: LedgerKind
  giftId?: string
  withdrawalId?: string
}

/** Records `transfer` in `tx`; false when that event of that gift or withdrawal was recorded. */
export async function transfer(tx: Transaction, move: Transfer): Promise<boolean> {
  if (!Number.isSafeInteger(move.amountCents) || move.amountCents <= 0) {
    throw new RangeError(`a transfer of ${move.amountCents}`)
  }
  const inserted = await tx
    .insert(ledgerTransfers)
    .values({
      fromAccount: move.from,
      toAccount: move.to,
      amountCents: move.amountCents,
      kind: move.kind,
      giftId: move.giftId ?? null,
      withdrawalId: move.withdrawalId ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: ledgerTransfers.id })
  return inserted.length > 0
}

/** The balances of `accounts` (what came in less what went out), 0 for one with no rows. */
export async function balances(
  accounts: readonly string[],
  executor: Pick<Transaction, 'execute'> = db(),
): Promise<Map<string, number>> {
  const list = sql.join(
    accounts.map((account) => sql`${account}`),
    sql`, `,
  )
  const result = await executor.execute(sql`
    select account, sum(amount)::bigint as cents from (
      select to_account as account, amount_cents as amount
      from ledger_transfers where to_account in (${list})
      union all
      select from_account, -amount_cents
      from ledger_transfers where from_account in (${list})
    ) moves
    group by account`)
  const found = new Map(accounts.map((account) => [account, 0]))
  for (const row of (result as unknown as { rows: { account: string; cents: string | number }[] })
    .rows) {
    found.set(row.account, Number(row.cents))
  }
  return found
}

/** A provider's money: pending (gifts within their business day), available, on its way out. */
export interface ProviderBalance {
  pendingCents: number
  availableCents: number
  payoutCents: number
}

/** The balance of a profile, from the ledger. */
export async function providerBalance(
  profileId: string,
  executor: Pick<Transaction, 'execute'> = db(),
): Promise<ProviderBalance> {
  const pending = LEDGER_ACCOUNTS.pending(profileId)
  const available = LEDGER_ACCOUNTS.available(profileId)
  const payout = LEDGER_ACCOUNTS.payout(profileId)
  const found = await balances([pending, available, payout], executor)
  return {
    pendingCents: found.get(pending) ?? 0,
    availableCents: found.get(available) ?? 0,
    payoutCents: found.get(payout) ?? 0,
  }
}

/**
 * Serialises every change to one profile's balance (a withdrawal checking what is available, a
 * gift maturing, a payout failing) until `tx` ends.
 */
export async function lockBalance(tx: Transaction, profileId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`balance:${profileId}`}, 0))`,
  )
}
