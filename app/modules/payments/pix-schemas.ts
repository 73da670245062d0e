import { z } from 'zod'

// The Banco Central's API Pix (2.9.0), the part the site sends and reads, written as the project's
// own zod schemas from the specification (../shared/pix-api/openapi.yaml; issue 31 point 9). The
// site's client can parse answers with them and the local test institution validates requests
// with them; tests/unit/pix-spec-conformance.test.ts walks them and fails if a field here is
// missing from the specification at that place or differs in type, pattern, length or values.
//
// Each exported schema names its place in the specification (`spec`, a JSON pointer) and whether
// the site sends it ('request': what the spec requires, we require) or reads it ('response': we
// require nothing the spec leaves optional, so a lean but valid answer is never refused).
// Objects are not strict: the spec allows institutions to add fields to answers.
//
// The spec's patterns are JSON Schema patterns, which match anywhere in a string; they mean the
// whole value, so they are anchored here. Its CPF pattern is written `/^\d{11}$/`, a JavaScript
// regex literal inside the string: the same pattern without the slashes.

/** Where an exported schema sits in the specification, and which way it travels. */
// A type, not an interface: zod's `.meta()` takes it as a record.
export type PixSpecPlace = {
  spec: string
  direction: 'request' | 'response'
}

const place = (spec: string, direction: PixSpecPlace['direction']): PixSpecPlace => ({
  spec,
  direction,
})

export const PIX_TXID_PATTERN = /^[a-zA-Z0-9]{26,35}$/
/** A Pix's txid may be shorter (a static BR Code's), and so may a list's filter. */
export const PIX_ANY_TXID_PATTERN = /^[a-zA-Z0-9]{1,35}$/
export const PIX_END_TO_END_ID_PATTERN = /^[a-zA-Z0-9]{32}$/
export const PIX_REFUND_ID_PATTERN = /^[a-zA-Z0-9]{1,35}$/
export const PIX_AMOUNT_PATTERN = /^\d{1,10}\.\d{2}$/
export const PIX_CPF_PATTERN = /^\d{11}$/
export const PIX_CNPJ_PATTERN = /^[0-9A-Z]{14}$/

export const PIX_CHARGE_STATUSES = [
  'ATIVA',
  'CONCLUIDA',
  'REMOVIDA_PELO_USUARIO_RECEBEDOR',
  'REMOVIDA_PELO_PSP',
] as const
export const PIX_REFUND_STATUSES = ['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO'] as const

/** RFC 3339 with its offset, as the spec's `date-time`. */
const dateTime = z.iso.datetime({ offset: true })
const amount = z.string().regex(PIX_AMOUNT_PATTERN)
/** A DICT key (`chave`): e-mail, phone, CPF/CNPJ or EVP, at most 77 characters. */
const key = z.string().max(77)
const endToEndId = z.string().regex(PIX_END_TO_END_ID_PATTERN).min(32).max(32)

export const pixTxidSchema = z
  .string()
  .regex(PIX_TXID_PATTERN)
  .meta(place('#/components/schemas/TxId', 'request'))
export const pixEndToEndIdSchema = endToEndId.meta(
  place('#/components/schemas/EndToEndId', 'request'),
)
export const pixRefundIdSchema = z
  .string()
  .regex(PIX_REFUND_ID_PATTERN)
  .meta(place('#/components/schemas/DevolucaoId', 'request'))
/** The `{chave}` of the webhook's path. */
export const pixWebhookKeySchema = key.meta(
  place('#/paths/~1webhook~1{chave}/parameters/0/schema', 'request'),
)

/**
 * The debtor: a person (CPF) or a company (CNPJ), never both (the spec's `oneOf`, which an object
 * with both keys would match twice).
 */
const debtor = z.xor([
  z.object({ cpf: z.string().regex(PIX_CPF_PATTERN), nome: z.string().max(200) }),
  z.object({ cnpj: z.string().regex(PIX_CNPJ_PATTERN), nome: z.string().max(200) }),
])

/** Name and value pairs the payer's app shows (the spec's `maximum: 50` means items). */
const extraInfo = z
  .array(z.object({ nome: z.string().max(50), valor: z.string().max(200) }))
  .max(50)

