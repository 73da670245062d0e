import type { RequestHandler, Response } from 'express'
import { FEATURES } from '#app/domain/flags.ts'
import type { PageType } from '#app/domain/web-vitals.ts'
import { issueVitalsToken } from '#app/modules/analytics/vitals-token.server.ts'

/** Makes this answer's web-vitals token for a page of type `page` ('' with analytics off). */
export type VitalsTokenIssuer = (page: PageType) => string

/**
 * Gives each answer its own web-vitals token (issue 30 point 8; ADR 0023), as the security
 * headers give it its own CSP nonce: the document renders one for its page type (entry.server,
 * through the load context), and a kept page is sent again with a new one for the same page type
 * instead of the one it was kept with (html-splice.server.ts). The last token made, and its page
 * type, are in `res.locals.vitalsToken` and `res.locals.vitalsPage`, for the HTML cache to find
 * in the body it keeps. None while the analytics flag is off.
 */
export const vitalsTokens: RequestHandler = (_req, res, next) => {
  res.locals.issueVitalsToken = ((page) => {
    if (!FEATURES.analytics) return ''
    const token = issueVitalsToken(page)
    res.locals.vitalsToken = token
    res.locals.vitalsPage = page
    return token
  }) satisfies VitalsTokenIssuer
  next()
}

/** The answer's token issuer (one that makes none, before the middleware above). */
export function vitalsTokenIssuer(res: Response): VitalsTokenIssuer {
  const issue = res.locals.issueVitalsToken as VitalsTokenIssuer | undefined
  return issue ?? (() => '')
}
