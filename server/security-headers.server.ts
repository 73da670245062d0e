import { randomBytes } from 'node:crypto'
import type { RequestHandler } from 'express'
import helmet from 'helmet'

/**
 * Security headers for every response. Scripts run only with the per-request nonce that the
 * server renderer puts on React Router's inline scripts; 'strict-dynamic' lets those load the
 * hashed module chunks. Development relaxes script and connect rules for Vite's HMR client.
 */
export function securityHeaders(options: {
  https: boolean
  dev: boolean
  /** Other sites a form may lead to through a redirect (Google sign-in without JavaScript). */
  formActionOrigins?: string[]
}): RequestHandler[] {
  const setNonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64')
    next()
  }
  const nonce = (_req: unknown, res: unknown) =>
    `'nonce-${(res as { locals: { cspNonce: string } }).locals.cspNonce}'`
  return [
    setNonce,
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'script-src': options.dev ? ["'self'", "'unsafe-inline'"] : [nonce, "'strict-dynamic'"],
          // Inline style attributes come from React components (e.g. Radix positioning).
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'font-src': ["'self'"],
          'connect-src': options.dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
          'form-action': ["'self'", ...(options.formActionOrigins ?? [])],
          'frame-ancestors': ["'none'"],
          'base-uri': ["'self'"],
          'object-src': ["'none'"],
          'manifest-src': ["'self'"],
          'worker-src': ["'self'"],
          ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
        },
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: options.https
        ? { maxAge: 63072000, includeSubDomains: true, preload: false }
        : false,
      xFrameOptions: { action: 'deny' },
    }),
  ]
}
