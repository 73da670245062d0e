import type { z } from 'zod'
import { type Checked, check, type FormErrorKey } from './checks.ts'

// How every action reads its form: the body once, the intent among the action's own (anything
// else is a 400, as a request no page of the site sends), then the intent's schema.

/** A form's schema, or one made when the form comes (it may depend on the day, the places…). */
type SchemaOf<Out> = z.ZodType<Out> | (() => z.ZodType<Out>)

type Output<S> = S extends () => z.ZodType<infer Out>
  ? Out
  : S extends z.ZodType<infer Out>
    ? Out
    : never

/** A form read under one intent's schema. */
export interface ParsedForm<
  Out,
  Intent extends string = string,
  Message extends string = FormErrorKey,
> {
  intent: Intent
  /** The form itself, for files and for what was typed. */
  form: FormData
  checked: Checked<Out, Message>
}

export type IntentForm<
  S extends Record<string, SchemaOf<unknown>>,
  Message extends string = FormErrorKey,
> = {
  [K in keyof S & string]: ParsedForm<Output<S[K]>, K, Message>
}[keyof S & string]

const badRequest = () => new Response('Bad request', { status: 400 })

/**
 * The body of `request` as a form (an empty one when it is not a form), for an action that must
 * answer something before looking at the intent (who is asking, how often); `checkIntent` then
 * reads it as `parseForm` does.
 */
export async function readForm(request: Request): Promise<FormData> {
  return request.formData().catch(() => new FormData())
}

const made = <Out>(schema: SchemaOf<Out>) => (typeof schema === 'function' ? schema() : schema)

/**
 * The form of `request` under the schema of its intent, one of `intents`' names; a form with
 * another intent, or none, is answered 400.
 */
export async function parseForm<
  S extends Record<string, SchemaOf<unknown>>,
  Message extends string = FormErrorKey,
>(request: Request, intents: S): Promise<IntentForm<S, Message>> {
  const parsed = checkIntent<S, Message>(await readForm(request), intents)
  if (!parsed) throw badRequest()
  return parsed
}

/** `form` under the schema of its intent, one of `intents`' names; null for another intent or none. */
export function checkIntent<
  S extends Record<string, SchemaOf<unknown>>,
  Message extends string = FormErrorKey,
>(form: FormData, intents: S): IntentForm<S, Message> | null {
  const intent = form.get('intent')
  if (typeof intent !== 'string' || !Object.hasOwn(intents, intent)) return null
  const schema = made(intents[intent] as SchemaOf<unknown>)
  return { intent, form, checked: check(schema, form) } as IntentForm<S, Message>
}

/** The form of `request` under `schema`, for an action with one form and no intent. */
export async function parseSingleForm<Out>(
  request: Request,
  schema: SchemaOf<Out>,
): Promise<Omit<ParsedForm<Out>, 'intent'>> {
  const form = await readForm(request)
  return { form, checked: check(made(schema), form) }
}

/** What was typed in `form` (its strings), to fill the form again without JavaScript. */
export function typedStrings(
  form: FormData,
  keep: (name: string) => boolean = () => true,
): Record<string, string> {
  return Object.fromEntries(
    [...form.entries()].filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && keep(entry[0]),
    ),
  )
}

/** The files sent under `name` that hold something (a file input left empty sends an empty one). */
export function uploadedFiles(form: FormData, name: string): File[] {
  return form.getAll(name).filter((file): file is File => typeof file !== 'string' && file.size > 0)
}
