import { type MetricType, onCLS, onINP, onLCP, onTTFB } from 'web-vitals'
import { paths } from '#app/domain/paths.ts'
import {
  deviceClassOf,
  pageTypeOfRoute,
  VITALS_TOKEN_META,
  type VitalMetric,
} from '#app/domain/web-vitals.ts'

// Loaded after the page (report-web-vitals.ts). Keeps the latest value of each metric as the
// web-vitals library reports it (every change), and sends them in one beacon to our own
// endpoint when the page is hidden or left: one beacon per document, with the page type, the
// device class and the token the document was rendered with (issue 30 point 8: the endpoint
// counts a token once), nothing else (no address, no identifier, no cookie is read; ADR 0023).

/** Starts measuring the page view of the route `routeId` (the landing page of this document). */
export function reportWebVitals(routeId: string | undefined): void {
  const token = document.querySelector<HTMLMetaElement>(`meta[name="${VITALS_TOKEN_META}"]`)
  if (typeof navigator.sendBeacon !== 'function' || !token?.content) return
  const page = pageTypeOfRoute(routeId)
  const values: Partial<Record<VitalMetric, number>> = {}
  let sent = false
  // A page restored from the back-forward cache is the same document: its token is used, so
  // what the library reports after it is not sent.
  const keep = (metric: MetricType) => {
    if (!sent) values[metric.name as VitalMetric] = metric.value
  }
  const send = () => {
    if (sent || Object.keys(values).length === 0) return
    sent = true
    const device = deviceClassOf(document.documentElement.clientWidth || innerWidth)
    navigator.sendBeacon(
      paths.vitalsBeacon,
      JSON.stringify({ token: token.content, page, device, ...values }),
    )
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
