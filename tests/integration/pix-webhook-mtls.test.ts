import { X509Certificate } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientCertificateTrusted } from '#app/modules/payments/webhook-caller.server.ts'
import type { PixConfig } from '#app/platform/env.server.ts'
import {
  paidChargeAwaitingWebhook,
  paymentsRecorded,
  setUpPixSite,
  webhookRouteHandler,
} from '#tests/support/pix-site.ts'

// The webhook is mutually authenticated (issue 31 point 2, ADR 0028): a call is taken only from
// the institution, its client certificate verified by the site's own mutual-TLS listener or by
// the trusted proxy in front; the secret in the address stays a second factor.

/** Sites behind a proxy: one trusting this machine's address, one trusting other addresses. */
let behindProxy: Server
let behindOtherProxy: Server
let institutionPem: string
let strangerPem: string
let authorityPem: string

async function listen(webhook: PixConfig['webhook']): Promise<Server> {
  const handler = webhookRouteHandler(webhook)
  const server = createServer((req, res) => void handler(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`

const site = setUpPixSite()

beforeAll(async () => {
  const { webhook } = site.config
  behindProxy = await listen({ ...webhook, tls: undefined, proxies: ['127.0.0.1'] })
  behindOtherProxy = await listen({
    ...webhook,
    tls: undefined,
    proxies: ['10.0.0.0/8', '192.168.1.5', 'fd00::/8'],
  })
  const files = site.pix.certificates
  ;[institutionPem, strangerPem, authorityPem] = await Promise.all([
    readFile(files.webhookClientCertFile, 'utf8'),
    readFile(files.strangerCertFile, 'utf8'),
    readFile(files.webhookCaFile, 'utf8'),
  ])
})

afterAll(async () => {
  for (const server of [behindProxy, behindOtherProxy]) {
    await new Promise((resolve) => server?.close(resolve))
  }
})

const paidCharge = () => paidChargeAwaitingWebhook(site)
const credited = paymentsRecorded

const secretPath = () => new URL(site.pix.webhookUrl() ?? '').pathname

/** POSTs `body` to a site behind a proxy, with the headers the proxy would (or would not) set. */
async function throughProxy(
  server: Server,
  body: unknown,
  headers: Record<string, string>,
  path = secretPath(),
): Promise<number> {
  const response = await fetch(`${urlOf(server)}${path}/pix`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  await response.arrayBuffer()
  return response.status
}

/** nginx's headers after `ssl_verify_client` verified `pem` ($ssl_client_escaped_cert). */
const verified = (pem: string) => ({
  'X-SSL-Client-Verify': 'SUCCESS',
  'X-SSL-Client-Cert': encodeURIComponent(pem),
})

describe("the site's own mutual-TLS listener", () => {
  it('is where the institution is told to call', () => {
    expect(site.pix.webhookUrl()).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/webhooks\/pix\/[\w-]+$/)
    expect(site.pix.webhookUrl()?.startsWith(site.baseUrl)).toBe(true)
  })

  it("takes the institution's call with its certificate and the right secret: credited", async () => {
    const { chargeId, body } = await paidCharge()
    expect(await site.pix.deliver(body, { certificate: 'institution' })).toBe(200)
    expect(await credited(chargeId)).toBe(1)
  })

  it('refuses a webhook call without the institution’s certificate: no handshake, no credit', async () => {
    const { chargeId, body } = await paidCharge()
    expect(await site.pix.deliver(body, { certificate: 'none' })).toBe(0)
    expect(await site.pix.deliver(body, { certificate: 'stranger' })).toBe(0)
    expect(await credited(chargeId)).toBe(0)
  })

  it('answers 404 to the right certificate with a wrong secret, and to any other address', async () => {
    const { chargeId, body } = await paidCharge()
    const wrong = '/webhooks/pix/not-the-secret-0123456789abcdef'
    expect(await site.pix.deliver(body, { secretPath: wrong })).toBe(404)
    // deliver appends '/pix': these are /dashboard/pix and /healthz/pix.
    expect(await site.pix.deliver(body, { secretPath: '/dashboard' })).toBe(404)
    expect(await site.pix.deliver(body, { secretPath: '/healthz' })).toBe(404)
    expect(await credited(chargeId)).toBe(0)
  })
})

describe('behind a proxy that verifies the certificate (PIX_WEBHOOK_PROXY)', () => {
  it("takes the call the proxy verified, the institution's certificate verified again", async () => {
    const { chargeId, body } = await paidCharge()
    expect(await throughProxy(behindProxy, body, verified(institutionPem))).toBe(200)
    expect(await credited(chargeId)).toBe(1)
  })

  it('refuses a webhook call without the institution’s certificate with 403', async () => {
    const { chargeId, body } = await paidCharge()
    const refused: Record<string, string>[] = [
      {},
      { 'X-SSL-Client-Verify': 'SUCCESS' },
      { 'X-SSL-Client-Verify': 'NONE', 'X-SSL-Client-Cert': '' },
      { ...verified(institutionPem), 'X-SSL-Client-Verify': 'FAILED:certificate has expired' },
      // A proxy without the institution's authority would say SUCCESS to another's certificate.
      verified(strangerPem),
      // The authority's own certificate is not a client's.
      verified(authorityPem),
      { 'X-SSL-Client-Verify': 'SUCCESS', 'X-SSL-Client-Cert': '%E0%A4%A' },
      { 'X-SSL-Client-Verify': 'SUCCESS', 'X-SSL-Client-Cert': 'not a certificate' },
    ]
    for (const headers of refused) {
      expect(await throughProxy(behindProxy, body, headers), JSON.stringify(headers)).toBe(403)
    }
    expect(await credited(chargeId)).toBe(0)
  })

  it('ignores the headers from an address outside PIX_WEBHOOK_PROXY', async () => {
    const { chargeId, body } = await paidCharge()
    expect(await throughProxy(behindOtherProxy, body, verified(institutionPem))).toBe(403)
    expect(await credited(chargeId)).toBe(0)
  })

  it('answers 404 to a verified call with a wrong secret', async () => {
    const { chargeId, body } = await paidCharge()
    const wrong = '/webhooks/pix/not-the-secret-0123456789abcdef'
    expect(await throughProxy(behindProxy, body, verified(institutionPem), wrong)).toBe(404)
    expect(await throughProxy(behindOtherProxy, body, {}, wrong)).toBe(404)
    expect(await credited(chargeId)).toBe(0)
  })
})

describe('a forwarded client certificate', () => {
  it('counts only while it and its authority are valid', () => {
    const certificate = new X509Certificate(institutionPem)
    const authorities = [new X509Certificate(authorityPem)]
    const from = Date.parse(certificate.validFrom)
    const to = Date.parse(certificate.validTo)
    expect(clientCertificateTrusted(certificate, authorities, from + 1000)).toBe(true)
    expect(clientCertificateTrusted(certificate, authorities, from - 1000)).toBe(false)
    expect(clientCertificateTrusted(certificate, authorities, to + 1000)).toBe(false)
    expect(clientCertificateTrusted(certificate, [], from + 1000)).toBe(false)
  })
})
