import { mkdtemp } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { registerWebhook, startPlanCharge } from '#app/modules/payments/payments.server.ts'
import { webhookCallerVerified } from '#app/modules/payments/webhook-caller.server.ts'
import { type PixConfig, parseEnv, type ServerEnv } from '#app/platform/env.server.ts'
import { action as webhookAction } from '#app/routes/resources/pix-webhook.ts'
import { db } from '#db/client.server.ts'
import { pixCharges, pixPayments } from '#db/schema/payments.ts'
import { type PixTestServer, startPixServer } from '#sandbox/pix/institution.ts'
import { createPixWebhookServer } from '#server/pix-webhook-listener.server.ts'
import { signedInProvider } from '#tests/factories/profile.ts'
import { muteOutput, useTestServerEnv } from '#tests/support/test-server.ts'

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

/**
 * Registers a test file's Pix site: started before all its tests (`overrides` as for
 * startPixSite), closed after them; `mute` mutes the standard output before each test (the
 * e-mails are logged as they are written to the outbox); `when: false` starts nothing (a file
 * whose tests are all skipped). The answer stands for the running site; `restart` closes it and
 * starts another with the same environment.
 */
export function setUpPixSite(
  overrides: Partial<ServerEnv> = {},
  options: { mute?: boolean; when?: boolean } = {},
): PixSite & { restart(): Promise<void> } {
  let current: PixSite | undefined
  const running = () => {
    if (!current)
      throw new Error('the Pix site is not running (setUpPixSite starts it in beforeAll)')
    return current
  }
  beforeAll(async () => {
    if (options.when !== false) current = await startPixSite(overrides)
  })
  afterAll(async () => {
    await current?.close()
  })
  if (options.mute) beforeEach(muteOutput)
  return {
    get pix() {
      return running().pix
    },
    get dataDir() {
      return running().dataDir
    },
    get baseUrl() {
      return running().baseUrl
    },
    get config() {
      return running().config
    },
    close: () => running().close(),
    async restart() {
      await running().close()
      current = await startPixSite(overrides)
    },
  }
}

/** A plan charge of a new approved provider, paid at `site`'s institution whose webhook has not come yet, and the webhook's body. */
export async function paidChargeAwaitingWebhook(site: PixSite) {
  const provider = await signedInProvider({ approved: true })
  const started = await startPlanCharge(provider.id, 'ouro')
  if (!started.ok) throw new Error(`no charge: ${started.error}`)
  const [charge] = await db().select().from(pixCharges).where(eq(pixCharges.id, started.chargeId))
  if (!charge) throw new Error('no charge row')
  const paid = await site.pix.pay(charge.txid, { webhook: false })
  const pix = site.pix.pixes().find((one) => one.endToEndId === paid.endToEndId)
  const { devolucoes: _, ...item } = pix ?? {}
  return { chargeId: charge.id, body: { pix: [item] } }
}

/** How many payments the site recorded for the charge `chargeId`. */
export async function paymentsRecorded(chargeId: string): Promise<number> {
  const rows = await db().select().from(pixPayments).where(eq(pixPayments.chargeId, chargeId))
  return rows.length
}
