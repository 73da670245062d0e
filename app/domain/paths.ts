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

/**
 * The same page in another language: swaps the /pt or /en prefix; elsewhere goes through
 * /language/{lang}, which stores the choice (the stored value outranks ?lang=, SPEC §2).
 */
export function pathInLanguage(pathname: string, search: string, lang: Language): string {
  const match = /^\/(pt|en)(\/.*)?$/.exec(pathname)
  if (match) return `/${lang}${match[2] ?? '/'}${search}`
  return `/language/${lang}?${new URLSearchParams({ to: `${pathname}${search}` })}`
}

/** A path on this site, or undefined for anything that could leave it ('//host', '/\\host', 'http:'). */
export function localPath(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined
  return value
}
