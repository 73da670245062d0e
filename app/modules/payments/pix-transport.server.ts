import { Agent, request } from 'node:https'
import type { PixConfig } from '#app/platform/env.server.ts'
import { recordPixCall } from '#app/platform/metrics.server.ts'

// How the site talks to its Pix institution, whatever the API (the Banco Central's API Pix in
// pix-api.server.ts, an institution's own payout API in payouts/): mutual TLS with the site's
// client certificate, OAuth2 client credentials asked for the scopes each call needs (issue 31
// point 3), and one new token when the institution stops accepting the one it gave (401) or says
// it does not cover the call (403 AcessoNegado: scopes granted since, a token of a revoked grant).

/** The institution did not answer, or answered with an error we cannot act on. */
export class PixUnavailable extends Error {
  override name = 'PixUnavailable'
}

/** A kept-alive connection that was closed at the other end as it was reused: no answer. */
class StaleConnection extends PixUnavailable {
  override name = 'StaleConnection'
}

/**
 * The institution refused the request itself (4xx: an invalid key, an amount it will not send):
 * asking again will not change its answer. Still a PixUnavailable to callers that only retry.
 */
export class PixRefused extends PixUnavailable {
  override name = 'PixRefused'
  /** The institution's own words (its problem's `detail`), fit to show a person. */
  detail: string | undefined
  /** The kind of refusal (the API Pix's error type, or the institution's own error name). */
  kind: string | undefined
  constructor(message: string, detail?: string, kind?: string) {
    super(message)
    this.detail = detail?.slice(0, 200)
    this.kind = kind?.slice(0, 100)
  }
}

/** The institution says the thing asked for does not exist (404). */
export class PixNotFound extends Error {
  override name = 'PixNotFound'
}

export interface Answer {
  status: number
  body: unknown
}

/** How the client proves itself at the token endpoint (RFC 6749 §2.3.1): institutions differ. */
export type ClientAuthentication = 'basic' | 'body'

const TIMEOUT_MS = 10_000
/** How a reused connection the other end had closed fails. */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE'])
const MAX_RESPONSE_BYTES = 1024 * 1024
/** A token the institution gave without a lifetime is kept this long. */
const DEFAULT_TOKEN_SECONDS = 300

export interface PixTransport {
  /**
   * One call with a token for `scope`; a 401 or 403 gets one new token and one retry. The answer
   * as it came (any status): each API reads its own errors.
   */
  call(method: string, url: string, scope: string, body?: unknown): Promise<Answer>
}

export function pixTransport(config: PixConfig): PixTransport {
  // Without PIX_CA the system's authorities are trusted; with it, only PIX_CA (a sandbox whose
  // own authority signs the API, or the local institution of the tests).
  const agent = new Agent({
    keepAlive: true,
    ca: config.ca,
    ...(config.certificate.kind === 'pfx'
      ? { pfx: config.certificate.pfx, passphrase: config.certificate.passphrase }
      : { cert: config.certificate.cert, key: config.certificate.key }),
  })
  /** Tokens by the scope they were asked for. */
  const tokens = new Map<string, { value: string; until: number }>()

  /**
   * One request. A kept-alive connection the institution closed just as it was reused fails
   * before any answer (a reset): that request is sent once more on a new connection, as Node's
   * documentation advises. Every call made through here may be repeated: the token, and PUTs and
   * GETs named by their own ids, which the institution does once.
   */
  async function send(
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<Answer> {
    // Every call to the institution is counted here, the one place they all pass (the metrics).
    let answer: Answer | undefined
    try {
      answer = await sendOnce(method, url, headers, body).catch((error: unknown) => {
        if (!(error instanceof StaleConnection)) throw error
        return sendOnce(method, url, headers, body)
      })
      return answer
    } finally {
      recordPixCall(method, url, config.tokenUrl, answer?.status)
    }
  }

  function sendOnce(
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        { method, agent, headers: { Accept: 'application/json', ...headers }, timeout: TIMEOUT_MS },
        (res) => {
          const chunks: Buffer[] = []
          let size = 0
          res.on('data', (chunk: Buffer) => {
            size += chunk.length
            if (size > MAX_RESPONSE_BYTES) req.destroy(new PixUnavailable('answer too large'))
            else chunks.push(chunk)
          })
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8')
            let parsed: unknown = null
            try {
              parsed = text ? JSON.parse(text) : null
            } catch {
              parsed = null
            }
            resolve({ status: res.statusCode ?? 0, body: parsed })
          })
          res.on('error', reject)
        },
      )
      req.on('timeout', () => req.destroy(new PixUnavailable(`${method} timed out`)))
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (error instanceof PixUnavailable) reject(error)
        else if (req.reusedSocket && RESET_CODES.has(error.code ?? '')) {
          reject(new StaleConnection(String(error)))
        } else reject(new PixUnavailable(String(error)))
      })
      req.end(body)
    })
  }

  async function accessToken(scope: string): Promise<string> {
    const kept = tokens.get(scope)
    if (kept && kept.until > Date.now()) return kept.value
    const form = new URLSearchParams({ grant_type: 'client_credentials', scope })
    const headers: Record<string, string> = {
      'Content-Type': 'application/x-www-form-urlencoded',
    }
    if (config.clientAuthentication === 'body') {
      form.set('client_id', config.clientId)
      form.set('client_secret', config.clientSecret)
    } else {
      // RFC 6749 §2.3.1: each part form-encoded before they are joined.
      const id = encodeURIComponent(config.clientId)
      const secret = encodeURIComponent(config.clientSecret)
      headers.Authorization = `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`
    }
    const answer = await send('POST', config.tokenUrl, headers, form.toString())
    const body = answer.body as { access_token?: unknown; expires_in?: unknown } | null
    if (answer.status !== 200 || typeof body?.access_token !== 'string') {
      throw new PixUnavailable(`token refused (${answer.status})`)
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : DEFAULT_TOKEN_SECONDS
    // Renewed a minute early, so a token never expires between being read and being used.
    tokens.set(scope, {
      value: body.access_token,
      until: Date.now() + Math.max(seconds - 60, 10) * 1000,
    })
    return body.access_token
  }

  return {
    async call(method, url, scope, body) {
      const json = body === undefined ? undefined : JSON.stringify(body)
      const headers = (value: string): Record<string, string> => ({
        Authorization: `Bearer ${value}`,
        ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
      })
      let answer = await send(method, url, headers(await accessToken(scope)), json)
      // A token the institution no longer accepts (revoked, restarted) or that does not cover
      // the call (403): one new token, one retry; a second refusal stands.
      if (answer.status === 401 || answer.status === 403) {
        tokens.delete(scope)
        answer = await send(method, url, headers(await accessToken(scope)), json)
      }
      return answer
    },
  }
}

/** One transport per configuration: the API Pix and the payout API share its tokens and agent. */
const transports = new WeakMap<PixConfig, PixTransport>()

export function transportFor(config: PixConfig): PixTransport {
  let transport = transports.get(config)
  if (!transport) {
    transport = pixTransport(config)
    transports.set(config, transport)
  }
  return transport
}
