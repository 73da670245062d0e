// The dictionary is split by area (issue 18 point 6b): app/i18n/{pt,en}/{area}.ts. A browser
// loads only the areas of the page it shows, in the page's language (i18n.ts), so a first visit
// to a public page downloads the public strings only. A section lives in one area, save a part of
// it that pages of another area show too (auth.notices in every page's toasts, say): that part
// sits in the other area's file under the same section name, and loading merges the two.

/** The areas a browser may load; the server area (e-mails) never leaves the server. */
export const BROWSER_AREAS = [
  'public',
  'home',
  'info',
  'account',
  'provider',
  'client',
  'admin',
] as const
export type BrowserArea = (typeof BROWSER_AREAS)[number]

/** An area's strings: sections of keys. */
export type Sections = Record<string, Record<string, unknown>>

/**
 * The areas whose strings a page shows, by its path (routes.ts). Every page shows the public
 * area (header, footer, menus, age gate, toasts, error pages); the dashboards show the account
 * area's settings and standing banner; the administration shows parts of the provider dashboard
 * (its navigation, verification and standing texts). The home page and the pages about the site
 * have an area of their own, which no other page downloads (issue 24).
 */
export function pageAreas(pathname: string): BrowserArea[] {
  const [first, second, third] = pathname.split('/').slice(1)
  switch (first) {
    case 'pt':
    case 'en':
      if (!second) return ['public', 'home']
      return second === 'about' || second === 'terms' || second === 'cidades'
        ? ['public', 'info']
        : ['public']
    case 'dashboard':
      return ['public', 'account', 'provider']
    case 'client-dashboard':
      return ['public', 'account', 'client']
    case 'admin':
      return ['public', 'account', 'provider', 'admin']
    // '/' is the e-mail confirmation (without a token, a redirect to /pt).
    case '':
    case 'auth':
    // The account's security page (issue 23).
    case 'account':
      return ['public', 'account']
    // The report and review forms (/acompanhante/{username}/denunciar, /avaliar): form parts
    // and errors; the gift form (/presente) is the client's too.
    case 'acompanhante':
      if (third === 'presente') return ['public', 'account', 'client']
      return third === 'denunciar' || third === 'avaliar' ? ['public', 'account'] : ['public']
    default:
      return ['public']
  }
}

/** Adds an area's sections to a dictionary (a section two areas share gets the keys of both). */
export function addArea(dictionary: Sections, area: Sections): void {
  for (const [name, section] of Object.entries(area)) {
    dictionary[name] = { ...dictionary[name], ...section }
  }
}

/** A whole dictionary: every area merged. */
export function mergeAreas<Dictionary>(...areas: Sections[]): Dictionary {
  const dictionary: Sections = {}
  for (const area of areas) addArea(dictionary, area)
  return dictionary as Dictionary
}
