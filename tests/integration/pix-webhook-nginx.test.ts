import { copyFile, readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import https from 'node:https'
import { type AddressInfo, createServer as createTcpServer } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEPLOY_NGINX,
  NGINX,
  nginxAvailable,
  type RunningNginx,
  startNginx,
} from '#tests/support/nginx.ts'
import {
  paidChargeAwaitingWebhook,
  paymentsRecorded,
  setUpPixSite,
  webhookRouteHandler,
} from '#tests/support/pix-site.ts'

// The nginx configuration the operator is given (deploy/nginx/, issue 31 point 2, ADR 0028), run
// as is by Debian's nginx in front of the site's webhook: the institution's call is taken, a call
// without its certificate refused, and headers a client makes up never reach the site.

let upstream: Server
let nginx: RunningNginx | undefined
let origin: string

async function freePort(): Promise<number> {
  const probe = createTcpServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

const site = setUpPixSite({}, { when: nginxAvailable })

beforeAll(async () => {
  if (!nginxAvailable) return
  // The site behind nginx: the webhook route, and elsewhere an echo of the headers it got.
  const webhook = webhookRouteHandler({
    ...site.config.webhook,
    tls: undefined,
    proxies: ['127.0.0.1'],
  })
  upstream = createServer((req, res) => {
    if (req.url?.startsWith('/webhooks/pix/')) return void webhook(req, res)
    const seen = Object.keys(req.headers).filter((name) => name.startsWith('x-ssl-'))
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(seen))
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  const files = site.pix.certificates
  const port = await freePort()
  origin = `https://127.0.0.1:${port}`
  nginx = await startNginx(
    // The snippet names the authority relative to nginx's configuration directory.
    async (dir) => {
      await copyFile(files.webhookCaFile, path.join(dir, 'pix-webhook-ca.pem'))
      return `  upstream aprova { server 127.0.0.1:${(upstream.address() as AddressInfo).port}; }
  server {
    listen 127.0.0.1:${port} ssl;
    ssl_certificate ${files.siteCertFile};
    ssl_certificate_key ${files.siteKeyFile};
    include ${DEPLOY_NGINX}/pix-webhook.conf;
    location / {
      proxy_pass http://aprova;
      proxy_set_header Host $host;
      include ${DEPLOY_NGINX}/pix-webhook-cleared.conf;
    }
  }`
    },
    port,
  )
})

afterAll(async () => {
  await nginx?.stop()
  await new Promise((resolve) => (upstream ? upstream.close(resolve) : resolve(undefined)))
})

/** A request to nginx, with or without a client certificate: its status and body. */
async function call(
  url: string,
  options: { method?: string; headers?: Record<string, string>; cert?: Buffer; key?: Buffer },
): Promise<{ status: number; body: string }> {
  const ca = await readFile(site.pix.certificates.caFile)
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        ca,
        cert: options.cert,
        key: options.key,
        agent: false,
      },
      (response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString()
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      },
    )
    request.on('error', reject)
    request.end(options.method === 'POST' ? '{"pix":[]}' : undefined)
  })
}

const paidCharge = () => paidChargeAwaitingWebhook(site)
const credited = paymentsRecorded

const throughNginx = () => `${origin}${new URL(site.pix.webhookUrl() ?? '').pathname}`

describe.skipIf(!nginxAvailable)(
  `deploy/nginx/pix-webhook.conf in front of the webhook${nginxAvailable ? '' : ` (skipped: no nginx at ${NGINX}; apt-get install nginx, or set NGINX_PATH)`}`,
  () => {
    it("takes the institution's call with its certificate: credited", async () => {
      const { chargeId, body } = await paidCharge()
      expect(await site.pix.deliver(body, { secretPath: throughNginx() })).toBe(200)
      expect(await credited(chargeId)).toBe(1)
    })

    it('refuses a webhook call without the institution’s certificate, or with another’s', async () => {
      const { chargeId, body } = await paidCharge()
      expect(
        await site.pix.deliver(body, { secretPath: throughNginx(), certificate: 'none' }),
      ).toBe(403)
      // nginx answers a certificate it cannot verify with 400 ("The SSL certificate error").
      expect(
        await site.pix.deliver(body, { secretPath: throughNginx(), certificate: 'stranger' }),
      ).toBe(400)
      expect(await credited(chargeId)).toBe(0)
    })

    it("refuses a client's made-up verification headers, and never passes them on", async () => {
      const pem = await readFile(site.pix.certificates.webhookClientCertFile, 'utf8')
      const spoofed = {
        'Content-Type': 'application/json',
        'X-SSL-Client-Verify': 'SUCCESS',
        'X-SSL-Client-Cert': encodeURIComponent(pem),
      }
      expect(
        (await call(`${throughNginx()}/pix`, { method: 'POST', headers: spoofed })).status,
      ).toBe(403)
      const elsewhere = await call(`${origin}/any/page`, { headers: spoofed })
      expect(elsewhere).toEqual({ status: 200, body: '[]' })
    })
  },
)
