import { readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

// What every area of the environment (env/*.ts, composed in env.server.ts) is built from: the
// field helpers, the issue shape a cross-variable rule reports, and the error a bad value throws.

/** A variable that may be unset; an empty value counts as unset. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

/** A URL whose scheme is one of `protocols`. */
export const urlWithProtocols = (protocols: string[], example: string) =>
  z
    .string()
    .refine((value) => URL.canParse(value), { message: `must be a URL such as ${example}` })
    .refine((value) => !URL.canParse(value) || protocols.includes(new URL(value).protocol), {
      message: `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    })

/** A whole number between `min` and `max`, given as text. */
export const wholeNumber = (min: number, max: number, unit = '') =>
  z.coerce
    .number({ message: `must be a number${unit && ` of ${unit}`}` })
    .int(`must be a whole number${unit && ` of ${unit}`}`)
    .min(min, `must be between ${min} and ${max}${unit && ` ${unit}`}`)
    .max(max, `must be between ${min} and ${max}${unit && ` ${unit}`}`)

/** '0' or '1'. */
export const flag = () => z.enum(['0', '1'], { message: "must be '0' or '1'" })

/** The parsed values of an area's fields. */
export type Parsed<Fields extends z.ZodRawShape> = z.output<z.ZodObject<Fields>>

/** A rule across variables that does not hold: the variable to name, and what is wrong. */
export type Issue = { path: string[]; message: string }

export class EnvError extends Error {
  override name = 'EnvError'
}

/** Throws the environment error for one bad variable found after parsing (a file, a certificate). */
export function invalid(line: string): never {
  throw new EnvError(`Invalid environment:\n  ${line}`)
}

/** A certificate variable's bytes: PEM text itself, or the path of a file holding it. */
export function pemOrFile(name: string, value: string, binary = false): Buffer {
  if (!binary && value.includes('-----BEGIN ')) return Buffer.from(value)
  try {
    return readFileSync(path.resolve(value))
  } catch (error) {
    return invalid(`${name} cannot be read: ${(error as Error).message}`)
  }
}
