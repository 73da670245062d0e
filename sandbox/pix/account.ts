import { randomUUID } from 'node:crypto'
import {
  cobQuerySchema,
  cobSolicitadaSchema,
  pixQuerySchema,
  webhookSolicitadoSchema,
} from '#app/modules/payments/pix-schemas.ts'
import { dynamicBrCode } from '#sandbox/pix/brcode.ts'
import {
  type Answer,
  answerRoute,
  CHARGE_REFUSAL,
  type KeepField,
  listRefusal,
  Problem,
  validated,
  violation,
  WEBHOOK_REFUSAL,
  windowAndPage,
  windowRule,
  withOptional,
} from '#sandbox/pix/strict.ts'
import type {
  PixCharge,
  PixChargeStatus,
  PixPayOptions,
  PixPayUnknownOptions,
  PixRefund,
  PixRefundRecord,
  ReceivedPix,
} from '#sandbox/pix/types.ts'

import { accountRoutes } from './account-routes.ts'
import {
  chargeRules,
  checkedRefund,
  isPositiveAmount,
  PAYER_ISPB,
  RECEIVER_ISPB,
  type StoredCharge,
  type StoredPix,
  spiId,
  type WebhookRegistration,
} from './account-rules.ts'

// The receiving account behind the local Pix server (institution.ts): its charges, the Pix it
// received, their refunds and its webhook, answering the "API Pix" v2 calls on them. Transport,
// tokens and outages are the server's business; this is what a PSP keeps and checks. Requests
// are checked with the project's schemas of the spec (app/modules/payments/pix-schemas.ts) and
// refused as the spec's problems (strict.ts); answers are checked with them too.

export type { Answer }
export { Problem }

export interface PixAccountSettings {
  receivingKey: string
  merchantName: string
  merchantCity: string
  /** The server's clock (ms), which a test may move forward. */
  nowMs(): number
  /** 'host:port' of the server, for charge locations. */
  host(): string
  /** Whether an answer about a thing carries an optional field (strict.ts). */
  keep: KeepField
  /** Called when a refund was accepted (the server settles it soon, unless held). */
  onRefundAccepted?(): void
}

