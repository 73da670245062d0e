import { describe, expect, it } from 'vitest'
import {
  canonicalLocation,
  canonicalSlug,
  editDistance,
  MAX_CANONICAL_STEPS,
} from '#app/domain/canonical.ts'
import { knownSlugs } from '#app/modules/seo/known-slugs.server.ts'
import { CANONICAL_URL_CASES } from '#tests/fixtures/canonical-urls.ts'

const known = knownSlugs()

describe('canonicalSlug (SPEC §5)', () => {
  it.each([
    'São Paulo',
    'SAO  PAULO',
    '--sao-paulo--',
    'so-paulo',
    'saoo-paulo',
    'sao-paulo',
    'Sao_Paulo',
    'spao-paulo',
  ])('%j gives sao-paulo', (input) => {
    expect(canonicalSlug(input, known.cities)).toBe('sao-paulo')
  })

  it('normalises without guessing when nothing known is near', () => {
    expect(canonicalSlug('Atlântida', known.cities)).toBe('atlantida')
    expect(canonicalSlug('Lugar Nenhum', undefined)).toBe('lugar-nenhum')
    expect(canonicalSlug('✓', known.cities)).toBe('')
  })

  it('guesses nothing between two equally near slugs', () => {
    expect(canonicalSlug('ab', new Set(['aa', 'bb']))).toBe('ab')
    expect(canonicalSlug('ab', new Set(['ab', 'bb']))).toBe('ab')
  })

  it('editDistance counts one transposition as one edit', () => {
    expect(editDistance('sao-paulo', 'soa-paulo')).toBe(1)
    expect(editDistance('recife', 'recfie')).toBe(1)
    expect(editDistance('abc', 'abc')).toBe(0)
    expect(editDistance('kitten', 'sitting')).toBe(3)
    expect(editDistance('kitten', 'sitting', 1)).toBe(2)
  })
})

describe('canonicalLocation (SPEC §2 redirects)', () => {
  it.each(CANONICAL_URL_CASES.filter((c) => !c.byRoute))('$from', ({ from, to }) => {
    const [pathname = '', query] = from.split('?')
    expect(canonicalLocation(pathname, query ? `?${query}` : '', known) ?? null).toBe(to)
  })

  it('is idempotent: a canonical location needs no further redirect', () => {
    for (const { to } of CANONICAL_URL_CASES) {
      if (!to) continue
      const [pathname = '', query] = to.split('?')
      expect(canonicalLocation(pathname, query ? `?${query}` : '', known), to).toBeUndefined()
    }
  })

  it('gives /pt and /en pages one form: the home with its slash, the rest without', () => {
    expect(canonicalLocation('/acompanhantes/sao-paulo/', '', known)).toBe(
      '/pt/acompanhantes/sao-paulo',
    )
    expect(canonicalLocation('/pt/about/', '?a=1', known)).toBe('/pt/about?a=1')
    expect(canonicalLocation('/pt', '', known)).toBe('/pt/')
    expect(canonicalLocation('/EN', '', known)).toBe('/en/')
    expect(canonicalLocation('/pt/', '', known)).toBeUndefined()
  })

  it('lower-cases section names, which routes would otherwise match in any case', () => {
    expect(canonicalLocation('/pt/ACOMPANHANTES/sao-paulo', '', known)).toBe(
      '/pt/acompanhantes/sao-paulo',
    )
    expect(canonicalLocation('/About', '', known)).toBe('/pt/about')
    expect(canonicalLocation('/en/Terms', '?type=cliente', known)).toBe('/en/terms?type=cliente')
  })

  it('leaves paths it does not know alone', () => {
    for (const path of [
      '/',
      '/acompanhante/LUNA',
      '/acompanhante/luna/',
      '/api/locations',
      '/media/x.webp',
    ]) {
      expect(canonicalLocation(path, '?q=Sao', known), path).toBeUndefined()
    }
  })

  it(`gives up after ${MAX_CANONICAL_STEPS} passes (loop guard of SPEC §5)`, () => {
    // This one settles in its third pass: two changes, then nothing left to change.
    expect(canonicalLocation('/buscar/S%C3%A3o-Paulo', '', known)).toBe(
      '/pt/acompanhantes/sao-paulo',
    )
    // With fewer passes allowed than it needs, it is left alone instead of half-redirected.
    expect(canonicalLocation('/buscar/S%C3%A3o-Paulo', '', known, 2)).toBeUndefined()
    expect(MAX_CANONICAL_STEPS).toBe(3)
  })
})
