import { useEffect, useState } from 'react'
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router'
import { publicBaseUrl } from '#server/env.server.ts'
import { log } from '#server/logger.server.ts'
import type { Route } from './+types/root'
import { AgeGate } from './components/age-gate.tsx'
import { ErrorPage } from './components/error-page.tsx'
import { FlashToast } from './components/flash-toast.tsx'
import { useNonce } from './components/nonce.tsx'
import { ProfileSkeleton, useLoadingProfile } from './components/profile/profile-skeleton.tsx'
import { LazyToaster } from './components/toast.tsx'
import { areaOf } from './domain/account.ts'
import { AGE_STORAGE_KEY } from './domain/age-gate.ts'
import { DEFAULT_LANGUAGE, htmlLang, LANGUAGE_STORAGE_KEY } from './domain/language.ts'
import { dictionary, loadDictionary } from './i18n/i18n.ts'
import { needsAgeGate } from './modules/age-gate/age-gate.server.ts'
import { currentUser, sessionCookies } from './modules/auth/session.server.ts'
import { favoriteIdsOf } from './modules/client/saved.server.ts'
import { takeFlash } from './modules/flash/flash.server.ts'
import { requestLanguage } from './modules/i18n/request-language.server.ts'
import { navigationCities } from './modules/location/navigation.server.ts'
import stylesheet from './styles/app.css?url'

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request }: Route.LoaderArgs) {
  const { language, setCookie } = requestLanguage(request)
  const ageGate = needsAgeGate(request)
  const [cities, { user, cookies }] = await Promise.all([navigationCities(), signedInUser(request)])
  const { flash, clear } = takeFlash(request)
  const headers = new Headers()
  for (const cookie of [setCookie, clear, ...cookies]) {
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
      // The header's dashboard and log-out buttons (SPEC §2 dashboard destination).
      account: user ? { area: areaOf(user.role) } : null,
      // A client's saved profiles, for the hearts on cards and profile pages (issue 9); null
      // for everyone else, whose hearts save on the device.
      favoriteIds: user?.role === 'client' ? await clientFavoriteIds(user.id) : null,
      flash,
    },
    { headers },
  )
}

/**
 * In the browser, the dictionary of the language the next page is in is loaded before it shows
 * (a switch of language; the first page's is loaded by entry.client.tsx).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const root = await serverLoader()
  await loadDictionary(root.language)
  return root
}

/** A failing read shows the hearts empty rather than the page broken. */
async function clientFavoriteIds(userId: string): Promise<string[]> {
  try {
    return await favoriteIdsOf(userId)
  } catch (error) {
    log.error('favourites read failed', { error: String(error) })
    return []
  }
}

/**
 * The signed-in user for the header, and the cookies of a session that was extended; a failing
 * session read shows the page signed out.
 */
async function signedInUser(request: Request) {
  try {
    return { user: await currentUser(request), cookies: await sessionCookies(request) }
  } catch (error) {
    log.error('session read failed', { error: String(error) })
    return { user: null, cookies: [] }
  }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  const root = useRouteLoaderData<typeof loader>('root')
  const language = root?.language ?? DEFAULT_LANGUAGE
  return (
    <html lang={htmlLang(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7a1f45" />
        <Meta />
        <Links />
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
  // Confirmed before on this device (local storage) but the cookie is gone: the gate stays away
  // and the cookie is set again quietly.
  const [confirmedHere, setConfirmedHere] = useState(false)
  useEffect(() => {
    if (!loaderData.ageGate) return
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
  }, [loaderData.ageGate])
  const ageGate = loaderData.ageGate && !confirmedHere
  // On the way to another profile the page shows the profile's outline (SPEC §2).
  const loadingProfile = useLoadingProfile()
  // The service worker (SPEC §7 /sw.js): the app shell and an offline page, in production only.
  useEffect(() => {
    if (import.meta.env.DEV || !('serviceWorker' in navigator)) return
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Private mode or blocked: the site works the same without it.
    })
  }, [])
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
      {/* Behind the age gate the page is in the HTML but cannot be reached. */}
      <div inert={ageGate || undefined}>{loadingProfile ? <ProfileSkeleton /> : <Outlet />}</div>
      {ageGate && <AgeGate returnTo={`${location.pathname}${location.search}`} />}
      {/* One at a time on screen for 4 s, at most 3 stacked (SPEC §9). */}
      <LazyToaster
        visibleToasts={3}
        duration={4000}
        position="top-center"
        containerAriaLabel={dictionary(language).a11y.notifications}
      />
      <FlashToast flash={loaderData.flash} />
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
