import { randomInt, randomUUID } from 'node:crypto'
import { dynamicBrCode } from '#tests/support/pix-brcode.ts'
import type {
  PixCharge,
  PixChargeStatus,
  PixPayOptions,
  PixPayUnknownOptions,
  PixRefund,
  PixRefundRecord,
  ReceivedPix,
} from '#tests/support/pix-types.ts'

// The receiving account behind the local Pix server (pix-server.ts): its charges, the Pix it
// received, their refunds and its webhook, answering the "API Pix" v2 calls on them. Transport,
// tokens and outages are the server's business; this is what a PSP keeps and checks.

const DEFAULT_EXPIRY_SECONDS = 86_400
// ISPBs in the ids: the payer's bank for received Pix, ours for refunds (any 8 digits do).
const PAYER_ISPB = '18236120'
const RECEIVER_ISPB = '00000000'

const TXID = /^[a-zA-Z0-9]{26,35}$/
const REFUND_ID = /^[a-zA-Z0-9]{1,35}$/
const AMOUNT = /^\d{1,10}\.\d{2}$/

/** A refusal in the API's problem JSON (RFC 7807); `type` is the last part of the BCB's URI. */
export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly title: string,
    readonly detail: string,
    /** The property the request got wrong, listed in the problem's `violacoes`. */
    readonly propriedade?: string,
  ) {
    super(detail)
  }
}

export interface Answer {
  status: number
  body?: object
}

interface Route {
  method: string
  path: RegExp
  answer(params: string[], body: unknown, query: URLSearchParams): Answer
}

interface StoredCharge {
  charge: Omit<PixCharge, 'status' | 'pix'>
  createdAtMs: number
  removed: boolean
}

