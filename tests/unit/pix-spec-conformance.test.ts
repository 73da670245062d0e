import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { z } from 'zod'
import * as pixSchemas from '#app/modules/payments/pix-schemas.ts'
import { pixCrc16 } from '#sandbox/pix/brcode.ts'
import { atPointer, compareAt, zodExports } from '#tests/support/pix-spec-conformance.ts'

// The project's API Pix schemas (app/modules/payments/pix-schemas.ts) against the Banco Central's
// own specification, when it is beside the project (../shared/pix-api/openapi.yaml, API Pix
// 2.9.0): every field of every exported schema must exist there, alike (issue 31 point 9).

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SPEC_PATH = '../shared/pix-api/openapi.yaml'

/**
 * The spec beside the project, or beside the checkout it was cloned from (CI runs on a fresh
 * clone elsewhere whose origin is the project's folder), or at PIX_API_SPEC.
 */
function specFile(): string {
  const candidates = [process.env.PIX_API_SPEC, path.resolve(ROOT, SPEC_PATH)]
  try {
    const origin = execFileSync('git', ['config', '--get', 'remote.origin.url'], { cwd: ROOT })
      .toString()
      .trim()
    if (origin && path.isAbsolute(origin)) candidates.push(path.resolve(origin, SPEC_PATH))
  } catch {
    // Not a git checkout, or no origin: the other places only.
  }
  const found = candidates.find((candidate) => candidate && existsSync(candidate))
  return found ?? path.resolve(ROOT, SPEC_PATH)
}

const SPEC_FILE = specFile()
const present = existsSync(SPEC_FILE)

if (!present) {
  it.skip(`the API Pix spec is not at ${SPEC_FILE} (../shared/pix-api/openapi.yaml from the project root): our schemas are not compared with it`, () => {})
}

