import type { IncomingMessage, ServerResponse } from 'node:http'
import https from 'node:https'
import { log } from '#app/platform/logger.server.ts'
import type { PixWebhookConfig } from '#app/platform/pix-webhook-env.server.ts'

/** The webhook's addresses: the registered one, and the same with the '/pix' the API Pix appends. */
const WEBHOOK_PATH = /^\/webhooks\/pix\/[^/]+(?:\/pix)?$/

/** A slow or silent caller is dropped sooner than on the main listener: one small JSON body. */
const REQUEST_TIMEOUT_MS = 30_000

/**
 * The site's own listener for the institution's webhook (issue 31 point 2, ADR 0028), when it
 * terminates TLS itself (PIX_WEBHOOK_TLS_PORT): HTTPS whose handshake demands a client
 * certificate signed by PIX_WEBHOOK_CA, so a caller without one never gets a request through.
 * It answers only POST /webhooks/pix/{secret}[/pix], handed to `handle` (the site's own request
 * handler, so the webhook is the same route as anywhere); anything else is a 404 here.
 */
export function createPixWebhookServer(
  webhook: Pick<PixWebhookConfig, 'ca'> & { tls: NonNullable<PixWebhookConfig['tls']> },
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): https.Server {
  const server = https.createServer(
    {
      cert: webhook.tls.cert,
      key: webhook.tls.key,
      ca: webhook.ca,
      requestCert: true,
      rejectUnauthorized: true,
      minVersion: 'TLSv1.2',
    },
    (req, res) => {
      const path = (req.url ?? '').split('?', 1)[0] ?? ''
      if (req.method === 'POST' && WEBHOOK_PATH.test(path)) return handle(req, res)
      res.writeHead(404, { 'Cache-Control': 'no-store', 'Content-Length': '0' }).end()
    },
  )
  server.requestTimeout = REQUEST_TIMEOUT_MS
  // An institution whose certificate is not of PIX_WEBHOOK_CA (a renewed chain, the sandbox's
  // in production) fails here, before any request: said, so the operator sees why nothing comes.
  server.on('tlsClientError', (error, socket) => {
    log.warn('Pix webhook handshake refused', {
      error: error.message,
      address: socket.remoteAddress,
    })
  })
  return server
}
