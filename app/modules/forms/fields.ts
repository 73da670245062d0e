import { z } from 'zod'
import { type FormErrorKey, fieldsOf, list } from './checks.ts'

// The kinds of field the forms are made of, each a zod schema of the typed string whose
// problems are message keys, and whose limits, kept beside it, give the input its attributes:
// a limit is written once, in app/domain, and read by the check and by the input.

/** The attributes of an input that follow from its field's rules. */
export interface FieldAttributes {
  maxLength?: number
  minLength?: number
  min?: number
  max?: number
  required?: boolean
}

const attributesOf = z.registry<FieldAttributes>()

const withAttributes = <T extends z.ZodType>(schema: T, attributes: FieldAttributes): T => {
  attributesOf.add(schema, attributes)
  return schema
}

/** The attributes of the input `name` of `form` (an orderedForm), from its field's limits. */
export function fieldAttributes(form: z.ZodType, name: string): FieldAttributes {
  const field = fieldsOf(form)[name]
  return { ...(field ? attributesOf.get(field) : undefined) }
}

/** The attributes of an input for `field` alone (a field used by several forms). */
export function attributesOfField(field: z.ZodType): FieldAttributes {
  return { ...attributesOf.get(field) }
}

/** Characters as people count them (code points, so an emoji is one). */
export const characters = (value: string) => [...value].length

/** A problem of a typed value: its message key, or undefined. */
type Rule<Message extends string> = (value: string) => Message | undefined

/**
 * A field checked by `rule` and kept as `keep(value)`; `attributes` are the input's. The
 * building block of the others.
 */
export function field<Out = string, Message extends string = FormErrorKey>(
  rule: Rule<Message>,
  keep: (value: string) => Out,
  attributes: FieldAttributes = {},
) {
  const schema = z
    .string()
    .superRefine((value, ctx) => {
      const problem = rule(value)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    })
    .transform(keep)
  return withAttributes(schema, attributes)
}

/** A field with no rule of its own, kept as typed (a rule across fields may name it). */
export const plain = (attributes: FieldAttributes = {}) =>
  field<string, never>(
    () => undefined,
    (value) => value,
    attributes,
  )

/** A checkbox: whether it was ticked. */
export const checkbox = () =>
  field<boolean, never>(
    () => undefined,
    (value) => value === 'on' || value === 'true',
  )

/** A list of values sent under one name (checkboxes), each unique, every one `allowed`. */
export function choices<Message extends string>(
  allowed: (value: string) => boolean,
  message: Message,
) {
  return list(
    z
      .array(z.string())
      .superRefine((values, ctx) => {
        if (values.some((value) => !allowed(value))) ctx.addIssue({ code: 'custom', message })
      })
      .transform((values) => [...new Set(values)]),
  )
}

/** One of `options`, or `message`. */
export function choice<T extends string, Message extends string>(
  options: readonly T[],
  message: Message,
) {
  return field<T, Message>(
    (value) => (options.includes(value as T) ? undefined : message),
    (value) => value as T,
  )
}

/**
 * Text counted in characters once `clean`ed, between `length.min` and `length.max`; kept
 * cleaned. `optional`: nothing typed is allowed (and kept as ''); `required`: the message when
 * nothing is typed (otherwise it is too short).
 */
export function text<Message extends string = FormErrorKey>(options: {
  length: { min?: number; max: number }
  tooLong: Message
  tooShort?: Message
  required?: Message
  optional?: boolean
  clean?: (value: string) => string
}) {
  const { length, clean = (value: string) => value } = options
  return field<string, Message>(
    (value) => {
      const count = characters(clean(value))
      if (count === 0 && options.required) return options.required
      if (count === 0 && options.optional) return undefined
      if (options.tooShort && length.min !== undefined && count < length.min)
        return options.tooShort
      if (count > length.max) return options.tooLong
      return undefined
    },
    clean,
    options.optional
      ? { maxLength: length.max }
      : {
          maxLength: length.max,
          ...(length.min ? { minLength: length.min } : {}),
          required: Boolean(length.min || options.required),
        },
  )
}

/** A whole number typed as text (at most six digits), `range.min` to `range.max`, or null. */
export function wholeNumber<Message extends string>(
  range: { min: number; max: number },
  message: Message,
) {
  const parse = (value: string) => (/^\d{1,6}$/.test(value.trim()) ? Number(value) : Number.NaN)
  return field<number | null, Message>(
    (value) => {
      if (!value.trim()) return undefined
      const number = parse(value)
      return number >= range.min && number <= range.max ? undefined : message
    },
    (value) => (value.trim() ? parse(value) : null),
    { maxLength: String(range.max).length },
  )
}

/** The values sent under one name, as they are (an order of ids…). */
export const plainList = () => list(z.array(z.string()))
