import { describe, expect, it } from 'vitest'
import { imageSrcSet, imageVariantUrl } from '#app/domain/images.ts'
import { tierRank, tierRankSql } from '#app/domain/membership.ts'
import { formatBrl } from '#app/domain/money.ts'
import { normalizeSlug } from '#app/domain/slug.ts'

describe('normalizeSlug (SPEC §5)', () => {
  it.each([
    ['São Paulo', 'sao-paulo'],
    ['SAO  PAULO', 'sao-paulo'],
    ['--sao-paulo--', 'sao-paulo'],
    ['Brasília', 'brasilia'],
    ['Jaboatão dos Guararapes', 'jaboatao-dos-guararapes'],
    ['Itaim Bibi!!', 'itaim-bibi'],
    ['', ''],
  ])('%s → %s', (input, slug) => {
    expect(normalizeSlug(input)).toBe(slug)
  })
})

describe('tierRank (SPEC §3)', () => {
  it.each([
    ['vip_plus', 5],
    ['ouro', 4],
    ['prata', 3],
    ['bronze', 2],
    ['basico', 1],
    ['free', 0],
    ['platinum', 0],
    ['toString', 0],
    [null, 0],
  ])('%s → %i', (tier, rank) => {
    expect(tierRank(tier)).toBe(rank)
  })
})

it('formatBrl writes whole reais in each language', () => {
  expect(formatBrl(300, 'pt').replace(/\s/g, ' ')).toBe('R$ 300')
  expect(formatBrl(1500, 'en')).toBe('R$1,500')
})

it('formatBrl writes exactly what Intl.NumberFormat writes, without its cost', () => {
  const values = [0, -0, 1, 5, 99, 300, 999, 999.5, 1000, 1234, 99_999, 123_456, 1_234_567]
  const more = [0.4, 0.5, 2.5, 1500.49, 1500.5, -1, -300, -2.5, -0.4, -1234.6, 2_147_483_648]
  for (const [language, locale] of [
    ['pt', 'pt-BR'],
    ['en', 'en'],
  ] as const) {
    const intl = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'BRL',
      maximumFractionDigits: 0,
    })
    for (const value of [...values, ...more]) {
      expect(formatBrl(value, language), `${value} in ${language}`).toBe(intl.format(value))
    }
  }
})

it('image variant URLs and srcset come from the storage path', () => {
  expect(imageVariantUrl('demo/luna-1', 640)).toBe('/media/demo/luna-1-640.webp')
  expect(imageSrcSet('demo/luna-1', [320, 640])).toBe(
    '/media/demo/luna-1-320.webp 320w, /media/demo/luna-1-640.webp 640w',
  )
})

it('tierRankSql ranks every known tier as tierRank does, and anything else as asked', () => {
  expect(tierRankSql('t')).toBe(
    "case t when 'vip_plus' then 5 when 'ouro' then 4 when 'prata' then 3 when 'bronze' then 2 when 'basico' then 1 when 'free' then 0 else 0 end",
  )
  expect(tierRankSql('t', 1)).toMatch(/ else 1 end$/)
})