/** `PUT /cob/{txid}`'s body. */
export const cobSolicitadaSchema = z
  .object({
    calendario: z.object({ expiracao: z.int32().positive().optional() }),
    devedor: debtor.optional(),
    valor: z.object({ original: amount }),
    chave: key,
    solicitacaoPagador: z.string().max(140).optional(),
    infoAdicionais: extraInfo.optional(),
  })
  .meta(place('#/components/schemas/CobSolicitada', 'request'))

const cobGeradaShape = {
  calendario: z.object({ criacao: dateTime, expiracao: z.int32() }),
  txid: z.string().regex(PIX_TXID_PATTERN),
  revisao: z.int32(),
  devedor: debtor.optional(),
  loc: z
    .object({
      id: z.int(),
      location: z.string().max(77).optional(),
      tipoCob: z.enum(['cob']).optional(),
      criacao: dateTime.optional(),
    })
    .optional(),
  /** Where the payer's app fetches the charge: the dynamic BR Code's URL (no scheme). */
  location: z.string().max(77).optional(),
  status: z.enum(PIX_CHARGE_STATUSES),
  valor: z.object({ original: amount }),
  chave: key,
  solicitacaoPagador: z.string().max(140).optional(),
  infoAdicionais: extraInfo.optional(),
  /** Optional in the spec: without it, the BR Code is built from `location`. */
  pixCopiaECola: z.string().max(512).optional(),
}

/** A charge as `PUT /cob/{txid}` answers it. */
export const cobGeradaSchema = z
  .object(cobGeradaShape)
  .meta(place('#/components/schemas/CobGerada', 'response'))

/** A refund (devolução) of a received Pix, as the institution describes it. */
export const devolucaoSchema = z
  .object({
    id: z.string().regex(PIX_REFUND_ID_PATTERN),
    rtrId: z.string().regex(PIX_END_TO_END_ID_PATTERN).min(32).max(32),
    valor: amount,
    natureza: z
      .enum(['ORIGINAL', 'RETIRADA', 'MED_OPERACIONAL', 'MED_FRAUDE', 'MED_PIX_AUTOMATICO'])
      .optional(),
    descricao: z.string().max(140).optional(),
    horario: z.object({ solicitacao: dateTime.optional(), liquidacao: dateTime.optional() }),
    status: z.enum(PIX_REFUND_STATUSES),
    motivo: z.string().max(140).optional(),
  })
  .meta(place('#/components/schemas/Devolucao', 'response'))

const pixShape = {
  endToEndId,
  txid: z.string().regex(PIX_ANY_TXID_PATTERN).optional(),
  valor: amount,
  chave: key.optional(),
  horario: dateTime,
  infoPagador: z.string().max(140).optional(),
  devolucoes: z.array(devolucaoSchema).optional(),
}

/** A received Pix (`GET /pix/{e2eid}`, the lists, the webhook). */
export const pixSchema = z.object(pixShape).meta(place('#/components/schemas/Pix', 'response'))

/** A charge as `GET /cob/{txid}` answers it: with the Pix that paid it. */
export const cobCompletaSchema = z
  .object({
    ...cobGeradaShape,
    pix: z
      .array(z.object({ ...pixShape, txid: z.string().regex(PIX_TXID_PATTERN).optional() }))
      .optional(),
  })
  .meta(place('#/components/schemas/CobCompleta', 'response'))

/** `PUT /pix/{e2eid}/devolucao/{id}`'s body. */
export const devolucaoSolicitadaSchema = z
  .object({
    valor: amount,
    natureza: z.enum(['ORIGINAL', 'RETIRADA']).optional(),
    descricao: z.string().max(140).optional(),
  })
  .meta(place('#/components/schemas/DevolucaoSolicitada', 'request'))

/** `PUT /webhook/{chave}`'s body. */
export const webhookSolicitadoSchema = z
  .object({ webhookUrl: z.url({ protocol: /^https?$/ }) })
  .meta(place('#/components/schemas/WebhookSolicitado', 'request'))

/**
 * What the institution POSTs to the webhook (it may group several Pix in one call). The spec
 * does not mark `pix` required: a body without it carries no Pix.
 */
