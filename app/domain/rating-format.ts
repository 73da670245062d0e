import type { Language } from './language.ts'

const formatters: Record<Language, Intl.NumberFormat> = {
  pt: new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  en: new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
}

/** An average rating with one decimal in the visitor's language: '4,7' in pt, '4.7' in en. */
export function formatRating(average: number, language: Language): string {
  return formatters[language].format(average)
}
