import { z } from 'zod'
import type { PixSpecPlace } from '#app/modules/payments/pix-schemas.ts'

// Compares one of the project's zod schemas with the place of the Banco Central's OpenAPI
// document it was written from (tests/unit/pix-spec-conformance.test.ts). The zod schema is
// walked, so every field it has is checked without being listed anywhere: it must exist in the
// spec at that place, with the same type, pattern, lengths and bounds, and enum values the spec
// allows. `$ref`s and `allOf` are resolved here; a `oneOf`/`anyOf` is met when one of its
// branches fits.
//
// Required fields are compared by direction: what the site sends must carry all that the spec
// requires; what it reads must not require what the spec leaves out (a lean answer is valid).

type Node = Record<string, unknown>

/** A place of the spec with its `allOf`s and `$ref`s gathered into one description. */
interface Merged {
  types: Set<string>
  properties: Map<string, Node[]>
  required: Set<string>
  patterns: string[]
  maxLength: number[]
  minLength: number[]
  /** The spec writes `maximum: 50` on an array once, meaning its items. */
  maxItems: number[]
  minimum: number[]
  maximum: number[]
  enums: unknown[][]
  formats: string[]
  items: Node[]
  alternatives: Node[]
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The value at a JSON pointer ('#/components/schemas/TxId'; '~1' is '/'). */
export function atPointer(document: unknown, pointer: string): unknown {
  let at: unknown = document
  for (const raw of pointer.replace(/^#\/?/, '').split('/')) {
    if (raw === '') continue
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~')
    at = Array.isArray(at) ? at[Number(key)] : isNode(at) ? at[key] : undefined
    if (at === undefined) throw new Error(`${pointer}: nothing at ${key}`)
  }
  return at
}

/** A query's parameter list as one object schema: a property per name. */
function parametersAsObject(document: unknown, parameters: unknown[]): Node {
  const properties: Node = {}
  const required: string[] = []
  for (const raw of parameters) {
    const parameter = deref(document, raw)
    const name = String(parameter.name)
    properties[name] = isNode(parameter.schema) ? parameter.schema : {}
    if (parameter.required === true) required.push(name)
  }
  return { type: 'object', properties, required }
}

function deref(document: unknown, node: unknown): Node {
  let at = node
  for (let hops = 0; isNode(at) && typeof at.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`a $ref loop at ${at.$ref}`)
    at = atPointer(document, at.$ref)
  }
  if (Array.isArray(at)) return parametersAsObject(document, at)
  if (!isNode(at)) throw new Error(`not a schema: ${JSON.stringify(node)}`)
  return at
}

function merge(document: unknown, nodes: unknown[]): Merged {
  const merged: Merged = {
    types: new Set(),
    properties: new Map(),
    required: new Set(),
    patterns: [],
    maxLength: [],
    minLength: [],
    maxItems: [],
    minimum: [],
    maximum: [],
    enums: [],
    formats: [],
    items: [],
    alternatives: [],
  }
  const visit = (raw: unknown) => {
    const node = deref(document, raw)
    if (typeof node.type === 'string') merged.types.add(node.type)
    if (isNode(node.properties)) {
      merged.types.add('object')
      for (const [name, property] of Object.entries(node.properties)) {
        merged.properties.set(name, [...(merged.properties.get(name) ?? []), property as Node])
      }
    }
    if (Array.isArray(node.required)) for (const name of node.required) merged.required.add(name)
    if (typeof node.pattern === 'string') merged.patterns.push(node.pattern)
    if (typeof node.maxLength === 'number') merged.maxLength.push(node.maxLength)
    if (typeof node.minLength === 'number') merged.minLength.push(node.minLength)
    if (typeof node.maxItems === 'number') merged.maxItems.push(node.maxItems)
    if (node.type === 'array' && typeof node.maximum === 'number') {
      merged.maxItems.push(node.maximum)
    } else {
      if (typeof node.minimum === 'number') merged.minimum.push(node.minimum)
      if (typeof node.maximum === 'number') merged.maximum.push(node.maximum)
    }
    if (Array.isArray(node.enum)) merged.enums.push(node.enum)
    if (typeof node.format === 'string') merged.formats.push(node.format)
    if (node.items !== undefined) merged.items.push(node.items as Node)
    for (const group of [node.oneOf, node.anyOf]) {
      if (Array.isArray(group)) merged.alternatives.push(...(group as Node[]))
    }
    if (Array.isArray(node.allOf)) for (const part of node.allOf) visit(part)
  }
  for (const node of nodes) visit(node)
  return merged
}

/** A JSON Schema pattern as the value it means: without regex slashes and anchors. */
const barePattern = (pattern: string) =>
  pattern
    .replace(/^\/(.*)\/$/, '$1')
    .replace(/^\^/, '')
    .replace(/\$$/, '')

type Check = { check: string; [key: string]: unknown }

const checksOf = (schema: z.ZodType): Check[] =>
  ((schema.def as { checks?: { _zod: { def: Check } }[] }).checks ?? []).map(
    (check) => check._zod.def,
  )

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch'])

function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean } {
  let inner = schema
  let optional = false
  while (WRAPPERS.has(inner.def.type)) {
    if (inner.def.type !== 'nullable' && inner.def.type !== 'readonly') optional = true
    inner = (inner.def as unknown as { innerType: z.ZodType }).innerType
  }
  return { inner, optional }
}

