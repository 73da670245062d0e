import { PlaceErrorBoundary } from '#app/components/listing/place-error.tsx'
import { ServicePage } from '#app/components/listing/service-page.tsx'
import { keepAfterFavorite } from '#app/components/profile/favorite-button.tsx'
import { asLanguage, DEFAULT_LANGUAGE } from '#app/domain/language.ts'
import { paths } from '#app/domain/paths.ts'
import { format } from '#app/i18n/i18n.ts'
import { errorMeta } from '#app/modules/listing/meta.ts'
import { loadServicePage } from '#app/modules/listing/service-page.server.ts'
import { metaContext, pageMeta } from '#app/modules/seo/meta.ts'
import type { Route } from './+types/city-service'

// Pressing a heart reads the favourites again, not this page's data.
export const shouldRevalidate = keepAfterFavorite

export function loader({ params, request }: Route.LoaderArgs) {
  return loadServicePage(
    request,
    asLanguage(params.lang) ?? DEFAULT_LANGUAGE,
    params.serviceSlug,
    params.citySlug,
  )
}

export function meta(args: Route.MetaArgs) {
  const { data: loaderData, params, error } = args
  if (error || !loaderData?.city) return errorMeta(params.lang)
  const { language: lang, t } = metaContext(args)
  const { city, service } = loaderData
  const title = format(t.listing.serviceInCity, { service: service.name, city: city.name })
  return pageMeta(args, {
    title,
    description: service.metaDescription,
    breadcrumb: [
      {
        name: format(t.listing.cityHeading, { city: city.name }),
        path: paths.city(lang, city.slug),
      },
      { name: title, path: paths.cityService(lang, city.slug, service.slug) },
    ],
  })
}

export default function CityServiceRoute({ loaderData }: Route.ComponentProps) {
  return <ServicePage {...loaderData} />
}

export const ErrorBoundary = PlaceErrorBoundary
