import type { z } from 'zod'

// What makes the local Pix institution (account.ts) as strict as the Banco Central's spec
// (issue 31 point 9): requests parsed with the project's schemas of the spec, refusals as the
// spec's problem documents with a violation for each property at fault and the endpoint's error
// type, answers checked against the spec's shapes, and answers whose optional fields (the
// spec's `required` lists leave them out) are sometimes absent, as a real institution may send
// them.

/** The `type` of a problem: this base and the spec's name for the error. */
export const PIX_ERROR_BASE = 'https://pix.bcb.gov.br/api/v2/error/'

/** A successful answer of the API: its status and JSON body (none for 204, or a 200 without). */
export interface Answer {
  status: number
  body?: object
}

/** One property a refused request got wrong, as the spec's `Violacao`. */
export interface Violation {
  razao: string
  propriedade: string
  valor?: string
}

/** A refusal in the API's problem JSON (RFC 7807); `type` is the last part of the BCB's URI. */
export class Problem extends Error {
  readonly violacoes: Violation[]

  /** `violacoes`: the properties at fault, or the one property the detail is about. */
  constructor(
    readonly status: number,
    readonly type: string,
    readonly title: string,
    readonly detail: string,
    violacoes: Violation[] | string = [],
  ) {
    super(detail)
    this.violacoes =
      typeof violacoes === 'string' ? [{ razao: detail, propriedade: violacoes }] : violacoes
  }

  /** The body the institution answers with (`application/problem+json`). */
  document() {
    const { status, type, title, detail, violacoes } = this
    return {
      type: PIX_ERROR_BASE + type,
      title,
      status,
      detail,
      ...(violacoes.length > 0 ? { violacoes } : {}),
    }
  }
}

/** How an endpoint refuses: the spec's error type and title, and the prefix of its properties. */
export interface Refusal {
  type: string
  title: string
  detail: string
  /** 'cob.' for a charge's body, as the spec's examples name them ('cob.valor.original'). */
  prefix?: string
}

/** The offending value as the violation's text, when it is a plain value. */
function shown(value: unknown): string | undefined {
  if (typeof value === 'string') return value.slice(0, 200)
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return undefined
}

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let at = root
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined
    at = (at as Record<PropertyKey, unknown>)[key]
  }
  return at
}

/** A violation of `propriedade` (already prefixed), with the value found there. */
export function violation(propriedade: string, razao: string, value?: unknown): Violation {
  const valor = shown(value)
  return { razao, propriedade, ...(valor === undefined ? {} : { valor }) }
}

/**
 * `value` parsed by `schema`, or a 400 Problem listing every property that does not respect it.
 * `extra` adds the endpoint's own rules (checked on the parsed value) to the same refusal.
 */
export function validated<T extends z.ZodType>(
  schema: T,
  value: unknown,
  refusal: Refusal,
  extra?: (parsed: z.output<T>) => Violation[],
): z.output<T> {
  const prefix = refusal.prefix ?? ''
  const parsed = schema.safeParse(value)
  const violations = parsed.success
    ? (extra?.(parsed.data) ?? [])
    : parsed.error.issues.map((issue) => {
        const path = issue.path.map(String).join('.')
        const propriedade = `${prefix}${path}`.replace(/\.$/, '') || 'corpo'
        const at = issue.path.length === 0 ? value : valueAt(value, issue.path)
        return violation(
          propriedade,
          `O campo ${propriedade} não respeita o schema (${issue.message}).`,
          at,
        )
      })
  // One violation per property, as the spec's examples: the first issue zod found there.
  const unique = violations.filter(
    (found, index) => violations.findIndex((v) => v.propriedade === found.propriedade) === index,
  )
  if (unique.length > 0) {
    throw new Problem(400, refusal.type, refusal.title, refusal.detail, unique)
  }
  return (parsed as { data: z.output<T> }).data
}

/** Which optional fields of answers the institution sends. */
export type OptionalFields = 'random' | 'all' | 'none'

/** FNV-1a, 32 bits: a stable hash, so a seed gives the same answers in any order of requests. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/**
 * Whether an answer about `thing` ('cob:3', the third charge…) carries the optional `field`.
 * Random mode decides once per thing and field from the seed, so reading a charge twice gives
 * the same shape, and a failing run is replayed by its seed.
 */
export function optionalFieldChooser(mode: OptionalFields, seed: number) {
  return (thing: string, field: string): boolean => {
    if (mode === 'all') return true
    if (mode === 'none') return false
    return (fnv1a(`${seed}:${thing}:${field}`) & 1) === 1
  }
}

export type KeepField = ReturnType<typeof optionalFieldChooser>

