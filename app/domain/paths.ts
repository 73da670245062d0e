import type { Language } from './language.ts'

// Builders for the site's URLs (SPEC §2), so no component spells a route by hand.

export const paths = {
  home: (lang: Language) => `/${lang}/`,
  about: (lang: Language) => `/${lang}/about`,
  terms: (lang: Language, anchor?: string) => `/${lang}/terms${anchor ? `#${anchor}` : ''}`,
  city: (lang: Language, citySlug: string) => `/${lang}/acompanhantes/${citySlug}`,
  profile: (slug: string) => `/acompanhante/${slug}`,
  auth: (params: { mode?: 'login' | 'signup'; type?: 'provider' | 'client' } = {}) => {
    const query = new URLSearchParams(params as Record<string, string>).toString()
    return query ? `/auth?${query}` : '/auth'
  },
}

/** The same page in another language: swaps the /pt or /en prefix, or sets ?lang= elsewhere. */
export function pathInLanguage(pathname: string, search: string, lang: Language): string {
  const match = /^\/(pt|en)(\/.*)?$/.exec(pathname)
  if (match) return `/${lang}${match[2] ?? '/'}${search}`
  const params = new URLSearchParams(search)
  params.set('lang', lang)
  return `${pathname}?${params.toString()}`
}
