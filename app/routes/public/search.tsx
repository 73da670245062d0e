import { X } from 'lucide-react'
import { data, Link, redirect, useLocation } from 'react-router'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { ActionLink, ListingResults } from '#app/components/listing/listing-results.tsx'
import { LocationSearch, suggestionPath } from '#app/components/listing/location-search.tsx'
import { Breadcrumb } from '#app/components/listing/navigation.tsx'
import { errorMeta, PlaceErrorBoundary } from '#app/components/listing/place-error.tsx'
import { keepAfterFavorite } from '#app/components/profile/favorite-button.tsx'
import { asLanguage, DEFAULT_LANGUAGE } from '#app/domain/language.ts'
import { LISTING_PAGE_SIZE } from '#app/domain/page-sizes.ts'
import { paths } from '#app/domain/paths.ts'
import { dictionary, format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { assertPageExists, readListingParams } from '#app/modules/listing/listing-params.server.ts'
import { placeNotFound } from '#app/modules/listing/place-not-found.ts'
import { listProfilesOrNull } from '#app/modules/listing/safe-list.server.ts'
import { findCity, findService } from '#app/modules/location/places.server.ts'
import { locationSuggestions } from '#app/modules/location/suggestions.server.ts'
import { pageMeta } from '#app/modules/seo/meta.ts'
import type { Route } from './+types/search'

// Pressing a heart reads the favourites again, not this page's data.
export const shouldRevalidate = keepAfterFavorite

export async function loader({ params, request }: Route.LoaderArgs) {
  const language = asLanguage(params.lang) ?? DEFAULT_LANGUAGE
  const url = new URL(request.url)
  // The location box without JavaScript sends the typed text: open its best match.
  const typed = url.searchParams.get('local')
  if (typed !== null) {
    const [best] = await locationSuggestions(typed.slice(0, 60))
    if (best) throw redirect(suggestionPath(language, best))
    url.searchParams.delete('local')
    throw redirect(`${url.pathname}${url.search}`)
  }
  const citySlug = url.searchParams.get('city')
  const serviceSlug = url.searchParams.get('service')
  const [city, service] = await Promise.all([
    citySlug ? findCity(citySlug) : undefined,
    serviceSlug ? findService(serviceSlug) : undefined,
  ])
  if (citySlug && !city) placeNotFound('city')
  if (serviceSlug && !service) placeNotFound('service')
  const listing = readListingParams(request, LISTING_PAGE_SIZE)
  const page = await listProfilesOrNull({
    ...listing,
    citySlug: city?.slug,
    serviceSlug: service?.slug,
  })
  if (page) assertPageExists(listing.page, page.total, listing.limit)
  return data(
    {
      city: city ? { slug: city.slug, name: city.name } : null,
      service: service
        ? { slug: service.slug, name: language === 'en' ? service.nameEn : service.namePt }
        : null,
      page,
      listing: { filters: listing.filters, page: listing.page, minute: listing.minute },
    },
    page ? undefined : { status: 503 },
  )
}

export function meta(args: Route.MetaArgs) {
  if (args.error) return errorMeta(args.params.lang)
  const t = dictionary(asLanguage(args.params.lang) ?? DEFAULT_LANGUAGE)
  // Search results are endless query-string variants: followed, not indexed.
  return [
    ...pageMeta(args, { title: t.listing.searchHeading, description: t.meta.homeDescription }),
    { name: 'robots', content: 'noindex, follow' },
  ]
}

function Chip({ label, removeTo }: { label: string; removeTo: string }) {
  const t = useT()
  return (
    <li className="flex items-center gap-1 rounded-full bg-rose-100 py-1 pl-3 pr-1 text-sm text-rose-950">
      {label}
      <Link
        to={removeTo}
        className="rounded-full p-1 hover:bg-rose-200"
        aria-label={format(t.listing.removeChip, { label })}
      >
        <X aria-hidden="true" className="size-3.5" />
      </Link>
    </li>
  )
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const lang = useLanguage()
  const location = useLocation()
  const { city, service, page, listing } = loaderData
  const without = (name: string) => {
    const params = new URLSearchParams(location.search)
    for (const drop of [name, 'page', 'r']) params.delete(drop)
    const query = params.toString()
    return `${location.pathname}${query ? `?${query}` : ''}`
  }
  const searchTarget = (next: { type: string; slug: string; parent: string | null }) => {
    const params = new URLSearchParams(location.search)
    for (const drop of ['page', 'r', 'neighborhood']) params.delete(drop)
    params.set('city', next.type === 'city' ? next.slug : (next.parent ?? next.slug))
    return `${location.pathname}?${params}`
  }
  return (
    <SiteShell>
      <Breadcrumb
        items={[
          { label: t.listing.home, to: paths.home(lang) },
          { label: t.listing.searchHeading },
        ]}
      />
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
        {city ? format(t.listing.searchInHeading, { place: city.name }) : t.listing.searchHeading}
      </h1>
      <div className="mt-4">
        <LocationSearch defaultValue={city?.name ?? ''} target={searchTarget} />
      </div>
      {(city || service) && (
        <ul aria-label={t.listing.chipsLabel} className="mt-3 flex flex-wrap gap-2">
          {city && <Chip label={city.name} removeTo={without('city')} />}
          {service && <Chip label={service.name} removeTo={without('service')} />}
        </ul>
      )}
      <ListingResults
        page={page}
        listing={listing}
        pageSize={LISTING_PAGE_SIZE}
        refCity={city?.slug}
        emptyTitle={t.listing.noProfiles}
        emptyActions={<ActionLink to={paths.search(lang)}>{t.listing.clearFilters}</ActionLink>}
      />
    </SiteShell>
  )
}

export const ErrorBoundary = PlaceErrorBoundary
