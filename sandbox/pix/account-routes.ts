// The "API Pix" v2 calls the receiving account answers (account.ts), as a table: each call's
// method and path, the ids it carries, how the spec refuses it and the schema of its answer.
import {
  cobCompletaSchema,
  cobGeradaSchema,
  cobsConsultadasSchema,
  devolucaoSchema,
  devolucaoSolicitadaSchema,
  pixConsultadosSchema,
  pixEndToEndIdSchema,
  pixRefundIdSchema,
  pixSchema,
  pixTxidSchema,
  pixWebhookKeySchema,
} from '#app/modules/payments/pix-schemas.ts'
import {
  type Answer,
  CHARGE_REFUSAL,
  REFUND_REFUSAL,
  REQUEST_REFUSAL,
  type Route,
  validated,
  WEBHOOK_REFUSAL,
} from '#sandbox/pix/strict.ts'
import type { PixCharge, ReceivedPix } from '#sandbox/pix/types.ts'
import type { WebhookRegistration } from './account-rules.ts'

/** What the account does for each call; the table only routes to it. */
export interface AccountCalls {
  createCharge(txid: string, body: unknown): Answer
  chargeView(txid: string): PixCharge
  listCharges(query: URLSearchParams): Answer
  pixView(endToEndId: string): ReceivedPix
  listPixes(query: URLSearchParams): Answer
  refund(endToEndId: string, id: string, body: unknown): Answer
  findRefund(endToEndId: string, id: string): Answer
  refundAnswer(endToEndId: string, answer: Answer): Answer
  registerWebhook(chave: string, body: unknown): Answer
  registeredWebhook(chave: string): WebhookRegistration
  removeWebhook(chave: string): void
}

/** The routes of the account's calls. */
export function accountRoutes(calls: AccountCalls): Route[] {
  return [
    {
      method: 'PUT',
      path: /^\/cob\/([^/]+)$/,
      refusal: CHARGE_REFUSAL,
      ids: [{ name: 'txid', schema: pixTxidSchema }],
      answers: cobGeradaSchema,
      answer: ([txid = ''], body) => calls.createCharge(txid, body),
    },
    {
      method: 'GET',
      path: /^\/cob\/([^/]+)$/,
      refusal: { ...REQUEST_REFUSAL, type: 'CobConsultaInvalida' },
      ids: [{ name: 'txid', schema: pixTxidSchema }],
      answers: cobCompletaSchema,
      answer: ([txid = '']) => ({ status: 200, body: calls.chargeView(txid) }),
    },
    {
      method: 'GET',
      path: /^\/cob$/,
      answers: cobsConsultadasSchema,
      answer: (_, __, query) => calls.listCharges(query),
    },
    {
      method: 'GET',
      path: /^\/pix\/([^/]+)$/,
      ids: [{ name: 'e2eid', schema: pixEndToEndIdSchema }],
      answers: pixSchema,
      answer: ([endToEndId = '']) => ({ status: 200, body: calls.pixView(endToEndId) }),
    },
    {
      method: 'GET',
      path: /^\/pix$/,
      answers: pixConsultadosSchema,
      answer: (_, __, query) => calls.listPixes(query),
    },
    {
      method: 'PUT',
      path: /^\/pix\/([^/]+)\/devolucao\/([^/]+)$/,
      refusal: REFUND_REFUSAL,
      ids: [
        { name: 'e2eid', schema: pixEndToEndIdSchema },
        { name: 'id', schema: pixRefundIdSchema },
      ],
      answers: devolucaoSchema,
      answer: ([endToEndId = '', id = ''], body) => {
        validated(devolucaoSolicitadaSchema, body, { ...REFUND_REFUSAL, prefix: 'devolucao.' })
        return calls.refundAnswer(endToEndId, calls.refund(endToEndId, id, body))
      },
    },
    {
      method: 'GET',
      path: /^\/pix\/([^/]+)\/devolucao\/([^/]+)$/,
      ids: [
        { name: 'e2eid', schema: pixEndToEndIdSchema },
        { name: 'id', schema: pixRefundIdSchema },
      ],
      answers: devolucaoSchema,
      answer: ([endToEndId = '', id = '']) =>
        calls.refundAnswer(endToEndId, calls.findRefund(endToEndId, id)),
    },
    {
      method: 'PUT',
      path: /^\/webhook\/([^/]+)$/,
      refusal: WEBHOOK_REFUSAL,
      ids: [{ name: 'chave', schema: pixWebhookKeySchema }],
      answer: ([chave = ''], body) => calls.registerWebhook(chave, body),
    },
    {
      method: 'GET',
      path: /^\/webhook\/([^/]+)$/,
      ids: [{ name: 'chave', schema: pixWebhookKeySchema }],
      answer: ([chave = '']) => ({ status: 200, body: { ...calls.registeredWebhook(chave) } }),
    },
    {
      method: 'DELETE',
      path: /^\/webhook\/([^/]+)$/,
      ids: [{ name: 'chave', schema: pixWebhookKeySchema }],
      answer: ([chave = '']) => {
        calls.removeWebhook(chave)
        return { status: 204 }
      },
    },
  ]
}
