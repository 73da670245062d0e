import { randomInt } from 'node:crypto'
import type { PayoutOutcome, PixSent } from '#sandbox/pix/types.ts'

// The local institution's payouts (institution.ts routes them): Efí's payout API, an extension of
// its API Pix that the Banco Central's specification does not cover, answering only with the
// shapes and status codes Efí documents (its developer pages and official SDKs; ADR 0029):
// - PUT /v3/gn/pix/{idEnvio} (scope pix.send): 201 { idEnvio, e2eId, valor, horario, status }, or
//   { nome, mensagem } with 400 (a field Efí refuses), 409 (an id used before, whatever the
//   body), 422 (a payment its analysis refused);
// - GET /v2/gn/pix/enviados/id-envio/{idEnvio} (scope gn.pix.send.read): 200 { endToEndId,
//   idEnvio, valor, chave, status, infoPagador?, horario, favorecido }, or an RFC 7807 problem
//   (404 PixEnviadoNaoEncontrado).

/** Efí's ISPB, in the end-to-end ids it gives (its documentation's examples). */
const EFI_ISPB = '09089356'
const ID_ENVIO = /^[a-zA-Z0-9]{1,35}$/
const VALOR = /^\d{1,10}\.\d{2}$/
/** A key of the DICT: at most 77 characters (Efí's schema of `chave`). */
const MAX_KEY = 77
const MAX_INFO = 140

export const PAYOUT_SEND_PATH = /^\/v3\/gn\/pix\/([^/]+)$/
export const PAYOUT_LOOKUP_PATH = /^\/v2\/gn\/pix\/enviados\/id-envio\/([^/]+)$/

export interface PayoutAnswer {
  status: number
  body: object
  contentType?: string
}

