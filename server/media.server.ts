import express, { type RequestHandler, type Response } from 'express'
import type { MediaAccess } from '#app/modules/media/photo-access.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { contentTypeOf, isStorageKey, type MediaStorage } from '#app/platform/storage.server.ts'
import { fallbackErrorPage } from './fallback-page.server.ts'

/**
 * A public photo may be kept a minute by a browser, a second by a shared cache (a CDN): it must
 * stop being served within a second of its profile leaving the public (issue 30 point 3, ADR
 * 0024), and nothing can take a copy back from a CDN that was told it may keep it longer. The
 * ETag makes every later look a cheap 304.
 */
export const PUBLIC_MEDIA_CACHE = 'public, max-age=60, s-maxage=1'
/** A photo only its owner and the team may see: never kept anywhere. */
export const PRIVATE_MEDIA_CACHE = 'private, no-store'

/** Who may see the file at a key, asked with a request's Cookie header. */
export type MediaGate = (key: string, cookieHeader: string | undefined) => Promise<MediaAccess>

/**
 * Serves the public area at /media: from disk with express.static (ranges, ETags) for local
 * storage, or read from the bucket for an S3-compatible store, so the bucket stays private and a
 * CDN in front of the site caches photos like any other response. The private area (identity
 * documents) is never reachable here. `gate` decides for each key first: a photo that is not
 * public goes only to its owner and the team, and to anyone else answers as a missing file does.
 * A proxy in front must pass /media to the site, never serve DATA_DIR/media from disk itself.
 */
export function mediaFiles(
  options: ({ kind: 'local'; directory: string } | { kind: 's3'; storage: MediaStorage }) & {
    gate: MediaGate
  },
): RequestHandler {
  const router = express.Router()
  router.use(gated(options.gate))
  router.use(
    options.kind === 'local' ? localFiles(options.directory) : storedFiles(options.storage),
  )
  router.use(notServed)
  return router
}

/** Whatever is not served: a missing or hidden file, a key that cannot exist, another method. */
const notServed: RequestHandler = (req, res) => {
  const status = req.method === 'GET' || req.method === 'HEAD' ? 404 : 405
  if (status === 405) res.set('Allow', 'GET, HEAD')
  res.status(status).set('Cache-Control', 'no-store').type('html').send(fallbackErrorPage(status))
}

/** Asks the gate about the key; a file the asker may not see is answered as a missing one. */
function gated(gate: MediaGate): RequestHandler {
  return async (req, res, next) => {
    const key = req.path.slice(1)
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isStorageKey(key)) {
      return notServed(req, res, next)
    }
    let access: MediaAccess
    try {
      access = await gate(key, req.headers.cookie)
    } catch (error) {
      log.error('media gate unavailable', { path: req.path, error: String(error) })
      return unavailable(res)
    }
    if (access === 'none') return notServed(req, res, next)
    res.set('Cache-Control', access === 'public' ? PUBLIC_MEDIA_CACHE : PRIVATE_MEDIA_CACHE)
    next()
  }
}

function unavailable(res: Response) {
  res
    .status(503)
    .set({ 'Cache-Control': 'no-store', 'Retry-After': '30' })
    .type('html')
    .send(fallbackErrorPage(503))
}

function localFiles(directory: string): RequestHandler {
  return express.static(directory, {
    // Set by the gate, for each answer.
    cacheControl: false,
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
    let data: Buffer | undefined
    try {
      data = await storage.get('public', key)
    } catch (error) {
      log.error('media store unavailable', { path: req.path, error: String(error) })
      return unavailable(res)
    }
    if (!data) return next()
    // express answers 304 to a matching If-None-Match from the ETag it computes.
    res.set('Content-Type', contentTypeOf(key)).send(data)
  }
}
