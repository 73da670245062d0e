import { mkdtemp } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { registerWebhook } from '#app/modules/payments/payments.server.ts'
import { parseEnv, type ServerEnv } from '#app/platform/env.server.ts'
import { action as webhookAction } from '#app/routes/resources/pix-webhook.ts'
import { useTestServerEnv } from '#tests/factories/account.ts'
import { type PixTestServer, startPixServer } from './pix-server.ts'

// An integration test's site with Pix on (issue 21): the local Pix server, and a small HTTP
// server in front of the webhook route, so the Pix server's webhook calls reach the site's own
// route over HTTP as a real institution's would.

export interface PixSite {
  pix: PixTestServer
  /** The site's DATA_DIR (its outbox holds the e-mails). */
  dataDir: string
  /** The public address the webhook is registered under. */
  baseUrl: string
  close(): Promise<void>
}

/** The site's Pix configuration for `pix`, read from its PIX_* variables as at start-up. */
export async function pixConfigOf(pix: PixTestServer) {
  return parseEnv(
    { ...pix.env(), DATA_DIR: await mkdtemp(path.join(tmpdir(), 'aprova-pix-env-')) },
    'production',
  ).pix
}

/** `overrides` set more of the site's environment (gifts: true, say). */
export async function startPixSite(overrides: Partial<ServerEnv> = {}): Promise<PixSite> {
  const pix = await startPixServer()
  const receiver: Server = createServer(async (req, res) => {
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
        context: {},
      } as never)) as Response
      res.writeHead(answer.status).end()
    } catch {
      res.writeHead(500).end()
    }
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const baseUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
  const config = await pixConfigOf(pix)
  // biome-ignore lint/correctness/useHookAtTopLevel: a test helper named like a hook, not a React hook
  const dataDir = await useTestServerEnv({ ...overrides, baseUrl, pix: config })
  // As at start-up: the institution learns where to call.
  await registerWebhook()
  return {
    pix,
    dataDir,
    baseUrl,
    async close() {
      await new Promise((resolve) => receiver.close(resolve))
      await pix.close()
    },
  }
}
