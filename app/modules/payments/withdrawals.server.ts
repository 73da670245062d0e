import { createHmac, randomInt } from 'node:crypto'
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import {
  cpfDigits,
  isValidCpf,
  LEDGER_ACCOUNTS,
  WITHDRAWAL_LIMITS_CENTS,
  WITHDRAWALS_PER_DAY,
  withdrawalFeeCents,
} from '#app/domain/gifts.ts'
import { SYSTEM_ACTOR_ID } from '#app/domain/moderation.ts'
import { audit } from '#app/modules/moderation/kernel.server.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { db, type Transaction } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { balanceFreezes, withdrawals } from '#db/schema/gifts.ts'
import { profiles } from '#db/schema/profiles.ts'
import { walletOpen } from './gifts.server.ts'
import { lockBalance, providerBalance, transfer } from './ledger.server.ts'
import { tellPayoutSettled } from './payout-notice.server.ts'
import { payoutInstitution, type SentPix } from './payouts/payouts.server.ts'
import { pixEnabled } from './pix-client.server.ts'
import { PixNotFound, PixRefused } from './pix-transport.server.ts'

// Withdrawals (issue 22 point 3; ADR 0020): a provider sends her available balance, within the
// terms' limits and less the fee, to the CPF Pix key of her approved identity check. The amount
// leaves her balance when she asks; a payout that fails puts it back. Every step is audited.
// Payouts go through the institution's own payout API (payouts/, ADR 0029).

/** The keyed hash of a CPF (11 digits): what is kept to compare a key with, never the CPF. */
export function cpfHash(digits: string): string {
  return createHmac('sha256', `payout-cpf:${serverEnv().authSecret}`).update(digits).digest('hex')
}

/** Why a withdrawal cannot be asked for, as a key of the provider dictionary's errors. */
export type WithdrawalError =
  | 'off'
  | 'notAllowed'
  | 'frozen'
  | 'noCpf'
  | 'key'
  | 'keyMismatch'
  | 'amount'
  | 'balance'
  | 'perDay'

export type WithdrawalStart =
  | { ok: true; withdrawalId: string }
  | { ok: false; error: WithdrawalError }

/** What she asks for, the fee, and what reaches her key. */
export function withdrawalQuote(amountCents: number) {
  const feeCents = withdrawalFeeCents(amountCents)
  return { amountCents, feeCents, netCents: amountCents - feeCents }
}

/** The open freeze of a profile's balance, if any. */
export async function openFreeze(profileId: string, executor: Pick<Transaction, 'select'> = db()) {
  const [freeze] = await executor
    .select({
      id: balanceFreezes.id,
      cause: balanceFreezes.cause,
      createdAt: balanceFreezes.createdAt,
    })
    .from(balanceFreezes)
    .where(and(eq(balanceFreezes.profileId, profileId), isNull(balanceFreezes.releasedAt)))
    .limit(1)
  return freeze
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const payoutId = () => `W${Array.from({ length: 31 }, () => BASE62[randomInt(62)]).join('')}`

/** A withdrawal asked for: by whom, how much, to which key. */
interface WithdrawalAsk {
  userId: string
  amountCents: number
  key: string
  now?: Date
}

type Withdrawable =
  | { ok: false; error: WithdrawalError }
  | { ok: true; profile: { id: string; name: string; username: string }; digits: string }

/**
 * The checks that need no lock: gifts on, her profile approved and verified, the key a valid CPF
 * equal to her identity check's, the amount within the limits.
 */
async function withdrawable(input: WithdrawalAsk): Promise<Withdrawable> {
  // Without a payout API (PIX_PAYOUTS) a withdrawal could be asked for but never sent.
  if (!pixEnabled() || !payoutInstitution()) return { ok: false, error: 'off' }
  const [profile] = await db()
    .select({
      id: profiles.id,
      name: profiles.name,
      username: profiles.username,
      status: profiles.status,
      verificationStatus: profiles.verificationStatus,
      payoutCpfHash: profiles.payoutCpfHash,
    })
    .from(profiles)
    .where(eq(profiles.userId, input.userId))
  // With GIFTS turned off, what she holds can still be withdrawn.
  if (!profile || !(await walletOpen(profile.id))) return { ok: false, error: 'off' }
  if (profile.status !== 'approved' || profile.verificationStatus !== 'approved') {
    return { ok: false, error: 'notAllowed' }
  }
  if (!profile.payoutCpfHash) return { ok: false, error: 'noCpf' }
  const digits = cpfDigits(input.key)
  if (!digits || !isValidCpf(digits)) return { ok: false, error: 'key' }
  if (cpfHash(digits) !== profile.payoutCpfHash) return { ok: false, error: 'keyMismatch' }
  const { amountCents } = input
  if (
    !Number.isSafeInteger(amountCents) ||
    amountCents < WITHDRAWAL_LIMITS_CENTS.min ||
    amountCents > WITHDRAWAL_LIMITS_CENTS.max
  ) {
    return { ok: false, error: 'amount' }
  }
  return { ok: true, profile, digits }
}

/** The checks of her balance (under its lock when asking): not frozen, none today, enough. */
async function heldBack(
  executor: Pick<Transaction, 'select' | 'execute'>,
  profileId: string,
  amountCents: number,
  now: Date,
): Promise<WithdrawalError | undefined> {
  if (await openFreeze(profileId, executor)) return 'frozen'
  const [today] = await executor
    .select({ count: sql<string>`count(*)` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.profileId, profileId),
        gt(withdrawals.requestedAt, new Date(now.getTime() - 86_400_000)),
        inArray(withdrawals.status, ['requested', 'sent', 'paid']),
      ),
    )
  if (Number(today?.count ?? 0) >= WITHDRAWALS_PER_DAY) return 'perDay'
  const balance = await providerBalance(profileId, executor)
  if (balance.availableCents < amountCents) return 'balance'
  return undefined
}

