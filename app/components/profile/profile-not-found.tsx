import { Link } from 'react-router'
import { paths } from '#app/domain/paths.ts'
import { useLanguage, useT } from '#app/i18n/i18n.ts'
import { SiteShell } from '../layout/site-shell.tsx'

/** SPEC §2 not-found content of the profile page (also the contact route's). */
export function ProfileNotFound() {
  const t = useT()
  const lang = useLanguage()
  return (
    <SiteShell>
      <section className="mx-auto max-w-xl py-20 text-center">
        <h1 className="text-2xl font-semibold">{t.profile.notFoundTitle}</h1>
        <p className="mt-2 text-stone-600">{t.profile.notFoundText}</p>
        <Link
          to={paths.home(lang)}
          className="mt-8 inline-block rounded-md bg-rose-800 px-4 py-2 font-medium text-white hover:bg-rose-900"
        >
          {t.listing.backHome}
        </Link>
      </section>
    </SiteShell>
  )
}
