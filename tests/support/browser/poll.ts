// Waiting on a condition outside a page (a process, a file, a server's log), where Playwright's
// own auto-waiting does not reach: poll it until it holds, with a deadline.

/** Polls `condition` until it is truthy and returns it; throws with `what` after `ms`. */
export async function until<T>(
  what: string,
  condition: () => T | Promise<T>,
  ms = 20_000,
  interval = 25,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await condition()
    if (value) return value as NonNullable<T>
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, interval))
  }
}
