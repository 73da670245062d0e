import client from 'prom-client'
import { pixEndpoint, routeKind, statusClass } from '#app/domain/metrics.ts'

// The site's Prometheus metrics (issue 32 point 5, docs/metrics.md, ADR 0032). Every layer
// records here through the small functions below; server/metrics.server.ts answers GET /metrics.
//
// Two registries. `processRegistry` (prom-client's global one) holds what each process counts on
// its own: with WEB_CONCURRENCY > 1 the cluster's primary gathers it from every worker and adds
// it up (prom-client's AggregatorRegistry; each metric says how it is combined). `siteRegistry`
// holds what is the same for the whole site (queue sizes, the last backup): read once per scrape, by the process
// that answers, and never summed across workers.

const { Counter, Gauge, Histogram, Registry, register: processRegistry } = client

export { processRegistry }
export const siteRegistry = new Registry()

/**
 * A metric registered once: the development server evaluates this module again on edits, and a
 * second registration under the same name throws.
 */
function once<T extends client.Metric>(registry: client.Registry, name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make()
}

/** A counter each process keeps (summed across workers), registered once. */
function processCounter<L extends string = string>(
  name: string,
  help: string,
  labelNames: readonly L[] = [],
) {
  return once(processRegistry, name, () => new Counter<L>({ name, help, labelNames }))
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

const requests = processCounter(
  'aprova_http_requests_total',
  'HTTP requests answered, by route kind and status class.',
  ['kind', 'status'] as const,
)
const requestSeconds = once(
  processRegistry,
  'aprova_http_request_duration_seconds',
  () =>
    new Histogram({
      name: 'aprova_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by route kind.',
      labelNames: ['kind'] as const,
      buckets: LATENCY_BUCKETS,
    }),
)
const cacheHits = processCounter(
  'aprova_html_cache_hits_total',
  'Public pages answered from the HTML micro-cache.',
)
const cacheMisses = processCounter(
  'aprova_html_cache_misses_total',
  'Public pages the HTML micro-cache could have answered but rendered (not kept yet, or the change feed lost).',
)
const renderSeconds = once(
  processRegistry,
  'aprova_page_render_seconds',
  () =>
    new Histogram({
      name: 'aprova_page_render_seconds',
      help: 'Time React Router took to answer an HTML page (cache hits excluded).',
      buckets: LATENCY_BUCKETS,
    }),
)

/**
 * The database's connections: a PostgreSQL pool's counts; PGlite has one connection and no pool,
 * so only `total` (1) is known: the other two stay at 0 (a gauge without labels always shows).
 */
export interface PoolStats {
  total: number
  idle?: number
  waiting?: number
}
let poolReader: () => PoolStats | undefined = () => undefined

const poolGauge = (name: string, help: string, pick: (stats: PoolStats) => number | undefined) =>
  once(
    processRegistry,
    name,
    () =>
      new Gauge({
        name,
        help,
        // Each worker has its own pool: the site's connections are the sum.
        aggregator: 'sum',
        collect() {
          const stats = poolReader()
          const value = stats ? pick(stats) : undefined
          if (value !== undefined) this.set(value)
        },
      }),
  )
poolGauge(
  'aprova_db_pool_connections',
  'PostgreSQL connections open in the pool (PGlite: 1, its only connection).',
  (stats) => stats.total,
)
poolGauge('aprova_db_pool_idle_connections', 'Pool connections open and unused.', (s) => s.idle)
poolGauge(
  'aprova_db_pool_waiting_requests',
  'Queries waiting for a pool connection: above 0 for long, the pool is too small.',
  (stats) => stats.waiting,
)

/** How the pool's counts are read at scrape time (set once the database is open). */
export function setPoolReader(reader: () => PoolStats | undefined): void {
  poolReader = reader
}

const feedListening = once(
  processRegistry,
  'aprova_change_feed_listening',
  () =>
    new Gauge({
      name: 'aprova_change_feed_listening',
      help: '1 while every process listens to the change feed; 0: kept pages are not served.',
      // One worker deaf to the feed is enough to say so.
      aggregator: 'min',
    }),
)
const feedReconnects = processCounter(
  'aprova_change_feed_reconnects_total',
  'Times the change feed listened again after losing its connection.',
)
const feedLastEvent = once(
  processRegistry,
  'aprova_change_feed_last_event_timestamp_seconds',
  () =>
    new Gauge({
      name: 'aprova_change_feed_last_event_timestamp_seconds',
      help: 'When a change notification was last heard (Unix time); its age is time() minus it.',
      aggregator: 'max',
    }),
)

const pixCalls = processCounter(
  'aprova_pix_calls_total',
  "Calls to the Pix institution's APIs, by endpoint template and status class (none: no answer).",
  ['endpoint', 'status'] as const,
)
const pixFailures = processCounter(
  'aprova_pix_call_failures_total',
  'Calls to the Pix institution that got no answer or a 5xx, by endpoint template.',
  ['endpoint'] as const,
)

let lastBackupReader: (() => Promise<Date | undefined>) | undefined

// Read from the database at scrape time: a backup taken by another process (`npm run backup`
// against PostgreSQL) or before a restart counts as well as this process's own.
once(
  siteRegistry,
  'aprova_backup_last_success_timestamp_seconds',
  () =>
    new Gauge({
      name: 'aprova_backup_last_success_timestamp_seconds',
      help: 'When the last backup succeeded (Unix time; 0 until one has); its age is time() minus it.',
      registers: [siteRegistry],
      async collect() {
        const at = await lastBackupReader?.().catch(() => undefined)
        this.set(at ? at.getTime() / 1000 : 0)
      },
    }),
)

/** How the last successful backup's time is read at scrape time (app/modules/backup). */
export function setLastBackupReader(reader: () => Promise<Date | undefined>): void {
  lastBackupReader = reader
}

/** The queues the team works through, counted in one query (app/modules/admin). */
export interface QueueSizes {
  identityChecks: number
  openReports: number
  heldReviews: number
  unsettledPayouts: number
}
let queueReader: (() => Promise<QueueSizes>) | undefined

once(
  siteRegistry,
  'aprova_queue_size',
  () =>
    new Gauge({
      name: 'aprova_queue_size',
      help: 'Items waiting in a queue of the team: identity_checks, open_reports, held_reviews, unsettled_payouts.',
      labelNames: ['queue'] as const,
      registers: [siteRegistry],
      async collect() {
        this.reset()
        if (!queueReader) return
        // A database that does not answer leaves the queues out, not the whole scrape.
        const sizes = await queueReader().catch(() => undefined)
        if (!sizes) return
        this.set({ queue: 'identity_checks' }, sizes.identityChecks)
        this.set({ queue: 'open_reports' }, sizes.openReports)
        this.set({ queue: 'held_reviews' }, sizes.heldReviews)
        this.set({ queue: 'unsettled_payouts' }, sizes.unsettledPayouts)
      },
    }),
)

/** How the queue sizes are read at scrape time. */
export function setQueueReader(reader: () => Promise<QueueSizes>): void {
  queueReader = reader
}

/** One answered request: its path (no query string), status and duration. */
export function recordRequest(path: string, status: number, seconds: number): void {
  const kind = routeKind(path)
  requests.inc({ kind, status: statusClass(status) })
  requestSeconds.observe({ kind }, seconds)
}

/** A public page answered by the HTML micro-cache (hit) or rendered in its place (miss). */
export function recordCacheLookup(hit: boolean): void {
  if (hit) cacheHits.inc()
  else cacheMisses.inc()
}

/** An HTML page React Router rendered, and how long it took. */
export function recordPageRender(seconds: number): void {
  renderSeconds.observe(seconds)
}

/** Whether this process listens to the change feed; `again`: it had lost it and is back. */
export function recordChangeFeedState(listening: boolean, again: boolean): void {
  feedListening.set(listening ? 1 : 0)
  if (listening && again) feedReconnects.inc()
}

/** A change notification heard now. */
export function recordChangeFeedEvent(): void {
  feedLastEvent.set(Date.now() / 1000)
}

/** One call to the Pix institution: its answer's status, or undefined for none. */
export function recordPixCall(
  method: string,
  url: string,
  tokenUrl: string,
  status: number | undefined,
): void {
  const endpoint = pixEndpoint(method, url, tokenUrl)
  pixCalls.inc({ endpoint, status: status === undefined ? 'none' : statusClass(status) })
  if (status === undefined || status >= 500) pixFailures.inc({ endpoint })
}

let defaultsStarted = false
/**
 * Node's own metrics (CPU, memory, event loop lag, garbage collection) under their usual names
 * (process_*, nodejs_*), so the common Node.js dashboards read them as they are.
 */
export function collectProcessMetrics(): void {
  if (defaultsStarted || processRegistry.getSingleMetric('process_cpu_seconds_total')) return
  defaultsStarted = true
  client.collectDefaultMetrics({ register: processRegistry })
}
