import { useEffect, useRef, useState } from 'react'
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router'
import { publicBaseUrl } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import type { Route } from './+types/root'
import { AgeGate } from './components/age-gate.tsx'
import { reportWebVitalsLater } from './components/analytics/report-web-vitals.ts'
import { ErrorPage } from './components/error-page.tsx'
import { FlashToast } from './components/flash-toast.tsx'
import { AppStylesheet } from './components/layout/app-stylesheet.tsx'
import { EarlyTaps, replayEarlyTap } from './components/layout/early-taps.tsx'
import { useNonce } from './components/nonce.tsx'
import { forgetAccountFavorites } from './components/profile/account-favorites.ts'
import { ProfileSkeleton, useLoadingProfile } from './components/profile/profile-skeleton.tsx'
import { LazyToaster } from './components/toast.tsx'
import { useAppLinks } from './components/ui/app-link.tsx'
import { AGE_STORAGE_KEY } from './domain/age-gate.ts'
import { DEFAULT_LANGUAGE, htmlLang, LANGUAGE_STORAGE_KEY } from './domain/language.ts'
import { pageAreas } from './i18n/areas.ts'
import { dictionary, loadDictionary } from './i18n/i18n.ts'
import { ageGateOf } from './modules/age-gate/age-gate.server.ts'
import { type Audience, accountOf, asAudience, audienceOf } from './modules/auth/audience.server.ts'
import { sessionCookies } from './modules/auth/session.server.ts'
import { takeFlash } from './modules/flash/flash.server.ts'
import { requestLanguage } from './modules/i18n/request-language.server.ts'
import { navigationCities } from './modules/location/navigation.server.ts'

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const { language, setCookie } = requestLanguage(request)
  // The gate (if the page shows it): click or OpenID Connect, and a failed verification's reason.
  const { gate: ageGate, clear: clearAgeOutcome } = ageGateOf(request)
  const [cities, audience, cookies] = await Promise.all([
    navigationCities(),
    pageAudience(request, context?.audience),
    extendedSession(request),
  ])
  const { flash, clear } = takeFlash(request)
  const headers = new Headers()
  for (const cookie of [setCookie, clear, clearAgeOutcome, ...cookies]) {
    if (cookie) headers.append('Set-Cookie', cookie)
  }
  return data(
    // origin: the public address, for canonical and social links in every page's head.
    {
      language,
      cities,
      year: new Date().getFullYear(),
      origin: publicBaseUrl(request),
      ageGate,
      // The header's dashboard and log-out buttons (SPEC §2 dashboard destination): by role,
      // never by person, so that a kept copy serves everyone with that role (issue 17). What is
      // personal (a client's hearts) arrives after hydration from /api/me.
      account: accountOf(audience),
      flash,
    },
    { headers },
  )
}

/**
 * In the browser, the strings of the next page (its language, and the areas its path needs:
 * i18n/areas.ts) are loaded before it shows: the first page's by entry.client.tsx, the others'
 * here (single fetch runs the root's loader on every navigation).
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const areas = pageAreas(new URL(request.url).pathname)
  let root: RootData
  try {
    root = await serverLoader()
  } catch (error) {
    // The page change's data request failed (offline, or the server answered an error): the
    // root keeps what it had, so the header and footer stay whole around the page's own error
    // (its route's boundary: 'Erro ao carregar perfis', offline...). Only on a first page with
    // no root data yet does the error reach the root's boundary.
    // A redirect (of any loader of the request) is followed, and a page change given up for
    // another (its request aborted) stays given up: neither is answered with kept data.
    const redirected = error instanceof Response && error.status >= 300 && error.status < 400
    if (!lastRoot || redirected || request.signal.aborted) throw error
    await loadDictionary(lastRoot.language, areas).catch(() => {})
    return { ...lastRoot, flash: undefined }
  }
  await loadDictionary(root.language, areas)
  lastRoot = root
  return root
}

type RootData = Awaited<ReturnType<typeof loader>>['data']
/** The root's last data in this browser tab (from the server's HTML or a later page change). */
let lastRoot: RootData | undefined

/**
 * Whom the page is for: as the HTML cache keyed it when it did (so a kept copy's header is the
 * one of its key), else from the session (audience.server.ts); a failing session read shows the
 * page signed out.
 */
async function pageAudience(request: Request, keyed: string | undefined): Promise<Audience> {
  const known = asAudience(keyed)
  if (known) return known
  try {
    return await audienceOf(request.headers.get('cookie'))
  } catch (error) {
    log.error('session read failed', { error: String(error) })
    return 'visitor' as const
  }
}

