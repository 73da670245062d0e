import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { asLanguage, DEFAULT_LANGUAGE } from '#app/domain/language.ts'
import { paths } from '#app/domain/paths.ts'
import { dictionary, useLanguage, useT } from '#app/i18n/i18n.ts'
import type { MissingPlace } from '#app/modules/listing/place-not-found.ts'

/** Route meta for a failed listing page: a title in the page's language, never indexed. */
export function errorMeta(lang: string | undefined) {
  const t = dictionary(asLanguage(lang) ?? DEFAULT_LANGUAGE)
  return [{ title: t.meta.notFoundTitle }, { name: 'robots', content: 'noindex' }]
}

/**
 * Error boundary of listing routes: the SPEC's not-found content for unknown places (status 404,
 * noindex), otherwise 'Cidade não encontrada'-style recovery with back, try again and reload.
 */
export function PlaceErrorBoundary() {
  const error = useRouteError()
  const t = useT()
  const lang = useLanguage()
  const location = useLocation()
  if (!isRouteErrorResponse(error) || error.status !== 404) {
    return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />
  }
  const kind = (error.data as { kind?: MissingPlace } | undefined)?.kind
  const [title, text] =
    kind === 'city'
      ? [t.places.cityNotFound, t.places.cityNotFoundText]
      : kind === 'neighborhood'
        ? [t.places.neighborhoodNotFound, t.places.neighborhoodNotFoundText]
        : kind === 'service'
          ? [t.places.serviceNotFound, t.places.serviceNotFoundText]
          : kind === 'combination'
            ? [t.places.comboNotFound, t.places.comboNotFoundText]
            : [t.notFound.title, t.notFound.text]
  return (
    <SiteShell>
      <section className="mx-auto max-w-xl py-20 text-center">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="mt-2 text-stone-600">{text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link
            to={paths.home(lang)}
            className="rounded-md bg-rose-800 px-4 py-2 font-medium text-white hover:bg-rose-900"
          >
            {t.listing.backHome}
          </Link>
          <Link
            to={`${location.pathname}${location.search}`}
            className="rounded-md border border-stone-300 px-4 py-2 font-medium hover:bg-stone-100"
          >
            {t.places.tryAgain}
          </Link>
          <Link
            to={`${location.pathname}${location.search}`}
            reloadDocument
            className="rounded-md border border-stone-300 px-4 py-2 font-medium hover:bg-stone-100"
          >
            {t.listing.reload}
          </Link>
        </div>
      </section>
    </SiteShell>
  )
}
