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
