import { useEffect, useSyncExternalStore } from 'react'
import type { PersonalState } from '#app/domain/client-area.ts'

// A signed-in client's saved profiles in the browser (issue 17 item 5). Public pages are the same
// for every client (so they can be kept), so the filled hearts arrive after hydration from
// /api/me, once per page load, and follow the client's presses from then on. Until they arrive
// every heart is drawn empty, the same size: nothing moves when they fill.

let ids: ReadonlySet<string> | null = null
let loading: Promise<void> | undefined
/** Presses answered while /api/me was on its way: its answer may have been read before them. */
const pressedMeanwhile = new Map<string, boolean>()
const subscribers = new Set<() => void>()

function publish(next: ReadonlySet<string> | null) {
  ids = next
  for (const subscriber of subscribers) subscriber()
}

function subscribe(subscriber: () => void) {
  subscribers.add(subscriber)
  return () => subscribers.delete(subscriber)
}

/** Reads the client's favourites (again, with `fresh`); a failure leaves the hearts as they are. */
export function loadAccountFavorites(fresh = false): Promise<void> {
  if (loading && !fresh) return loading
  pressedMeanwhile.clear()
  const current = fetch('/api/me', { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<PersonalState>) : null))
    .then((state) => {
      if (loading !== current || !state) return
      const next = new Set(state.favoriteIds ?? [])
      for (const [profileId, saved] of pressedMeanwhile) {
        if (saved) next.add(profileId)
        else next.delete(profileId)
      }
      pressedMeanwhile.clear()
      publish(next)
    })
    .catch(() => {
      // Offline or failing: pressing a heart still works (the server decides), and the next
      // page load asks again.
      if (loading === current) loading = undefined
    })
  loading = current
  return current
}

/** One heart's new state, as the server answered it. */
export function setAccountFavorite(profileId: string, saved: boolean): void {
  pressedMeanwhile.set(profileId, saved)
  const next = new Set(ids ?? [])
  if (saved) next.add(profileId)
  else next.delete(profileId)
  publish(next)
}

/** Signed out or another account: nothing of the last one stays in the page. */
export function forgetAccountFavorites(): void {
  loading = undefined
  pressedMeanwhile.clear()
  if (ids !== null) publish(null)
}

/**
 * The signed-in client's favourite ids, or null while unknown (or when `enabled` is false: not
 * a client). The first heart on a page starts the one request.
 */
export function useAccountFavorites(enabled: boolean): ReadonlySet<string> | null {
  const current = useSyncExternalStore(
    subscribe,
    () => ids,
    () => null,
  )
  useEffect(() => {
    if (enabled) void loadAccountFavorites()
  }, [enabled])
  return enabled ? current : null
}
