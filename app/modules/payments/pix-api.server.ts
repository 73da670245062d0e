import { Agent, request } from 'node:https'
import { END_TO_END_ID_PATTERN, pixAmount, pixAmountCents } from '#app/domain/plans.ts'
import type { PixConfig } from '#app/platform/env.server.ts'

// A client of the Banco Central's standard API Pix (issue 21; ADR 0019), which banks and payment
// institutions implement: OAuth2 client credentials over mutual TLS with the institution's client
// certificate, immediate charges (`cob`), received Pix, refunds (`devolucao`) and the webhook
// registration. It speaks only the standard's fields, so any institution that implements it will
// do; tests run it against a local server speaking the same API (tests/support/pix-server.ts).

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
  constructor(message: string, detail?: string) {
    super(message)
    this.detail = detail?.slice(0, 200)
  }
}

/** The institution says the thing asked for does not exist (404). */
export class PixNotFound extends Error {
  override name = 'PixNotFound'
}

/** A received Pix as the API describes it. */
export interface ReceivedPix {
  endToEndId: string
  /** The charge it paid; absent when it was sent to the key directly. */
  txid: string | null
  amountCents: number
  paidAt: Date
}

export interface PixCharge {
  txid: string
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP'
  amountCents: number
  brCode: string
  pix: ReceivedPix[]
}

export interface PixRefund {
  id: string
  returnId: string | null
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO'
}

/**
 * A Pix sent from the site's account (a withdrawal's payout, issue 22). The standard API Pix
 * covers receiving only; sending goes through the institution's payment API, here the shape most
 * institutions share (Efí's `PUT /gn/pix/{idEnvio}`, a `GET` by the same id).
 */
export interface SentPix {
  id: string
  endToEndId: string | null
  status: 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO'
  /** The institution's words when it did not pay. */
  failure: string | null
}

/** Letters and digits, 1 to 35: the id of a payout (idEnvio). */
export const PAYOUT_ID_PATTERN = /^[a-zA-Z0-9]{1,35}$/

/** Letters and digits, 26 to 35: the API's txid. */
export const TXID_PATTERN = /^[a-zA-Z0-9]{26,35}$/
// The end-to-end id's pattern is a domain rule: the team's refund form checks it too.
export { END_TO_END_ID_PATTERN }

const TIMEOUT_MS = 10_000
/** How a reused connection the other end had closed fails. */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE'])
const MAX_RESPONSE_BYTES = 1024 * 1024

export interface PixApi {
  createCharge(input: {
    txid: string
    amountCents: number
    expiresInSeconds: number
    description: string
  }): Promise<PixCharge>
  getCharge(txid: string): Promise<PixCharge>
  getPix(endToEndId: string): Promise<ReceivedPix>
  /** Every Pix received between the two moments (all pages). */
  listPix(from: Date, to: Date): Promise<ReceivedPix[]>
  refund(
    endToEndId: string,
    id: string,
    amountCents: number,
    description: string,
  ): Promise<PixRefund>
  getRefund(endToEndId: string, id: string): Promise<PixRefund>
  registerWebhook(webhookUrl: string): Promise<void>
  /** Sends `amountCents` to a Pix key; asking again with the same id pays once. */
  sendPix(input: {
    id: string
    amountCents: number
    key: string
    description: string
  }): Promise<SentPix>
  getSentPix(id: string): Promise<SentPix>
}

interface Answer {
  status: number
  body: unknown
}

