import { useRouteLoaderData } from 'react-router'
import { DEFAULT_LANGUAGE, type Language } from '#app/domain/language.ts'
import { addArea, type BrowserArea, type Sections } from './areas.ts'
import { type PluralForms, plural } from './plural.ts'
import type { Dictionary } from './pt.ts'

// Each language × area of the dictionary is a chunk of its own (areas.ts): a browser loads only
// the page's language and the areas its path needs (entry.client.tsx before hydrating, the root's
// clientLoader before a page of another language or area shows), so a first visit to a public
// page downloads the public strings only. The server renders every page in both languages: it
// loads both whole dictionaries at start, the server area (e-mails) included.
const loaders: Record<Language, Record<BrowserArea, () => Promise<Sections>>> = {
  pt: {
    public: () => import('./pt/public.ts').then((module) => module.strings),
    home: () => import('./pt/home.ts').then((module) => module.strings),
    info: () => import('./pt/info.ts').then((module) => module.strings),
    account: () => import('./pt/account.ts').then((module) => module.strings),
    provider: () => import('./pt/provider.ts').then((module) => module.strings),
    client: () => import('./pt/client.ts').then((module) => module.strings),
    admin: () => import('./pt/admin.ts').then((module) => module.strings),
  },
  en: {
    public: () => import('./en/public.ts').then((module) => module.strings),
    home: () => import('./en/home.ts').then((module) => module.strings),
    info: () => import('./en/info.ts').then((module) => module.strings),
    account: () => import('./en/account.ts').then((module) => module.strings),
    provider: () => import('./en/provider.ts').then((module) => module.strings),
    client: () => import('./en/client.ts').then((module) => module.strings),
    admin: () => import('./en/admin.ts').then((module) => module.strings),
  },
}
/** Per language, the areas loaded so far, merged (one object, which grows as areas arrive). */
const loaded: Partial<Record<Language, Dictionary>> = {}
/** Per language and area, its load (once; a failed one may be tried again). */
const loads = new Map<string, Promise<void>>()

if (import.meta.env.SSR) {
  const [{ pt }, { en }] = await Promise.all([import('./pt.ts'), import('./en.ts')])
  Object.assign(loaded, { pt, en })
}

function loadArea(language: Language, area: BrowserArea): Promise<void> {
  const key = `${language}/${area}`
  let load = loads.get(key)
  if (!load) {
    load = loaders[language][area]().then((strings) => {
      loaded[language] ??= {} as Dictionary
      addArea(loaded[language] as unknown as Sections, strings)
    })
    load.catch(() => loads.delete(key))
    loads.set(key, load)
  }
  return load
}

/**
 * Makes a language's strings of the given areas (areas.ts `pageAreas`) and of the public area
 * available to `dictionary` and `useT` (loads each once).
 */
export async function loadDictionary(
  language: Language,
  areas: readonly BrowserArea[] = [],
): Promise<void> {
  await Promise.all(['public' as const, ...areas].map((area) => loadArea(language, area)))
}

/**
 * The dictionary of a language: in the browser, the areas loaded so far. Before `loadDictionary`
 * finished for it (which the entry and the root's clientLoader make sure of), the page's own
 * language stands in.
 */
export function dictionary(language: Language): Dictionary {
  const found = loaded[language] ?? loaded[DEFAULT_LANGUAGE] ?? Object.values(loaded)[0]
  if (!found) throw new Error('No dictionary loaded: call loadDictionary before rendering')
  return found
}

export { format } from './format.ts'

/** The language the root loader resolved for this request (pt before it is known). */
export function useLanguage(): Language {
  const data = useRouteLoaderData('root') as { language?: Language } | undefined
  return data?.language ?? DEFAULT_LANGUAGE
}

/** The current language's dictionary. */
export function useT(): Dictionary {
  return dictionary(useLanguage())
}

/**
 * The current language's plural chooser: `count(t.listing.results, 1)` gives '1 perfil' in
 * Portuguese and '1 profile' in English (plural.ts).
 */
export function useCount(): (
  forms: PluralForms,
  count: number,
  values?: Record<string, string | number>,
) => string {
  const language = useLanguage()
  return (forms, count, values) => plural(language, forms, count, values)
}
