import { errorMeta, PlaceErrorBoundary } from '#app/components/listing/place-error.tsx'
import { ServicePage } from '#app/components/listing/service-page.tsx'
import { asLanguage, DEFAULT_LANGUAGE } from '#app/domain/language.ts'
import { dictionary } from '#app/i18n/i18n.ts'
import { loadServicePage } from '#app/modules/listing/service-page.server.ts'
import type { Route } from './+types/service'

export function loader({ params }: Route.LoaderArgs) {
  return loadServicePage(asLanguage(params.lang) ?? DEFAULT_LANGUAGE, params.serviceSlug)
}

export function meta({ data: loaderData, params, error }: Route.MetaArgs) {
  if (error || !loaderData) return errorMeta(params.lang)
  const t = dictionary(asLanguage(params.lang) ?? DEFAULT_LANGUAGE)
  return [
    { title: `${loaderData.service.name} – ${t.site.name}` },
    { name: 'description', content: loaderData.service.metaDescription },
  ]
}

export default function ServiceRoute({ loaderData }: Route.ComponentProps) {
  return <ServicePage {...loaderData} />
}

export const ErrorBoundary = PlaceErrorBoundary