/**
 * What asking for `amountCents` to `key` would be (the fee, what reaches her key), or why it
 * would be refused now, with the checks of requestWithdrawal; nothing is written.
 */
export async function checkWithdrawal(
  input: WithdrawalAsk,
): Promise<
  { ok: true; quote: ReturnType<typeof withdrawalQuote> } | { ok: false; error: WithdrawalError }
> {
  const found = await withdrawable(input)
  if (!found.ok) return found
  const problem = await heldBack(db(), found.profile.id, input.amountCents, input.now ?? new Date())
  if (problem) return { ok: false, error: problem }
  return { ok: true, quote: withdrawalQuote(input.amountCents) }
}

/**
 * The provider `userId` asks for `amountCents` to `key`: gifts on, her profile approved and
 * verified, her balance not frozen, the key a valid CPF equal to her identity check's, the
 * amount within the limits and her available balance, one a day. The amount moves to 'payout'
 * in the same transaction; the payout is then sent.
 */
export async function requestWithdrawal(input: WithdrawalAsk): Promise<WithdrawalStart> {
  const now = input.now ?? new Date()
  const found = await withdrawable(input)
  if (!found.ok) return found
  const { profile, digits } = found
  const { amountCents } = input
  const quote = withdrawalQuote(amountCents)
  const result = await db().transaction(async (tx): Promise<WithdrawalStart> => {
    // Her profile's row first (a ban or a 'minor' report locks it to freeze her balance): a
    // withdrawal either sees their freeze or is asked before it. Then her balance's lock.
    const [standing] = await tx
      .select({ status: profiles.status })
      .from(profiles)
      .where(eq(profiles.id, profile.id))
      .for('share')
    if (standing?.status !== 'approved') return { ok: false, error: 'notAllowed' }
    await lockBalance(tx, profile.id)
    const problem = await heldBack(tx, profile.id, amountCents, now)
    if (problem) return { ok: false, error: problem }
    const [row] = await tx
      .insert(withdrawals)
      .values({
        profileId: profile.id,
        requestedBy: input.userId,
        amountCents,
        feeCents: quote.feeCents,
        pixKey: digits,
        payoutId: payoutId(),
      })
      .returning({ id: withdrawals.id })
    if (!row) throw new Error('withdrawal row not written')
    await transfer(tx, {
      from: LEDGER_ACCOUNTS.available(profile.id),
      to: LEDGER_ACCOUNTS.payout(profile.id),
      amountCents,
      kind: 'withdrawal_requested',
      withdrawalId: row.id,
    })
    const [owner] = await tx
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, input.userId))
    await audit(
      tx,
      { id: input.userId, email: owner?.email ?? '' },
      {
        action: 'withdrawal_request',
        targetType: 'withdrawal',
        targetId: row.id,
        targetLabel: `${profile.name} (${profile.username})`,
        details: { amountCents, feeCents: quote.feeCents },
      },
    )
    return { ok: true, withdrawalId: row.id }
  })
  if (result.ok) await sendPayout(result.withdrawalId)
  return result
}

/** A send is claimed for this long: another process does not send the same payout meanwhile. */
const SEND_CLAIM_MS = 60_000

/**
 * Asks the institution to pay a withdrawal (again, with the same id, when an earlier try got no
 * answer: it pays once). The send is claimed first (one process at a time), and held while her
 * balance is frozen. A refusal is read back before anything is decided: the same id may have
 * been paid by an earlier send whose answer was lost, and the refusal would be of the repeat.
 */