/** `object` without those of `fields` that `keep` leaves out for `thing`. */
export function withOptional<T extends object>(
  object: T,
  thing: string,
  fields: readonly (keyof T & string)[],
  keep: KeepField,
): T {
  const copy = { ...object }
  for (const field of fields) if (!keep(thing, field)) delete copy[field]
  return copy
}

/** The seed of a server's random choices: PIX_SERVER_SEED when set (to replay a failure). */
export function serverSeed(): number {
  const fromEnv = Number(process.env.PIX_SERVER_SEED)
  if (process.env.PIX_SERVER_SEED && Number.isSafeInteger(fromEnv)) return fromEnv
  return Math.floor(Math.random() * 2 ** 31)
}

/** How a list query is refused: the endpoint's `type` ('PixConsultaInvalida'…). */
export const listRefusal = (type: string): Refusal => ({
  type,
  title: 'Consulta inválida.',
  detail: 'Os parâmetros da consulta não respeitam o schema ou não fazem sentido semanticamente.',
})

/** A list query's rule beyond its schema: the end is not before the start. */
export const windowRule = ({ inicio, fim }: { inicio: string; fim: string }) =>
  Date.parse(fim) < Date.parse(inicio)
    ? [violation('fim', 'O parâmetro fim é anterior ao parâmetro inicio.', fim)]
    : []

/** The `inicio`/`fim` window and `paginacao.*` page of a validated list query. */
export function windowAndPage(params: {
  inicio: string
  fim: string
  'paginacao.paginaAtual'?: number
  'paginacao.itensPorPagina'?: number
}) {
  const inicioMs = Date.parse(params.inicio)
  const fimMs = Date.parse(params.fim)
  const paginaAtual = params['paginacao.paginaAtual'] ?? 0
  const itensPorPagina = params['paginacao.itensPorPagina'] ?? 100
  const within = (ms: number) => ms >= inicioMs && ms <= fimMs
  const paginate = <I>(items: I[]) => ({
    paginacao: {
      paginaAtual,
      itensPorPagina,
      // At least one page, as the spec's `minimum: 1`, even when it is empty.
      quantidadeDePaginas: Math.max(1, Math.ceil(items.length / itensPorPagina)),
      quantidadeTotalDeItens: items.length,
    },
    items: items.slice(paginaAtual * itensPorPagina, (paginaAtual + 1) * itensPorPagina),
  })
  return { within, paginate }
}

export const CHARGE_REFUSAL: Refusal = {
  type: 'CobOperacaoInvalida',
  title: 'Cobrança inválida.',
  detail:
    'A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o schema ou está semanticamente errada.',
}

export const REFUND_REFUSAL: Refusal = {
  type: 'PixDevolucaoInvalida',
  title: 'Devolução inválida.',
  detail:
    'A presente requisição de devolução não respeita o schema ou não faz sentido semanticamente.',
}

export const WEBHOOK_REFUSAL: Refusal = {
  type: 'WebhookOperacaoInvalida',
  title: 'Webhook inválido.',
  detail:
    'A presente requisição busca criar um webhook sem respeitar o schema ou, ainda, com sentido semanticamente inválido.',
}

/** Any endpoint's refusal of a malformed request (the spec's general error). */
export const REQUEST_REFUSAL: Refusal = {
  type: 'RequisicaoInvalida',
  title: 'Requisição inválida.',
  detail: 'A requisição não respeita o schema.',
}

export interface Route {
  method: string
  path: RegExp
  /** How the spec says this endpoint refuses a malformed path id. */
  refusal?: Refusal
  /** The path ids' schemas, in the path's order. */
  ids?: { name: string; schema: z.ZodType }[]
  /** The spec's shape of a successful answer: the institution never sends another. */
  answers?: z.ZodType
  answer(params: string[], body: unknown, query: URLSearchParams): Answer
}

/** The route's answer to a request whose path ids respect their schemas; a refusal otherwise. */
export function answerRoute(
  route: Route,
  segments: string[],
  body: unknown,
  query: URLSearchParams,
) {
  const refusal = route.refusal ?? REQUEST_REFUSAL
  const params = segments.map((segment, index) => {
    const id = route.ids?.[index]
    const name = id?.name ?? 'path'
    let decoded: string
    try {
      decoded = decodeURIComponent(segment)
    } catch {
      const problem = violation(name, `O parâmetro ${name} não é um URI válido.`, segment)
      throw new Problem(400, refusal.type, refusal.title, refusal.detail, [problem])
    }
    return id ? validated(id.schema, decoded, { ...refusal, prefix: name }) : decoded
  })
  const answer = route.answer(params as string[], body, query)
  // The institution's own slip, not the client's: a 500, loudly.
  const checked = answer.status < 300 ? route.answers?.safeParse(answer.body) : undefined
  if (checked && !checked.success) {
    throw new Error(`the local institution answered off the spec: ${checked.error.message}`)
  }
  return answer
}
