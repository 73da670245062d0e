import { data } from 'react-router'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { ActionLink, ListingResults } from '#app/components/listing/listing-results.tsx'
import { LocationSearch } from '#app/components/listing/location-search.tsx'
import { BackLink, Breadcrumb } from '#app/components/listing/navigation.tsx'
import { PlaceErrorBoundary } from '#app/components/listing/place-error.tsx'
import { keepAfterFavorite } from '#app/components/profile/favorite-button.tsx'
import { asLanguage } from '#app/domain/language.ts'
import { LISTING_PAGE_SIZE } from '#app/domain/page-sizes.ts'
import { paths } from '#app/domain/paths.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { assertPageExists, readListingParams } from '#app/modules/listing/listing-params.server.ts'
import { errorMeta } from '#app/modules/listing/meta.ts'
import { placeNotFound } from '#app/modules/listing/place-not-found.ts'
import { listProfilesOrNull } from '#app/modules/listing/safe-list.server.ts'
import { findCity, findNeighborhood } from '#app/modules/location/places.server.ts'
import { metaContext, pageMeta } from '#app/modules/seo/meta.ts'
import type { Route } from './+types/neighborhood'

// Pressing a heart reads the favourites again, not this page's data.
export const shouldRevalidate = keepAfterFavorite

export async function loader({ params, request }: Route.LoaderArgs) {
  const city = await findCity(params.citySlug)
  const neighborhood = city ? await findNeighborhood(city.slug, params.neighborhoodSlug) : undefined
  if (!city || !neighborhood) placeNotFound('neighborhood')
  const listing = readListingParams(request, LISTING_PAGE_SIZE)
  const page = await listProfilesOrNull({
    ...listing,
    citySlug: city.slug,
    neighborhoodSlug: neighborhood.slug,
  })
  if (page) assertPageExists(listing.page, page.total, listing.limit)
  return data(
    {
      city: { slug: city.slug, name: city.name },
      neighborhood: {
        slug: neighborhood.slug,
        name: neighborhood.name,
        description:
          (asLanguage(params.lang) === 'en'
            ? neighborhood.descriptionEn
            : neighborhood.descriptionPt) ?? null,
        landmarks: neighborhood.landmarks,
      },
      page,
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
  const heading = format(t.listing.neighborhoodHeading, { neighborhood: neighborhood.name })
  return pageMeta(args, {
    title: `${heading}, ${city.name}`,
    description:
      neighborhood.description ??
      format(t.meta.placeDescription, { place: `${neighborhood.name}, ${city.name}` }),
    breadcrumb: [
      {
        name: format(t.listing.cityHeading, { city: city.name }),
        path: paths.city(lang, city.slug),
      },
      { name: heading, path: paths.neighborhood(lang, city.slug, neighborhood.slug) },
    ],
  })
}

export default function NeighborhoodPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const lang = useLanguage()
  const { city, neighborhood, page, listing } = loaderData
  return (
    <SiteShell>
      <Breadcrumb
        items={[
          { label: t.listing.home, to: paths.home(lang) },
          { label: city.name, to: paths.city(lang, city.slug) },
          { label: neighborhood.name },
        ]}
      />
      <BackLink
        to={paths.city(lang, city.slug)}
        label={format(t.listing.backTo, { place: city.name })}
      />
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">
        {format(t.listing.neighborhoodHeading, { neighborhood: neighborhood.name })}
      </h1>
      {neighborhood.description && (
        <p className="mt-2 max-w-3xl text-stone-600">{neighborhood.description}</p>
      )}
      <div className="mt-4">
        <LocationSearch />
      </div>
      <ListingResults
        page={page}
        listing={listing}
        pageSize={LISTING_PAGE_SIZE}
        refCity={city.slug}
        emptyTitle={format(t.listing.noProfilesIn, { city: neighborhood.name })}
        emptyActions={
          <ActionLink to={paths.city(lang, city.slug)} primary>
            {format(t.listing.viewCity, { city: city.name })}
          </ActionLink>
        }
      />
    </SiteShell>
  )
}

export const ErrorBoundary = PlaceErrorBoundary
