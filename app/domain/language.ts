/** Interface languages; Portuguese is the default (SPEC §9). */
export const LANGUAGES = ['pt', 'en'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'pt'
/** Name of the cookie and localStorage key that keep the chosen language (SPEC §9). */
export const LANGUAGE_STORAGE_KEY = 'aprova-lang'

/** Narrows any string to a language, or undefined. */
export function asLanguage(value: string | null | undefined): Language | undefined {
  return value === 'pt' || value === 'en' ? value : undefined
}

/** Language wanted by the browser: en when Accept-Language starts with en, else pt (SPEC §2). */
export function browserLanguage(acceptLanguage: string | null | undefined): Language {
  return acceptLanguage?.trim().toLowerCase().startsWith('en') ? 'en' : 'pt'
}

/** HTML lang attribute of a language. */
export function htmlLang(language: Language): string {
  return language === 'pt' ? 'pt-BR' : 'en'
}

export interface LanguageInputs {
  /** First path segment when it is /pt or /en. */
  pathLanguage?: Language
  /** Value kept in the aprova-lang cookie. */
  storedLanguage?: Language
  /** ?lang= query parameter. */
  queryLanguage?: Language
  acceptLanguage?: string | null
}

/**
 * The interface language of a request and whether it must be stored (SPEC §2): a language in the
 * path wins and is stored; elsewhere the stored value, then ?lang= (stored), then the browser.
 */
export function resolveLanguage(inputs: LanguageInputs): { language: Language; store: boolean } {
  const { pathLanguage, storedLanguage, queryLanguage, acceptLanguage } = inputs
  if (pathLanguage) return { language: pathLanguage, store: pathLanguage !== storedLanguage }
  if (storedLanguage) return { language: storedLanguage, store: false }
  if (queryLanguage) return { language: queryLanguage, store: true }
  return { language: browserLanguage(acceptLanguage), store: false }
}
