import { z } from 'zod'
import type { Dictionary } from '#app/i18n/pt.ts'

// The way every form of the site is read, in the browser before sending and again in the
// action: a form is its fields, each a zod schema of the typed string, checked in the order
// they are listed; a rule across fields (the confirmation equals the password, the
// neighbourhood is in the city) is checked right after the field it names. Only the first
// problem is reported, as a field and a key of the dictionary's formErrors, so both sides show
// the same words. The fields' limits also give the inputs their attributes (fields.ts).

export type FormErrorKey = keyof Dictionary['formErrors']

// Zod compiles object parsers with `new Function` once it has probed that eval is allowed; the
// probe alone is a Content-Security-Policy violation in the browser (script-src has no
// 'unsafe-eval'), even though zod catches the error. The interpreted parsers are enough here.
z.config({ jitless: true })

/** The first problem of a form: which field, and the message key. */
export interface FieldError<Message extends string = FormErrorKey> {
  field: string
  message: Message
}

/** What an action answers a checked form with, for the form to show. */
export interface FormAnswer<Intent extends string = string> {
  intent: Intent
  /** The first field that is wrong. */
  error?: FieldError
  /** A message about the whole form; `minutes` or `seconds` fills the rate-limit text. */
  alert?: { title: FormErrorKey; text: FormErrorKey; minutes?: number; seconds?: number }
  /** What the visitor typed (never a password), to fill the form again without JavaScript. */
  values?: Record<string, string>
}

/** A field of a form: a schema of what was typed (a string, or strings for a list field). */
export type FormField = z.ZodType<unknown, string> | z.ZodType<unknown, string[]>

export type FormFields = Record<string, FormField>

/** What was typed in each field ('' when missing; [] for a missing list). */
export type TypedValues<F extends FormFields> = { [K in keyof F]: z.input<F[K]> }

/** Each field's checked value. */
export type CheckedValues<F extends FormFields> = { [K in keyof F]: z.output<F[K]> }

/** A rule across fields, checked after its field: the message key when it does not hold. */
export type CrossRule<F extends FormFields, Message extends string = FormErrorKey> = (
  typed: TypedValues<F>,
) => Message | undefined

const asList = (value: unknown) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value]

const listFields = new WeakSet<z.ZodType>()

/** A field sent several times under one name (checkboxes): its values as a list. */
export function list<T extends z.ZodType<unknown, string[]>>(schema: T): T {
  listFields.add(schema)
  return schema
}

const formsFields = new WeakMap<z.ZodType, FormFields>()

/** The fields of a form made by orderedForm, by name. */
export function fieldsOf(form: z.ZodType): FormFields {
  return formsFields.get(form) ?? {}
}

/**
 * A form's schema: `fields` checked in the order listed, `rules` (cross-field) each right after
 * its field, the first problem reported; when all hold, `output` of the checked values (the
 * checked values themselves without it).
 */
export function orderedForm<
  F extends FormFields,
  Out = CheckedValues<F>,
  Message extends string = FormErrorKey,
>(
  fields: F,
  options: {
    rules?: { [K in keyof F]?: CrossRule<F, Message> }
    output?: (values: CheckedValues<F>, typed: TypedValues<F>) => Out
  } = {},
) {
  const typedShape = Object.fromEntries(
    Object.entries(fields).map(([name, schema]) => [
      name,
      listFields.has(schema)
        ? z.preprocess(asList, z.array(z.string())).catch([])
        : z.string().catch(''),
    ]),
  )
  const form = z.object(typedShape).transform((input, ctx): Out => {
    const typed = input as TypedValues<F>
    const values: Record<string, unknown> = {}
    const rules = (options.rules ?? {}) as Record<string, CrossRule<F, Message> | undefined>
    for (const [name, schema] of Object.entries(fields)) {
      const result = schema.safeParse(typed[name])
      const problem = result.success
        ? rules[name]?.(typed)
        : (result.error.issues[0]?.message ?? 'unexpected')
      if (problem) {
        ctx.addIssue({ code: 'custom', path: [name], message: problem })
        return z.NEVER
      }
      values[name] = result.data
    }
    const checked = values as CheckedValues<F>
    return options.output ? options.output(checked, typed) : (checked as Out)
  })
  formsFields.set(form, fields)
  return form
}

/** Whether a checkbox was ticked. */
export const ticked = (value: string) => value === 'on' || value === 'true'

/** Form data as a plain object: a field sent once is a string, several times a list. */
export function formObject(form: FormData): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {}
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string') continue
    const before = values[name]
    values[name] = before === undefined ? value : [...asList(before), value]
  }
  return values
}

export type Checked<Out, Message extends string = FormErrorKey> =
  | { ok: true; value: Out }
  | { ok: false; error: FieldError<Message> }

/** The first problem of `input` under `schema`, or its parsed value. */
export function check<Out, Message extends string = FormErrorKey>(
  schema: z.ZodType<Out>,
  input: FormData | Record<string, unknown>,
): Checked<Out, Message> {
  const result = schema.safeParse(input instanceof FormData ? formObject(input) : input)
  if (result.success) return { ok: true, value: result.data }
  const issue = result.error.issues[0]
  return {
    ok: false,
    error: {
      field: String(issue?.path[0] ?? 'form'),
      message: (issue?.message ?? 'unexpected') as Message,
    },
  }
}
