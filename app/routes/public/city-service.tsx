import { errorMeta, PlaceErrorBoundary } from '#app/components/listing/place-error.tsx'
import { ServicePage } from '#app/components/listing/service-page.tsx'
import { asLanguage, DEFAULT_LANGUAGE } from '#app/domain/language.ts'
import { dictionary, format } from '#app/i18n/i18n.ts'
import { loadServicePage } from '#app/modules/listing/service-page.server.ts'
import type { Route } from './+types/city-service'

export function loader({ params }: Route.LoaderArgs) {
  return loadServicePage(
    asLanguage(params.lang) ?? DEFAULT_LANGUAGE,
    params.serviceSlug,
    params.citySlug,
  )
}

export function meta({ data: loaderData, params, error }: Route.MetaArgs) {
  if (error || !loaderData?.city) return errorMeta(params.lang)
  const t = dictionary(asLanguage(params.lang) ?? DEFAULT_LANGUAGE)
  const title = format(t.listing.serviceInCity, {
    service: loaderData.service.name,
    city: loaderData.city.name,
  })
  return [
    { title: `${title} – ${t.site.name}` },
    { name: 'description', content: loaderData.service.metaDescription },
  ]
}

export default function CityServiceRoute({ loaderData }: Route.ComponentProps) {
  return <ServicePage {...loaderData} />
}

export const ErrorBoundary = PlaceErrorBoundary