const INT_FORMATS = new Set(['safeint', 'int32', 'uint32', 'int64', 'uint64'])
/** zod's string formats under the spec's names. */
const FORMATS: Record<string, string> = { datetime: 'date-time', url: 'uri', email: 'email' }

function same(errors: string[], where: string, what: string, ours: unknown, spec: unknown[]) {
  const theirs = spec.length === 0 ? undefined : Math.min(...(spec as number[]))
  if (ours !== theirs) errors.push(`${where}: ${what} ${ours} here, ${theirs} in the spec`)
}

function checkString(schema: z.ZodType, spec: Merged, where: string, errors: string[]) {
  const checks = checksOf(schema)
  const ours = checks
    .filter((check) => check.check === 'string_format' && check.format === 'regex')
    .map((check) => barePattern((check.pattern as RegExp).source))
  const theirs = [...new Set(spec.patterns.map(barePattern))]
  for (const pattern of ours) {
    if (!theirs.includes(pattern)) {
      errors.push(
        `${where}: pattern ${pattern} here, ${theirs.join(' and ') || 'none'} in the spec`,
      )
    }
  }
  if (ours.length === 0 && theirs.length > 0) {
    errors.push(`${where}: no pattern here, ${theirs.join(' and ')} in the spec`)
  }
  const bound = (name: string) => checks.find((check) => check.check === name)
  const exactly = bound('length_equals')?.length
  same(errors, where, 'maxLength', bound('max_length')?.maximum ?? exactly, spec.maxLength)
  same(errors, where, 'minLength', bound('min_length')?.minimum ?? exactly, spec.minLength)
  const format = (schema.def as { format?: string }).format
  if (format !== undefined && format !== 'regex') {
    const named = FORMATS[format] ?? format
    if (!spec.formats.includes(named)) {
      errors.push(
        `${where}: format ${named} here, ${spec.formats.join(', ') || 'none'} in the spec`,
      )
    }
  }
}

function checkNumber(schema: z.ZodType, spec: Merged, where: string, errors: string[]) {
  const checks = checksOf(schema)
  const format = (schema.def as { format?: string }).format
  const integer =
    INT_FORMATS.has(format ?? '') ||
    checks.some((check) => check.check === 'number_format' && INT_FORMATS.has(String(check.format)))
  const specInteger = spec.types.has('integer')
  if (integer !== specInteger) {
    errors.push(`${where}: ${integer ? 'integer' : 'number'} here, not in the spec`)
  }
  const inclusive = (name: string) =>
    checks.find((check) => check.check === name && check.inclusive === true)?.value
  if (spec.minimum.length > 0)
    same(errors, where, 'minimum', inclusive('greater_than'), spec.minimum)
  if (spec.maximum.length > 0) same(errors, where, 'maximum', inclusive('less_than'), spec.maximum)
}

