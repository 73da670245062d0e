import { mkdtemp } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { registerWebhook } from '#app/modules/payments/payments.server.ts'
import { webhookCallerVerified } from '#app/modules/payments/webhook-caller.server.ts'
import { type PixConfig, parseEnv, type ServerEnv } from '#app/platform/env.server.ts'
import { action as webhookAction } from '#app/routes/resources/pix-webhook.ts'
import { type PixTestServer, startPixServer } from '#sandbox/pix/institution.ts'
import { createPixWebhookServer } from '#server/pix-webhook-listener.server.ts'
import { useTestServerEnv } from '#tests/factories/account.ts'

// An integration test's site with Pix on (issue 21): the local Pix server, and the product's own
// mutual-TLS webhook listener (server/pix-webhook-listener.server.ts, issue 31 point 2) in front
// of the webhook route, so the Pix server's webhook calls reach the site's own route over HTTPS
// with the institution's client certificate, as a real institution's would.

export interface PixSite {
  pix: PixTestServer
  /** The site's DATA_DIR (its outbox holds the e-mails). */
  dataDir: string
  /** The public address the webhook is registered under (the webhook listener's). */
  baseUrl: string
  /** The site's Pix configuration, as read from its PIX_* variables. */
  config: PixConfig
  close(): Promise<void>
}

/** The site's Pix configuration for `pix`, read from its PIX_* variables as at start-up. */
export async function pixConfigOf(pix: PixTestServer, more: Record<string, string> = {}) {
  const config = parseEnv(
    { ...pix.env(), ...more, DATA_DIR: await mkdtemp(path.join(tmpdir(), 'aprova-pix-env-')) },
    'production',
  ).pix
  if (!config) throw new Error('the Pix server gave an incomplete environment')
  return config
}

/**
 * A Node request handler in front of the webhook route, as server/app.ts's React Router handler
 * is: whether the caller is verified is computed from the connection and headers with the
 * product's own function (against `webhook`), and handed to the route in its context.
 */
export function webhookRouteHandler(webhook: PixConfig['webhook']) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const match = /^\/webhooks\/pix\/([^/]+)(?:\/pix)?$/.exec(url.pathname)
    if (!match) {
      res.writeHead(404).end()
      return
    }
    const request = new Request(url, {
      method: req.method,
      headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
      body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
    })
    try {
      const answer = (await webhookAction({
        request,
        params: { secret: decodeURIComponent(match[1] ?? '') },
        context: { pixWebhookVerified: webhookCallerVerified(req, webhook) },
      } as never)) as Response
      res.writeHead(answer.status).end()
    } catch {
      res.writeHead(500).end()
    }
  }
}

/** `overrides` set more of the site's environment (gifts: true, say). */
export async function startPixSite(overrides: Partial<ServerEnv> = {}): Promise<PixSite> {
  const pix = await startPixServer()
  const parsed = await pixConfigOf(pix)
  const tls = parsed.webhook.tls
  if (!tls) throw new Error('the Pix server gave no webhook listener')
  // Port 0 rather than the one env() reserved: nothing can take it in between.
  let config: PixConfig = { ...parsed, webhook: { ...parsed.webhook, tls: { ...tls, port: 0 } } }
  const receiver = createPixWebhookServer(
    { ca: config.webhook.ca, tls },
    (req, res) => void webhookRouteHandler(config.webhook)(req, res),
  )
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const port = (receiver.address() as AddressInfo).port
  const baseUrl = `https://127.0.0.1:${port}`
  config = { ...config, webhook: { ...config.webhook, baseUrl, tls: { ...tls, port } } }
  // biome-ignore lint/correctness/useHookAtTopLevel: a test helper named like a hook, not a React hook
  const dataDir = await useTestServerEnv({ ...overrides, pix: config })
  // As at start-up: the institution learns where to call.
  await registerWebhook()
  return {
    pix,
    dataDir,
    baseUrl,
    config,
    async close() {
      receiver.closeAllConnections()
      await new Promise((resolve) => receiver.close(resolve))
      await pix.close()
    },
  }
}