describe.skipIf(!present)('the API Pix schemas against the Banco Central spec', () => {
  const spec: unknown = present ? parse(readFileSync(SPEC_FILE, 'utf8')) : undefined
  const schemas = zodExports(pixSchemas)

  it('reads version 2.9.0 of the spec', () => {
    expect(atPointer(spec, '#/info/version')).toBe('2.9.0')
  })

  it('names the spec place of every exported schema', () => {
    const unplaced = schemas.filter(([, schema]) => !pixSchemas.pixSpecPlaceOf(schema))
    expect(unplaced.map(([name]) => name)).toEqual([])
    expect(schemas.length).toBeGreaterThan(15)
  })

  it.each(schemas.map(([name, schema]) => ({ name, schema })))(
    '$name has only fields the spec has, alike',
    ({ name, schema }) => {
      const place = pixSchemas.pixSpecPlaceOf(schema)
      if (!place) throw new Error(`${name} has no spec place`)
      const differences = compareAt(spec, schema, [{ $ref: place.spec }], name, place.direction)
      // One line per difference, so a failure reads as a list.
      expect(differences.join('\n')).toBe('')
    },
  )

  it('the check finds a wrong pattern, length, type, enum value, field or requirement', () => {
    const against = (schema: z.ZodType, pointer: string, direction: 'request' | 'response') =>
      compareAt(spec, schema, [{ $ref: pointer }], 'x', direction)
    const pix = '#/components/schemas/Pix'
    expect(
      against(z.string().regex(/^[a-zA-Z0-9]{26,36}$/), '#/components/schemas/TxId', 'request'),
    ).toEqual(['x: pattern [a-zA-Z0-9]{26,36} here, [a-zA-Z0-9]{26,35} in the spec'])
    expect(against(z.string(), '#/components/schemas/TxId', 'request')).toHaveLength(1)
    const base = {
      endToEndId: pixSchemas.pixEndToEndIdSchema,
      valor: z.string().regex(/^\d{1,10}\.\d{2}$/),
      horario: z.iso.datetime({ offset: true }),
    }
    expect(against(z.object(base), pix, 'response')).toEqual([])
    expect(
      against(z.object({ ...base, infoPagador: z.string().max(200).optional() }), pix, 'response'),
    ).toEqual(['x.infoPagador: maxLength 200 here, 140 in the spec'])
    expect(against(z.object({ ...base, valor: z.number() }), pix, 'response')).toEqual([
      'x.valor: number here, string in the spec',
    ])
    expect(against(z.object({ ...base, pagador: z.string().optional() }), pix, 'response')).toEqual(
      ['x.pagador: not in the spec'],
    )
    expect(
      against(z.object({ ...base, infoPagador: z.string().max(140) }), pix, 'response'),
    ).toEqual([
      'x.infoPagador: optional in the spec, required here (a valid answer would be refused)',
    ])
    const debtor = z.xor([
      z.object({ cpf: z.string().regex(/^\d{11}$/), nome: z.string().max(200) }),
      z.object({ cnpj: z.string().regex(/^\d{14}$/), nome: z.string().max(200) }),
    ])
    const charge = '#/components/schemas/CobSolicitada/allOf/1/properties/devedor'
    expect(against(debtor, charge, 'request')).toEqual([
      'x|1.cnpj: pattern \\d{14} here, [0-9A-Z]{14} in the spec',
    ])
    const refund = z.object({
      valor: z.string().regex(/^\d{1,10}\.\d{2}$/),
      natureza: z.enum(['ORIGINAL', 'TOTAL']),
    })
    expect(against(refund, '#/components/schemas/DevolucaoSolicitada', 'request')).toEqual([
      "x.natureza: TOTAL not in the spec's enum",
    ])
    expect(
      against(refund.partial(), '#/components/schemas/DevolucaoSolicitada', 'request'),
    ).toContain('x.valor: required by the spec, optional here')
  })

  // Listed while the tests are collected, so nothing is read when the spec is absent.
  const examples = (pointer: string) =>
    present
      ? Object.entries(atPointer(spec, pointer) as Record<string, { $ref: string }>).map(
          ([name, example]) => ({ name, value: atPointer(spec, `${example.$ref}/value`) }),
        )
      : []

  it.each(examples('#/paths/~1cob~1{txid}/put/responses/201/content/application~1json/examples'))(
    "the spec's example charge answer $name of PUT /cob/{txid} is a CobGerada to us",
    ({ value }) => {
      const parsed = pixSchemas.cobGeradaSchema.safeParse(value)
      expect(parsed.error?.issues ?? []).toEqual([])
      // None of them carries pixCopiaECola: it is optional.
      expect(value).not.toHaveProperty('pixCopiaECola')
    },
  )

  it.each(examples('#/paths/~1cob~1{txid}/get/responses/200/content/application~1json/examples'))(
    "the spec's example charge $name of GET /cob/{txid} is a CobCompleta to us",
    ({ value }) => {
      expect(pixSchemas.cobCompletaSchema.safeParse(value).error?.issues ?? []).toEqual([])
    },
  )

  it.each(
    examples(
      '#/paths/~1pix~1{e2eid}~1devolucao~1{id}/get/responses/200/content/application~1json/examples',
    ),
  )("the spec's example refund $name is a Devolucao to us", ({ value }) => {
    expect(pixSchemas.devolucaoSchema.safeParse(value).error?.issues ?? []).toEqual([])
  })

  it("the spec's example problems are Problemas to us", () => {
    const problems = Object.entries(atPointer(spec, '#/components/examples') as object).filter(
      ([name]) => /Example\d$/.test(name),
    )
    expect(problems.length).toBeGreaterThan(10)
    for (const [name, example] of problems) {
      const parsed = pixSchemas.problemaSchema.safeParse(example.value)
      expect({ name, issues: parsed.error?.issues ?? [] }).toEqual({ name, issues: [] })
    }
  })

  it("the spec's example BR Codes close with the CRC16 pixCrc16 computes", () => {
    const codes: string[] = []
    const collect = (value: unknown) => {
      if (typeof value === 'string' && /^000201.*6304[0-9A-F]{4}$/s.test(value)) codes.push(value)
      else if (value && typeof value === 'object') Object.values(value).forEach(collect)
    }
    collect(spec)
    expect(codes.length).toBeGreaterThanOrEqual(3)
    for (const code of codes) expect(pixCrc16(code.slice(0, -4))).toBe(code.slice(-4))
  })
})
