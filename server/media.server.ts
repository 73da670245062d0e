import express, { type RequestHandler } from 'express'
import { log } from '#app/platform/logger.server.ts'
import { contentTypeOf, isStorageKey, type MediaStorage } from '#app/platform/storage.server.ts'
import { fallbackErrorPage } from './fallback-page.server.ts'

/** Photos never change under a key (a new photo gets a new key): browsers and CDNs keep them. */
const MEDIA_MAX_AGE_SECONDS = 7 * 24 * 60 * 60

/**
 * Serves the public area at /media: from disk with express.static (ranges, ETags) for local
 * storage, or read from the bucket for an S3-compatible store, so the bucket stays private and a
 * CDN in front of the site caches photos like any other response. The private area (identity
 * documents) is never reachable here.
 */
export function mediaFiles(
  options: { kind: 'local'; directory: string } | { kind: 's3'; storage: MediaStorage },
): RequestHandler {
  const router = express.Router()
  router.use(
    options.kind === 'local' ? localFiles(options.directory) : storedFiles(options.storage),
  )
  // Whatever was not served: a missing file, a key that cannot exist, another method.
  router.use((req, res) => {
    const status = req.method === 'GET' || req.method === 'HEAD' ? 404 : 405
    if (status === 405) res.set('Allow', 'GET, HEAD')
    res.status(status).set('Cache-Control', 'no-store').type('html').send(fallbackErrorPage(status))
  })
  return router
}

function localFiles(directory: string): RequestHandler {
  return express.static(directory, {
    maxAge: MEDIA_MAX_AGE_SECONDS * 1000,
    index: false,
    dotfiles: 'deny',
    // A missing file (or a path that tries to climb out) goes on to the 404 answer.
    fallthrough: true,
    redirect: false,
  })
}

function storedFiles(storage: MediaStorage): RequestHandler {
  return async (req, res, next) => {
    const key = req.path.slice(1)
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isStorageKey(key)) return next()
    let data: Buffer | undefined
    try {
      data = await storage.get('public', key)
    } catch (error) {
      log.error('media store unavailable', { path: req.path, error: String(error) })
      res
        .status(503)
        .set({ 'Cache-Control': 'no-store', 'Retry-After': '30' })
        .type('html')
        .send(fallbackErrorPage(503))
      return
    }
    if (!data) return next()
    // express answers 304 to a matching If-None-Match from the ETag it computes.
    res
      .set({
        'Content-Type': contentTypeOf(key),
        'Cache-Control': `public, max-age=${MEDIA_MAX_AGE_SECONDS}`,
      })
      .send(data)
  }
}
