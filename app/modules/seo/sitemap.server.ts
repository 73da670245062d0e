import { sql } from 'drizzle-orm'
import { htmlLang, LANGUAGES, type Language } from '#app/domain/language.ts'
import { paths } from '#app/domain/paths.ts'
import { onPublicPagesChanged, publicCachesUsable } from '#app/modules/http/public-pages.server.ts'
import { db } from '#db/client.server.ts'
import { knownSlugs } from './known-slugs.server.ts'

/** The sitemaps.org limit of URLs in one file; past it /sitemap.xml becomes an index. */
export const SITEMAP_MAX_URLS = 50_000

export interface SitemapEntry {
  loc: string
  lastmod: string
  /** The same page in each language (hreflang alternates), for /pt and /en pages. */
  alternates?: { hreflang: string; href: string }[]
}

/** The date the terms and about texts last changed (SPEC §9: January 2024). */
const STATIC_PAGES_DATE = '2024-01-01'

const day = (value: Date | string) => new Date(value).toISOString().slice(0, 10)
/** The latest of YYYY-MM-DD dates (they sort as text). */
const newest = (dates: string[]) => [STATIC_PAGES_DATE, ...dates].sort().at(-1) ?? STATIC_PAGES_DATE

interface PlaceRow {
  city_slug: string
  neighborhood_slug: string | null
  service_slug: string | null
  lastmod: Date | string
}

interface ProfileRow {
  username: string
  lastmod: Date | string
}

/**
 * Every indexable address (issue 5): home, about, terms, services, the list of all profiles, the
 * list of cities (issue 19), each city, neighbourhood and city-plus-service page that has public
 * profiles, in both languages with their alternates, and each public profile (demo profiles are
 * not indexed). Two queries.
 */
export async function sitemapEntries(baseUrl: string): Promise<SitemapEntry[]> {
  const [placeResult, profileResult] = await Promise.all([
    db().execute(sql`
      select p.city_slug, null::text as neighborhood_slug, null::text as service_slug,
        max(p.updated_at) as lastmod
      from profiles p
      where p.status = 'approved' and p.visibility_status = 'active' and p.city_slug is not null
      group by p.city_slug
      union all
      select p.city_slug, p.neighborhood_slug, null, max(p.updated_at)
      from profiles p
      where p.status = 'approved' and p.visibility_status = 'active' and p.city_slug is not null
        and p.neighborhood_slug is not null
      group by p.city_slug, p.neighborhood_slug
      union all
      select p.city_slug, null, s.service_slug, max(p.updated_at)
      from profiles p join profile_services s on s.profile_id = p.id
      where p.status = 'approved' and p.visibility_status = 'active' and p.city_slug is not null
      group by p.city_slug, s.service_slug
      order by 1, 2 nulls first, 3 nulls first`),
    db().execute(sql`
      select username, updated_at as lastmod from profiles
      where status = 'approved' and visibility_status = 'active' and not is_demo
      order by username`),
  ])
  const places = (placeResult as unknown as { rows: PlaceRow[] }).rows
  const profiles = (profileResult as unknown as { rows: ProfileRow[] }).rows
  const known = knownSlugs()
  const latest = newest(places.map((row) => day(row.lastmod)))

  const entries: SitemapEntry[] = []
  const both = (path: (lang: Language) => string, lastmod: string) => {
    const alternates = [
      ...LANGUAGES.map((lang) => ({ hreflang: htmlLang(lang), href: `${baseUrl}${path(lang)}` })),
      { hreflang: 'x-default', href: `${baseUrl}${path('pt')}` },
    ]
    for (const lang of LANGUAGES)
      entries.push({ loc: `${baseUrl}${path(lang)}`, lastmod, alternates })
  }
  both(paths.home, latest)
  both(paths.about, STATIC_PAGES_DATE)
  both((lang) => paths.terms(lang), STATIC_PAGES_DATE)
  both(paths.allProfiles, latest)
  both((lang) => paths.cities(lang), latest)
  both(paths.services, STATIC_PAGES_DATE)
  for (const service of known.services) both((lang) => paths.service(lang, service), latest)
  for (const row of places) {
    // Only places the site knows: a profile's stray slug must not become an address.
    if (!known.cities.has(row.city_slug)) continue
    const lastmod = day(row.lastmod)
    if (row.service_slug) {
      const service = row.service_slug
      if (known.services.has(service)) {
        both((lang) => paths.cityService(lang, row.city_slug, service), lastmod)
      }
    } else if (row.neighborhood_slug) {
      const neighborhood = row.neighborhood_slug
      if (known.neighborhoods.get(row.city_slug)?.has(neighborhood)) {
        both((lang) => paths.neighborhood(lang, row.city_slug, neighborhood), lastmod)
      }
    } else {
      both((lang) => paths.city(lang, row.city_slug), lastmod)
    }
  }
  for (const profile of profiles) {
    entries.push({
      loc: `${baseUrl}${paths.profile(encodeURIComponent(profile.username))}`,
      lastmod: day(profile.lastmod),
    })
  }
  return entries
}

