import { data, Link } from 'react-router'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { FeedStrip } from '#app/components/listing/feed-strip.tsx'
import { FilterControl } from '#app/components/listing/filter-control.tsx'
import { LocationSearch } from '#app/components/listing/location-search.tsx'
import { PlaceErrorBoundary } from '#app/components/listing/place-error.tsx'
import { EmptyState, ListErrorState, ProfileGrid } from '#app/components/listing/profile-grid.tsx'
import { ViewAllLink } from '#app/components/listing/view-all-button.tsx'
import { keepAfterFavorite } from '#app/components/profile/favorite-button.tsx'
import { TestimonialCard, useScrolledPastShare } from '#app/components/reviews/testimonial.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { cardClass } from '#app/components/ui/card.tsx'
import { EyeOff, MessageCircle, ShieldCheck } from '#app/components/ui/icons.tsx'
import { DEFAULT_FILTERS } from '#app/domain/filters.ts'
import { FEED_FIRST_PAGE, HOME_PROFILE_LIMIT } from '#app/domain/page-sizes.ts'
import { paths } from '#app/domain/paths.ts'
import { SECOND_TESTIMONIAL_MIN_PROFILES } from '#app/domain/testimonials.ts'
import { format, useCount, useLanguage, useT } from '#app/i18n/i18n.ts'
import { readListingParams } from '#app/modules/listing/listing-params.server.ts'
import { listProfilesOrNull } from '#app/modules/listing/safe-list.server.ts'
import { feedCity } from '#app/modules/location/feed-city.server.ts'
import { findCity } from '#app/modules/location/places.server.ts'
import { profileCounts } from '#app/modules/location/suggestions.server.ts'
import { testimonials } from '#app/modules/reviews/reviews.server.ts'
import { metaContext, pageMeta } from '#app/modules/seo/meta.ts'
import { log } from '#app/platform/logger.server.ts'
import type { Route } from './+types/home'

// Pressing a heart reads the favourites again, not this page's data.
export const shouldRevalidate = keepAfterFavorite

export async function loader({ request, context }: Route.LoaderArgs) {
  const listing = readListingParams(request, FEED_FIRST_PAGE)
  const located = await feedCity(request, context.clientIp)
  const [city, feed, featured, counts, quotes] = await Promise.all([
    findCity(located.citySlug),
    listProfilesOrNull({ ...listing, offset: 0, citySlug: located.citySlug }),
    listProfilesOrNull({
      filters: DEFAULT_FILTERS,
      minute: listing.minute,
      limit: HOME_PROFILE_LIMIT,
      offset: 0,
    }),
    profileCounts().catch(() => null),
    // Real testimonials only (issue 20 point 5): none when they cannot be read.
    testimonials(2).catch((error) => {
      log.error('testimonials failed', { error: String(error) })
      return []
    }),
  ])
  return data(
    {
      city: { slug: located.citySlug, name: city?.name ?? located.citySlug },
      feed,
      featured: featured?.profiles ?? null,
      filters: listing.filters,
      counts: counts ? { national: counts.total } : null,
      testimonials: quotes,
    },
    {
      // A failed list must not be kept by the page cache: 503 (the page shows its retry state).
      status: feed && featured ? 200 : 503,
      headers: located.setCookie ? { 'Set-Cookie': located.setCookie } : undefined,
    },
  )
}

