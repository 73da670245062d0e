import { cpfDigits, isValidCpf } from '#app/domain/gifts.ts'
import { giftsEnabled } from './gifts.server.ts'
import { cpfHash } from './withdrawals.server.ts'

// The CPF a provider gives with her identity check when gifts are on (issue 22 point 3): the
// only Pix key her withdrawals are paid to. The team reads it beside the document; its keyed
// hash becomes her payout key at approval (verification-decision.server.ts).

/** What the identity check keeps of a typed CPF: its digits and keyed hash, or why not. */
export type PayoutCpf = { digits: string; hash: string } | { problem: 'cpfRequired' | 'cpfInvalid' }

/** The CPF typed at the identity check, when gifts are on (undefined: nothing is asked). */
export function payoutCpfOf(typed: string): PayoutCpf | undefined {
  if (!giftsEnabled()) return undefined
  if (!typed.trim()) return { problem: 'cpfRequired' }
  const digits = cpfDigits(typed.trim())
  if (!digits || !isValidCpf(digits)) return { problem: 'cpfInvalid' }
  return { digits, hash: cpfHash(digits) }
}
