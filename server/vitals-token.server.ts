import type { RequestHandler } from 'express'
import { FEATURES } from '#app/domain/flags.ts'
import { issueVitalsToken } from '#app/modules/analytics/vitals-token.server.ts'

/**
 * Gives each answer its own web-vitals token (issue 30 point 8; ADR 0023), as the security
 * headers give it its own CSP nonce: the document renders it for its beacon, and a kept page is
 * sent again with this answer's instead of the one it was kept with (html-splice.server.ts).
 * None while the analytics flag is off.
 */
export const vitalsTokens: RequestHandler = (_req, res, next) => {
  if (FEATURES.analytics) res.locals.vitalsToken = issueVitalsToken()
  next()
}