interface StoredPix extends Omit<ReceivedPix, 'devolucoes'> {
  receivedAtMs: number
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

/** The `inicio`/`fim` window and `paginacao.*` page of a list query, as the API defines them. */
function windowAndPage(query: URLSearchParams, errorType: string) {
  const inicio = query.get('inicio') ?? ''
  const fim = query.get('fim') ?? ''
  const inicioMs = Date.parse(inicio)
  const fimMs = Date.parse(fim)
  const paginaAtual = Number(query.get('paginacao.paginaAtual') ?? 0)
  const itensPorPagina = Number(query.get('paginacao.itensPorPagina') ?? 100)
  const invalid = (detail: string) => new Problem(400, errorType, 'Consulta inválida.', detail)
  if (Number.isNaN(inicioMs) || Number.isNaN(fimMs)) throw invalid('`inicio` e `fim` (RFC 3339).')
  if (!Number.isInteger(paginaAtual) || paginaAtual < 0) {
    throw invalid('`paginacao.paginaAtual` deve ser >= 0.')
  }
  if (!Number.isInteger(itensPorPagina) || itensPorPagina < 1 || itensPorPagina > 1000) {
    throw invalid('`paginacao.itensPorPagina` deve ser de 1 a 1000.')
  }
  const within = (ms: number) => ms >= inicioMs && ms <= fimMs
  const paginate = <T>(items: T[]) => ({
    paginacao: {
      paginaAtual,
      itensPorPagina,
      quantidadeDePaginas: Math.ceil(items.length / itensPorPagina),
      quantidadeTotalDeItens: items.length,
    },
    items: items.slice(paginaAtual * itensPorPagina, (paginaAtual + 1) * itensPorPagina),
  })
  return { inicio, fim, within, paginate }
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

  const pixView = ({ receivedAtMs: _, ...pix }: StoredPix): ReceivedPix => {
    const devolucoes = [...(refunds.get(pix.endToEndId)?.values() ?? [])]
    return structuredClone(devolucoes.length > 0 ? { ...pix, devolucoes } : pix)
  }

  const chargeView = ({ charge, removed }: StoredCharge): PixCharge => {
    const received = [...pixes.values()].filter((pix) => pix.txid === charge.txid)
    // The real API leaves an expired, unpaid charge ATIVA; only a removal changes it. A charge
    // paid anyway (a late payment) is CONCLUIDA.
    const status: PixChargeStatus =
      received.length > 0 ? 'CONCLUIDA' : removed ? 'REMOVIDA_PELO_PSP' : 'ATIVA'
    const { valor, chave, solicitacaoPagador, pixCopiaECola, ...head } = structuredClone(charge)
    return {
      ...head,
      status,
      valor,
      chave,
      ...(solicitacaoPagador === undefined ? {} : { solicitacaoPagador }),
      pixCopiaECola,
      ...(received.length > 0 ? { pix: received.map(pixView) } : {}),
    }
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
    const invalid = (detail: string) =>
      new Problem(400, 'CobOperacaoInvalida', 'Cobrança inválida.', detail)
    if (!TXID.test(txid)) throw invalid('O txid deve ter de 26 a 35 letras e algarismos.')
    if (!isRecord(body)) throw invalid('O corpo deve ser um objeto JSON.')
    const { calendario, valor, chave, solicitacaoPagador } = body
    const expiracao = isRecord(calendario) ? calendario.expiracao : undefined
    if (expiracao !== undefined && (!Number.isInteger(expiracao) || Number(expiracao) <= 0)) {
      throw invalid('`calendario.expiracao` deve ser um inteiro positivo (segundos).')
    }
    if (!isRecord(valor) || !isPositiveAmount(valor.original)) {
      throw invalid('`valor.original` deve ser um valor positivo como "49.00".')
    }
    if (chave !== receivingKey) throw invalid('`chave` não pertence a este recebedor.')
    if (
      solicitacaoPagador !== undefined &&
      (typeof solicitacaoPagador !== 'string' || solicitacaoPagador.length > 140)
    ) {
      throw invalid('`solicitacaoPagador` deve ser um texto de até 140 caracteres.')
    }
    if (charges.has(txid)) {
      throw new Problem(409, 'CobOperacaoInvalida', 'Cobrança já existe.', `txid ${txid} já usado.`)
    }
    const location = `${settings.host()}/qr/v2/${randomUUID()}`
    const stored: StoredCharge = {
      createdAtMs: nowMs(),
      removed: false,
      charge: {
        calendario: {
          criacao: nowIso(),
          expiracao: expiracao === undefined ? DEFAULT_EXPIRY_SECONDS : Number(expiracao),
        },
        txid,
        revisao: 0,
        loc: { id: nextLocationId++, location, tipoCob: 'cob' },
        location,
        valor: { original: valor.original },
        chave: receivingKey,
        ...(solicitacaoPagador === undefined ? {} : { solicitacaoPagador }),
        pixCopiaECola: dynamicBrCode({ location, merchantName, merchantCity }),
      },
    }
    charges.set(txid, stored)
    return { status: 201, body: chargeView(stored) }
  }

  function listCharges(query: URLSearchParams): Answer {
    const { inicio, fim, within, paginate } = windowAndPage(query, 'CobConsultaInvalida')
    const status = query.get('status')
    const matching = [...charges.values()]
      .filter((stored) => within(stored.createdAtMs))
      .map(chargeView)
      .filter((charge) => status === null || charge.status === status)
    const { paginacao, items } = paginate(matching)
    const parametros = { inicio, fim, ...(status === null ? {} : { status }), paginacao }
    return { status: 200, body: { parametros, cobs: items } }
  }

  function listPixes(query: URLSearchParams): Answer {
    const { inicio, fim, within, paginate } = windowAndPage(query, 'PixConsultaInvalida')
    const txid = query.get('txid')
    const matching = [...pixes.values()].filter(
      (pix) => within(pix.receivedAtMs) && (txid === null || pix.txid === txid),
    )
    const { paginacao, items } = paginate(matching)
    return {
      status: 200,
      body: { parametros: { inicio, fim, paginacao }, pix: items.map(pixView) },
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
    const invalid = (detail: string) =>
      new Problem(400, 'WebhookOperacaoInvalida', 'Webhook inválido.', detail)
    if (chave !== receivingKey) throw invalid('A chave não pertence a este recebedor.')
    const webhookUrl = isRecord(body) ? body.webhookUrl : undefined
    if (
      typeof webhookUrl !== 'string' ||
      !URL.canParse(webhookUrl) ||
      !['http:', 'https:'].includes(new URL(webhookUrl).protocol)
    ) {
      throw invalid('`webhookUrl` deve ser uma URL http ou https.')
    }
    webhook = { webhookUrl, chave, criacao: nowIso() }
    return { status: 200, body: {} }
  }

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
      answer: ([txid = ''], body) => createCharge(txid, body),
    },
    {
      method: 'GET',
      path: /^\/cob\/([^/]+)$/,
      answer: ([txid = '']) => ({ status: 200, body: chargeView(storedCharge(txid)) }),
    },
    { method: 'GET', path: /^\/cob$/, answer: (_, __, query) => listCharges(query) },
    {
      method: 'GET',
      path: /^\/pix\/([^/]+)$/,
      answer: ([endToEndId = '']) => ({ status: 200, body: pixView(storedPix(endToEndId)) }),
    },
    { method: 'GET', path: /^\/pix$/, answer: (_, __, query) => listPixes(query) },
    {
      method: 'PUT',
      path: /^\/pix\/([^/]+)\/devolucao\/([^/]+)$/,
      answer: ([endToEndId = '', id = ''], body) => refund(endToEndId, id, body),
    },
    {
      method: 'GET',
      path: /^\/pix\/([^/]+)\/devolucao\/([^/]+)$/,
      answer: ([endToEndId = '', id = '']) => findRefund(endToEndId, id),
    },
    {
      method: 'PUT',
      path: /^\/webhook\/([^/]+)$/,
      answer: ([chave = ''], body) => registerWebhook(chave, body),
    },
    {
      method: 'GET',
      path: /^\/webhook\/([^/]+)$/,
      answer: ([chave = '']) => ({ status: 200, body: { ...registeredWebhook(chave) } }),
    },
    {
      method: 'DELETE',
      path: /^\/webhook\/([^/]+)$/,
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
      horario: nowIso(),
      ...(arrival.payerMessage === undefined ? {} : { infoPagador: arrival.payerMessage }),
      ...(arrival.payerName === undefined ? {} : { pagador: { nome: arrival.payerName } }),
      receivedAtMs: nowMs(),
    }
    pixes.set(endToEndId, stored)
    return pixView(stored)
  }

  return {
    /** Answers an API call; `apiPath` is the path after /api/v2. Throws a Problem to refuse. */
    answer(method: string, apiPath: string, body: unknown, query: URLSearchParams): Answer {
      for (const route of routes) {
        const match = route.path.exec(apiPath)
        if (match && route.method === method) {
          return route.answer(match.slice(1).map(decodeURIComponent), body, query)
        }
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
