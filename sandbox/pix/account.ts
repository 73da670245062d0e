import { randomInt, randomUUID } from 'node:crypto'
import { isValidCpf } from '#app/domain/gifts.ts'
import {
  type CobSolicitada,
  cobCompletaSchema,
  cobGeradaSchema,
  cobQuerySchema,
  cobSolicitadaSchema,
  cobsConsultadasSchema,
  devolucaoSchema,
  devolucaoSolicitadaSchema,
  pixConsultadosSchema,
  pixEndToEndIdSchema,
  pixQuerySchema,
  pixRefundIdSchema,
  pixSchema,
  pixTxidSchema,
  pixWebhookKeySchema,
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
  REFUND_REFUSAL,
  REQUEST_REFUSAL,
  type Route,
  type Violation,
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

// The receiving account behind the local Pix server (institution.ts): its charges, the Pix it
// received, their refunds and its webhook, answering the "API Pix" v2 calls on them. Transport,
// tokens and outages are the server's business; this is what a PSP keeps and checks. Requests
// are checked with the project's schemas of the spec (app/modules/payments/pix-schemas.ts) and
// refused as the spec's problems (strict.ts); answers are checked with them too.

// ISPBs in the ids: the payer's bank for received Pix, ours for refunds (any 8 digits do).
const PAYER_ISPB = '18236120'
const RECEIVER_ISPB = '00000000'

const REFUND_ID = /^[a-zA-Z0-9]{1,35}$/
const AMOUNT = /^\d{1,10}\.\d{2}$/

export type { Answer }
export { Problem }

interface StoredCharge {
  charge: Omit<PixCharge, 'status' | 'pix'>
  createdAtMs: number
  removed: boolean
}

interface StoredPix extends Omit<ReceivedPix, 'devolucoes'> {
  receivedAtMs: number
  /** 1 for the first Pix received, 2 for the next… (what its optional fields hang on). */
  ordinal: number
}

interface WebhookRegistration {
  webhookUrl: string
  chave: string
  criacao: string
}

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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** '49.00' -> 4900; amounts are compared in cents so that sums are exact. */
const cents = (amount: string) => Number(amount.replace('.', ''))

const isPositiveAmount = (value: unknown): value is string =>
  typeof value === 'string' && AMOUNT.test(value) && cents(value) > 0

/** An id as the SPI makes them: prefix + ISPB + yyyyMMddHHmm (UTC) + 11 letters and digits. */
function spiId(prefix: 'E' | 'D', ispb: string, atMs: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  const stamp = new Date(atMs).toISOString().replace(/\D/g, '').slice(0, 12)
  const tail = Array.from({ length: 11 }, () => alphabet[randomInt(alphabet.length)]).join('')
  return `${prefix}${ispb}${stamp}${tail}`
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

  /** What this institution refuses in a charge that respects the schema. */
  function chargeRules(txid: string, cob: CobSolicitada): Violation[] {
    const found: Violation[] = []
    // The spec lets the expiry default to a day; this institution wants it said, so that a
    // client relying on the default is caught.
    if (cob.calendario.expiracao === undefined) {
      found.push(
        violation('cob.calendario.expiracao', 'Esta instituição exige cob.calendario.expiracao.'),
      )
    }
    if (cents(cob.valor.original) === 0) {
      found.push(violation('cob.valor.original', 'O valor da cobrança é zero.', '0.00'))
    }
    if (cob.devedor && 'cpf' in cob.devedor && !isValidCpf(cob.devedor.cpf)) {
      found.push(
        violation(
          'cob.devedor.cpf',
          'Os dígitos verificadores do CPF não conferem.',
          cob.devedor.cpf,
        ),
      )
    }
    if (cob.chave !== receivingKey) {
      found.push(
        violation('cob.chave', 'A chave não pertence a este usuário recebedor.', cob.chave),
      )
    }
    // The spec documents 400, not 409, for PUT /cob/{txid}: a txid names one charge for good.
    if (charges.has(txid)) {
      found.push(violation('txid', 'O txid já foi utilizado por outra cobrança.', txid))
    }
    return found
  }

  function createCharge(txid: string, body: unknown): Answer {
    const cob = validated(cobSolicitadaSchema, body, { ...CHARGE_REFUSAL, prefix: 'cob.' }, (ok) =>
      chargeRules(txid, ok),
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
    const invalid = (detail: string, propriedade?: string) =>
      new Problem(400, 'PixDevolucaoInvalida', 'Devolução inválida.', detail, propriedade)
    if (!REFUND_ID.test(id)) throw invalid('O id deve ter de 1 a 35 letras e algarismos.', 'id')
    const ofPix = refunds.get(endToEndId) ?? new Map<string, PixRefund>()
    // The API Pix: an id already used for this e2eid is refused (it is not an idempotency key);
    // what became of that refund is read with GET.
    if (ofPix.has(id)) {
      throw invalid(`O id ${id} já foi utilizado por outra devolução deste Pix.`, 'id')
    }
    if (!isRecord(body) || !isPositiveAmount(body.valor)) {
      throw invalid('`valor` deve ser um valor positivo como "49.00".', 'valor')
    }
    const natureza = body.natureza ?? 'ORIGINAL'
    if (natureza !== 'ORIGINAL' && natureza !== 'RETIRADA') {
      throw invalid('`natureza` inválida.', 'natureza')
    }
    if (
      body.descricao !== undefined &&
      (typeof body.descricao !== 'string' || body.descricao.length > 140)
    ) {
      throw invalid('`descricao` deve ser um texto de até 140 caracteres.', 'descricao')
    }
    const alreadyRefunded = [...ofPix.values()]
      .filter((made) => made.status !== 'NAO_REALIZADO')
      .reduce((sum, made) => sum + cents(made.valor), 0)
    if (alreadyRefunded + cents(body.valor) > cents(pix.valor)) {
      throw invalid('A soma das devoluções ultrapassaria o valor do Pix.', 'valor')
    }
    // Accepted and sent to the SPI: its outcome comes later (settleRefund), as the spec's example.
    const made: PixRefund = {
      id,
      rtrId: spiId('D', RECEIVER_ISPB, nowMs()),
      valor: body.valor,
      natureza,
      ...(body.descricao === undefined ? {} : { descricao: body.descricao }),
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

  const routes: Route[] = [
    {
      method: 'PUT',
      path: /^\/cob\/([^/]+)$/,
      refusal: CHARGE_REFUSAL,
      ids: [{ name: 'txid', schema: pixTxidSchema }],
      answers: cobGeradaSchema,
      answer: ([txid = ''], body) => createCharge(txid, body),
    },
    {
      method: 'GET',
      path: /^\/cob\/([^/]+)$/,
      refusal: { ...REQUEST_REFUSAL, type: 'CobConsultaInvalida' },
      ids: [{ name: 'txid', schema: pixTxidSchema }],
      answers: cobCompletaSchema,
      answer: ([txid = '']) => ({ status: 200, body: chargeView(storedCharge(txid)) }),
    },
    {
      method: 'GET',
      path: /^\/cob$/,
      answers: cobsConsultadasSchema,
      answer: (_, __, query) => listCharges(query),
    },
    {
      method: 'GET',
      path: /^\/pix\/([^/]+)$/,
      ids: [{ name: 'e2eid', schema: pixEndToEndIdSchema }],
      answers: pixSchema,
      answer: ([endToEndId = '']) => ({ status: 200, body: pixView(storedPix(endToEndId)) }),
    },
    {
      method: 'GET',
      path: /^\/pix$/,
      answers: pixConsultadosSchema,
      answer: (_, __, query) => listPixes(query),
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
        return refundAnswer(endToEndId, refund(endToEndId, id, body))
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
      answer: ([endToEndId = '', id = '']) => refundAnswer(endToEndId, findRefund(endToEndId, id)),
    },
    {
      method: 'PUT',
      path: /^\/webhook\/([^/]+)$/,
      refusal: WEBHOOK_REFUSAL,
      ids: [{ name: 'chave', schema: pixWebhookKeySchema }],
      answer: ([chave = ''], body) => registerWebhook(chave, body),
    },
    {
      method: 'GET',
      path: /^\/webhook\/([^/]+)$/,
      ids: [{ name: 'chave', schema: pixWebhookKeySchema }],
      answer: ([chave = '']) => ({ status: 200, body: { ...registeredWebhook(chave) } }),
    },
    {
      method: 'DELETE',
      path: /^\/webhook\/([^/]+)$/,
      ids: [{ name: 'chave', schema: pixWebhookKeySchema }],
      answer: ([chave = '']) => {
        registeredWebhook(chave)
        webhook = undefined
        return { status: 204 }
      },
    },
  ]

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