function checkObject(
  document: unknown,
  schema: z.ZodObject,
  spec: Merged,
  where: string,
  direction: PixSpecPlace['direction'],
  errors: string[],
) {
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const at = `${where}.${name}`
    const places = spec.properties.get(name)
    if (!places) {
      errors.push(`${at}: not in the spec`)
      continue
    }
    const { optional } = unwrap(field)
    if (direction === 'request' && optional && spec.required.has(name)) {
      errors.push(`${at}: required by the spec, optional here`)
    }
    if (direction === 'response' && !optional && !spec.required.has(name)) {
      errors.push(`${at}: optional in the spec, required here (a valid answer would be refused)`)
    }
    compareAt(document, field, places, at, direction, errors)
  }
}

/**
 * What differs between `schema` and the spec's description at `places` (several descriptions of
 * one place all hold): one line per difference, none when they agree.
 */
export function compareAt(
  document: unknown,
  schema: z.ZodType,
  places: unknown[],
  where: string,
  direction: PixSpecPlace['direction'],
  errors: string[] = [],
): string[] {
  const { inner } = unwrap(schema)
  const spec = merge(document, places)
  const kind = inner.def.type
  if (kind === 'union') {
    const options = (inner.def as unknown as { options: z.ZodType[] }).options
    for (const [index, option] of options.entries()) {
      const branches = spec.alternatives.length > 0 ? spec.alternatives.map((b) => [b]) : [places]
      const tries = branches.map((branch) =>
        compareAt(document, option, branch, `${where}|${index}`, direction),
      )
      // The branch this option was meant for: fewest differences, then fewest unknown fields.
      const weight = (found: string[]) =>
        found.length + found.filter((line) => line.endsWith('not in the spec')).length / 100
      const best = tries.reduce((a, b) => (weight(b) < weight(a) ? b : a))
      errors.push(...best)
    }
    return errors
  }
  const expected: Record<string, string[]> = {
    object: ['object'],
    array: ['array'],
    string: ['string'],
    enum: ['string'],
    literal: ['string'],
    number: ['integer', 'number'],
    boolean: ['boolean'],
  }
  const allowed = expected[kind]
  if (!allowed) {
    errors.push(`${where}: a zod ${kind}, which this check cannot compare`)
    return errors
  }
  if (!allowed.some((type) => spec.types.has(type))) {
    errors.push(`${where}: ${kind} here, ${[...spec.types].join(', ') || 'no type'} in the spec`)
    return errors
  }
  if (kind === 'object') checkObject(document, inner as z.ZodObject, spec, where, direction, errors)
  if (kind === 'array') {
    same(
      errors,
      where,
      'maxItems',
      checksOf(inner).find((c) => c.check === 'max_length')?.maximum,
      spec.maxItems,
    )
    const element = (inner.def as unknown as { element: z.ZodType }).element
    compareAt(document, element, spec.items, `${where}[]`, direction, errors)
  }
  if (kind === 'string') checkString(inner, spec, where, errors)
  if (kind === 'number') checkNumber(inner, spec, where, errors)
  if (kind === 'enum' || kind === 'literal') {
    const values =
      kind === 'enum' ? (inner as z.ZodEnum).options : (inner as z.ZodLiteral).def.values
    const allowedValues = spec.enums.length === 0 ? undefined : spec.enums.flat()
    for (const value of values) {
      if (!allowedValues?.includes(value))
        errors.push(`${where}: ${String(value)} not in the spec's enum`)
    }
  }
  return errors
}

/** The zod schemas a module exports, by export name. */
export function zodExports(module: Record<string, unknown>): [string, z.ZodType][] {
  return Object.entries(module).filter(
    (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
  )
}