export interface PixPayoutsSettings {
  /** The account's key: the only `pagador.chave` accepted. */
  receivingKey: string
  /** The server's clock (ms). */
  nowMs(): number
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Efí's refusal of a send: `{ nome, mensagem }`, not RFC 7807. */
const refusal = (status: number, nome: string, mensagem: string): PayoutAnswer => ({
  status,
  body: { nome, mensagem },
})

/** 'E' + Efí's ISPB + yyyyMMddHHmm (UTC) + 11 letters and digits. */
function endToEndId(atMs: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  const stamp = new Date(atMs).toISOString().replace(/\D/g, '').slice(0, 12)
  const tail = Array.from({ length: 11 }, () => alphabet[randomInt(alphabet.length)]).join('')
  return `E${EFI_ISPB}${stamp}${tail}`
}

/** Why the body of a send is refused (Efí's `valor_invalido` words), or undefined. */
function invalidField(body: Record<string, unknown>): string | undefined {
  const { valor, pagador, favorecido } = body
  if (typeof valor !== 'string' || !VALOR.test(valor) || Number(valor) <= 0) {
    return 'Campo valor deve ser um valor maior que zero, como "12.34".'
  }
  if (!isRecord(pagador) || typeof pagador.chave !== 'string') {
    return 'Campo pagador.chave é obrigatório.'
  }
  const { infoPagador } = pagador
  if (
    infoPagador !== undefined &&
    (typeof infoPagador !== 'string' || infoPagador.length > MAX_INFO)
  ) {
    return `Campo pagador.infoPagador deve ser um texto de até ${MAX_INFO} caracteres.`
  }
  if (!isRecord(favorecido) || typeof favorecido.chave !== 'string' || favorecido.chave === '') {
    return 'Campo favorecido.chave é obrigatório.'
  }
  if (favorecido.chave.length > MAX_KEY) {
    return `Campo favorecido.chave deve ter até ${MAX_KEY} caracteres.`
  }
  return undefined
}

/** The payouts of a new account. */
export function createPixPayouts(settings: PixPayoutsSettings) {
  const { receivingKey, nowMs } = settings
  const nowIso = () => new Date(nowMs()).toISOString()
  const sent = new Map<string, PixSent>()
  let outcome: PayoutOutcome = 'pay'

  function send(idEnvio: string, body: unknown): PayoutAnswer {
    if (!ID_ENVIO.test(idEnvio)) {
      return refusal(400, 'valor_invalido', 'O idEnvio deve ter de 1 a 35 letras e algarismos.')
    }
    if (!isRecord(body)) return refusal(400, 'valor_invalido', 'O corpo deve ser um objeto JSON.')
    const invalid = invalidField(body)
    if (invalid) return refusal(400, 'valor_invalido', invalid)
    const pagador = body.pagador as { chave: string; infoPagador?: string }
    const favorecido = body.favorecido as { chave: string }
    if (pagador.chave !== receivingKey) {
      return refusal(
        400,
        'chave_invalida',
        'A chave informada não faz referência à conta Efí autenticada',
      )
    }
    // Any id used before, with the same body or not: Efí never answers a repeat with the payout.
    if (sent.has(idEnvio)) {
      return refusal(
        409,
        'id_envio_duplicado',
        'O id de envio informado já foi utilizado em outro pagamento',
      )
    }
    if (outcome === 'refuse')
      return refusal(422, 'pagamento_negado', 'Pagamento negado por análises')
    const payout: PixSent = {
      idEnvio,
      endToEndId: endToEndId(nowMs()),
      valor: body.valor as string,
      chave: favorecido.chave,
      ...(pagador.infoPagador === undefined ? {} : { infoPagador: pagador.infoPagador }),
      horario: { solicitacao: nowIso() },
      status: 'EM_PROCESSAMENTO',
    }
    sent.set(idEnvio, payout)
    const answer = {
      idEnvio,
      e2eId: payout.endToEndId,
      valor: payout.valor,
      horario: { solicitacao: payout.horario.solicitacao },
      status: 'EM_PROCESSAMENTO',
    }
    // Paid or not by the SPI shortly after the answer: the next lookup says which.
    if (outcome === 'pay') settle(payout, true)
    if (outcome === 'fail') settle(payout, false)
    return { status: 201, body: answer }
  }

  function settle(payout: PixSent, paid: boolean) {
    payout.status = paid ? 'REALIZADO' : 'NAO_REALIZADO'
    payout.horario.liquidacao = nowIso()
  }

  function lookup(idEnvio: string): PayoutAnswer {
    const payout = sent.get(idEnvio)
    if (!payout) {
      return {
        status: 404,
        contentType: 'application/problem+json',
        body: {
          type: 'https://pix.bcb.gov.br/api/v2/error/PixEnviadoNaoEncontrado',
          title: 'Não Encontrado',
          status: 404,
          detail: 'Pix enviado não encontrado para o idEnvio informado.',
        },
      }
    }
    // `chave` is the paying key; the key paid is the favorecido's.
    return {
      status: 200,
      body: {
        endToEndId: payout.endToEndId,
        idEnvio,
        valor: payout.valor,
        chave: receivingKey,
        status: payout.status,
        ...(payout.infoPagador === undefined ? {} : { infoPagador: payout.infoPagador }),
        horario: structuredClone(payout.horario),
        favorecido: { chave: payout.chave },
      },
    }
  }

  return {
    /** Whether `path` is one of the payout routes (on the institution's origin). */
    handles: (path: string) => PAYOUT_SEND_PATH.test(path) || PAYOUT_LOOKUP_PATH.test(path),
    /** Answers a payout call; undefined when no route has that method and path. */
    answer(method: string, path: string, body: unknown): PayoutAnswer | undefined {
      const toSend = PAYOUT_SEND_PATH.exec(path)
      if (toSend && method === 'PUT') return send(decodeURIComponent(toSend[1] ?? ''), body)
      const toRead = PAYOUT_LOOKUP_PATH.exec(path)
      if (toRead && method === 'GET') return lookup(decodeURIComponent(toRead[1] ?? ''))
      return undefined
    },
    payouts: (): PixSent[] => [...sent.values()].map((payout) => structuredClone(payout)),
    payoutOutcome(next: PayoutOutcome) {
      outcome = next
    },
    settlePayout(idEnvio: string, paid: boolean) {
      const payout = sent.get(idEnvio)
      if (!payout) throw new Error(`no payout ${idEnvio}`)
      if (payout.status !== 'EM_PROCESSAMENTO') {
        throw new Error(`payout ${idEnvio} is ${payout.status}`)
      }
      settle(payout, paid)
    },
  }
}

export type PixPayouts = ReturnType<typeof createPixPayouts>
