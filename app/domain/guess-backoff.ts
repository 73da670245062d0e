// Issue 30 point 4: wrong passwords (and codes) slow the network that types them, never the
// account's owner elsewhere. Counted per (account, network) in a 15-minute window: a few
// failures are free (typos), then each guess waits twice as long as the one before, and past a
// cap the network is refused until the window ends. Failures from every network on an account
// are counted too: a burst tells the owner by e-mail and tightens the allowance of networks
// that have failed, while a network that has not failed on the account is never slowed.

/** The window failures are counted in. */
export const GUESS_WINDOW_MS = 15 * 60 * 1000

/** Failures on one account, from every network, within the window that make a burst. */
export const FAILURE_BURST = 10

/** How many failures a network has before it waits, and at how many it is refused. */
export interface GuessAllowance {
  free: number
  refusedAt: number
}

/** Normal times: three typos free, refused at ten (about four minutes of waits in between). */
export const USUAL_ALLOWANCE: GuessAllowance = { free: 3, refusedAt: 10 }

/** During a burst on the account: a network that failed waits from its first failure, five at most. */
export const BURST_ALLOWANCE: GuessAllowance = { free: 1, refusedAt: 5 }

const FIRST_WAIT_MS = 2000
const LONGEST_WAIT_MS = 2 * 60 * 1000

/** The allowance of a network on an account that has had `accountFailures` from every network. */
export function allowanceFor(accountFailures: number): GuessAllowance {
  return accountFailures >= FAILURE_BURST ? BURST_ALLOWANCE : USUAL_ALLOWANCE
}

/**
 * What a network owes after `failures` failures on one account: 0 (guess now), the wait in
 * milliseconds before its next guess (2 s, doubling, at most 2 min), or 'refused' until the
 * window ends.
 */
export function waitAfterFailures(
  failures: number,
  allowance: GuessAllowance = USUAL_ALLOWANCE,
): number | 'refused' {
  if (failures >= allowance.refusedAt) return 'refused'
  if (failures < allowance.free) return 0
  return Math.min(FIRST_WAIT_MS * 2 ** (failures - allowance.free), LONGEST_WAIT_MS)
}
