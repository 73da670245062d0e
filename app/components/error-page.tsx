import { Link } from 'react-router'
import { Button, buttonClass } from '#app/components/ui/button.tsx'
import { paths } from '#app/domain/paths.ts'
import { useLanguage, useT } from '#app/i18n/i18n.ts'
import { SiteShell } from './layout/site-shell.tsx'

/** The page shown for a 404 (SPEC: 'Oops! Page not found', 'Return to Home') or any other error. */
export function ErrorPage({ status }: { status: number }) {
  const t = useT()
  const lang = useLanguage()
  const [title, text] =
    status === 404
      ? [t.notFound.title, t.notFound.text]
      : status === 403 || status === 401
        ? [t.error.forbiddenTitle, t.error.forbiddenText]
        : status === 429
          ? [t.error.tooManyTitle, t.error.tooManyText]
          : status >= 400 && status < 500
            ? [t.error.badRequestTitle, t.error.badRequestText]
            : [t.error.title, t.error.text]
  return (
    <SiteShell>
      <section className="mx-auto max-w-xl py-20 text-center">
        <p className="text-5xl font-bold text-rose-900">{status}</p>
        <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
        <p className="mt-2 text-stone-600">{text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={paths.home(lang)} className={buttonClass('main', 'page')}>
            {status === 404 ? t.notFound.home : t.error.home}
          </Link>
          {status >= 500 && (
            <Button tone="secondary" onClick={() => window.location.reload()}>
              {t.error.reload}
            </Button>
          )}
        </div>
      </section>
    </SiteShell>
  )
}
