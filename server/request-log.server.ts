import type { RequestHandler } from 'express'
import { log } from '#app/platform/logger.server.ts'

/** The Pix webhook's address carries its secret (issue 21): never written to the log. */
export function loggedPath(path: string): string {
  return path.replace(/^\/webhooks\/pix\/[^/]+/, '/webhooks/pix/***')
}

/** One structured line per request: method, path (no query string: it may carry tokens), status, time. */
export function requestLog(): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint()
    // Read now: mounted middleware (/assets, /media) strips its prefix from req.path.
    const path = loggedPath(req.originalUrl.split('?')[0] ?? '')
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6
      log.info('request', {
        method: req.method,
        path,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        bytes: Number(res.getHeader('content-length') ?? 0) || undefined,
      })
    })
    next()
  }
}
