// A tap on a button that only script can open (the side menu, the filters: their buttons carry
// data-replay-tap) between the first paint and the moment React has hydrated the page would be
// lost: the page shows long before its modules have loaded on a slow phone. A few bytes of
// inline script note the last tap; once hydrated, the root presses that button again if the tap
// was on one of them and is recent. Any later tap elsewhere replaces it (the last tap wins).
// Only buttons that open something opt in: pressing a toggle (a heart) twice, or a share or a
// copy without the browser's user activation, would be wrong. Links and forms need nothing:
// they work without script. Once React has started to hydrate (entry.client sets
// __aprovaHydrating right before hydrateRoot) it answers taps itself, hydrating at once what
// was tapped and then dispatching the tap: from then on the note is dropped, so no tap is
// answered twice.

declare global {
  interface Window {
    __aprovaHydrating?: boolean
    __aprovaTap?: { button: Element; at: number }
  }
}

/** The attribute a button carries to be pressed again after hydration. */
const REPLAY_TAP = 'data-replay-tap'

/** A tap older than this when the page is hydrated is not replayed: she has moved on. */
const REPLAY_WITHIN_MS = 5000

const script = `document.addEventListener('click',function(e){var t=e.target;if(window.__aprovaHydrating){window.__aprovaTap=void 0;return}t=t&&t.closest?t.closest('button[${REPLAY_TAP}]'):null;window.__aprovaTap=t?{button:t,at:Date.now()}:void 0},true)`

/** The inline script that notes a tap made before hydration (in the document's head). */
export function EarlyTaps({ nonce }: { nonce: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of our own, with the CSP nonce
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />
}

/** Presses again the button last tapped before hydration: recent, and still on the page. */
export function replayEarlyTap() {
  const tap = window.__aprovaTap
  window.__aprovaTap = undefined
  if (!tap || Date.now() - tap.at > REPLAY_WITHIN_MS) return
  const { button } = tap
  if (button instanceof HTMLButtonElement && button.isConnected && !button.disabled) button.click()
}
