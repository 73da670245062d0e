import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { buttonClass } from '#app/components/ui/button.tsx'
import { paths } from '#app/domain/paths.ts'
import { useLanguage, useT } from '#app/i18n/i18n.ts'

/** SPEC §2 not-found content of the profile page (also the contact route's). */
export function ProfileNotFound() {
  const t = useT()
  const lang = useLanguage()
  return (
    <SiteShell>
      <section className="mx-auto max-w-xl py-20 text-center">
        <h1 className="text-2xl font-semibold">{t.profile.notFoundTitle}</h1>
        <p className="mt-2 text-stone-600">{t.profile.notFoundText}</p>
        <Link to={paths.home(lang)} className={`mt-8 inline-block ${buttonClass('main', 'page')}`}>
          {t.listing.backHome}
        </Link>
      </section>
    </SiteShell>
  )
}

/**
 * The error boundary of a page about one public profile (its report and review forms): the
 * profile's not-found page for a 404, the error page of the status otherwise.
 */
export function ProfileFormErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <ProfileNotFound />
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />
}
