import { fixedWindowLimiter } from '#app/modules/security/rate-limit.server.ts'

// A provider's changes to what the public sees (her profile's fields, her photos' order, cover
// and deletion, pausing) each make every instance forget its kept pages (the change feed, ADR
// 0015). Real editing stays far below this; a script saving in a loop to keep the whole site
// rendering does not. Only changes made count: a refused or empty request leaves no trace.
const limiter = fixedWindowLimiter({
  name: 'provider-public-writes',
  limit: 30,
  windowMs: 10 * 60_000,
})

/** Whether the provider may change her public profile once more now. */
export async function mayChangePublicProfile(userId: string): Promise<boolean> {
  return (await limiter.peek(userId)).allowed
}

/** Counts a change the provider made to her public profile. */
export async function countPublicChange(userId: string): Promise<void> {
  await limiter.hit(userId)
}
