import { data } from 'react-router'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { ActionLink, ListingResults } from '#app/components/listing/listing-results.tsx'
import { LocationSearch } from '#app/components/listing/location-search.tsx'
import { BackLink, Breadcrumb } from '#app/components/listing/navigation.tsx'
import { PlaceErrorBoundary } from '#app/components/listing/place-error.tsx'
import { ViewAllLink } from '#app/components/listing/view-all-button.tsx'
import { keepAfterFavorite } from '#app/components/profile/favorite-button.tsx'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { activeFilterCount, DEFAULT_FILTERS } from '#app/domain/filters.ts'
import { LISTING_PAGE_SIZE, LONG_LIST_LIMIT } from '#app/domain/page-sizes.ts'
import { paths } from '#app/domain/paths.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { assertPageExists, readListingParams } from '#app/modules/listing/listing-params.server.ts'
import { errorMeta } from '#app/modules/listing/meta.ts'
import { placeNotFound } from '#app/modules/listing/place-not-found.ts'
import { listProfilesOrNull } from '#app/modules/listing/safe-list.server.ts'
import {
  allServices,
  cityNeighborhoods,
  findCity,
  findNeighborhood,
} from '#app/modules/location/places.server.ts'
import { metaContext, pageMeta } from '#app/modules/seo/meta.ts'
import type { Route } from './+types/city'

// Pressing a heart reads the favourites again, not this page's data.
export const shouldRevalidate = keepAfterFavorite

export async function loader({ params, request }: Route.LoaderArgs) {
  const city = await findCity(params.citySlug)
  if (!city) placeNotFound('city')
  const neighborhoodSlug = new URL(request.url).searchParams.get('neighborhood')
  const neighborhood = neighborhoodSlug
    ? await findNeighborhood(city.slug, neighborhoodSlug)
    : undefined
  if (neighborhoodSlug && !neighborhood) placeNotFound('neighborhood')
  const listing = readListingParams(request, LISTING_PAGE_SIZE)
  const [page, cityList, neighborhoods, services] = await Promise.all([
    listProfilesOrNull({
      citySlug: city.slug,
      neighborhoodSlug: neighborhood?.slug,
      filters: listing.filters,
      minute: listing.minute,
      limit: listing.limit,
      offset: listing.offset,
    }),
    // Below the grid: up to 50 profiles of the city, unfiltered (SPEC §2 city page).
    neighborhood
      ? null
      : listProfilesOrNull({
          citySlug: city.slug,
          filters: DEFAULT_FILTERS,
          minute: listing.minute,
          limit: LONG_LIST_LIMIT,
          offset: 0,
        }),
    cityNeighborhoods(city.slug),
    allServices(),
  ])
  if (page) assertPageExists(listing.page, page.total, listing.limit)
  return data(
    {
      city: { slug: city.slug, name: city.name, state: city.state },
      neighborhood: neighborhood ? { slug: neighborhood.slug, name: neighborhood.name } : null,
      page,
      // The list shows a name and links to the page: a card's other fields would only swell
      // the hydration data (issue 24).
      cityList: (cityList?.profiles ?? []).map(({ id, username, name }) => ({
        id,
        username,
        name,
      })),
      neighborhoods,
      services: services.map((s) => ({
        slug: s.slug,
        name: params.lang === 'en' ? s.nameEn : s.namePt,
      })),
      listing: { filters: listing.filters, page: listing.page, minute: listing.minute },
    },
    page ? undefined : { status: 503 },
  )
}

export function meta(args: Route.MetaArgs) {
  const { data: loaderData, params, error } = args
  if (error || !loaderData) return errorMeta(params.lang)
  const { language: lang, t } = metaContext(args)
  const { city, neighborhood } = loaderData
  const place = neighborhood ? `${neighborhood.name}, ${city.name}` : city.name
  const heading = format(t.listing.cityHeading, { city: city.name })
  return pageMeta(args, {
    title: format(t.listing.cityHeading, { city: place }),
    description: format(t.meta.placeDescription, { place }),
    breadcrumb: [{ name: heading, path: paths.city(lang, city.slug) }],
  })
}