/** The cookies of a session better-auth extended (or ended) on this request. */
async function extendedSession(request: Request): Promise<string[]> {
  try {
    return await sessionCookies(request)
  } catch (error) {
    log.error('session read failed', { error: String(error) })
    return []
  }
}

/** A heart pressed changes nothing the root shows (its state comes from /api/me). */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formAction,
  defaultShouldRevalidate,
}) => (formAction === '/api/favorites' ? false : defaultShouldRevalidate)

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  const root = useRouteLoaderData<typeof loader>('root')
  const language = root?.language ?? DEFAULT_LANGUAGE
  // Set once React has committed the hydrated page (its handlers answer from then on): what
  // the end-to-end tests wait for before they click, and a hook for styles that need script.
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
    replayEarlyTap()
  }, [])
  return (
    <html lang={htmlLang(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7a1f45" />
        <EarlyTaps nonce={nonce} />
        <Meta />
        <Links />
        <AppStylesheet />
      </head>
      <body className="min-h-dvh bg-stone-50 text-stone-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { language } = loaderData
  const location = useLocation()
  // The plain links of long lists change page in the browser (app-link.tsx).
  useAppLinks()
  // The first page's root data (the clientLoader keeps each later one itself).
  useEffect(() => {
    lastRoot ??= loaderData
  }, [loaderData])
  // Confirmed before on this device (local storage) but the cookie is gone: the gate stays away
  // and the cookie is set again quietly. Only a click gate: a verification is kept by its signed
  // cookie alone (ADR 0021).
  const [confirmedHere, setConfirmedHere] = useState(false)
  const clickGate = loaderData.ageGate?.mode === 'click'
  useEffect(() => {
    if (!clickGate) return
    try {
      if (localStorage.getItem(AGE_STORAGE_KEY) !== '1') return
    } catch {
      return
    }
    setConfirmedHere(true)
    void fetch('/age-gate', {
      method: 'POST',
      body: new URLSearchParams({ to: '/' }),
      redirect: 'manual',
    }).catch(() => {})
  }, [clickGate])
  const ageGate = clickGate && confirmedHere ? null : loaderData.ageGate
  // On the way to another profile the page shows the profile's outline (SPEC §2).
  const loadingProfile = useLoadingProfile()
  // The service worker (SPEC §7 /sw.js): the app shell and an offline page, in production only.
  useEffect(() => {
    if (import.meta.env.DEV || !('serviceWorker' in navigator)) return
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Private mode or blocked: the site works the same without it.
    })
  }, [])
  // Real visitors' web vitals (issue 24 point 4), under the page type of the landing route.
  const matches = useMatches()
  const landingRoute = useRef(matches.at(-1)?.id)
  useEffect(() => {
    reportWebVitalsLater(landingRoute.current)
  }, [])
  // Signed out (or no longer a client): the last client's hearts leave the page.
  const role = loaderData.account?.role
  useEffect(() => {
    if (role !== 'client') forgetAccountFavorites()
  }, [role])
  // The path's language is also kept in the browser (SPEC §9 aprova-lang).
  useEffect(() => {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
    } catch {
      // Private mode or storage disabled: the cookie still carries the choice.
    }
  }, [language])
  return (
    <>
      {/* First: without JavaScript its message shows above the page, in the flow. */}
      <FlashToast flash={loaderData.flash} />
      {/* Behind the age gate the page is in the HTML but cannot be reached. */}
      <div inert={ageGate ? true : undefined}>
        {loadingProfile ? <ProfileSkeleton /> : <Outlet />}
      </div>
      {ageGate && <AgeGate view={ageGate} returnTo={`${location.pathname}${location.search}`} />}
      {/* One at a time on screen for 4 s, at most 3 stacked (SPEC §9). */}
      <LazyToaster
        visibleToasts={3}
        duration={4000}
        position="top-center"
        containerAriaLabel={dictionary(language).a11y.notifications}
      />
    </>
  )
}

export function meta({ error, loaderData }: Route.MetaArgs) {
  const t = dictionary(loaderData?.language ?? DEFAULT_LANGUAGE)
  if (!error) return []
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return [
    { title: notFound ? t.meta.notFoundTitle : t.meta.errorTitle },
    { name: 'robots', content: 'noindex' },
  ]
}

export function ErrorBoundary() {
  const error = useRouteError()
  // Only the status reaches the page, never a message or stack: the server log has those.
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />
}