export function pixApi(config: PixConfig): PixApi {
  const agent = new Agent({
    keepAlive: true,
    ca: config.ca,
    ...(config.certificate.kind === 'pfx'
      ? { pfx: config.certificate.pfx, passphrase: config.certificate.passphrase }
      : { cert: config.certificate.cert, key: config.certificate.key }),
  })
  // Without PIX_CA the system's authorities are trusted; with it, only PIX_CA (a sandbox whose
  // own authority signs the API, or the local server of the tests).
  let token: { value: string; until: number } | undefined

  /**
   * One request. A kept-alive connection the institution closed just as it was reused fails
   * before any answer (a reset): that request is sent once more on a new connection, as Node's
   * documentation advises. Every call of this API may be repeated: the token, and PUTs and GETs
   * named by their own ids (a charge, a refund, a payout, the webhook), which the institution
   * does once.
   */
  async function send(
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<Answer> {
    try {
      return await sendOnce(method, url, headers, body)
    } catch (error) {
      if (!(error instanceof StaleConnection)) throw error
      return sendOnce(method, url, headers, body)
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

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')
    const answer = await send(
      'POST',
      config.tokenUrl,
      { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      'grant_type=client_credentials',
    )
    const body = answer.body as { access_token?: unknown; expires_in?: unknown } | null
    if (answer.status !== 200 || typeof body?.access_token !== 'string') {
      throw new PixUnavailable(`token refused (${answer.status})`)
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 300
    // Renewed a minute early, so a token never expires between being read and being used.
    token = { value: body.access_token, until: Date.now() + Math.max(seconds - 60, 10) * 1000 }
    return token.value
  }

  async function call(method: string, path: string, body?: unknown): Promise<Answer> {
    const url = `${config.apiUrl}${path}`
    const json = body === undefined ? undefined : JSON.stringify(body)
    const headers = (value: string): Record<string, string> => ({
      Authorization: `Bearer ${value}`,
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
    })
    let answer = await send(method, url, headers(await accessToken()), json)
    // A token the institution no longer accepts (revoked, restarted): one new token, one retry.
    if (answer.status === 401) {
      token = undefined
      answer = await send(method, url, headers(await accessToken()), json)
    }
    if (answer.status === 404) throw new PixNotFound(`${method} ${path}: not found`)
    if (answer.status < 200 || answer.status >= 300) {
      const detail = (answer.body as { detail?: unknown } | null)?.detail
      const message = `${method} ${path}: ${answer.status}${typeof detail === 'string' ? ` ${detail}` : ''}`
      if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) {
        throw new PixRefused(message, typeof detail === 'string' ? detail : undefined)
      }
      throw new PixUnavailable(message)
    }
    return answer
  }

  const segment = (value: string) => encodeURIComponent(value)

  return {
    async createCharge(input) {
      const answer = await call('PUT', `/cob/${segment(input.txid)}`, {
        calendario: { expiracao: input.expiresInSeconds },
        valor: { original: pixAmount(input.amountCents) },
        chave: config.key,
        solicitacaoPagador: input.description.slice(0, 140),
      })
      return chargeOf(answer.body)
    },
    async getCharge(txid) {
      return chargeOf((await call('GET', `/cob/${segment(txid)}`)).body)
    },
    async getPix(endToEndId) {
      const pix = receivedPixOf((await call('GET', `/pix/${segment(endToEndId)}`)).body)
      if (!pix) throw new PixUnavailable('a Pix the API described oddly')
      return pix
    },
    async listPix(from, to) {
      const all: ReceivedPix[] = []
      for (let page = 0; page < 100; page++) {
        const query = new URLSearchParams({
          inicio: from.toISOString(),
          fim: to.toISOString(),
          'paginacao.paginaAtual': String(page),
        })
        const body = (await call('GET', `/pix?${query}`)).body as {
          pix?: unknown
          parametros?: { paginacao?: { quantidadeDePaginas?: unknown } }
        } | null
        const list = Array.isArray(body?.pix) ? body.pix : []
        for (const item of list) {
          const pix = receivedPixOf(item)
          if (pix) all.push(pix)
        }
        const pages = body?.parametros?.paginacao?.quantidadeDePaginas
        if (typeof pages !== 'number' || page + 1 >= pages || list.length === 0) break
      }
      return all
    },
    async refund(endToEndId, id, amountCents, description) {
      const answer = await call('PUT', `/pix/${segment(endToEndId)}/devolucao/${segment(id)}`, {
        valor: pixAmount(amountCents),
        descricao: description.slice(0, 140),
      })
      return refundOf(answer.body, id)
    },
    async getRefund(endToEndId, id) {
      const answer = await call('GET', `/pix/${segment(endToEndId)}/devolucao/${segment(id)}`)
      return refundOf(answer.body, id)
    },
    async registerWebhook(webhookUrl) {
      await call('PUT', `/webhook/${segment(config.key)}`, { webhookUrl })
    },
    async sendPix(input) {
      const answer = await call('PUT', `/gn/pix/${segment(input.id)}`, {
        valor: pixAmount(input.amountCents),
        pagador: { chave: config.key, infoPagador: input.description.slice(0, 140) },
        favorecido: { chave: input.key },
      })
      return sentPixOf(answer.body, input.id)
    },
    async getSentPix(id) {
      return sentPixOf((await call('GET', `/gn/pix/enviados/id-envio/${segment(id)}`)).body, id)
    },
  }
}

const CHARGE_STATUSES = new Set([
  'ATIVA',
  'CONCLUIDA',
  'REMOVIDA_PELO_USUARIO_RECEBEDOR',
  'REMOVIDA_PELO_PSP',
])

function chargeOf(body: unknown): PixCharge {
  const charge = body as {
    txid?: unknown
    status?: unknown
    valor?: { original?: unknown }
    pixCopiaECola?: unknown
    pix?: unknown
  } | null
  const amountCents = pixAmountCents(charge?.valor?.original)
  if (
    typeof charge?.txid !== 'string' ||
    typeof charge.status !== 'string' ||
    !CHARGE_STATUSES.has(charge.status) ||
    amountCents === null
  ) {
    throw new PixUnavailable('a charge the API described oddly')
  }
  const pix = Array.isArray(charge.pix) ? charge.pix : []
  return {
    txid: charge.txid,
    status: charge.status as PixCharge['status'],
    amountCents,
    brCode: typeof charge.pixCopiaECola === 'string' ? charge.pixCopiaECola : '',
    pix: pix.map(receivedPixOf).filter((one): one is ReceivedPix => one !== null),
  }
}

/** A received Pix from the API's JSON; null when a field is missing or malformed. */
export function receivedPixOf(value: unknown): ReceivedPix | null {
  const pix = value as {
    endToEndId?: unknown
    txid?: unknown
    valor?: unknown
    horario?: unknown
  } | null
  const amountCents = pixAmountCents(pix?.valor)
  const paidAt = typeof pix?.horario === 'string' ? new Date(pix.horario) : null
  if (
    typeof pix?.endToEndId !== 'string' ||
    !END_TO_END_ID_PATTERN.test(pix.endToEndId) ||
    amountCents === null ||
    amountCents <= 0 ||
    !paidAt ||
    Number.isNaN(paidAt.getTime())
  ) {
    return null
  }
  return {
    endToEndId: pix.endToEndId,
    txid: typeof pix.txid === 'string' && pix.txid !== '' ? pix.txid : null,
    amountCents,
    paidAt,
  }
}

function sentPixOf(body: unknown, id: string): SentPix {
  const sent = body as { e2eId?: unknown; status?: unknown; motivo?: unknown } | null
  const status = sent?.status
  if (status !== 'EM_PROCESSAMENTO' && status !== 'REALIZADO' && status !== 'NAO_REALIZADO') {
    throw new PixUnavailable('a payout the API described oddly')
  }
  return {
    id,
    endToEndId: typeof sent?.e2eId === 'string' ? sent.e2eId : null,
    status,
    failure: typeof sent?.motivo === 'string' ? sent.motivo.slice(0, 200) : null,
  }
}

function refundOf(body: unknown, id: string): PixRefund {
  const refund = body as { rtrId?: unknown; status?: unknown } | null
  const status = refund?.status
  if (status !== 'EM_PROCESSAMENTO' && status !== 'DEVOLVIDO' && status !== 'NAO_REALIZADO') {
    throw new PixUnavailable('a refund the API described oddly')
  }
  return { id, returnId: typeof refund?.rtrId === 'string' ? refund.rtrId : null, status }
}
