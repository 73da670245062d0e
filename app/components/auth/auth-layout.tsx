import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { LanguageSwitcher } from '#app/components/layout/language-switcher.tsx'
import { ArrowLeft } from '#app/components/ui/icons.tsx'
import { paths } from '#app/domain/paths.ts'
import { useLanguage, useT } from '#app/i18n/i18n.ts'

/**
 * The frame of the account screens: back button (SPEC §2 back navigation), brand and language
 * switch on top, one centred card, the terms and privacy links below.
 */
export function AuthLayout({ backTo, children }: { backTo: string; children: ReactNode }) {
  const t = useT()
  const lang = useLanguage()
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex h-14 max-w-xl items-center justify-between gap-2 px-4">
          <Link
            to={backTo}
            className="inline-flex items-center gap-1 rounded-md px-2 py-2 text-sm font-medium text-stone-800 hover:bg-stone-100"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t.auth.back}
          </Link>
          <Link
            to={paths.home(lang)}
            className="text-lg font-bold tracking-tight text-rose-900"
            aria-label={t.a11y.homeLink}
          >
            {t.site.name}
          </Link>
          <LanguageSwitcher />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-xl flex-1 px-4 py-6 sm:py-10">
        {children}
      </main>
      <footer className="px-4 pb-6 text-center text-xs text-stone-600">
        <p>{t.site.adultsOnly}</p>
        <p className="mt-1 flex justify-center gap-3">
          <Link to={paths.terms(lang)} className="underline hover:text-rose-900">
            {t.footer.terms}
          </Link>
          <Link
            to={paths.terms(lang, 'politica_privacidade')}
            className="underline hover:text-rose-900"
          >
            {t.footer.privacy}
          </Link>
        </p>
      </footer>
    </div>
  )
}

/** A card with its heading and introduction. */
export function AuthCard({
  title,
  text,
  children,
}: {
  title: string
  text?: string
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby="auth-card-title"
      className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h1 id="auth-card-title" className="text-2xl font-bold tracking-tight text-stone-900">
        {title}
      </h1>
      {text ? <p className="mt-1 text-stone-600">{text}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  )
}

/** A quieter link between cards (create the other account type, back to login). */
export function CardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-rose-900 underline-offset-2 hover:underline">
      {children}
    </Link>
  )
}
