import { Link, useLocation } from 'react-router'
import { LANGUAGES } from '#app/domain/language.ts'
import { pathInLanguage } from '#app/domain/paths.ts'
import { useLanguage, useT } from '#app/i18n/i18n.ts'

/** PT | EN links to the same page in the other language. */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const t = useT()
  const current = useLanguage()
  const location = useLocation()
  const labels = { pt: t.header.switchToPt, en: t.header.switchToEn }
  const codes = { pt: t.header.ptShort, en: t.header.enShort }
  return (
    <nav aria-label={t.a11y.languageSwitcher} className={`flex gap-1 text-sm ${className}`}>
      {LANGUAGES.map((lang) => {
        const to = pathInLanguage(location.pathname, location.search, lang)
        return (
          <Link
            key={lang}
            to={to}
            // /language/… stores the choice with a cookie and redirects: a full page load.
            reloadDocument={to.startsWith('/language/')}
            hrefLang={lang === 'pt' ? 'pt-BR' : 'en'}
            lang={lang === 'pt' ? 'pt-BR' : 'en'}
            aria-current={lang === current ? 'true' : undefined}
            className={`rounded px-2 py-1 ${
              lang === current ? 'bg-stone-900 text-white' : 'text-stone-700 hover:bg-stone-200'
            }`}
          >
            <span aria-hidden="true">{codes[lang]}</span>
            <span className="sr-only">{labels[lang]}</span>
          </Link>
        )
      })}
    </nav>
  )
}
