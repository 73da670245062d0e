import { data, Link, redirect, useLocation } from 'react-router'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { ActionLink, ListingResults } from '#app/components/listing/listing-results.tsx'
import { LocationSearch, suggestionPath } from '#app/components/listing/location-search.tsx'
import { Breadcrumb } from '#app/components/listing/navigation.tsx'
import { PlaceErrorBoundary } from '#app/components/listing/place-error.tsx'
import { EmptyState } from '#app/components/listing/profile-grid.tsx'
import { ServicePicker } from '#app/components/listing/service-picker.tsx'
import { keepAfterFavorite } from '#app/components/profile/favorite-button.tsx'
import { X } from '#app/components/ui/icons.tsx'
import { asLanguage, DEFAULT_LANGUAGE } from '#app/domain/language.ts'
import { LISTING_PAGE_SIZE } from '#app/domain/page-sizes.ts'
import { paths } from '#app/domain/paths.ts'
import { dictionary, format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { assertPageExists, readListingParams } from '#app/modules/listing/listing-params.server.ts'
import { errorMeta } from '#app/modules/listing/meta.ts'
import { placeNotFound } from '#app/modules/listing/place-not-found.ts'
import { listProfilesOrNull } from '#app/modules/listing/safe-list.server.ts'
import {
  allServices,
  findCity,
  findNeighborhood,
  findService,
} from '#app/modules/location/places.server.ts'
import { locationSuggestions } from '#app/modules/location/suggestions.server.ts'
import { pageMeta } from '#app/modules/seo/meta.ts'
import type { Route } from './+types/search'

// Pressing a heart reads the favourites again, not this page's data.
export const shouldRevalidate = keepAfterFavorite

export async function loader({ params, request }: Route.LoaderArgs) {
  const language = asLanguage(params.lang) ?? DEFAULT_LANGUAGE
  const url = new URL(request.url)
  // An empty choice (the picker's 'all services', a cleared box sent without JavaScript) is no
  // choice: the address without it.
  const empty = ['local', 'city', 'neighborhood', 'service'].filter(
    (name) => url.searchParams.get(name)?.trim() === '',
  )
  if (empty.length > 0) {
    for (const name of empty) url.searchParams.delete(name)
    throw redirect(`${url.pathname}${url.search}`)
  }
  // The location box sends the typed text when no suggestion was chosen (or without
  // JavaScript): open its best match, or say that nothing matched (issue 19 point 10) rather
  // than list every profile as if the place had been found.
  const typed = url.searchParams.get('local')?.trim().slice(0, 60)
  const [best] = typed ? await locationSuggestions(typed) : []
  if (best) throw redirect(suggestionPath(language, best))
  const citySlug = url.searchParams.get('city')
  const neighborhoodSlug = url.searchParams.get('neighborhood')
  const serviceSlug = url.searchParams.get('service')
  const [city, neighborhood, service, services] = await Promise.all([
    citySlug ? findCity(citySlug) : undefined,
    citySlug && neighborhoodSlug ? findNeighborhood(citySlug, neighborhoodSlug) : undefined,
    serviceSlug ? findService(serviceSlug) : undefined,
    allServices(),
  ])
  if (citySlug && !city) placeNotFound('city')
  if (neighborhoodSlug && !neighborhood) placeNotFound('neighborhood')
  if (serviceSlug && !service) placeNotFound('service')
  const listing = readListingParams(request, LISTING_PAGE_SIZE)
  const page = typed
    ? { profiles: [], total: 0, touring: 0, online: 0 }
    : await listProfilesOrNull({
        ...listing,
        citySlug: city?.slug,
        neighborhoodSlug: neighborhood?.slug,
        serviceSlug: service?.slug,
      })
  if (page) assertPageExists(listing.page, page.total, listing.limit)
  const en = language === 'en'
  return data(
    {
      unmatched: typed ?? null,
      city: city ? { slug: city.slug, name: city.name } : null,
      neighborhood: neighborhood ? { slug: neighborhood.slug, name: neighborhood.name } : null,
      service: service ? { slug: service.slug, name: en ? service.nameEn : service.namePt } : null,
      services: services.map((s) => ({ slug: s.slug, name: en ? s.nameEn : s.namePt })),
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
  const { unmatched, city, neighborhood, service, services, page, listing } = loaderData
  const without = (...names: string[]) => {
    const params = new URLSearchParams(location.search)
    for (const drop of [...names, 'page', 'r']) params.delete(drop)
    const query = params.toString()
    return `${location.pathname}${query ? `?${query}` : ''}`
  }
  // A chosen place replaces the one searched, keeping the service and the filters; a
  // neighbourhood is kept as such (issue 19 point 10), not widened to its city.
  const searchTarget = (next: { type: string; slug: string; parent: string | null }) => {
    const params = new URLSearchParams(location.search)
    for (const drop of ['page', 'r', 'neighborhood', 'local']) params.delete(drop)
    params.set('city', next.type === 'city' ? next.slug : (next.parent ?? next.slug))
    if (next.type === 'neighborhood') params.set('neighborhood', next.slug)
    return `${location.pathname}?${params}`
  }
  const place = city && (neighborhood ? `${neighborhood.name}, ${city.name}` : city.name)
  return (
    <SiteShell>
      <Breadcrumb
        items={[
          { label: t.listing.home, to: paths.home(lang) },
          { label: t.listing.searchHeading },
        ]}
      />
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
        {place ? format(t.listing.searchInHeading, { place }) : t.listing.searchHeading}
      </h1>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <LocationSearch
          key={unmatched ?? neighborhood?.slug ?? city?.slug ?? ''}
          defaultValue={unmatched ?? neighborhood?.name ?? city?.name ?? ''}
          target={searchTarget}
        />
        <ServicePicker services={services} selected={service?.slug ?? null} />
      </div>
      {(city || service) && (
        <ul aria-label={t.listing.chipsLabel} className="mt-3 flex flex-wrap gap-2">
          {city && <Chip label={city.name} removeTo={without('city', 'neighborhood')} />}
          {neighborhood && <Chip label={neighborhood.name} removeTo={without('neighborhood')} />}
          {service && <Chip label={service.name} removeTo={without('service')} />}
        </ul>
      )}
      {unmatched ? (
        <div className="mt-6">
          <EmptyState
            title={format(t.listing.noPlaceMatch, { query: unmatched })}
            hint={t.listing.noPlaceMatchHint}
          >
            <ActionLink to={without('local')}>{t.listing.clearSearch}</ActionLink>
            <ActionLink to={paths.cities(lang)} primary>
              {t.listing.seeAllCities}
            </ActionLink>
          </EmptyState>
        </div>
      ) : (
        <ListingResults
          page={page}
          listing={listing}
          pageSize={LISTING_PAGE_SIZE}
          refCity={city?.slug}
          emptyTitle={t.listing.noProfiles}
          emptyActions={<ActionLink to={paths.search(lang)}>{t.listing.clearFilters}</ActionLink>}
        />
      )}
    </SiteShell>
  )
}

export const ErrorBoundary = PlaceErrorBoundary
