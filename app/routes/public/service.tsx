import { PlaceErrorBoundary } from '#app/components/listing/place-error.tsx'
import { ServicePage } from '#app/components/listing/service-page.tsx'
import { keepAfterFavorite } from '#app/components/profile/favorite-button.tsx'
import { asLanguage, DEFAULT_LANGUAGE } from '#app/domain/language.ts'
import { paths } from '#app/domain/paths.ts'
import { errorMeta } from '#app/modules/listing/meta.ts'
import { loadServicePage } from '#app/modules/listing/service-page.server.ts'
import { metaContext, pageMeta } from '#app/modules/seo/meta.ts'
import type { Route } from './+types/service'

// Pressing a heart reads the favourites again, not this page's data.
export const shouldRevalidate = keepAfterFavorite

export function loader({ params, request }: Route.LoaderArgs) {
  return loadServicePage(request, asLanguage(params.lang) ?? DEFAULT_LANGUAGE, params.serviceSlug)
}

export function meta(args: Route.MetaArgs) {
  const { data: loaderData, params, error } = args
  if (error || !loaderData) return errorMeta(params.lang)
  const { language: lang, t } = metaContext(args)
  const { service } = loaderData
  return pageMeta(args, {
    title: service.name,
    description: service.metaDescription,
    breadcrumb: [
      { name: t.services.heading, path: paths.services(lang) },
      { name: service.name, path: paths.service(lang, service.slug) },
    ],
  })
}

export default function ServiceRoute({ loaderData }: Route.ComponentProps) {
  return <ServicePage {...loaderData} />
}

export const ErrorBoundary = PlaceErrorBoundary
