import { END_TO_END_ID_PATTERN, pixAmount, pixAmountCents } from '#app/domain/plans.ts'
import type { PixConfig } from '#app/platform/env.server.ts'
import {
  type Answer,
  PixNotFound,
  PixRefused,
  PixUnavailable,
  transportFor,
} from './pix-transport.server.ts'

// A client of the Banco Central's standard API Pix (issue 21; ADR 0019), which banks and payment
// institutions implement: OAuth2 client credentials over mutual TLS with the institution's client
// certificate (pix-transport.server.ts), immediate charges (`cob`), received Pix, refunds
// (`devolucao`) and the webhook registration. It speaks only the standard's fields, so any
// institution that implements it will do; tests run it against a local institution as strict as
// the specification (sandbox/pix/institution.ts).

export { PixNotFound, PixRefused, PixUnavailable }

/** The scope each call of the API Pix needs (its `security` entries). */
export const PIX_SCOPES = {
  chargeWrite: 'cob.write',
  chargeRead: 'cob.read',
  pixRead: 'pix.read',
  pixWrite: 'pix.write',
  webhookWrite: 'webhook.write',
} as const

/** A received Pix as the API describes it. */
export interface ReceivedPix {
  endToEndId: string
  /** The charge it paid; absent when it was sent to the key directly. */
  txid: string | null
  amountCents: number
  paidAt: Date
  /** The key it was sent to (`chave`); null when the institution did not say. */
  key: string | null
  /** Its refunds as the institution lists them (`devolucoes`; absent: none). */
  refunds: PixRefund[]
}

export interface PixCharge {
  txid: string
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP'
  amountCents: number
  /** The receiving key the institution says the charge is for. */
  key: string | null
  /** Where a bank app fetches the charge (`pix.example.com/qr/v2/…`). */
  location: string | null
  /** `pixCopiaECola`, or '' when the institution left it out (optional in the API Pix). */
  brCode: string
  pix: ReceivedPix[]
}

export interface PixRefund {
  id: string
  returnId: string | null
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO'
}

/** Letters and digits, 26 to 35: the API's txid. */
export const TXID_PATTERN = /^[a-zA-Z0-9]{26,35}$/
// The end-to-end id's pattern is a domain rule: the team's refund form checks it too.
export { END_TO_END_ID_PATTERN }

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
  // Payouts (sending a Pix) are no part of the API Pix: payouts/ (ADR 0029).
}

export function pixApi(config: PixConfig): PixApi {
  const transport = transportFor(config)

  /** A call of the API Pix: its answer when 2xx; its problem document (RFC 7807) read otherwise. */
  async function call(method: string, path: string, scope: string, body?: unknown) {
    const answer = await transport.call(method, `${config.apiUrl}${path}`, scope, body)
    if (answer.status >= 200 && answer.status < 300) return answer
    throw problemError(method, path, answer)
  }

  const segment = (value: string) => encodeURIComponent(value)

  return {
    async createCharge(input) {
      const answer = await call('PUT', `/cob/${segment(input.txid)}`, PIX_SCOPES.chargeWrite, {
        calendario: { expiracao: input.expiresInSeconds },
        valor: { original: pixAmount(input.amountCents) },
        chave: config.key,
        solicitacaoPagador: input.description.slice(0, 140),
      })
      return chargeOf(answer.body)
    },
    async getCharge(txid) {
      return chargeOf((await call('GET', `/cob/${segment(txid)}`, PIX_SCOPES.chargeRead)).body)
    },
    async getPix(endToEndId) {
      const pix = receivedPixOf(
        (await call('GET', `/pix/${segment(endToEndId)}`, PIX_SCOPES.pixRead)).body,
      )
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
        const body = (await call('GET', `/pix?${query}`, PIX_SCOPES.pixRead)).body as {
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
      const answer = await call(
        'PUT',
        `/pix/${segment(endToEndId)}/devolucao/${segment(id)}`,
        PIX_SCOPES.pixWrite,
        {
          valor: pixAmount(amountCents),
          descricao: description.slice(0, 140),
        },
      )
      return refundOf(answer.body, id)
    },
    async getRefund(endToEndId, id) {
      const answer = await call(
        'GET',
        `/pix/${segment(endToEndId)}/devolucao/${segment(id)}`,
        PIX_SCOPES.pixRead,
      )
      return refundOf(answer.body, id)
    },
    async registerWebhook(webhookUrl) {
      await call('PUT', `/webhook/${segment(config.key)}`, PIX_SCOPES.webhookWrite, { webhookUrl })
    },
  }
}

/** The error an answer that is not 2xx stands for: its problem document's type and detail kept. */
function problemError(method: string, path: string, answer: Answer): Error {
  const problem = answer.body as { type?: unknown; detail?: unknown; title?: unknown } | null
  const detail = typeof problem?.detail === 'string' ? problem.detail : undefined
  // `https://pix.bcb.gov.br/api/v2/error/<TipoErro>`: the last part names the error.
  const kind = typeof problem?.type === 'string' ? problem.type.split('/').at(-1) : undefined
  if (answer.status === 404) return new PixNotFound(`${method} ${path}: not found`)
  const message = `${method} ${path}: ${answer.status}${kind ? ` ${kind}` : ''}${detail ? ` ${detail}` : ''}`
  if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) {
    return new PixRefused(message, detail, kind)
  }
  return new PixUnavailable(message)
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
    chave?: unknown
    location?: unknown
    loc?: { location?: unknown }
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
  // The charge's location is given twice in the API (`location`, `loc.location`): either will do.
  const location = [charge.location, charge.loc?.location].find(
    (value): value is string => typeof value === 'string' && value !== '',
  )
  return {
    txid: charge.txid,
    status: charge.status as PixCharge['status'],
    amountCents,
    key: typeof charge.chave === 'string' ? charge.chave : null,
    location: location ?? null,
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
    chave?: unknown
    devolucoes?: unknown
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
    key: typeof pix.chave === 'string' && pix.chave !== '' ? pix.chave : null,
    refunds: (Array.isArray(pix.devolucoes) ? pix.devolucoes : []).flatMap((item: unknown) => {
      const id = (item as { id?: unknown } | null)?.id
      if (typeof id !== 'string') return []
      try {
        return [refundOf(item, id)]
      } catch {
        return []
      }
    }),
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
