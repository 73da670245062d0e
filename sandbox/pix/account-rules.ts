// The receiving account's rules and records (account.ts): what it stores of a charge, a Pix and
// its webhook, how it makes the SPI's ids, and what it refuses in a charge or a refund that the
// spec's schema lets through.
import { randomInt } from 'node:crypto'
import { isValidCpf } from '#app/domain/gifts.ts'
import type { CobSolicitada } from '#app/modules/payments/pix-schemas.ts'
import { Problem, type Violation, violation } from '#sandbox/pix/strict.ts'
import type { PixCharge, PixRefund, ReceivedPix } from '#sandbox/pix/types.ts'

// ISPBs in the ids: the payer's bank for received Pix, ours for refunds (any 8 digits do).
export const PAYER_ISPB = '18236120'
export const RECEIVER_ISPB = '00000000'

export const REFUND_ID = /^[a-zA-Z0-9]{1,35}$/
export const AMOUNT = /^\d{1,10}\.\d{2}$/

export interface StoredCharge {
  charge: Omit<PixCharge, 'status' | 'pix'>
  createdAtMs: number
  removed: boolean
}

export interface StoredPix extends Omit<ReceivedPix, 'devolucoes'> {
  receivedAtMs: number
  /** 1 for the first Pix received, 2 for the next… (what its optional fields hang on). */
  ordinal: number
}

export interface WebhookRegistration {
  webhookUrl: string
  chave: string
  criacao: string
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** '49.00' -> 4900; amounts are compared in cents so that sums are exact. */
export const cents = (amount: string) => Number(amount.replace('.', ''))

export const isPositiveAmount = (value: unknown): value is string =>
  typeof value === 'string' && AMOUNT.test(value) && cents(value) > 0

/** An id as the SPI makes them: prefix + ISPB + yyyyMMddHHmm (UTC) + 11 letters and digits. */
export function spiId(prefix: 'E' | 'D', ispb: string, atMs: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  const stamp = new Date(atMs).toISOString().replace(/\D/g, '').slice(0, 12)
  const tail = Array.from({ length: 11 }, () => alphabet[randomInt(alphabet.length)]).join('')
  return `${prefix}${ispb}${stamp}${tail}`
}

/** What this institution refuses in a charge that respects the schema. */
export function chargeRules(
  txid: string,
  cob: CobSolicitada,
  receivingKey: string,
  txidTaken: boolean,
): Violation[] {
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
    found.push(violation('cob.chave', 'A chave não pertence a este usuário recebedor.', cob.chave))
  }
  // The spec documents 400, not 409, for PUT /cob/{txid}: a txid names one charge for good.
  if (txidTaken) {
    found.push(violation('txid', 'O txid já foi utilizado por outra cobrança.', txid))
  }
  return found
}

/**
 * The refund a PUT /pix/{e2eid}/devolucao/{id} asks for, checked as this institution does:
 * throws the spec's PixDevolucaoInvalida problem for a bad id, an id used before, a bad amount,
 * nature or description, or a sum of refunds above the Pix.
 */
export function checkedRefund(
  pix: { valor: string },
  ofPix: Map<string, PixRefund>,
  id: string,
  body: unknown,
): { valor: string; natureza: 'ORIGINAL' | 'RETIRADA'; descricao: string | undefined } {
  const invalid = (detail: string, propriedade?: string) =>
    new Problem(400, 'PixDevolucaoInvalida', 'Devolução inválida.', detail, propriedade)
  if (!REFUND_ID.test(id)) throw invalid('O id deve ter de 1 a 35 letras e algarismos.', 'id')
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
  return { valor: body.valor, natureza, descricao: body.descricao }
}