const escapeXml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')

/** A <urlset> of entries, with xhtml:link alternates. */
export function renderUrlset(entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const links = (entry.alternates ?? [])
      .map(
        (alternate) =>
          `<xhtml:link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeXml(alternate.href)}"/>`,
      )
      .join('')
    return `<url><loc>${escapeXml(entry.loc)}</loc><lastmod>${entry.lastmod}</lastmod>${links}</url>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
}

/** A <sitemapindex> pointing at `count` files /sitemaps/{n}.xml. */
export function renderIndex(baseUrl: string, count: number, lastmod: string): string {
  const items = Array.from(
    { length: count },
    (_, index) =>
      `<sitemap><loc>${escapeXml(`${baseUrl}/sitemaps/${index + 1}.xml`)}</loc><lastmod>${lastmod}</lastmod></sitemap>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`
}

// Crawlers fetch the index and then each file: one computation serves them all for a while.
const CACHE_MS = 10 * 60_000
let cache: { baseUrl: string; at: number; entries: Promise<SitemapEntry[]> } | undefined
// A profile that leaves the site leaves the sitemap at once (the change feed).
onPublicPagesChanged(() => {
  cache = undefined
})

function cachedEntries(baseUrl: string): Promise<SitemapEntry[]> {
  if (!publicCachesUsable()) return sitemapEntries(baseUrl)
  const now = Date.now()
  if (!cache || cache.baseUrl !== baseUrl || now - cache.at > CACHE_MS) {
    const entries = sitemapEntries(baseUrl)
    cache = { baseUrl, at: now, entries }
    // A failure is not kept: the next request tries again.
    entries.catch(() => {
      if (cache?.entries === entries) cache = undefined
    })
  }
  return cache.entries
}

/** Forgets the cached entries (tests, and after bulk changes). */
export function clearSitemapCache(): void {
  cache = undefined
}

/**
 * /sitemap.xml: the urlset itself while it fits one file, else an index of the files.
 * `page` (1-based) picks one of those files; undefined when it does not exist.
 */
export async function sitemapDocument(
  baseUrl: string,
  page?: number,
  maxUrls = SITEMAP_MAX_URLS,
): Promise<string | undefined> {
  const entries = await cachedEntries(baseUrl)
  const files = Math.max(1, Math.ceil(entries.length / maxUrls))
  if (page === undefined) {
    if (files === 1) return renderUrlset(entries)
    const lastmod = newest(entries.map((entry) => entry.lastmod))
    return renderIndex(baseUrl, files, lastmod)
  }
  if (files === 1 || !Number.isInteger(page) || page < 1 || page > files) return undefined
  return renderUrlset(entries.slice((page - 1) * maxUrls, page * maxUrls))
}
