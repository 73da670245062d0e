// Anonymous pages are kept for up to a minute (server/html-cache.server.ts). A change the
// public must see at once (a suspension, a ban, a hidden or newly approved profile) says so
// here, and the keepers of this process forget what they kept. Other instances behind a load
// balancer forget by the next minute boundary.

const listeners = new Set<() => void>()

/** Registers what to do when public pages change; returns how to unregister it. */
export function onPublicPagesChanged(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Public pages changed: kept copies must not be served again. */
export function publicPagesChanged(): void {
  for (const listener of listeners) listener()
}
