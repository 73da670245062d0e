import { useRouteLoaderData } from 'react-router'
import { DEFAULT_LANGUAGE, type Language } from '#app/domain/language.ts'
import { en } from './en.ts'
import { type Dictionary, pt } from './pt.ts'

const dictionaries: Record<Language, Dictionary> = { pt, en }

/** The dictionary of a language. */
export function dictionary(language: Language): Dictionary {
  return dictionaries[language]
}

/** Fills `{name}` placeholders of a dictionary string. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  )
}

/** The language the root loader resolved for this request (pt before it is known). */
export function useLanguage(): Language {
  const data = useRouteLoaderData('root') as { language?: Language } | undefined
  return data?.language ?? DEFAULT_LANGUAGE
}

/** The current language's dictionary. */
export function useT(): Dictionary {
  return dictionary(useLanguage())
}
