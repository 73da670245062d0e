import { useEffect, useSyncExternalStore } from 'react'
import { useLocation, useRevalidator } from 'react-router'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { CloudOff, TriangleAlert } from '#app/components/ui/icons.tsx'
import { paths } from '#app/domain/paths.ts'
import { useLanguage, useT } from '#app/i18n/i18n.ts'
import { SiteShell } from './site-shell.tsx'

// What a page shows when its data could not be loaded (SPEC §2 city error boundary, §8 list and
// profile failures), inside the site's header and footer: the root keeps its last data when a
// client-side page change fails (root.tsx clientLoader), so both stay whole.

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

/** Whether the browser says it is offline (never on the server: a server render is online). */
export function useOffline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !navigator.onLine,
    () => false,
  )
}

/**
 * The failed page's data is loaded again once the connection returns: a page change that failed
 * offline finishes by itself.
 */
function useRetryWhenOnline() {
  const revalidator = useRevalidator()
  useEffect(() => {
    const retry = () => void revalidator.revalidate()
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [revalidator])
}

/**
 * The page's data failed to load: the texts of the page kind ('list': 'Erro ao carregar perfis';
 * 'profile': 'Erro ao carregar perfil'), or the offline notice when the browser is offline, with
 * 'Voltar ao Início', 'Tentar Novamente' (loads the data again) and 'Recarregar' (the whole page).
 */
export function LoadError({ kind }: { kind: 'list' | 'profile' }) {
  const t = useT()
  const lang = useLanguage()
  const location = useLocation()
  const offline = useOffline()
  useRetryWhenOnline()
  const here = `${location.pathname}${location.search}${location.hash}`
  const [title, text] = offline
    ? [t.offline.title, t.offline.text]
    : kind === 'profile'
      ? [t.profile.loadErrorTitle, t.profile.loadErrorText]
      : [t.listing.loadError, t.listing.loadErrorText]
  // SPEC §2's words: the city boundary's 'Voltar ao Início', 'Tentar Novamente', 'Recarregar';
  // the profile's 'back to start, try again, reload'.
  const [home, tryAgain, reload] =
    kind === 'profile'
      ? [t.profile.backToStart, t.profile.tryAgain, t.profile.reload]
      : [t.listing.backHome, t.places.tryAgain, t.listing.reload]
  const Icon = offline ? CloudOff : TriangleAlert
  return (
    <SiteShell>
      <section role="alert" className="mx-auto max-w-xl py-20 text-center">
        <Icon aria-hidden="true" className="mx-auto size-10 text-rose-800" />
        <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
        <p className="mt-2 text-stone-600">{text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to={paths.home(lang)}>{home}</ButtonLink>
          {/* The same address again: its data is loaded anew (a full load without script). */}
          <ButtonLink to={here} replace tone="secondary">
            {tryAgain}
          </ButtonLink>
          <ButtonLink to={here} reloadDocument tone="secondary">
            {reload}
          </ButtonLink>
        </div>
      </section>
    </SiteShell>
  )
}
