// Gesture and navigation constants of SPEC §9, and the swipe rule as a pure function.

/** A swipe is a horizontal move of at least 100 px within 500 ms. */
export const SWIPE_MIN_DISTANCE_PX = 100
export const SWIPE_MAX_DURATION_MS = 500
/** Screens narrower than this are phones: profile swipes apply there only. */
export const MOBILE_MAX_WIDTH_PX = 768
/** After one carousel step, further steps wait this long. */
export const NAVIGATION_LOCK_MS = 300
/** Neighbouring profiles are preloaded this long after a profile is shown. */
export const NEIGHBOUR_PRELOAD_DELAY_MS = 500

export interface TouchPoint {
  x: number
  y: number
  /** Milliseconds, from the same clock for both points. */
  time: number
}

/**
 * 'next' for a swipe to the left (content moves on), 'previous' for one to the right, undefined
 * for anything shorter, slower or more vertical than horizontal (a scroll).
 */
export function swipeDirection(
  start: TouchPoint,
  end: TouchPoint,
  minDistance = SWIPE_MIN_DISTANCE_PX,
): 'next' | 'previous' | undefined {
  const dx = end.x - start.x
  const dy = end.y - start.y
  if (end.time - start.time > SWIPE_MAX_DURATION_MS) return undefined
  if (Math.abs(dx) < minDistance || Math.abs(dx) <= Math.abs(dy)) return undefined
  return dx < 0 ? 'next' : 'previous'
}

/** The index `step` places away in a list of `length`, wrapping at both ends. */
export function wrapIndex(index: number, step: number, length: number): number {
  return (((index + step) % length) + length) % length
}

/**
 * The carousel's navigation lock (SPEC §4): a step is allowed when none was taken in the last
 * `lockMs` milliseconds; an allowed step starts a new lock.
 */
export function navigationLock(lockMs = NAVIGATION_LOCK_MS) {
  let lockedUntil = Number.NEGATIVE_INFINITY
  return {
    tryAcquire(now: number): boolean {
      if (now < lockedUntil) return false
      lockedUntil = now + lockMs
      return true
    },
  }
}
