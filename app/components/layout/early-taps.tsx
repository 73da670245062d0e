// A tap on a button that only script can answer (the menu, the filters, a heart: <button
// type="button">) between the first paint and the moment React has hydrated the page would be
// lost: the page shows long before its modules have loaded on a slow phone. A few bytes of
// inline script note the last such tap; once hydrated, the root presses that button again.
// Links and forms need nothing: they work without script. Once React has started to hydrate
// (entry.client sets __aprovaHydrating right before hydrateRoot) it answers taps itself:
// hydrating at once what was tapped, then dispatching the tap, so nothing is noted from then on
// and no tap is answered twice.

declare global {
  interface Window {
    __aprovaHydrating?: boolean
    __aprovaTap?: Element
  }
}

const script =
  "document.addEventListener('click',function(e){var t=e.target;if(window.__aprovaHydrating||!t||!t.closest)return;t=t.closest('button[type=button]');if(t)window.__aprovaTap=t},true)"

/** The inline script that notes a tap made before hydration (in the document's head). */
export function EarlyTaps({ nonce }: { nonce: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of our own, with the CSP nonce
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />
}

/** Presses again the button last tapped before hydration, if it is still on the page. */
export function replayEarlyTap() {
  const tap = window.__aprovaTap
  window.__aprovaTap = undefined
  if (tap instanceof HTMLElement && tap.isConnected && !tap.matches(':disabled')) tap.click()
}
