import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { type TermsDocument, termsFor } from '#app/content/terms.server.ts'
import {
  AGE_VERIFIED_HOURS,
  ageCheckHref,
  ageVerdict,
  verifiedUntil,
} from '#app/domain/age-assurance.ts'
import { parseEnv } from '#app/platform/env.server.ts'

// Age assurance beyond a click (issue 23, ADR 0021): what a claim's value says, and the
// environment that turns it on.

describe('ageVerdict: what one claim says on a day in Brazil', () => {
  const today = '2026-03-10'
  it.each([
    // Birthdates: adult from the 18th birthday.
    ['2008-03-10', 'adult'],
    ['2008-03-11', 'minor'],
    ['1996-07-01', 'adult'],
    ['2020-01-01', 'minor'],
    // Not a full birthdate: a year alone, year 0000, a day that does not exist, a time.
    ['1990', 'unknown'],
    ['1990-05', 'unknown'],
    ['0000-05-20', 'unknown'],
    ['1990-02-30', 'unknown'],
    ['1990-13-01', 'unknown'],
    ['1990-05-20T00:00:00Z', 'unknown'],
    [' 1990-05-20', 'unknown'],
    // In the future, or beyond any life.
    ['2027-01-01', 'unknown'],
    ['1850-01-01', 'unknown'],
    // An over-18 flag.
    [true, 'adult'],
    ['true', 'adult'],
    [false, 'minor'],
    ['false', 'minor'],
    ['TRUE', 'unknown'],
    ['yes', 'unknown'],
    [1, 'minor'],
    // An age.
    [18, 'adult'],
    [45, 'adult'],
    [17, 'minor'],
    [0, 'minor'],
    ['21', 'adult'],
    ['17', 'minor'],
    [17.9, 'unknown'],
    [-1, 'unknown'],
    [151, 'unknown'],
    [Number.NaN, 'unknown'],
    [Number.POSITIVE_INFINITY, 'unknown'],
    ['2000', 'unknown'],
    // Anything else.
    [undefined, 'unknown'],
    [null, 'unknown'],
    ['', 'unknown'],
    [{ over18: true }, 'unknown'],
    [[true], 'unknown'],
  ])('%j → %s', (value, verdict) => {
    expect(ageVerdict(value, today)).toBe(verdict)
  })

  it('counts 29 February births from 1 March in a common year, and from the 29th in a leap one', () => {
    expect(ageVerdict('2008-02-29', '2026-02-28')).toBe('minor')
    expect(ageVerdict('2008-02-29', '2026-03-01')).toBe('adult')
    expect(ageVerdict('2010-02-29', '2028-02-28')).toBe('unknown') // 2010 had no 29 February
    expect(ageVerdict('2012-02-29', '2030-02-28')).toBe('minor')
    expect(ageVerdict('2012-02-29', '2030-03-01')).toBe('adult')
    expect(ageVerdict('2008-02-29', '2028-02-29')).toBe('adult')
  })
})

describe('verifiedUntil and the gate link', () => {
  it('ends 24 hours on, down to the hour', () => {
    expect(verifiedUntil(new Date('2026-05-02T14:37:12Z')).toISOString()).toBe(
      '2026-05-03T14:00:00.000Z',
    )
  })

  it("links 'Verify my age' with the page to return to", () => {
    expect(ageCheckHref('/pt/buscar?q=a&b=c')).toBe(
      '/age-gate/oidc?to=%2Fpt%2Fbuscar%3Fq%3Da%26b%3Dc',
    )
  })
})

