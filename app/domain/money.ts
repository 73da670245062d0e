import { htmlLang, type Language } from './language.ts'

// Built on first use: a number format costs a browser several milliseconds to build.
const centFormatters: Partial<Record<Language, Intl.NumberFormat>> = {}
const GROUP: Record<Language, string> = { pt: '.', en: ',' }
const SYMBOL: Record<Language, string> = { pt: 'R$\u00a0', en: 'R$' }

/**
 * Whole reais as BRL in the interface language, e.g. 'R$ 1.234' / 'R$1,234', exactly as
 * Intl.NumberFormat writes them (a unit test holds it to that). Written by hand because a
 * browser's first currency format costs it about 30 ms of loading currency data (four times
 * that on a slow phone) while it hydrates a page of prices (issue 24 point 3).
 */
export function formatBrl(reais: number, language: Language): string {
  const negative = reais < 0 || Object.is(reais, -0)
  const digits = String(Math.round(Math.abs(reais)))
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP[language])
  return `${negative ? '-' : ''}${SYMBOL[language]}${grouped}`
}

/** Centavos as BRL with cents, e.g. 'R$ 1.234,50' / 'R$1,234.50'. */
export function formatBrlCents(cents: number, language: Language): string {
  centFormatters[language] ??= new Intl.NumberFormat(htmlLang(language), {
    style: 'currency',
    currency: 'BRL',
  })
  return centFormatters[language].format(cents / 100)
}

/** Reais typed the Brazilian or the English way ('12,50', '12.50', '1.234,50') as centavos. */
export function parseReais(text: string): number | null {
  const cleaned = text.replace(/^R\$\s*/i, '').replace(/\s/g, '')
  if (!/^\d{1,3}(?:[.,]?\d{3})*(?:[.,]\d{1,2})?$/.test(cleaned)) return null
  const decimal = cleaned.match(/[.,](\d{1,2})$/)
  const whole = (decimal ? cleaned.slice(0, -decimal[0].length) : cleaned).replace(/[.,]/g, '')
  const cents = Number(whole) * 100 + (decimal ? Number(decimal[1]?.padEnd(2, '0')) : 0)
  return Number.isSafeInteger(cents) ? cents : null
}
