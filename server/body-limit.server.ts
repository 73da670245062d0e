import type { RequestHandler } from 'express'
import { fallbackErrorPage } from './fallback-page.server.ts'

/**
 * Keeps request bodies small before anything reads them: a body announced larger than
 * `maxBytes` gets 413, and a body without a length (chunked) gets 411. The site's forms send a
 * few kilobytes with their length, as browsers do; an action would otherwise read any body whole
 * into memory. (Uploads, when they come, get their own limit on their own route.)
 */
export function bodyLimit(
  maxBytes: number,
  /** Larger limits for the paths that take files. */
  byPath: Record<string, number> = {},
): RequestHandler {
  return (req, res, next) => {
    const limit = byPath[req.path.replace(/\.data$/, '')] ?? maxBytes
    const length = req.get('content-length')
    const chunked = length === undefined && req.get('transfer-encoding') !== undefined
    if (!chunked && !(Number(length ?? 0) > limit)) return next()
    res.status(chunked ? 411 : 413).set({ 'Cache-Control': 'no-store', Connection: 'close' })
    res.type('html').send(fallbackErrorPage(chunked ? 411 : 413))
  }
}
