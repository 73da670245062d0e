import { useRouteLoaderData } from 'react-router'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#app/domain/language.ts'
import type { Dictionary } from './pt.ts'

// Each language's dictionary is a chunk of its own: a browser loads only the page's language
// (entry.client.tsx before hydrating, the root's clientLoader before showing another language),
// about 15 KB gzip less on every first visit. The server renders both: it loads both at start.
const loaders: Record<Language, () => Promise<Dictionary>> = {
  pt: () => import('./pt.ts').then((module) => module.pt),
  en: () => import('./en.ts').then((module) => module.en),
}
const loaded: Partial<Record<Language, Dictionary>> = {}

if (import.meta.env.SSR) {
  for (const language of LANGUAGES) loaded[language] = await loaders[language]()
}

/** Makes a language's dictionary available to `dictionary` and `useT` (loads it once). */
export async function loadDictionary(language: Language): Promise<void> {
  loaded[language] ??= await loaders[language]()
}

/**
 * The dictionary of a language. In the browser, before `loadDictionary` finished for it (which
 * the entry and the root's clientLoader make sure of), the page's own language stands in.
 */
export function dictionary(language: Language): Dictionary {
  const found = loaded[language] ?? loaded[DEFAULT_LANGUAGE] ?? Object.values(loaded)[0]
  if (!found) throw new Error('No dictionary loaded: call loadDictionary before rendering')
  return found
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