export default function CityPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const lang = useLanguage()
  const { city, neighborhood, page, cityList, neighborhoods, services, listing } = loaderData
  const viewAllUrl = paths.city(lang, city.slug, { status: 'all' })
  const heading = neighborhood
    ? format(t.listing.searchInHeading, { place: `${neighborhood.name}, ${city.name}` })
    : format(t.listing.cityHeading, { city: city.name })
  return (
    <SiteShell>
      <Breadcrumb
        items={[
          { label: t.listing.home, to: paths.home(lang) },
          { label: city.name, to: paths.city(lang, city.slug) },
          ...(neighborhood ? [{ label: neighborhood.name }] : []),
        ]}
      />
      {neighborhood && (
        <BackLink
          to={paths.city(lang, city.slug)}
          label={format(t.listing.backTo, { place: city.name })}
        />
      )}
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{heading}</h1>
        {!neighborhood && (
          <ViewAllLink
            to={viewAllUrl}
            label={format(t.listing.viewAllInCity, { city: city.name })}
            alreadyTitle={t.listing.alreadyViewingAll}
            alreadyText={format(t.listing.showingAllIn, { city: city.name })}
            // Without a filter narrowing it, the page already shows every profile of the city.
            already={activeFilterCount(listing.filters) === 0}
            className="rounded-md border border-rose-800 px-3 py-2 text-sm font-medium text-rose-900 hover:bg-rose-50"
          />
        )}
      </div>
      <div className="mt-4">
        <LocationSearch />
      </div>
      <ListingResults
        page={page}
        listing={listing}
        pageSize={LISTING_PAGE_SIZE}
        refCity={city.slug}
        cityName={neighborhood ? undefined : city.name}
        emptyTitle={format(t.listing.noProfilesIn, { city: neighborhood?.name ?? city.name })}
        emptyActions={
          <>
            <ActionLink
              to={paths.city(
                lang,
                city.slug,
                neighborhood ? { neighborhood: neighborhood.slug } : undefined,
              )}
            >
              {t.listing.clearFilters}
            </ActionLink>
            <ActionLink to={paths.city(lang, city.slug)} primary>
              {format(t.listing.viewCity, { city: city.name })}
            </ActionLink>
          </>
        }
      />

      {neighborhoods.length > 0 && (
        <LinkChips
          id="neighborhoods-heading"
          heading={format(t.listing.neighborhoodsHeading, { city: city.name })}
          links={neighborhoods.map((n) => ({
            to: paths.neighborhood(lang, city.slug, n.slug),
            label: n.name,
          }))}
        />
      )}
      <LinkChips
        id="services-heading"
        heading={format(t.listing.servicesInCity, { city: city.name })}
        links={services.map((s) => ({
          to: paths.cityService(lang, city.slug, s.slug),
          label: s.name,
        }))}
      />

      {cityList.length > 0 && (
        <section aria-labelledby="city-list-heading" className="mt-8">
          <h2 id="city-list-heading" className="mb-3 text-lg font-semibold">
            {format(t.listing.moreInCity, { city: city.name })}
          </h2>
          <ul className="columns-2 gap-4 text-sm sm:columns-3 lg:columns-4">
            {cityList.map((profile) => (
              <li key={profile.id} className="break-inside-avoid py-1">
                <AppLink
                  to={paths.profile(profile.username, city.slug)}
                  className="text-stone-700 hover:text-rose-900 hover:underline"
                >
                  {profile.name}
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      )}
    </SiteShell>
  )
}

export const ErrorBoundary = PlaceErrorBoundary

/** A titled row of pill links (the city's neighbourhoods, its services). */
function LinkChips({
  id,
  heading,
  links,
}: {
  id: string
  heading: string
  links: { to: string; label: string }[]
}) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {heading}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.to}>
            <AppLink
              to={link.to}
              className="inline-block rounded-full border border-stone-300 bg-white px-3 py-1 text-sm hover:bg-stone-100"
            >
              {link.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
