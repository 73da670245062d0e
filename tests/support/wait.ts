import { setTimeout as sleep } from 'node:timers/promises'

// Waiting in tests on a condition rather than on a guessed time (issue 34: no flaky tests): a
// poll with a deadline until the condition holds, and, where the code under test keeps a
// deadline nobody can ask it about, a wait until exactly that moment. No Vitest here: the
// end-to-end helpers use it too.

/**
 * Calls `check` every `intervalMs` until it gives a truthy value, and returns that value; throws
 * `what` did not happen once `timeoutMs` has passed. A `check` that throws ends the wait.
 */
export async function waitUntil<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 25, what = 'the condition' } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`)
    await sleep(intervalMs)
  }
}

/** Waits until the clock reads `time` (milliseconds since the epoch) or later. */
export async function sleepUntil(time: number): Promise<void> {
  while (Date.now() < time) await sleep(time - Date.now())
}
