import { END_TO_END_ID_PATTERN, pixAmount } from '#app/domain/plans.ts'
import {
  type Answer,
  PixNotFound,
  PixRefused,
  type PixTransport,
  PixUnavailable,
} from '#app/modules/payments/pix-transport.server.ts'
import type { PayoutInstitution, SentPix } from './institution.ts'

// Efí's payout API (ADR 0029), as its documentation and official SDKs (sdk-node-apis-efi,
// sdk-php-apis-efi) state it; an extension of its API Pix, on the same host, certificate and
// OAuth2 client, with versioned paths of its own:
// - send: PUT /v3/gn/pix/:idEnvio, scope pix.send; 201 { idEnvio, e2eId, valor, horario, status };
//   errors { nome, mensagem } (400 valor_invalido, chave_invalida…, 409 id_envio_duplicado for
//   any id used before, 422 pagamento_negado, 500 erro_aplicacao);
// - lookup: GET /v2/gn/pix/enviados/id-envio/:idEnvio, scope gn.pix.send.read; 200 { endToEndId,
//   idEnvio, valor, chave, status, horario, favorecido }; errors RFC 7807 (404
//   PixEnviadoNaoEncontrado).
// Efí reports a payout's end on the webhook of the paying key too; the site asks by lookup
// instead (withdrawals.server.ts), which needs no second path into the ledger.

/** Efí's scopes of its payout API (its SDKs' endpoint tables). */
export const EFI_PAYOUT_SCOPES = { send: 'pix.send', read: 'gn.pix.send.read' } as const

const STATUSES = new Set(['EM_PROCESSAMENTO', 'REALIZADO', 'NAO_REALIZADO'])

/**
 * Payouts through Efí on `url` (its API's origin, e.g. https://pix.api.efipay.com.br), paid
 * from the account's key `payerKey` (PIX_KEY).
 */
export function efiPayouts(url: string, payerKey: string, transport: PixTransport) {
  const idPath = (id: string) => encodeURIComponent(id)

  async function call(method: string, path: string, scope: string, body?: unknown) {
    const answer = await transport.call(method, `${url}${path}`, scope, body)
    if (answer.status >= 200 && answer.status < 300) return answer.body
    throw efiError(method, path, answer)
  }

  const institution: PayoutInstitution = {
    async send(input) {
      const body = await call('PUT', `/v3/gn/pix/${idPath(input.id)}`, EFI_PAYOUT_SCOPES.send, {
        valor: pixAmount(input.amountCents),
        pagador: { chave: payerKey, infoPagador: input.description.slice(0, 140) },
        favorecido: { chave: input.key },
      })
      // The documentation's example and the SDK's JSDoc name it e2eId; the SDK's newer schema
      // endToEndId, as the lookup does: either is read.
      const answer = body as { e2eId?: unknown; endToEndId?: unknown } | null
      return sentPixOf(body, input.id, answer?.e2eId ?? answer?.endToEndId)
    },
    async lookup(id) {
      const body = await call(
        'GET',
        `/v2/gn/pix/enviados/id-envio/${idPath(id)}`,
        EFI_PAYOUT_SCOPES.read,
      )
      return sentPixOf(body, id, (body as { endToEndId?: unknown } | null)?.endToEndId)
    },
  }
  return institution
}

/**
 * A payout from Efí's JSON; PixUnavailable when it is not one, or is of another id. Efí's lookup
 * documents no reason for a payout not made: `failure` stays null (the team sees NAO_REALIZADO).
 */
function sentPixOf(body: unknown, id: string, endToEndId: unknown): SentPix {
  const sent = body as { idEnvio?: unknown; status?: unknown } | null
  const status = sent?.status
  if (typeof status !== 'string' || !STATUSES.has(status) || sent?.idEnvio !== id) {
    throw new PixUnavailable('a payout Efí described oddly')
  }
  return {
    id,
    endToEndId:
      typeof endToEndId === 'string' && END_TO_END_ID_PATTERN.test(endToEndId) ? endToEndId : null,
    status: status as SentPix['status'],
    failure: null,
  }
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)

/**
 * The error an answer that is not 2xx stands for. The send refuses with `{ nome, mensagem }`, the
 * lookup with RFC 7807 problems (`type`, `title`, `detail`, `violacoes`); both are read wherever
 * they come, as Efí's PHP SDK does. The institution's words are kept for the team.
 */
function efiError(method: string, path: string, answer: Answer): Error {
  const body = answer.body as {
    nome?: unknown
    mensagem?: unknown
    type?: unknown
    detail?: unknown
    violacoes?: unknown
  } | null
  const kind = text(body?.nome) ?? text(body?.type)?.split('/').at(-1)
  const violation = (Array.isArray(body?.violacoes) ? body.violacoes[0] : undefined) as
    | { razao?: unknown; propriedade?: unknown }
    | undefined
  const reason = text(violation?.razao)
  const detail =
    [
      text(body?.mensagem) ?? text(body?.detail),
      reason && `${text(violation?.propriedade) ?? ''}: ${reason}`,
    ]
      .filter(Boolean)
      .join(' ') || undefined
  if (answer.status === 404) return new PixNotFound(`${method} ${path}: not found`)
  const message = `${method} ${path}: ${answer.status}${kind ? ` ${kind}` : ''}${detail ? ` ${detail}` : ''}`
  if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) {
    return new PixRefused(message, detail, kind)
  }
  return new PixUnavailable(message)
}
