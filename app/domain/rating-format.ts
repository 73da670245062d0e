import { htmlLang, type Language } from './language.ts'

// Built on first use: a number format costs a browser several milliseconds to build.
const formatters: Partial<Record<Language, Intl.NumberFormat>> = {}

/** An average rating with one decimal in the visitor's language: '4,7' in pt, '4.7' in en. */
export function formatRating(average: number, language: Language): string {
  formatters[language] ??= new Intl.NumberFormat(htmlLang(language), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  })
  return formatters[language].format(average)
}
