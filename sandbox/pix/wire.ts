// The local PSP's wire (institution.ts): the scopes its OAuth client holds and each route needs,
// reading and answering its HTTP requests, and delivering webhooks to the site over https with
// mutual TLS (or plain http), as the API Pix calls them.
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import https from 'node:https'
import { type AddressInfo, createServer as createTcpServer } from 'node:net'
import { Problem } from '#sandbox/pix/strict.ts'
import type { ReceivedPix, WebhookCertificate } from '#sandbox/pix/types.ts'

/** What the test client was granted: the API Pix's scopes and the payout ones. */
export const GRANTED_SCOPES = [
  'cob.write',
  'cob.read',
  'pix.read',
  'pix.write',
  'webhook.write',
  'webhook.read',
  'pix.send',
  'gn.pix.send.read',
]

/**
 * The scope each route needs, as the API Pix's `security` entries say: its paths below /api/v2.
 * Payouts: Efí's scopes, its paths from the origin (/v3/…, /v2/…), which no API Pix path is.
 */
const ROUTE_SCOPES: [method: string, path: RegExp, scope: string][] = [
  ['PUT', /^\/cob\/[^/]+$/, 'cob.write'],
  ['PATCH', /^\/cob\/[^/]+$/, 'cob.write'],
  ['GET', /^\/cob(\/[^/]+)?$/, 'cob.read'],
  ['PUT', /^\/pix\/[^/]+\/devolucao\/[^/]+$/, 'pix.write'],
  ['GET', /^\/pix(\/[^/]+(\/devolucao\/[^/]+)?)?$/, 'pix.read'],
  ['PUT', /^\/webhook\/[^/]+$/, 'webhook.write'],
  ['DELETE', /^\/webhook\/[^/]+$/, 'webhook.write'],
  ['GET', /^\/webhook(\/[^/]+)?$/, 'webhook.read'],
  ['PUT', /^\/v3\/gn\/pix\/[^/]+$/, 'pix.send'],
  ['GET', /^\/v2\/gn\/pix\/enviados\//, 'gn.pix.send.read'],
]

/** `path`: below /api/v2 for the API Pix, from the origin for payouts. */
export function scopeOf(method: string, path: string): string | undefined {
  return ROUTE_SCOPES.find(([m, pattern]) => m === method && pattern.test(path))?.[2]
}

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export function send(
  response: ServerResponse,
  status: number,
  body: object | undefined,
  type: string,
) {
  if (body === undefined) return response.writeHead(status).end()
  response.writeHead(status, { 'Content-Type': type }).end(JSON.stringify(body))
}

/** What the institution's webhook client shows and trusts over https. */
export interface WebhookTls {
  /** The authority of the site's server certificate (the test CA stands for the web's). */
  ca: Buffer
  /** The client certificate and key shown, by choice. */
  certificates: Record<Exclude<WebhookCertificate, 'none'>, { cert: Buffer; key: Buffer }>
}

/**
 * POSTs JSON to the site, over https with mutual TLS as the API Pix calls webhooks (issue 31
 * point 2), or plain http to an http address: its status, or 0 when it cannot be reached (or
 * refused the handshake). A connection of its own each time: no TLS session of another
 * certificate is resumed.
 */
export async function postJson(
  url: string,
  payload: unknown,
  tls: WebhookTls,
  certificate: WebhookCertificate = 'institution',
): Promise<number> {
  const target = new URL(url)
  const body = JSON.stringify(payload)
  const secure = target.protocol === 'https:'
  const shown = certificate === 'none' ? {} : tls.certificates[certificate]
  const options = {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    agent: false as const,
    timeout: 15_000,
    ...(secure ? { ca: tls.ca, ...shown } : {}),
  }
  return new Promise((resolve) => {
    const request = (secure ? https : http).request(target, options, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
      response.on('error', () => resolve(0))
    })
    request.on('timeout', () => request.destroy())
    request.on('error', () => resolve(0))
    request.end(body)
  })
}

/** A port free right now, for the site's webhook listener (PIX_WEBHOOK_TLS_PORT). */
export async function freePort(): Promise<number> {
  const probe = createTcpServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** The webhook body for one Pix, as PSPs send it: the Pix without its refunds. */
export function webhookBody({ devolucoes: _, ...pix }: ReceivedPix) {
  return { pix: [pix] }
}

/** A request's JSON body (undefined when empty); refused as the spec does when not JSON. */
export function parsedBody(body: string): unknown {
  try {
    return body === '' ? undefined : JSON.parse(body)
  } catch {
    throw new Problem(400, 'RequisicaoInvalida', 'Requisição inválida.', 'O corpo não é JSON.', [
      { razao: 'O corpo da requisição não é JSON.', propriedade: 'corpo' },
    ])
  }
}
