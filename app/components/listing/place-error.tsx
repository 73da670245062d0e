import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { LoadError } from '#app/components/layout/load-error.tsx'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { paths } from '#app/domain/paths.ts'
import { useLanguage, useT } from '#app/i18n/i18n.ts'
import type { MissingPlace } from '#app/modules/listing/place-not-found.ts'

/**
 * Error boundary of listing routes: the SPEC's not-found content for unknown places (status 404,
 * noindex) with back, try again and reload; a failure to load ('Erro ao carregar perfis', or
 * offline) with the same three; another 4xx the site's error page.
 */
export function PlaceErrorBoundary() {
  const error = useRouteError()
  const t = useT()
  const lang = useLanguage()
  const location = useLocation()
  // A page's data that failed to load (a server error, a page change without a connection):
  // SPEC §8's list failure, or the offline notice, inside the site's header and footer.
  if (!isRouteErrorResponse(error) || error.status >= 500) return <LoadError kind="list" />
  if (error.status !== 404) return <ErrorPage status={error.status} />
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
          <ButtonLink to={paths.home(lang)}>{t.listing.backHome}</ButtonLink>
          <ButtonLink to={`${location.pathname}${location.search}`} tone="secondary">
            {t.places.tryAgain}
          </ButtonLink>
          <ButtonLink to={`${location.pathname}${location.search}`} reloadDocument tone="secondary">
            {t.listing.reload}
          </ButtonLink>
        </div>
      </section>
    </SiteShell>
  )
}