export function meta(args: Route.MetaArgs) {
  const { language: lang, t, origin } = metaContext(args)
  return pageMeta(args, {
    title: t.meta.homeTitle,
    description: t.meta.homeDescription,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: t.site.name,
        url: `${origin}/`,
        logo: `${origin}/favicon.svg`,
      },
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: t.site.name,
        url: `${origin}${paths.home(lang)}`,
        inLanguage: lang === 'pt' ? 'pt-BR' : 'en',
        potentialAction: {
          '@type': 'SearchAction',
          target: {
            '@type': 'EntryPoint',
            // ?local= takes free text (a city or neighbourhood name) and opens the best match.
            urlTemplate: `${origin}${paths.search(lang)}?local={search_term_string}`,
          },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  })
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const countText = useCount()
  const lang = useLanguage()
  const { city, feed, featured, filters, counts, testimonials } = loaderData
  const scrolledPast = useScrolledPastShare()
  const [firstTestimonial, secondTestimonial] = testimonials
  // SPEC §9: the second testimonial only when the feed shows more than 8 profiles, and only once
  // the visitor scrolled beyond 30% of the page (its place is kept meanwhile: no layout shift).
  const showsSecond =
    secondTestimonial && (feed?.profiles.length ?? 0) > SECOND_TESTIMONIAL_MIN_PROFILES
  const features = [
    { Icon: ShieldCheck, title: t.home.features.verifiedTitle, text: t.home.features.verifiedText },
    { Icon: EyeOff, title: t.home.features.discretionTitle, text: t.home.features.discretionText },
    {
      Icon: MessageCircle,
      title: t.home.features.whatsappTitle,
      text: t.home.features.whatsappText,
    },
  ]
  const searchUrl = paths.search(lang, { city: city.slug })
  return (
    <SiteShell>
      {/* On a phone the hero stays short, so the feed's first cards show on the first screen
          (issue 19 point 6): the three features are a row of icons with their titles. */}
      <section className="py-5 text-center sm:py-14">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-4xl">
          {t.home.heroTitle}
        </h1>
        <p className="mx-auto mt-2 max-w-2xl text-sm text-stone-600 sm:mt-3 sm:text-base">
          {t.home.heroSubtitle}
        </p>
        {counts && (
          <p className="mt-2 text-sm font-medium text-rose-900">
            {countText(t.feed.nationalCount, counts.national)}
          </p>
        )}
        <ul className="mt-4 grid grid-cols-3 gap-2 text-left sm:mt-8 sm:gap-4">
          {features.map(({ Icon, title, text }) => (
            <li
              key={title}
              className={`${cardClass} max-sm:flex max-sm:flex-col max-sm:items-center max-sm:gap-1 max-sm:p-2 max-sm:text-center`}
            >
              <Icon aria-hidden="true" className="size-5 text-rose-800 sm:size-6" />
              <h2 className="text-xs font-semibold sm:mt-2 sm:text-base">{title}</h2>
              <p className="mt-1 hidden text-sm text-stone-600 sm:block">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="feed-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="feed-heading" className="text-xl font-semibold">
            {format(t.feed.availableIn, { city: city.name })}
          </h2>
          <ViewAllLink
            to={searchUrl}
            label={t.feed.viewAll}
            alreadyTitle={t.listing.alreadyOnSearch}
            className="text-sm font-medium text-rose-900 hover:underline"
          />
        </div>
        <p className="mt-1 text-sm text-stone-600">{t.feed.trustLine}</p>
        <div className="my-4 flex flex-wrap items-center gap-3">
          <LocationSearch />
          <FilterControl filters={filters} />
        </div>
        {!feed ? (
          <ListErrorState />
        ) : feed.profiles.length === 0 ? (
          <EmptyState title={format(t.listing.noProfilesIn, { city: city.name })}>
            <ButtonLink to={paths.home(lang)} tone="secondary">
              {t.listing.clearFilters}
            </ButtonLink>
            <ButtonLink to={paths.city(lang, city.slug)}>
              {format(t.listing.viewCity, { city: city.name })}
            </ButtonLink>
          </EmptyState>
        ) : (
          <>
            <FeedStrip profiles={feed.profiles} refCity={city.slug} />
            <Link
              to={searchUrl}
              className="mt-4 block rounded-md border border-rose-800 px-4 py-2 text-center text-sm font-medium text-rose-900 hover:bg-rose-50"
            >
              {/* The feed's own counts: the city page and its suggestion say the same. */}
              {countText(t.feed.viewMore, feed.total, { online: feed.online })}
            </Link>
          </>
        )}
        {firstTestimonial && (
          <div className="mt-6">
            <h3 className="mb-2 text-sm font-semibold text-stone-700">
              {t.reviews.testimonialsHeading}
            </h3>
            <TestimonialCard testimonial={firstTestimonial} />
          </div>
        )}
      </section>

      <section aria-labelledby="why-heading" className="mt-12">
        <h2 id="why-heading" className="mb-4 text-xl font-semibold">
          {t.home.whyHeading}
        </h2>
        <ul className="grid gap-2 sm:grid-cols-2">
          {Object.values(t.home.why).map((reason) => (
            <li key={reason} className="flex gap-2 text-stone-700">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-rose-800" />
              {reason}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="featured-heading" className="mt-12">
        <h2 id="featured-heading" className="mb-4 text-xl font-semibold">
          {t.home.profilesHeading}
        </h2>
        {featured === null ? (
          <ListErrorState />
        ) : featured.length === 0 ? (
          <p className="text-stone-600">{t.home.noProfiles}</p>
        ) : (
          <ProfileGrid
            profiles={featured}
            headingLevel={3}
            // Below the feed, unless the visitor's city has no feed.
            first={!feed?.profiles.length}
          />
        )}
        {showsSecond && (
          <div className="mt-8">
            <TestimonialCard testimonial={secondTestimonial} hidden={!scrolledPast} />
          </div>
        )}
      </section>
    </SiteShell>
  )
}

// A failure to load shows the list error inside the site's header and footer (SPEC §8).
export const ErrorBoundary = PlaceErrorBoundary
