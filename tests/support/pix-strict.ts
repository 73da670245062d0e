import type { z } from 'zod'

// What makes the local Pix institution as strict as the Banco Central's spec (issue 31 point 9):
// refusals as the spec's problem documents, with a violation for each property at fault, and
// answers whose optional fields (the spec's `required` lists leave them out) are sometimes
// absent, as a real institution may send them.

/** The `type` of a problem: this base and the spec's name for the error. */
export const PIX_ERROR_BASE = 'https://pix.bcb.gov.br/api/v2/error/'

/** One property a refused request got wrong, as the spec's `Violacao`. */
export interface Violation {
  razao: string
  propriedade: string
  valor?: string
}

/** A refusal in the API's problem JSON (RFC 7807); `type` is the last part of the BCB's URI. */
export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly title: string,
    readonly detail: string,
    readonly violacoes: Violation[] = [],
  ) {
    super(detail)
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
 * Whether an answer about `thing` (a charge's txid, a Pix's e2eid…) carries the optional `field`.
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