export const webhookPixBodySchema = z
  .object({ pix: z.array(pixSchema).optional() })
  .meta(
    place('#/components/requestBodies/WebhookPixBody/content/application~1json/schema', 'response'),
  )

export const paginacaoSchema = z
  .object({
    paginaAtual: z.int().min(0),
    itensPorPagina: z.int().min(1),
    quantidadeDePaginas: z.int().min(1),
    quantidadeTotalDeItens: z.int().min(0),
  })
  .meta(place('#/components/schemas/Paginacao', 'response'))

export const parametrosConsultaPixSchema = z
  .object({
    inicio: dateTime,
    fim: dateTime,
    txid: z.string().regex(PIX_ANY_TXID_PATTERN).optional(),
    paginacao: paginacaoSchema,
  })
  .meta(place('#/components/schemas/ParametrosConsultaPix', 'response'))

/**
 * `GET /pix`'s answer. The spec's `required` names `cobs` here (a slip for `pix`), so `pix` is
 * read as optional: an institution following the letter may leave out an empty list.
 */
export const pixConsultadosSchema = z
  .object({ parametros: parametrosConsultaPixSchema, pix: z.array(pixSchema).optional() })
  .meta(place('#/components/schemas/PixConsultados', 'response'))

export const parametrosConsultaCobSchema = z
  .object({
    inicio: dateTime,
    fim: dateTime,
    status: z.string().optional(),
    paginacao: paginacaoSchema,
  })
  .meta(place('#/components/schemas/ParametrosConsultaCob', 'response'))

/** `GET /cob`'s answer. */
export const cobsConsultadasSchema = z
  .object({ parametros: parametrosConsultaCobSchema, cobs: z.array(cobCompletaSchema) })
  .meta(place('#/components/schemas/CobsConsultadas', 'response'))

// The list queries' parameters as they come in a URL (strings; numbers are read as numbers).
const page = {
  'paginacao.paginaAtual': z.coerce.number().int().min(0).optional(),
  'paginacao.itensPorPagina': z.coerce.number().int().min(1).max(1000).optional(),
}

/** `GET /pix`'s query. */
export const pixQuerySchema = z
  .object({
    inicio: dateTime,
    fim: dateTime,
    txid: z.string().regex(PIX_ANY_TXID_PATTERN).optional(),
    ...page,
  })
  .meta(place('#/paths/~1pix/get/parameters', 'request'))

/** `GET /cob`'s query. */
export const cobQuerySchema = z
  .object({ inicio: dateTime, fim: dateTime, status: z.string().optional(), ...page })
  .meta(place('#/paths/~1cob/get/parameters', 'request'))

/** A refusal: an RFC 7807 problem with the properties it found wrong. */
export const problemaSchema = z
  .object({
    type: z.url(),
    title: z.string(),
    status: z.int(),
    detail: z.string().optional(),
    correlationId: z.string().optional(),
    violacoes: z
      .array(
        z.object({
          razao: z.string().optional(),
          propriedade: z.string().optional(),
          valor: z.string().optional(),
        }),
      )
      .optional(),
  })
  .meta(place('#/components/schemas/Problema', 'response'))

export type CobSolicitada = z.infer<typeof cobSolicitadaSchema>
export type CobGerada = z.infer<typeof cobGeradaSchema>
export type CobCompleta = z.infer<typeof cobCompletaSchema>
export type PixRecebido = z.infer<typeof pixSchema>
export type Devolucao = z.infer<typeof devolucaoSchema>
export type DevolucaoSolicitada = z.infer<typeof devolucaoSolicitadaSchema>
export type WebhookPixBody = z.infer<typeof webhookPixBodySchema>
export type PixConsultados = z.infer<typeof pixConsultadosSchema>
export type CobsConsultadas = z.infer<typeof cobsConsultadasSchema>
export type Problema = z.infer<typeof problemaSchema>

/** The place in the specification an exported schema was written from, if it has one. */
export function pixSpecPlaceOf(schema: z.ZodType): PixSpecPlace | undefined {
  const meta = z.globalRegistry.get(schema)
  return typeof meta?.spec === 'string' &&
    (meta.direction === 'request' || meta.direction === 'response')
    ? { spec: meta.spec, direction: meta.direction }
    : undefined
}
