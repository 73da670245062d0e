import { Link, useLocation, useNavigate, useRouteLoaderData } from 'react-router'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { LANGUAGES } from '#app/domain/language.ts'
import { pathInLanguage } from '#app/domain/paths.ts'
import { useLanguage, useT } from '#app/i18n/i18n.ts'

/**
 * PT | EN links to the same page in the other language, at the same anchor: the terms' table of
 * contents changes the hash with history.replaceState, which the router does not see, so a click
 * reads the address bar's hash at that moment.
 */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const t = useT()
  const current = useLanguage()
  const location = useLocation()
  const navigate = useNavigate()
  const signedIn = Boolean(
    (useRouteLoaderData('root') as { account?: unknown } | undefined)?.account,
  )
  // The server never sees the hash: written only once hydrated, so the first render matches.
  const hash = useHydrated() ? location.hash : ''
  const labels = { pt: t.header.switchToPt, en: t.header.switchToEn }
  const codes = { pt: t.header.ptShort, en: t.header.enShort }
  return (
    <nav aria-label={t.a11y.languageSwitcher} className={`flex gap-1 text-sm ${className}`}>
      {LANGUAGES.map((lang) => {
        const to = pathInLanguage(location.pathname, location.search, lang, hash)
        // /language/… stores the choice with a cookie and redirects: a full page load.
        const reloadDocument = to.startsWith('/language/')
        return (
          <Link
            key={lang}
            to={to}
            reloadDocument={reloadDocument}
            onClick={(event) => {
              // A signed-in account that switches gets its e-mails in the new language from
              // then on (issue 19 point 14): /language/… saves it. A page with the language in
              // its path may come from the HTML cache, the same for every account, so the
              // switch itself tells the server.
              if (signedIn && lang !== current && !reloadDocument) {
                void fetch(`/language/${lang}?to=%2F`, {
                  redirect: 'manual',
                  keepalive: true,
                }).catch(() => {})
              }
              const addressHash = window.location.hash
              if (addressHash === hash || event.button !== 0 || event.metaKey || event.ctrlKey)
                return
              if (event.shiftKey || event.altKey) return
              event.preventDefault()
              const target = pathInLanguage(location.pathname, location.search, lang, addressHash)
              if (reloadDocument) window.location.assign(target)
              else navigate(target)
            }}
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