export async function sendPayout(withdrawalId: string): Promise<void> {
  const institution = payoutInstitution()
  if (!institution) return
  const now = Date.now()
  const [row] = await db()
    .update(withdrawals)
    .set({ sentAt: new Date(now) })
    .where(
      and(
        eq(withdrawals.id, withdrawalId),
        eq(withdrawals.status, 'requested'),
        or(isNull(withdrawals.sentAt), lt(withdrawals.sentAt, new Date(now - SEND_CLAIM_MS))),
      ),
    )
    .returning()
  if (!row?.profileId) return
  if (await openFreeze(row.profileId)) {
    // Held for the team's decision: not sent while her balance is frozen.
    await db()
      .update(withdrawals)
      .set({ sentAt: null })
      .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.status, 'requested')))
    return
  }
  let sent: SentPix
  try {
    sent = await institution.send({
      id: row.payoutId,
      amountCents: row.amountCents - row.feeCents,
      key: row.pixKey,
      description: 'Aprova: saque de presentes',
    })
  } catch (error) {
    if (!(error instanceof PixRefused)) {
      log.warn('payout not sent yet', { withdrawalId, error: String(error) })
      return
    }
    const earlier = await institution.lookup(row.payoutId).catch((lookup: unknown) => lookup)
    if (earlier instanceof PixNotFound) {
      // Refused outright, and never sent before (the key, the amount): the money goes back.
      log.error('payout refused', { withdrawalId, error: String(error) })
      await settlePayout(withdrawalId, {
        id: row.payoutId,
        endToEndId: null,
        status: 'NAO_REALIZADO',
        failure: error.detail ?? 'NAO_REALIZADO',
      })
      return
    }
    if (earlier instanceof Error) {
      log.warn('payout refused, not read back yet', { withdrawalId, error: String(earlier) })
      return
    }
    sent = earlier as SentPix
  }
  await db()
    .update(withdrawals)
    .set({ status: 'sent', endToEndId: sent.endToEndId })
    .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.status, 'requested')))
  // The SPI settles most payouts within seconds: asked once now, else by reconciliation.
  if (sent.status === 'EM_PROCESSAMENTO') {
    sent = await institution.lookup(row.payoutId).catch(() => sent)
  }
  await settlePayout(withdrawalId, sent)
}

/**
 * The institution's final answer on a payout: paid (the amount less the fee leaves, the fee is
 * the site's) or not (the whole amount goes back to her available balance). Once; she is told
 * by e-mail after it is committed.
 */
export async function settlePayout(withdrawalId: string, sent: SentPix): Promise<void> {
  if (sent.status === 'EM_PROCESSAMENTO') return
  const paid = sent.status === 'REALIZADO'
  const settled = await db().transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, withdrawalId))
      .for('update')
    if (!row?.profileId || (row.status !== 'sent' && row.status !== 'requested')) return false
    await lockBalance(tx, row.profileId)
    const payout = LEDGER_ACCOUNTS.payout(row.profileId)
    if (paid) {
      await transfer(tx, {
        from: payout,
        to: LEDGER_ACCOUNTS.world,
        amountCents: row.amountCents - row.feeCents,
        kind: 'withdrawal_paid',
        withdrawalId: row.id,
      })
      await transfer(tx, {
        from: payout,
        to: LEDGER_ACCOUNTS.fees,
        amountCents: row.feeCents,
        kind: 'withdrawal_fee',
        withdrawalId: row.id,
      })
    } else {
      await transfer(tx, {
        from: payout,
        to: LEDGER_ACCOUNTS.available(row.profileId),
        amountCents: row.amountCents,
        kind: 'withdrawal_failed',
        withdrawalId: row.id,
      })
    }
    await tx
      .update(withdrawals)
      .set({
        status: paid ? 'paid' : 'failed',
        settledAt: new Date(),
        endToEndId: sent.endToEndId ?? row.endToEndId,
        failure: paid ? null : (sent.failure ?? 'NAO_REALIZADO'),
      })
      .where(eq(withdrawals.id, row.id))
    await audit(
      tx,
      { id: SYSTEM_ACTOR_ID, email: SYSTEM_ACTOR_ID },
      {
        action: paid ? 'withdrawal_paid' : 'withdrawal_failed',
        targetType: 'withdrawal',
        targetId: row.id,
        targetLabel: row.id,
        ...(paid ? {} : { reason: sent.failure ?? 'NAO_REALIZADO' }),
        details: { amountCents: row.amountCents, feeCents: row.feeCents },
      },
    )
    return true
  })
  if (settled) await tellPayoutSettled(withdrawalId)
}

/**
 * Every few minutes (with the Pix reconciliation): payouts never sent are sent again with their
 * id, and those the institution is still processing are asked about.
 */
export async function reconcilePayouts(): Promise<void> {
  const institution = payoutInstitution()
  if (!institution) return
  const open = await db()
    .select({ id: withdrawals.id, status: withdrawals.status, payoutId: withdrawals.payoutId })
    .from(withdrawals)
    .where(inArray(withdrawals.status, ['requested', 'sent']))
  for (const row of open) {
    if (row.status === 'requested') {
      await sendPayout(row.id)
      continue
    }
    try {
      await settlePayout(row.id, await institution.lookup(row.payoutId))
    } catch (error) {
      if (!(error instanceof PixNotFound)) {
        log.warn('payout not checked yet', { withdrawalId: row.id, error: String(error) })
      }
    }
  }
}
