import { FEATURES } from '#app/domain/flags.ts'

// The only part of the web-vitals reporting that every page downloads (issue 24 point 4): it
// waits for the load event and an idle moment, then loads the reporter (web-vitals-beacon.ts,
// with the web-vitals library) as a chunk of its own, so it never competes with the page.

let started = false

/** Starts measuring this page view, whose deepest matched route is `routeId`. */
export function reportWebVitalsLater(routeId: string | undefined): void {
  if (!FEATURES.analytics || started) return
  started = true
  const load = () =>
    import('./web-vitals-beacon.ts').then(
      (reporter) => reporter.reportWebVitals(routeId),
      // Offline or a new version deployed: this page view is not measured.
      () => {},
    )
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(load, { timeout: 5000 })
      : setTimeout(load)
  if (document.readyState === 'complete') whenIdle()
  else addEventListener('load', whenIdle, { once: true })
}