describe('AGE_ASSURANCE and AGE_OIDC_* (start-up validation)', () => {
  const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'aprova-age-env-'))
  const oidc = {
    AGE_ASSURANCE: 'oidc',
    AGE_OIDC_DISCOVERY_URL: 'https://id.example.com/.well-known/openid-configuration',
    AGE_OIDC_CLIENT_ID: 'aprova',
    AGE_OIDC_CLIENT_SECRET: 'very-secret-value',
  }
  const parse = (source: Record<string, string>) =>
    parseEnv({ DATA_DIR: dataDir(), ...source }, 'production')

  it('is the click gate by default', () => {
    expect(parse({}).ageOidc).toBeUndefined()
    expect(parse({ AGE_ASSURANCE: 'click' }).ageOidc).toBeUndefined()
    expect(parse({ AGE_ASSURANCE: '' }).ageOidc).toBeUndefined()
  })

  it('reads the provider, a birthdate in the profile scope by default', () => {
    expect(parse(oidc).ageOidc).toEqual({
      discoveryUrl: 'https://id.example.com/.well-known/openid-configuration',
      clientId: 'aprova',
      clientSecret: 'very-secret-value',
      scope: 'openid profile',
      claim: 'birthdate',
    })
    expect(parse({ ...oidc, AGE_OIDC_CLAIM: 'age_over_18' }).ageOidc).toMatchObject({
      scope: 'openid',
      claim: 'age_over_18',
    })
    expect(
      parse({
        ...oidc,
        AGE_OIDC_CLAIM: 'https://claims.example/over18',
        AGE_OIDC_SCOPE: 'openid age',
      }).ageOidc,
    ).toMatchObject({ scope: 'openid age', claim: 'https://claims.example/over18' })
  })

  it.each([
    [{ AGE_ASSURANCE: 'yes' }, /AGE_ASSURANCE must be 'click' or 'oidc' \(got 'yes'\)/],
    [
      { ...oidc, AGE_OIDC_DISCOVERY_URL: '' },
      /AGE_OIDC_DISCOVERY_URL must be set with AGE_ASSURANCE=oidc/,
    ],
    [{ ...oidc, AGE_OIDC_CLIENT_ID: '' }, /AGE_OIDC_CLIENT_ID must be set with AGE_ASSURANCE=oidc/],
    [
      { ...oidc, AGE_OIDC_CLIENT_SECRET: '' },
      /AGE_OIDC_CLIENT_SECRET must be set with AGE_ASSURANCE=oidc/,
    ],
    [
      { ...oidc, AGE_OIDC_DISCOVERY_URL: 'ftp://id.example' },
      /AGE_OIDC_DISCOVERY_URL must start with https:\/\/ or http:\/\//,
    ],
    [{ ...oidc, AGE_OIDC_SCOPE: 'profile' }, /AGE_OIDC_SCOPE must include 'openid'/],
    [
      { ...oidc, AGE_OIDC_SCOPE: 'openid  profile' },
      /AGE_OIDC_SCOPE must be scopes separated by single spaces/,
    ],
    [{ ...oidc, AGE_OIDC_CLAIM: 'birth date' }, /AGE_OIDC_CLAIM must be a claim name/],
    [
      { AGE_OIDC_CLIENT_ID: 'aprova' },
      /AGE_OIDC_CLIENT_ID is set but AGE_ASSURANCE is not 'oidc' \(set AGE_ASSURANCE=oidc, or remove it\)/,
    ],
    [
      { AGE_ASSURANCE: 'click', AGE_OIDC_CLAIM: 'age' },
      /AGE_OIDC_CLAIM is set but AGE_ASSURANCE is not 'oidc'/,
    ],
  ])('refuses %o, naming the variable', (bad, message) => {
    expect(() => parse(bad as Record<string, string>)).toThrow(message)
  })

  it('names every missing variable at once, and never repeats the secret', () => {
    const attempt = () => parse({ AGE_ASSURANCE: 'oidc' })
    expect(attempt).toThrow(
      /AGE_OIDC_DISCOVERY_URL must be set[\s\S]*AGE_OIDC_CLIENT_ID must be set[\s\S]*AGE_OIDC_CLIENT_SECRET must be set/,
    )
    expect(() => parse({ AGE_OIDC_CLIENT_SECRET: 'hunter2-secret' })).toThrow(
      /AGE_OIDC_CLIENT_SECRET is set but AGE_ASSURANCE is not 'oidc'/,
    )
    expect(() => parse({ AGE_OIDC_CLIENT_SECRET: 'hunter2-secret' })).not.toThrow(/hunter2/)
  })
})

describe('the terms with each age gate (issue 23 point 5)', () => {
  const text = (doc: TermsDocument) =>
    doc.sections
      .flatMap((section) => section.blocks)
      .map((block) => (block.kind === 'ul' ? block.items.join('\n') : block.text))
      .join('\n')

  it('say, with a verification, what it keeps and for how long, and that the provider’s policy applies', () => {
    for (const gifts of [true, false]) {
      for (const audience of ['anunciante', 'cliente'] as const) {
        const pt = text(termsFor('pt', audience, { gifts, age: 'oidc' }))
        expect(pt).toContain('Verificação de idade')
        expect(pt).toContain(`“maior de 18 até” uma data e hora`)
        expect(pt).toContain(`por no máximo ${AGE_VERIFIED_HOURS} horas`)
        expect(pt).toMatch(
          /nem nome, nem e-mail, nem o identificador da sua conta no serviço, nem a data de nascimento/,
        )
        expect(pt).toContain('segundo a política de privacidade dele')
        expect(pt).toContain('Lei nº 15.211/2025')
        const en = text(termsFor('en', audience, { gifts, age: 'oidc' }))
        expect(en).toContain(`“over 18 until” a date and time`)
        expect(en).toContain(`for ${AGE_VERIFIED_HOURS} hours at most`)
        expect(en).toContain('under its own privacy policy')
      }
    }
    expect(text(termsFor('pt', 'cliente', { gifts: false, age: 'oidc' }))).toContain(
      'Visitantes comprovam a idade ao entrar no site, com um serviço de verificação de idade',
    )
  })

  it('say none of it with the click gate, the default', () => {
    for (const options of [{ gifts: true }, { gifts: false, age: 'click' as const }]) {
      const pt = text(termsFor('pt', 'cliente', options))
      expect(pt).not.toContain('maior de 18 até')
      expect(pt).toContain('Visitantes confirmam a idade ao entrar no site')
      expect(text(termsFor('en', 'cliente', options))).not.toContain('over 18 until')
    }
  })
})
