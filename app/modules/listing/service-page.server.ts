import { data } from 'react-router'
import { DEFAULT_FILTERS } from '#app/domain/filters.ts'
import type { Language } from '#app/domain/language.ts'
import { LONG_LIST_LIMIT } from '#app/domain/page-sizes.ts'
import { rotationMinute } from '#app/domain/ranking.ts'
import { placeNotFound } from '#app/modules/listing/place-not-found.ts'
import { findCity, findService } from '../location/places.server.ts'
import { listProfilesOrNull } from './safe-list.server.ts'

/**
 * Data of a service page, alone or within a city: the service texts in the page's language and
 * up to 50 profiles that offer it. Unknown service (or city) gives the SPEC's 404.
 */
export async function loadServicePage(language: Language, serviceSlug: string, citySlug?: string) {
  const [service, city] = await Promise.all([
    findService(serviceSlug),
    citySlug ? findCity(citySlug) : undefined,
  ])
  if (!service || (citySlug && !city)) placeNotFound(citySlug ? 'combination' : 'service')
  const page = await listProfilesOrNull({
    citySlug: city?.slug,
    serviceSlug: service.slug,
    filters: DEFAULT_FILTERS,
    minute: rotationMinute(new Date()),
    limit: LONG_LIST_LIMIT,
    offset: 0,
  })
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
      profiles: page?.profiles ?? null,
    },
    page ? undefined : { status: 503 },
  )
}
