import cluster from 'node:cluster'
import { createHash, timingSafeEqual } from 'node:crypto'
import type { RequestHandler, Response } from 'express'
import client from 'prom-client'
import { queueSizes } from '#app/modules/admin/queue-sizes.server.ts'
import { lastSuccessfulBackupAt } from '#app/modules/backup/service.server.ts'
import {
  collectProcessMetrics,
  processRegistry,
  recordCacheLookup,
  recordPageRender,
  recordRequest,
  setLastBackupReader,
  setPoolReader,
  setQueueReader,
  siteRegistry,
} from '#app/platform/metrics.server.ts'
import { databaseHandle } from '#db/client.server.ts'
// The messages between a worker and the cluster's primary.
import { METRICS_ANSWER, METRICS_ASK } from './cluster.js'
import { fallbackErrorPage } from './fallback-page.server.ts'

// GET /metrics (issue 32 point 5, docs/metrics.md, ADR 0032): Prometheus text behind a bearer
// token, answered by Express before the page cache and compression, outside React Router.

/** Over prom-client's own 5 s wait for every worker in the primary. */
const CLUSTER_ANSWER_MS = 6000

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9

/**
 * Counts every answered request by route kind and status class, with its time, and the HTML
 * micro-cache's hits and misses (from the X-Cache header it sets on every page it could keep).
 * Scrapes count under their own kind, `metrics`, apart from the site's pages and calls.
 */
export function requestMetrics(): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint()
    // Read now: mounted middleware (/assets, /media) strips its prefix from req.path.
    const path = req.originalUrl.split('?')[0] ?? '/'
    res.once('finish', () => {
      recordRequest(path, res.statusCode, seconds(start))
      const cache = res.getHeader('x-cache')
      if (cache === 'HIT') recordCacheLookup(true)
      else if (cache === 'MISS' || cache === 'BYPASS') recordCacheLookup(false)
    })
    next()
  }
}

/** Times React Router's answer when it is an HTML page (a kept page never gets this far). */
export function measureRender(res: Response): void {
  const start = process.hrtime.bigint()
  res.once('finish', () => {
    if (String(res.getHeader('content-type') ?? '').startsWith('text/html')) {
      recordPageRender(seconds(start))
    }
  })
}

/** The SHA-256 of a token: equal lengths for timingSafeEqual, whatever was sent. */
const digest = (value: string) => createHash('sha256').update(value).digest()

/** Whether `header` is `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer +([^\s]+) *$/i.exec(header ?? '')?.[1] ?? ''
  // Compared even when nothing was sent, so the time says nothing either way.
  return timingSafeEqual(digest(sent), digest(token)) && sent.length > 0
}

/** The text of every worker's metrics, added up by the cluster's primary. */
function fromPrimary(): Promise<string> {
  return new Promise((resolve, reject) => {
    const id = `${process.pid}-${++asked}`
    const timer = setTimeout(
      () => finish(new Error('the primary did not answer')),
      CLUSTER_ANSWER_MS,
    )
    const onMessage = (message: { type?: string; id?: string; text?: string; error?: string }) => {
      if (message?.type !== METRICS_ANSWER || message.id !== id) return
      if (typeof message.text === 'string') finish(undefined, message.text)
      else finish(new Error(message.error ?? 'no metrics from the primary'))
    }
    const finish = (error: Error | undefined, text?: string) => {
      clearTimeout(timer)
      process.off('message', onMessage)
      if (error) reject(error)
      else resolve(text ?? '')
    }
    process.on('message', onMessage)
    process.send?.({ type: METRICS_ASK, id })
  })
}
let asked = 0

/**
 * GET /metrics with `Authorization: Bearer <token>`; anything else is a 401 that asks for one.
 * Mounted only when METRICS_TOKEN is set: without it /metrics is an unknown page (404).
 */
export function metricsEndpoint(token: string): RequestHandler {
  collectProcessMetrics()
  setPoolReader(() => databaseHandle()?.connections())
  setQueueReader(queueSizes)
  setLastBackupReader(() => lastSuccessfulBackupAt())
  // In a worker, prom-client answers the primary's requests for this process's metrics.
  if (cluster.isWorker) new client.AggregatorRegistry()
  return async (req, res) => {
    res.set('Cache-Control', 'no-store')
    if (!bearerMatches(req.headers.authorization, token)) {
      res.set('WWW-Authenticate', 'Bearer realm="metrics"')
      res.status(401).type('html').send(fallbackErrorPage(401))
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.set('Allow', 'GET, HEAD').status(405).type('html').send(fallbackErrorPage(405))
      return
    }
    try {
      // Queue sizes and the last backup are the same for the whole site: read once, here,
      // never added up.
      const [perProcess, site] = await Promise.all([
        cluster.isWorker ? fromPrimary() : processRegistry.metrics(),
        siteRegistry.metrics(),
      ])
      res.type(processRegistry.contentType).send(`${perProcess.trimEnd()}\n\n${site}`)
    } catch {
      res.status(503).type('html').send(fallbackErrorPage(503))
    }
  }
}
