import type { RequestHandler } from 'express'
import { log } from '#app/platform/logger.server.ts'
import { fallbackErrorPage } from './fallback-page.server.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * CSRF protection for every state-changing request: a browser names where a request comes from
 * (Sec-Fetch-Site, Origin), and a write from another site is refused with 403 before any action
 * runs. Session cookies are SameSite=Lax as well. A request without those headers comes from a
 * program, not from a browser carrying someone's cookies, and is let through.
 */
export function sameOriginWrites(options: { baseUrl: string }): RequestHandler {
  const publicOrigin = new URL(options.baseUrl).origin
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next()
    const site = req.get('sec-fetch-site')
    const origin = req.get('origin')
    const ownOrigins = [publicOrigin, `${req.protocol}://${req.get('host')}`]
    const crossSite = site !== undefined && site !== 'same-origin' && site !== 'none'
    const foreign = origin !== undefined && !ownOrigins.includes(origin)
    if (!crossSite && !foreign) return next()
    log.warn('cross-site write refused', { method: req.method, path: req.path, site, origin })
    res.status(403).set('Cache-Control', 'no-store').type('html').send(fallbackErrorPage(403))
  }
}
