import { data } from 'react-router'
import type { Language } from '#app/domain/language.ts'
import { LISTING_PAGE_SIZE } from '#app/domain/page-sizes.ts'
import { assertPageExists, readListingParams } from '#app/modules/listing/listing-params.server.ts'
import { placeNotFound } from '#app/modules/listing/place-not-found.ts'
import { findCity, findService } from '#app/modules/location/places.server.ts'
import { listProfilesOrNull } from './safe-list.server.ts'

/**
 * Data of a service page, alone or within a city: the service texts in the page's language and
 * the profiles that offer it, 20 a page with the city page's filters (issue 19 point 10: a
 * list cut at 50 hid most of a popular service). Unknown service (or city) gives the SPEC's 404.
 */
export async function loadServicePage(
  request: Request,
  language: Language,
  serviceSlug: string,
  citySlug?: string,
) {
  const [service, city] = await Promise.all([
    findService(serviceSlug),
    citySlug ? findCity(citySlug) : undefined,
  ])
  if (!service || (citySlug && !city)) placeNotFound(citySlug ? 'combination' : 'service')
  const listing = readListingParams(request, LISTING_PAGE_SIZE)
  const page = await listProfilesOrNull({
    ...listing,
    citySlug: city?.slug,
    serviceSlug: service.slug,
  })
  if (page) assertPageExists(listing.page, page.total, listing.limit)
  const en = language === 'en'
  return data(
    {
      city: city ? { slug: city.slug, name: city.name } : null,
      service: {
        slug: service.slug,
        name: en ? service.nameEn : service.namePt,
        description: en ? service.descriptionEn : service.descriptionPt,
        keywords: en ? service.keywordsEn : service.keywordsPt,
        metaDescription: en ? service.metaDescriptionEn : service.metaDescriptionPt,
        content: (en ? service.contentEn : service.contentPt).split(/\n\s*\n/),
      },
      page,
      listing: { filters: listing.filters, page: listing.page, minute: listing.minute },
    },
    page ? undefined : { status: 503 },
  )
}
