import type { Language } from './language.ts'

const formatters: Record<Language, Intl.NumberFormat> = {
  pt: new Intl.NumberFormat('pt-BR', {
    style: 'currency',
    currency: 'BRL',
    maximumFractionDigits: 0,
  }),
  en: new Intl.NumberFormat('en', { style: 'currency', currency: 'BRL', maximumFractionDigits: 0 }),
}

/** Whole reais as BRL in the interface language, e.g. 'R$ 300' / 'R$300'. */
export function formatBrl(reais: number, language: Language): string {
  return formatters[language].format(reais)
}

const centFormatters: Record<Language, Intl.NumberFormat> = {
  pt: new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }),
  en: new Intl.NumberFormat('en', { style: 'currency', currency: 'BRL' }),
}

/** Centavos as BRL with cents, e.g. 'R$ 1.234,50' / 'R$1,234.50'. */
export function formatBrlCents(cents: number, language: Language): string {
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
