import { cookieValue } from '#app/domain/cookies.ts'
import {
  asLanguage,
  LANGUAGE_STORAGE_KEY,
  type Language,
  resolveLanguage,
} from '#app/domain/language.ts'
import { ownCookie } from '#app/modules/http/cookies.server.ts'

const ONE_YEAR_S = 365 * 24 * 60 * 60

/**
 * The interface language of a request (SPEC §2 rules) and, when it must be stored, the
 * Set-Cookie header that stores it.
 */
export function requestLanguage(request: Request): { language: Language; setCookie?: string } {
  const url = new URL(request.url)
  const { language, store } = resolveLanguage({
    pathLanguage: asLanguage(/^\/(pt|en)(?:\/|$)/.exec(url.pathname)?.[1]),
    storedLanguage: asLanguage(cookieValue(request.headers.get('cookie'), LANGUAGE_STORAGE_KEY)),
    queryLanguage: asLanguage(url.searchParams.get('lang')),
    acceptLanguage: request.headers.get('accept-language'),
  })
  return store ? { language, setCookie: languageCookie(language) } : { language }
}

/** Set-Cookie value that stores the interface language for a year (Secure on an https site). */
export function languageCookie(language: Language): string {
  return ownCookie(LANGUAGE_STORAGE_KEY, language, ONE_YEAR_S)
}
