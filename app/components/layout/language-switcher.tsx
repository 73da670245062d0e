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
  return (
    <nav aria-label={t.a11y.languageSwitcher} className={`flex gap-1 text-sm ${className}`}>
      {LANGUAGES.map((lang) => (
        <Link
          key={lang}
          to={pathInLanguage(location.pathname, location.search, lang)}
          hrefLang={lang === 'pt' ? 'pt-BR' : 'en'}
          lang={lang === 'pt' ? 'pt-BR' : 'en'}
          aria-current={lang === current ? 'true' : undefined}
          className={`rounded px-2 py-1 uppercase ${
            lang === current ? 'bg-stone-900 text-white' : 'text-stone-700 hover:bg-stone-200'
          }`}
        >
          <span aria-hidden="true">{lang}</span>
          <span className="sr-only">{labels[lang]}</span>
        </Link>
      ))}
    </nav>
  )
}
