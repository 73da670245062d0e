import type { Language } from './language.ts'

// Builders for the site's URLs (SPEC §2), so no component spells a route by hand.

function withQuery(path: string, query?: Record<string, string>): string {
  const search = query ? new URLSearchParams(query).toString() : ''
  return search ? `${path}?${search}` : path
}

export const paths = {
  home: (lang: Language) => `/${lang}/`,
  about: (lang: Language) => `/${lang}/about`,
  terms: (lang: Language, anchor?: string) => `/${lang}/terms${anchor ? `#${anchor}` : ''}`,
  allProfiles: (lang: Language) => `/${lang}/acompanhantes`,
  /**
   * Every city with public profiles, by state; `anchor` opens a state's group. The path stays
   * Portuguese in English, as /acompanhantes and /servicos do.
   */
  cities: (lang: Language, anchor?: string) => `/${lang}/cidades${anchor ? `#${anchor}` : ''}`,
  city: (lang: Language, citySlug: string, query?: Record<string, string>) =>
    withQuery(`/${lang}/acompanhantes/${citySlug}`, query),
  cityService: (lang: Language, citySlug: string, serviceSlug: string) =>
    `/${lang}/acompanhantes/${citySlug}/${serviceSlug}`,
  neighborhood: (lang: Language, citySlug: string, neighborhoodSlug: string) =>
    `/${lang}/bairro/${citySlug}/${neighborhoodSlug}`,
  services: (lang: Language) => `/${lang}/servicos`,
  service: (lang: Language, serviceSlug: string) => `/${lang}/servicos/${serviceSlug}`,
  search: (lang: Language, query?: Record<string, string>) => withQuery(`/${lang}/buscar`, query),
  profile: (slug: string, refCity?: string) =>
    withQuery(`/acompanhante/${slug}`, refCity ? { ref_city: refCity } : undefined),
  /** The form that reports a profile to the team (issue 9 item 2). */
  report: (username: string) => `/acompanhante/${username}/denunciar`,
  /** The form where a client reviews a profile (issue 20). */
  review: (username: string) => `/acompanhante/${username}/avaliar`,
  /** A page of a profile's reviews (the first is the profile page itself), at the reviews. */
  profileReviews: (username: string, page: number) =>
    `${withQuery(`/acompanhante/${username}`, page > 1 ? { avaliacoes: String(page) } : undefined)}#avaliacoes`,
  /** The provider's reviews: reply and report (issue 20). */
  dashboardReviews: '/dashboard/reviews',
  /** The provider's plan: the plans compared, the return fee, her payments (issue 21). */
  dashboardPlan: '/dashboard/plan',
  /** One of her Pix charges: its QR code, then its outcome (issue 21). */
  dashboardCharge: (chargeId: string) => `/dashboard/plan/pix/${chargeId}`,
  /** The printable receipt of one Pix she sent, by its end-to-end id (issue 33 point 10). */
  dashboardReceipt: (endToEndId: string) => `/dashboard/plan/receipt/${endToEndId}`,
  /** Gifts and withdrawals (issue 22): a profile's gift form, and where each side follows them. */
  gift: (username: string) => `/acompanhante/${username}/presente`,
  dashboardGifts: '/dashboard/gifts',
  clientGifts: '/client-dashboard/gifts',
  clientReviews: '/client-dashboard/reviews',
  clientGiftCharge: (chargeId: string) => `/client-dashboard/gifts/pix/${chargeId}`,
  /** The printable receipt of a gift he paid (issue 33 point 10). */
  clientGiftReceipt: (giftId: string) => `/client-dashboard/gifts/receipt/${giftId}`,
  adminGifts: '/admin/gifts',
  /** The team's reviews: held, reported, testimonials (issue 20). */
  adminReviews: '/admin/reviews',
  /** The team's plan prices and received payments (issue 21). */
  adminPlans: '/admin/plans',
  adminPayments: '/admin/payments',
  /** Real visitors' web vitals: the beacon's endpoint and the team's page (issue 24). */
  vitalsBeacon: '/api/vitals',
  adminVitals: '/admin/vitals',
  auth: (
    params: {
      mode?: 'login' | 'signup' | 'forgot'
      type?: 'provider' | 'client'
      next?: string
      /** The page the visitor came from: 'Voltar' (and a client's sign-in) returns there. */
      from?: string
    } = {},
  ) => {
    const query = new URLSearchParams(
      Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])),
    ).toString()
    return query ? `/auth?${query}` : '/auth'
  },
}

/**
 * The same page in another language, at the same anchor (the terms' sections): swaps the /pt or
 * /en prefix; elsewhere goes through /language/{lang}, which stores the choice (the stored value
 * outranks ?lang=, SPEC §2).
 */
export function pathInLanguage(
  pathname: string,
  search: string,
  lang: Language,
  hash = '',
): string {
  const match = /^\/(pt|en)(\/.*)?$/.exec(pathname)
  if (match) return `/${lang}${match[2] ?? '/'}${search}${hash}`
  return `/language/${lang}?${new URLSearchParams({ to: `${pathname}${search}${hash}` })}`
}

/**
 * A path on this site, or undefined for anything that could leave it ('//host', '/\\host',
 * 'http:', or a tab or newline that browsers drop, turning '/\t/host' into '//host') or that
 * could not be sent back in a header.
 */
export function localPath(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/')) return undefined
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are the point
  if (/[\u0000-\u001f\u007f\\]/.test(value) || value.startsWith('//')) return undefined
  const parsed = URL.parse(value, 'http://site.invalid')
  if (parsed?.origin !== 'http://site.invalid') return undefined
  // Normalising can itself make '//host' ('/.//host', '/%2e%2e//host'): check the result too.
  const path = `${parsed.pathname}${parsed.search}${parsed.hash}`
  return path.startsWith('//') || path.startsWith('/\\') ? undefined : path
}
