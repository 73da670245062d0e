import type { RequestHandler } from 'express'
import { log } from './logger.server.ts'

/** One structured line per request: method, path (no query string: it may carry tokens), status, time. */
export function requestLog(): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint()
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6
      log.info('request', {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        bytes: Number(res.getHeader('content-length') ?? 0) || undefined,
      })
    })
    next()
  }
}
