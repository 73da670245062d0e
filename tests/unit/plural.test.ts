import { describe, expect, it } from 'vitest'
import { en } from '#app/i18n/en.ts'
import { type PluralForms, plural } from '#app/i18n/plural.ts'
import { pt } from '#app/i18n/pt.ts'

// Count strings (issue 19 point 12): '1 perfil', never '1 perfis'.

describe('plural', () => {
  const profiles: PluralForms = { one: '{count} perfil', other: '{count} perfis' }

  it.each([
    ['pt', 0, '0 perfis'],
    ['pt', 1, '1 perfil'],
    ['pt', 2, '2 perfis'],
    ['pt', 117, '117 perfis'],
    ['en', 0, '0 profiles'],
    ['en', 1, '1 profile'],
    ['en', 2, '2 profiles'],
  ] as const)('%s %i', (language, count, expected) => {
    const forms =
      language === 'pt' ? profiles : { one: '{count} profile', other: '{count} profiles' }
    expect(plural(language, forms, count)).toBe(expected)
  })

  it('fills the other placeholders too', () => {
    expect(plural('pt', pt.feed.viewMore, 1, { online: 0 })).toBe(
      'Ver mais: 1 perfil, 0 online agora',
    )
    expect(plural('en', en.feed.viewMore, 5, { online: 2 })).toBe(
      'View more: 5 profiles, 2 online now',
    )
  })

  it.each([
    ['pt', pt.profile.morePhotosLabel, 'mais 1 foto', 'mais 3 fotos'],
    ['en', en.profile.morePhotosLabel, '1 more photo', '3 more photos'],
    ['pt', pt.listing.results, '1 perfil', '3 perfis'],
    ['en', en.listing.results, '1 profile', '3 profiles'],
    ['pt', pt.filters.activeCount, '1 filtro ativo', '3 filtros ativos'],
    ['en', en.filters.activeCount, '1 active filter', '3 active filters'],
    ['pt', pt.admin.audit.detail.days, '1 dia', '3 dias'],
    ['en', en.admin.audit.detail.days, '1 day', '3 days'],
  ] as const)('%s dictionary: %s', (language, forms, one, three) => {
    expect(plural(language, forms, 1)).toBe(one)
    expect(plural(language, forms, 3)).toBe(three)
  })
})

/** Every { one, other } pair of a dictionary, with its path. */
function pluralEntries(node: unknown, path: string[] = []): [string, PluralForms][] {
  if (!node || typeof node !== 'object') return []
  const keys = Object.keys(node).sort().join(',')
  if (keys === 'one,other') return [[path.join('.'), node as PluralForms]]
  return Object.entries(node).flatMap(([key, value]) => pluralEntries(value, [...path, key]))
}

/** Every string of a dictionary that is not a plural form, with its path. */
function plainStrings(node: unknown, path: string[] = []): [string, string][] {
  if (typeof node === 'string') return [[path.join('.'), node]]
  if (!node || typeof node !== 'object') return []
  if (Object.keys(node).sort().join(',') === 'one,other') return []
  return Object.entries(node).flatMap(([key, value]) => plainStrings(value, [...path, key]))
}

describe('the dictionaries', () => {
  it.each([
    ['pt', pt],
    ['en', en],
  ] as const)('%s: every plural pair has {count} in its other form', (_, dictionary) => {
    const pairs = pluralEntries(dictionary)
    expect(pairs.length).toBeGreaterThan(10)
    for (const [path, forms] of pairs) expect(forms.other, path).toContain('{count}')
  })

  it.each([
    ['pt', pt, /\{count\} (perfis|fotos|dias|resultados|filtros|cidades)\b|\(s\)/],
    ['en', en, /\{count\} (profiles|photos|days|results|filters|cities)\b|\(s\)/],
  ] as const)('%s: no count string is left outside a plural pair', (_, dictionary, pattern) => {
    const left = plainStrings(dictionary).filter(([, text]) => pattern.test(text))
    expect(left).toEqual([])
  })
})
