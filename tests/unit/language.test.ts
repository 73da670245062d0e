import { describe, expect, it } from 'vitest'
import { browserLanguage, htmlLang, resolveLanguage } from '#app/domain/language.ts'
import { localPath, pathInLanguage } from '#app/domain/paths.ts'

describe('resolveLanguage (SPEC §2)', () => {
  it.each([
    [{ pathLanguage: 'en' }, 'en', true],
    [{ pathLanguage: 'en', storedLanguage: 'en' }, 'en', false],
    [{ pathLanguage: 'pt', storedLanguage: 'en', queryLanguage: 'en' }, 'pt', true],
    [{ storedLanguage: 'en', queryLanguage: 'pt' }, 'en', false],
    [{ queryLanguage: 'en', acceptLanguage: 'pt-BR' }, 'en', true],
    [{ acceptLanguage: 'en-US,en;q=0.9' }, 'en', false],
    [{ acceptLanguage: 'de-DE' }, 'pt', false],
    [{}, 'pt', false],
  ] as const)('%o gives %s (store %s)', (inputs, language, store) => {
    expect(resolveLanguage(inputs)).toEqual({ language, store })
  })
})

describe('browserLanguage', () => {
  it.each([
    ['en', 'en'],
    ['EN-gb', 'en'],
    ['pt-BR,en;q=0.8', 'pt'],
    ['fr', 'pt'],
    [null, 'pt'],
  ])('%s → %s', (header, language) => {
    expect(browserLanguage(header)).toBe(language)
  })
})

it('htmlLang uses pt-BR for Portuguese', () => {
  expect(htmlLang('pt')).toBe('pt-BR')
  expect(htmlLang('en')).toBe('en')
})

describe('pathInLanguage', () => {
  it.each([
    ['/pt/', '', 'en', '/en/'],
    ['/pt', '', 'en', '/en/'],
    ['/en/acompanhantes/sao-paulo', '?status=all', 'pt', '/pt/acompanhantes/sao-paulo?status=all'],
    ['/auth', '?mode=login', 'en', '/language/en?to=%2Fauth%3Fmode%3Dlogin'],
    ['/acompanhante/luna', '', 'pt', '/language/pt?to=%2Facompanhante%2Fluna'],
  ] as const)('%s%s in %s → %s', (pathname, search, lang, expected) => {
    expect(pathInLanguage(pathname, search, lang)).toBe(expected)
  })

  it('keeps the anchor (a section of the terms)', () => {
    expect(pathInLanguage('/pt/terms', '?type=cliente', 'en', '#definicoes')).toBe(
      '/en/terms?type=cliente#definicoes',
    )
    expect(pathInLanguage('/auth', '', 'en', '#x')).toBe('/language/en?to=%2Fauth%23x')
  })
})

describe('localPath', () => {
  it.each([
    ['/auth?mode=login', '/auth?mode=login'],
    ['/', '/'],
    ['//evil.example', undefined],
    ['/\\evil.example', undefined],
    ['https://evil.example', undefined],
    ['/\t/evil.example', undefined],
    ['/\n/evil.example', undefined],
    ['/%09/evil.example', '/%09/evil.example'],
    ['/.//evil.example', undefined],
    ['/%2e%2e//evil.example', undefined],
    ['/a/..//evil.example', undefined],
    ['/pt/acompanhantes/são-paulo?x=1#a', '/pt/acompanhantes/s%C3%A3o-paulo?x=1#a'],
    ['', undefined],
    [null, undefined],
  ])('%s → %s', (value, expected) => {
    expect(localPath(value)).toBe(expected)
  })
})
