import type { MetaDescriptor } from 'react-router'
import { DEFAULT_LANGUAGE, htmlLang, LANGUAGES, type Language } from '#app/domain/language.ts'
import { paths } from '#app/domain/paths.ts'
import { dictionary } from '#app/i18n/i18n.ts'

// The head of every page (issue 5): title and description in the page's language, canonical URL
// without the query string, hreflang alternates for /pt and /en pages, Open Graph and Twitter
// cards, noindex where asked, and JSON-LD.

interface RootData {
  language?: Language
  origin?: string
}

export interface MetaArgsLike {
  matches: ({ id: string; data?: unknown } | undefined)[]
  location: { pathname: string }
}

export interface PageMetaOptions {
  /** The page's own title; the site name is added. */
  title: string
  description?: string
  /** Absolute or site-relative image for social cards; the site's card by default. */
  image?: string
  imageAlt?: string
  noindex?: boolean
  type?: 'website' | 'profile'
  jsonLd?: object[]
  /** The canonical path when it differs from the one requested (a profile reached by id). */
  canonicalPath?: string
  /** The page's place below the home page, as a schema.org BreadcrumbList (home is added). */
  breadcrumb?: { name: string; path: string }[]
}

/** Site card for social previews (placeholder art, 1200×630). */
export const DEFAULT_SOCIAL_IMAGE = '/social-card.png'

function rootData(args: MetaArgsLike): RootData {
  return (args.matches.find((match) => match?.id === 'root')?.data as RootData | undefined) ?? {}
}

/** The page's language, its dictionary and the public origin, from the root loader. */
export function metaContext(args: MetaArgsLike) {
  const root = rootData(args)
  const language = root.language ?? DEFAULT_LANGUAGE
  return { language, t: dictionary(language), origin: root.origin ?? '' }
}

/** The same path in another language, for /pt and /en pages; undefined elsewhere. */
function languagePath(pathname: string, lang: Language): string | undefined {
  const match = /^\/(pt|en)(\/.*)?$/.exec(pathname)
  return match ? `/${lang}${match[2] ?? '/'}` : undefined
}

export function pageMeta(args: MetaArgsLike, options: PageMetaOptions): MetaDescriptor[] {
  const { language, t, origin } = metaContext(args)
  const siteName = t.site.name
  const title = options.title.includes(siteName) ? options.title : `${options.title} – ${siteName}`
  const canonical = `${origin}${options.canonicalPath ?? args.location.pathname}`
  const image = options.image ?? DEFAULT_SOCIAL_IMAGE
  const imageUrl = image.startsWith('http') ? image : `${origin}${image}`
  const description = options.description ?? t.meta.homeDescription
  const alternates = LANGUAGES.flatMap((lang) => {
    const path = languagePath(args.location.pathname, lang)
    return path ? [{ lang: htmlLang(lang), href: `${origin}${path}` }] : []
  })
  const defaultPath = languagePath(args.location.pathname, DEFAULT_LANGUAGE)
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    ...alternates.map((alternate) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: alternate.lang,
      href: alternate.href,
    })),
    ...(defaultPath
      ? [
          {
            tagName: 'link',
            rel: 'alternate',
            hrefLang: 'x-default',
            href: `${origin}${defaultPath}`,
          },
        ]
      : []),
    ...(options.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    { property: 'og:site_name', content: siteName },
    { property: 'og:type', content: options.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: language === 'pt' ? 'pt_BR' : 'en_US' },
    { property: 'og:image', content: imageUrl },
    ...(options.imageAlt ? [{ property: 'og:image:alt', content: options.imageAlt }] : []),
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: imageUrl },
    ...[
      ...(options.breadcrumb
        ? [
            breadcrumbJsonLd(origin, [
              { name: t.listing.home, path: paths.home(language) },
              ...options.breadcrumb,
            ]),
          ]
        : []),
      ...(options.jsonLd ?? []),
    ].map((data) => ({ 'script:ld+json': data })),
  ]
}

/** schema.org BreadcrumbList from site-relative paths; the last item is the page itself. */
function breadcrumbJsonLd(
  origin: string,
  items: { name: string; path: string }[],
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: `${origin}${item.path}`,
    })),
  }
}