/** A new, empty receiving account. */
export function createPixAccount(settings: PixAccountSettings) {
  const { receivingKey, merchantName, merchantCity, nowMs } = settings
  const nowIso = () => new Date(nowMs()).toISOString()
  const charges = new Map<string, StoredCharge>()
  const pixes = new Map<string, StoredPix>()
  const refunds = new Map<string, Map<string, PixRefund>>() // endToEndId -> id -> refund
  let webhook: WebhookRegistration | undefined
  let refundsFail = false
  /** Refunds accepted and not yet answered by the SPI, oldest first. */
  const pendingRefunds: { endToEndId: string; id: string; fail: boolean }[] = []
  let nextLocationId = 1

  // Answers leave out the optional fields `settings.keep` says to (the spec's `required` lists
  // name the others), each chosen once per thing so that it reads the same every time. A thing
  // is named by its place in order (the 3rd charge…), not by its ids, which the site makes at
  // random: so a seed replays a test run.
  const refundView = (endToEndId: string, made: PixRefund): PixRefund => {
    const pixOrdinal = pixes.get(endToEndId)?.ordinal ?? 0
    const index = [...(refunds.get(endToEndId)?.keys() ?? [])].indexOf(made.id)
    const thing = `devolucao:${pixOrdinal}:${index}`
    const fields = ['natureza', 'descricao', 'motivo'] as const
    return withOptional(structuredClone(made), thing, fields, settings.keep)
  }

  const pixView = ({ receivedAtMs: _, ordinal, ...stored }: StoredPix): ReceivedPix => {
    const thing = `pix:${ordinal}`
    const pix = withOptional(structuredClone(stored), thing, ['infoPagador'], settings.keep)
    const devolucoes = [...(refunds.get(pix.endToEndId)?.values() ?? [])].map((made) =>
      refundView(pix.endToEndId, made),
    )
    // Refunds made are always told; an empty list is sent or not.
    return devolucoes.length > 0 || settings.keep(thing, 'devolucoes')
      ? { ...pix, devolucoes }
      : pix
  }

  const chargeView = ({ charge, removed }: StoredCharge): PixCharge => {
    const received = [...pixes.values()].filter((pix) => pix.txid === charge.txid)
    // The real API leaves an expired, unpaid charge ATIVA; only a removal changes it. A charge
    // paid anyway (a late payment) is CONCLUIDA.
    const status: PixChargeStatus =
      received.length > 0 ? 'CONCLUIDA' : removed ? 'REMOVIDA_PELO_PSP' : 'ATIVA'
    const { valor, chave, ...head } = structuredClone(charge)
    const view: PixCharge = {
      ...head,
      status,
      valor,
      chave,
      ...(received.length > 0 ? { pix: received.map(pixView) } : {}),
    }
    return withOptional(
      view,
      `cob:${charge.loc.id}`,
      ['devedor', 'solicitacaoPagador', 'infoAdicionais', 'pixCopiaECola'],
      settings.keep,
    )
  }

  const storedCharge = (txid: string) => {
    const stored = charges.get(txid)
    if (!stored) throw new Problem(404, 'CobNaoEncontrado', 'Cobrança não encontrada.', txid)
    return stored
  }

  const storedPix = (endToEndId: string) => {
    const pix = pixes.get(endToEndId)
    if (!pix) throw new Problem(404, 'PixNaoEncontrado', 'Pix não encontrado.', endToEndId)
    return pix
  }

  function createCharge(txid: string, body: unknown): Answer {
    const cob = validated(cobSolicitadaSchema, body, { ...CHARGE_REFUSAL, prefix: 'cob.' }, (ok) =>
      chargeRules(txid, ok, receivingKey, charges.has(txid)),
    )
    const location = `${settings.host()}/qr/v2/${randomUUID()}`
    const criacao = nowIso()
    const stored: StoredCharge = {
      createdAtMs: nowMs(),
      removed: false,
      charge: {
        // chargeRules refused a charge without expiracao.
        calendario: { criacao, expiracao: Number(cob.calendario.expiracao) },
        txid,
        revisao: 0,
        loc: { id: nextLocationId++, location, tipoCob: 'cob', criacao },
        location,
        ...(cob.devedor === undefined ? {} : { devedor: cob.devedor }),
        valor: { original: cob.valor.original },
        chave: receivingKey,
        ...(cob.solicitacaoPagador === undefined
          ? {}
          : { solicitacaoPagador: cob.solicitacaoPagador }),
        ...(cob.infoAdicionais === undefined ? {} : { infoAdicionais: cob.infoAdicionais }),
        pixCopiaECola: dynamicBrCode({ location, merchantName, merchantCity }),
      },
    }
    charges.set(txid, stored)
    return { status: 201, body: chargeView(stored) }
  }

  function listCharges(query: URLSearchParams): Answer {
    const params = validated(
      cobQuerySchema,
      Object.fromEntries(query),
      listRefusal('CobConsultaInvalida'),
      windowRule,
    )
    const { inicio, fim, status } = params
    const { within, paginate } = windowAndPage(params)
    const matching = [...charges.values()]
      .filter((stored) => within(stored.createdAtMs))
      .map(chargeView)
      .filter((charge) => status === undefined || charge.status === status)
    const { paginacao, items } = paginate(matching)
    const parametros = { inicio, fim, ...(status === undefined ? {} : { status }), paginacao }
    return { status: 200, body: { parametros, cobs: items } }
  }

  function listPixes(query: URLSearchParams): Answer {
    const params = validated(
      pixQuerySchema,
      Object.fromEntries(query),
      listRefusal('PixConsultaInvalida'),
      windowRule,
    )
    const { inicio, fim, txid } = params
    const { within, paginate } = windowAndPage(params)
    const matching = [...pixes.values()].filter(
      (pix) => within(pix.receivedAtMs) && (txid === undefined || pix.txid === txid),
    )
    const { paginacao, items } = paginate(matching)
    return {
      status: 200,
      body: {
        parametros: { inicio, fim, ...(txid === undefined ? {} : { txid }), paginacao },
        pix: items.map(pixView),
      },
    }
  }

  function refund(endToEndId: string, id: string, body: unknown): Answer {
    const pix = storedPix(endToEndId)
    const ofPix = refunds.get(endToEndId) ?? new Map<string, PixRefund>()
    const { valor, natureza, descricao } = checkedRefund(pix, ofPix, id, body)
    // Accepted and sent to the SPI: its outcome comes later (settleRefund), as the spec's example.
    const made: PixRefund = {
      id,
      rtrId: spiId('D', RECEIVER_ISPB, nowMs()),
      valor,
      natureza,
      ...(descricao === undefined ? {} : { descricao }),
      horario: { solicitacao: nowIso() },
      status: 'EM_PROCESSAMENTO',
    }
    ofPix.set(id, made)
    refunds.set(endToEndId, ofPix)
    pendingRefunds.push({ endToEndId, id, fail: refundsFail })
    settings.onRefundAccepted?.()
    return { status: 201, body: structuredClone(made) }
  }

  /** The SPI's answer to an accepted refund: returned, or not (with why). */
  function settleRefund(endToEndId: string, id: string, returned: boolean): ReceivedPix {
    const made = refunds.get(endToEndId)?.get(id)
    if (!made) throw new Error(`no refund ${id} of ${endToEndId}`)
    if (made.status !== 'EM_PROCESSAMENTO') throw new Error(`refund ${id} is ${made.status}`)
    const index = pendingRefunds.findIndex((one) => one.endToEndId === endToEndId && one.id === id)
    if (index >= 0) pendingRefunds.splice(index, 1)
    if (returned) {
      made.status = 'DEVOLVIDO'
      made.horario.liquidacao = nowIso()
    } else {
      made.status = 'NAO_REALIZADO'
      made.motivo = 'Devolução não realizada pelo SPI (falha simulada).'
    }
    return pixView(storedPix(endToEndId))
  }

  function findRefund(endToEndId: string, id: string): Answer {
    storedPix(endToEndId)
    const found = refunds.get(endToEndId)?.get(id)
    if (!found) throw new Problem(404, 'DevolucaoNaoEncontrada', 'Devolução não encontrada.', id)
    return { status: 200, body: structuredClone(found) }
  }

  function registerWebhook(chave: string, body: unknown): Answer {
    const { webhookUrl } = validated(
      webhookSolicitadoSchema,
      body,
      { ...WEBHOOK_REFUSAL, prefix: 'webhook.' },
      () =>
        chave === receivingKey
          ? []
          : [violation('chave', 'A chave não pertence a este usuário recebedor.', chave)],
    )
    webhook = { webhookUrl, chave, criacao: nowIso() }
    // The spec's 200 has no body.
    return { status: 200 }
  }

  /** A refund's answer as the spec shapes it (the refund itself is refund()'s business). */
  const refundAnswer = (endToEndId: string, answer: Answer): Answer => ({
    ...answer,
    body: refundView(endToEndId, answer.body as PixRefund),
  })

  function registeredWebhook(chave: string): WebhookRegistration {
    if (!webhook || webhook.chave !== chave) {
      throw new Problem(404, 'WebhookNaoEncontrado', 'Webhook não encontrado.', chave)
    }
    return webhook
  }

  const routes = accountRoutes({
    createCharge,
    chargeView: (txid) => chargeView(storedCharge(txid)),
    listCharges,
    pixView: (endToEndId) => pixView(storedPix(endToEndId)),
    listPixes,
    refund,
    findRefund,
    refundAnswer,
    registerWebhook,
    registeredWebhook,
    removeWebhook: (chave) => {
      registeredWebhook(chave)
      webhook = undefined
    },
  })

  function receive(arrival: PixPayUnknownOptions): ReceivedPix {
    const endToEndId = arrival.endToEndId ?? spiId('E', PAYER_ISPB, nowMs())
    if (pixes.has(endToEndId)) throw new Error(`Pix ${endToEndId} was already received`)
    if (!isPositiveAmount(arrival.amount))
      throw new Error(`amount ${arrival.amount} is not "49.00"-like`)
    const stored: StoredPix = {
      endToEndId,
      ...(arrival.txid === undefined ? {} : { txid: arrival.txid }),
      valor: arrival.amount,
      chave: arrival.key ?? receivingKey,
      horario: arrival.at === undefined ? nowIso() : new Date(arrival.at).toISOString(),
      ...(arrival.payerMessage === undefined ? {} : { infoPagador: arrival.payerMessage }),
      ...(arrival.payerName === undefined ? {} : { pagador: { nome: arrival.payerName } }),
      receivedAtMs: nowMs(),
      ordinal: pixes.size + 1,
    }
    pixes.set(endToEndId, stored)
    return pixView(stored)
  }

  return {
    /** Answers an API call; `apiPath` is the path after /api/v2. Throws a Problem to refuse. */
    answer(method: string, apiPath: string, body: unknown, query: URLSearchParams): Answer {
      for (const route of routes) {
        const match = route.path.exec(apiPath)
        if (match && route.method === method) return answerRoute(route, match.slice(1), body, query)
      }
      throw new Problem(404, 'NaoEncontrado', 'Não encontrado.', `${method} ${apiPath}`)
    },
    charge(txid: string): PixCharge | undefined {
      const stored = charges.get(txid)
      return stored && chargeView(stored)
    },
    charges: (): PixCharge[] => [...charges.values()].map(chargeView),
    pixes: (): ReceivedPix[] => [...pixes.values()].map(pixView),
    pix(endToEndId: string): ReceivedPix | undefined {
      const stored = pixes.get(endToEndId)
      return stored && pixView(stored)
    },
    refunds: (): PixRefundRecord[] =>
      [...refunds.entries()].flatMap(([endToEndId, ofPix]) =>
        [...ofPix.values()].map((made) => ({ ...structuredClone(made), endToEndId })),
      ),
    /** A payer pays the charge; refused when it expired or was removed, unless `late`. */
    payCharge(txid: string, options: PixPayOptions): ReceivedPix {
      const stored = charges.get(txid)
      if (!stored) throw new Error(`no charge with txid ${txid}`)
      const { criacao, expiracao } = stored.charge.calendario
      const expired = nowMs() > Date.parse(criacao) + expiracao * 1000
      if ((stored.removed || expired) && !options.late) {
        const state = stored.removed ? 'removed' : 'expired'
        throw new Error(`charge ${txid} is ${state}; pass { late: true } to pay it anyway`)
      }
      return receive({ ...options, amount: options.amount ?? stored.charge.valor.original, txid })
    },
    /** A Pix for a txid never issued, or for none. */
    receiveUnknown(options: PixPayUnknownOptions): ReceivedPix {
      if (options.txid !== undefined && charges.has(options.txid)) {
        throw new Error(`txid ${options.txid} was issued: use pay()`)
      }
      return receive(options)
    },
    expire(txid: string) {
      const stored = charges.get(txid)
      if (!stored) throw new Error(`no charge with txid ${txid}`)
      stored.removed = true
    },
    failRefunds(fail: boolean) {
      refundsFail = fail
    },
    settleRefund,
    /** The refunds accepted and not yet settled, oldest first, with the outcome each will get. */
    pendingRefunds: () => pendingRefunds.map((one) => ({ ...one })),
    webhookUrl: () => webhook?.webhookUrl,
  }
}

export type PixAccount = ReturnType<typeof createPixAccount>
