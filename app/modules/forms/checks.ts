import { z } from 'zod'
import type { Dictionary } from '#app/i18n/pt.ts'

// The way every form of the site is checked, in the browser before sending and again in the
// action: a schema walks its rules in a fixed order and reports only the first that fails, as a
// field and a key of the dictionary's formErrors, so both sides show the same words.

export type FormErrorKey = keyof Dictionary['formErrors']

// Zod compiles object parsers with `new Function` once it has probed that eval is allowed; the
// probe alone is a Content-Security-Policy violation in the browser (script-src has no
// 'unsafe-eval'), even though zod catches the error. The interpreted parsers are enough here.
z.config({ jitless: true })

/** The first problem of a form: which field, and the message key. */
export interface FieldError {
  field: string
  message: FormErrorKey
}

/** What an action answers a checked form with, for the form to show. */
export interface FormAnswer<Intent extends string = string> {
  intent: Intent
  /** The first field that is wrong. */
  error?: FieldError
  /** A message about the whole form; `minutes` fills the rate-limit text. */
  alert?: { title: FormErrorKey; text: FormErrorKey; minutes?: number }
  /** What the visitor typed (never a password), to fill the form again without JavaScript. */
  values?: Record<string, string>
}

/** A form's values: each field as a string ('' when missing), each list field as strings. */
export type FormValues<K extends string, L extends string = never> = Record<K, string> &
  Record<L, string[]>

const asList = (value: unknown) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value]

/**
 * A schema for a form with `fields` (strings) and `lists` (fields sent several times, such as
 * checkboxes of one name) that walks `rules` and reports the first that fails, then, when all
 * hold, gives `output(values)`.
 */
export function orderedForm<K extends string, L extends string, Out>(
  shape: { fields: readonly K[]; lists?: readonly L[] },
  rules: (values: FormValues<K, L>) => FieldError | undefined,
  output: (values: FormValues<K, L>) => Out,
) {
  const entries = [
    ...shape.fields.map((name) => [name, z.string().catch('')] as const),
    ...(shape.lists ?? []).map(
      (name) => [name, z.preprocess(asList, z.array(z.string())).catch([])] as const,
    ),
  ]
  return z
    .object(Object.fromEntries(entries))
    .superRefine((values, ctx) => {
      const problem = rules(values as FormValues<K, L>)
      if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message })
    })
    .transform((values) => output(values as FormValues<K, L>))
}

/** Whether a checkbox was ticked. */
export const ticked = (value: string) => value === 'on' || value === 'true'

/** Form data as a plain object: a field sent once is a string, several times a list. */
function formObject(form: FormData): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {}
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string') continue
    const before = values[name]
    values[name] = before === undefined ? value : [...asList(before), value]
  }
  return values
}

/** The first problem of `input` under `schema`, or its parsed value. */
export function check<Out>(
  schema: z.ZodType<Out>,
  input: FormData | Record<string, unknown>,
): { ok: true; value: Out } | { ok: false; error: FieldError } {
  const result = schema.safeParse(input instanceof FormData ? formObject(input) : input)
  if (result.success) return { ok: true, value: result.data }
  const issue = result.error.issues[0]
  return {
    ok: false,
    error: {
      field: String(issue?.path[0] ?? 'form'),
      message: (issue?.message ?? 'unexpected') as FormErrorKey,
    },
  }
}
