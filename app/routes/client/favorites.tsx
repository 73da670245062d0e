import { useEffect, useState } from 'react'
import { data, Link, useFetcher, useLocation, useRouteLoaderData } from 'react-router'
import { clientMeta } from '#app/components/client/client-nav.tsx'
import { entryName, SavedList } from '#app/components/client/saved-list.tsx'
import { readDeviceFavorites } from '#app/components/profile/device-favorites.ts'
import { notify } from '#app/components/toast.tsx'
import type { FavoriteAnswer } from '#app/domain/client-area.ts'
import { DEVICE_FAVORITES_KEY, FAVORITES_IMPORT_DISMISSED_KEY } from '#app/domain/flags.ts'
import { paths } from '#app/domain/paths.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import type { SavedEntry } from '#app/modules/client/saved.server.ts'
import { favoritesOf } from '#app/modules/client/saved.server.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import type { loader as rootLoader } from '#app/root.tsx'
import type { Route } from './+types/favorites'

export const meta = (args: Route.MetaArgs) => clientMeta(args, 'favorites')

// /client-dashboard: the client's favourites (issue 9 item 1), each with its profile's state.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, 'client')
  return data(
    { favorites: await favoritesOf(user.id) },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export const headers = passOnHeaders('Cache-Control')

export default function Favorites({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const lang = useLanguage()
  const c = t.client
  const { favorites } = loaderData
  return (
    <div className="space-y-4">
      <DeviceFavorites />
      <h2 className="text-xl font-semibold">{c.favoritesTitle}</h2>
      {favorites.length === 0 ? (
        <div className="rounded-lg border border-stone-200 bg-white p-6 text-center">
          <p className="text-stone-700">{c.favoritesEmpty}</p>
          <Link
            to={paths.home(lang)}
            className="mt-4 inline-block rounded-md bg-rose-800 px-4 py-2 font-medium text-white hover:bg-rose-900"
          >
            {c.browse}
          </Link>
        </div>
      ) : (
        <SavedList
          entries={favorites}
          dateLabel={c.savedOn}
          action={(entry) => <RemoveButton entry={entry} />}
        />
      )}
    </div>
  )
}

/** Removes one favourite: by profile, or by entry when the profile was deleted. */
function RemoveButton({ entry }: { entry: SavedEntry }) {
  const t = useT()
  const c = t.client
  const fetcher = useFetcher<FavoriteAnswer>()
  const location = useLocation()
  const name = entryName(entry)
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return
    const answer = fetcher.data
    if (answer.ok) notify((toast) => toast.success(c.removedDone))
    else notify((toast) => toast.error(t.favorites.errors[answer.error]))
  }, [fetcher.state, fetcher.data, c, t])
  return (
    // A plain form without JavaScript (back to this page); with it, sent by the fetcher.
    <form
      method="post"
      action="/api/favorites"
      onSubmit={(event) => {
        event.preventDefault()
        const form = new FormData(event.currentTarget)
        form.set('js', '1')
        void fetcher.submit(form, { method: 'post', action: '/api/favorites' })
      }}
    >
      <input type="hidden" name="back" value={location.pathname} />
      {entry.kind === 'removed' ? (
        <>
          <input type="hidden" name="intent" value="remove-entry" />
          <input type="hidden" name="entryId" value={entry.entryId} />
        </>
      ) : (
        <>
          <input type="hidden" name="intent" value="remove" />
          <input
            type="hidden"
            name="profileId"
            value={entry.kind === 'public' ? entry.card.id : entry.profileId}
          />
        </>
      )}
      <button
        type="submit"
        disabled={fetcher.state !== 'idle'}
        aria-label={name ? format(c.removeLabel, { name }) : c.removeRemovedLabel}
        className="rounded-md border border-stone-300 bg-white px-2.5 py-1.5 font-medium text-stone-800 hover:bg-stone-100 disabled:opacity-60"
      >
        {c.remove}
      </button>
    </form>
  )
}

/**
 * Favourites saved on this device before logging in: offered to the account once, never sent
 * without the client's say (a shared phone may hold someone else's).
 */
function DeviceFavorites() {
  const t = useT()
  const c = t.client
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const accountIds = root?.favoriteIds ?? []
  const fetcher = useFetcher<FavoriteAnswer>()
  const [deviceIds, setDeviceIds] = useState<string[]>([])
  useEffect(() => {
    try {
      if (localStorage.getItem(FAVORITES_IMPORT_DISMISSED_KEY) === '1') return
    } catch {
      return
    }
    setDeviceIds(readDeviceFavorites())
  }, [])
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return
    if (fetcher.data.ok || fetcher.data.error === 'notPublic') {
      // Taken over (or nothing left to take): the device's list is done with.
      try {
        localStorage.removeItem(DEVICE_FAVORITES_KEY)
      } catch {}
      setDeviceIds([])
      if (fetcher.data.ok) notify((toast) => toast.success(c.deviceDone))
    } else {
      const { error } = fetcher.data
      notify((toast) => toast.error(t.favorites.errors[error]))
    }
  }, [fetcher.state, fetcher.data, c, t])
  const missing = deviceIds.filter((id) => !accountIds.includes(id))
  if (missing.length === 0) return null
  const dismiss = () => {
    try {
      localStorage.setItem(FAVORITES_IMPORT_DISMISSED_KEY, '1')
    } catch {}
    setDeviceIds([])
  }
  return (
    <section
      aria-labelledby="device-favorites"
      className="rounded-lg border border-sky-200 bg-sky-50 p-4 text-sky-950"
    >
      <h2 id="device-favorites" className="font-semibold">
        {c.deviceTitle}
      </h2>
      <p className="mt-1 text-sm">{format(c.deviceText, { count: missing.length })}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          disabled={fetcher.state !== 'idle'}
          onClick={() => {
            const form = new FormData()
            form.set('intent', 'import')
            form.set('js', '1')
            for (const id of missing.slice(0, 500)) form.append('profileIds', id)
            void fetcher.submit(form, { method: 'post', action: '/api/favorites' })
          }}
          className="rounded-md bg-rose-800 px-3 py-2 text-sm font-medium text-white hover:bg-rose-900 disabled:opacity-60"
        >
          {c.deviceImport}
        </button>
        <button
          type="button"
          onClick={dismiss}
          className="rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-medium hover:bg-stone-100"
        >
          {c.deviceDismiss}
        </button>
      </div>
    </section>
  )
}
