import type { RequestHandler } from 'express'
import { canonicalLocation } from '#app/domain/canonical.ts'
import { knownSlugs } from '#app/modules/seo/known-slugs.server.ts'

/**
 * Sends page requests for a non-canonical address (unprefixed or legacy path, accented,
 * mis-cased or misspelt slug) to the canonical one in a single permanent redirect, keeping the
 * query string (SPEC §2, §5). React Router's data requests (.data) and files are left alone:
 * the site's own links are canonical already.
 */
export function canonicalRedirects(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const queryStart = req.originalUrl.indexOf('?')
    const pathname = queryStart === -1 ? req.originalUrl : req.originalUrl.slice(0, queryStart)
    if (pathname.endsWith('.data')) return next()
    const search = queryStart === -1 ? '' : req.originalUrl.slice(queryStart)
    const location = canonicalLocation(pathname, search, knownSlugs())
    if (!location) return next()
    res.set('Cache-Control', 'public, max-age=3600')
    res.redirect(301, location)
  }
}
