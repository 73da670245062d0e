import { type MetricType, onCLS, onINP, onLCP, onTTFB } from 'web-vitals'
import { paths } from '#app/domain/paths.ts'
import { deviceClassOf, pageTypeOfRoute, type VitalMetric } from '#app/domain/web-vitals.ts'

// Loaded after the page (report-web-vitals.ts). Keeps the latest value of each metric as the
// web-vitals library reports it (every change), and sends them in one beacon to our own
// endpoint when the page is hidden or left: one beacon per page view, with the page type and
// device class only (no address, no identifier, no cookie is read; ADR 0023). A page restored
// from the back-forward cache is a new page view, which the library measures again.

/** Starts measuring the page view of the route `routeId` (the landing page of this document). */
export function reportWebVitals(routeId: string | undefined): void {
  if (typeof navigator.sendBeacon !== 'function') return
  const page = pageTypeOfRoute(routeId)
  let values: Partial<Record<VitalMetric, number>> = {}
  let sent = false
  const keep = (metric: MetricType) => {
    // A metric of a page restored from the back-forward cache starts a new page view.
    if (sent && metric.navigationType === 'back-forward-cache') {
      values = {}
      sent = false
    }
    if (!sent) values[metric.name as VitalMetric] = metric.value
  }
  const send = () => {
    if (sent || Object.keys(values).length === 0) return
    sent = true
    const device = deviceClassOf(document.documentElement.clientWidth || innerWidth)
    navigator.sendBeacon(paths.vitalsBeacon, JSON.stringify({ page, device, ...values }))
  }
  const options = { reportAllChanges: true }
  onTTFB(keep, options)
  onLCP(keep, options)
  onCLS(keep, options)
  onINP(keep, options)
  // After the library's own listeners, which report the final values on the same events.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') send()
  })
  addEventListener('pagehide', send)
}
