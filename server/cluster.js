// @ts-check
// A process per core (WEB_CONCURRENCY > 1, PostgreSQL only): this primary holds the port and
// starts, watches and stops the workers; each worker is a whole server (server/app.ts) and
// node:cluster hands it connections in turn. The primary loads none of the site's code, so it
// stays small (about 40 MB instead of 140). The environment is therefore validated by the
// first worker, which tells the primary how many workers it asks for before any other starts:
// a bad variable gives one message, not one per worker, and DATA_DIR's generated secret is
// written by one process before the others read it.
import cluster from 'node:cluster'

/** Under DESIGN.md's 5 s; each worker gives up on its own after 4.5 s (server/app.ts). */
const SHUTDOWN_DEADLINE_MS = 4800
/** Wait before starting again a worker that died before listening, doubled at each in a row. */
const RESTART_DELAY_MS = 500
const RESTART_DELAY_MAX_MS = 30_000
/** With no worker serving, this many failed starts in a row stop the primary: it is broken. */
const FAILED_STARTS_LIMIT = 5

const ENVIRONMENT = 'aprova:environment'
const LISTENING = 'aprova:listening'
/** A worker asked for GET /metrics wants every worker's metrics (server/metrics.server.ts). */
export const METRICS_ASK = 'aprova:metrics-ask'
export const METRICS_ANSWER = 'aprova:metrics-answer'

/** @type {Promise<import('prom-client').AggregatorRegistry<import('prom-client').PrometheusContentType>> | undefined} */
let aggregator
/**
 * "The primary answers for all workers" (issue 32 point 5, ADR 0032): prom-client's
 * AggregatorRegistry asks each worker for its metrics and adds them up, each as its metric says
 * (sums, or the min or max of a gauge). Loaded at the first scrape: without METRICS_TOKEN the
 * primary never loads it.
 * @param {import('node:cluster').Worker} worker
 * @param {string} id
 */
function answerMetrics(worker, id) {
  aggregator ??= import('prom-client').then((client) => new client.AggregatorRegistry())
  aggregator
    .then((registry) => registry.clusterMetrics())
    .then(
      (text) => ({ type: METRICS_ANSWER, id, text }),
      (error) => ({ type: METRICS_ANSWER, id, error: String(error) }),
    )
    .then((answer) => {
      if (worker.isConnected()) worker.send(answer)
    })
}

/**
 * One JSON line, like the workers' logs (app/platform/logger.server.ts).
 * @param {'info' | 'error'} level
 * @param {string} msg
 * @param {Record<string, unknown>} [fields]
 */
function log(level, msg, fields = {}) {
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    msg,
    pid: process.pid,
    role: 'primary',
    ...fields,
  })
  if (level === 'error') process.stderr.write(`${line}\n`)
  else process.stdout.write(`${line}\n`)
}

/**
 * What a worker passes to startServer: it tells the primary how many workers the environment
 * asks for, and its address once it listens (the primary prints it once for all).
 */
export function workerHooks() {
  return {
    /** @param {{ webConcurrency: number }} env */
    onEnvironment: (env) => process.send?.({ type: ENVIRONMENT, workers: env.webConcurrency }),
    /** @param {string} url */
    onListening: (url) => process.send?.({ type: LISTENING, url }),
  }
}

/** Delay before the next start after `failures` failed starts in a row (0 for none). */
function restartDelay(/** @type {number} */ failures) {
  if (failures === 0) return 0
  return Math.min(RESTART_DELAY_MS * 2 ** (failures - 1), RESTART_DELAY_MAX_MS)
}

/** Runs the primary until SIGTERM/SIGINT, or until the site cannot start. */
export function runPrimary() {
  // Each worker accepts its own connections from the shared socket, rather than Node's default
  // round robin through the primary: a connection handed to a worker that dies before taking it
  // is never closed there (the visitor waits for nothing until a timeout), and the primary
  // stops being a step of every connection. NODE_CLUSTER_SCHED_POLICY=rr restores the default.
  if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE
  /** @type {Map<number, { worker: import('node:cluster').Worker, listening: boolean }>} */
  const workers = new Map()
  /** Workers wanted; known once the first worker has read the environment. */
  let wanted = 0
  /** Whether any worker has listened yet: until then, any failure is a failed start-up. */
  let served = false
  let announced = false
  let failedStarts = 0
  let stopping = false
  let exitCode = 0
  /** @type {Set<NodeJS.Timeout>} */
  const pendingStarts = new Set()

  const listeningCount = () => [...workers.values()].filter((entry) => entry.listening).length

  const start = () => {
    const worker = cluster.fork()
    workers.set(worker.id, { worker, listening: false })
    log('info', 'worker started', { worker: worker.process.pid })
  }

  const stop = (/** @type {string} */ reason, /** @type {number} */ code) => {
    if (stopping) return
    stopping = true
    exitCode = code
    for (const timer of pendingStarts) clearTimeout(timer)
    log(code === 0 ? 'info' : 'error', 'shutting down', { reason, workers: workers.size })
    setTimeout(() => {
      log('error', 'shutdown deadline passed, killing the workers left')
      for (const { worker } of workers.values()) worker.process.kill('SIGKILL')
      process.exit(1)
    }, SHUTDOWN_DEADLINE_MS).unref()
    // Each worker drains its connections and closes its database (server/app.ts).
    for (const { worker } of workers.values()) worker.process.kill('SIGTERM')
    if (workers.size === 0) finish()
  }

  const finish = () => {
    log('info', 'stopped', { code: exitCode })
    process.exit(exitCode)
  }

  cluster.on('message', (worker, message) => {
    const entry = workers.get(worker.id)
    if (!entry || stopping) return
    if (message?.type === METRICS_ASK && typeof message.id === 'string') {
      answerMetrics(worker, message.id)
    } else if (message?.type === ENVIRONMENT && wanted === 0) {
      wanted = Number(message.workers)
      // The others wait on the database's start-up lock while the first migrates and seeds.
      for (let i = 1; i < wanted; i++) start()
    } else if (message?.type === LISTENING) {
      entry.listening = true
      served = true
      failedStarts = 0
      log('info', 'worker listening', { worker: worker.process.pid })
      if (!announced && listeningCount() >= wanted) {
        announced = true
        process.stdout.write(`Serving on ${message.url} with ${wanted} worker processes\n`)
      }
    }
  })

  cluster.on('exit', (worker, code, signal) => {
    const entry = workers.get(worker.id)
    workers.delete(worker.id)
    if (stopping) {
      // The SIGTERM it was sent may have arrived before it could handle it.
      if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGINT') exitCode = 1
      if (workers.size === 0) finish()
      return
    }
    log(code === 0 ? 'info' : 'error', 'worker exited', {
      worker: worker.process.pid,
      code,
      signal,
    })
    if (!served) {
      // Its error (environment, database) is above; starting it again would fail the same way.
      stop('the site could not start', 1)
      return
    }
    if (entry?.listening) {
      start()
      return
    }
    failedStarts++
    if (failedStarts >= FAILED_STARTS_LIMIT && listeningCount() === 0) {
      stop(`${failedStarts} workers in a row failed to start and none is serving`, 1)
      return
    }
    const delay = restartDelay(failedStarts)
    log('info', 'worker to be started again', { inMs: delay, failedStarts })
    const timer = setTimeout(() => {
      pendingStarts.delete(timer)
      if (!stopping) start()
    }, delay)
    pendingStarts.add(timer)
  })

  process.on('SIGTERM', () => stop('SIGTERM', 0))
  process.on('SIGINT', () => stop('SIGINT', 0))
  start()
}
