import type { Language } from '#app/domain/language.ts'
import { format } from './format.ts'

/**
 * A count string in a dictionary: one form a plural category (Intl.PluralRules), each with a
 * `{count}` placeholder and any others. Portuguese and English need `one` and `other` only.
 */
export interface PluralForms {
  one: string
  other: string
}

const rules: Record<Language, Intl.PluralRules> = {
  pt: new Intl.PluralRules('pt-BR'),
  en: new Intl.PluralRules('en'),
}

/**
 * The form of `forms` for `count` in `language`, its placeholders filled (`{count}` and
 * `values`). CLDR puts 0 in Portuguese's `one` ('0 perfil'); Brazilian usage and style guides
 * say '0 perfis', as English does, so zero takes `other` in both languages.
 */
export function plural(
  language: Language,
  forms: PluralForms,
  count: number,
  values: Record<string, string | number> = {},
): string {
  const category = count === 0 ? 'other' : rules[language].select(count)
  return format(category === 'one' ? forms.one : forms.other, { ...values, count })
}
