import { useEffect, useState } from 'react'
import { data, Link, useFetcher, useLocation } from 'react-router'
import { entryName, SavedList } from '#app/components/client/saved-list.tsx'
import {
  loadAccountFavorites,
  useAccountFavorites,
} from '#app/components/profile/account-favorites.ts'
import { readDeviceFavorites } from '#app/components/profile/device-favorites.ts'
import { notify } from '#app/components/toast.tsx'
import { Button, buttonClass } from '#app/components/ui/button.tsx'
import type { FavoriteAnswer } from '#app/domain/client-area.ts'
import { DEVICE_FAVORITES_KEY, FAVORITES_IMPORT_DISMISSED_KEY } from '#app/domain/flags.ts'
import { paths } from '#app/domain/paths.ts'
import { format, useCount, useLanguage, useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { clientMeta } from '#app/modules/client/meta.ts'
import { favoritesOf } from '#app/modules/client/saved.server.ts'
import type { SavedEntry } from '#app/modules/client/saved-entry.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import type { Route } from './+types/favorites'

export const meta = (args: Route.MetaArgs) => clientMeta(args, 'favorites')

// /client-dashboard: the client's favourites (issue 9 item 1), each with its profile's state.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, 'client')
  return data({ favorites: await favoritesOf(user.id) }, { headers: PRIVATE_NO_STORE })
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
            className={`mt-4 inline-block ${buttonClass('main', 'page')}`}
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
    if (answer.ok) {
      notify((toast) => toast.success(c.removedDone))
      // The hearts on the next public page follow.
      void loadAccountFavorites(true)
    } else notify((toast) => toast.error(t.favorites.errors[answer.error]))
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
      <Button
        type="submit"
        disabled={fetcher.state !== 'idle'}
        aria-label={name ? format(c.removeLabel, { name }) : c.removeRemovedLabel}
        tone="secondary"
        size="mini"
      >
        {c.remove}
      </Button>
    </form>
  )
}

/**
 * Favourites saved on this device before logging in: offered to the account once, never sent
 * without the client's say (a shared phone may hold someone else's).
 */
function DeviceFavorites() {
  const t = useT()
  const countText = useCount()
  const c = t.client
  const accountIds = useAccountFavorites(true)
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
    const answer = fetcher.data
    if (answer.ok || answer.error === 'notPublic') {
      // Taken over (or nothing left to take): the device's list is done with. The message says
      // how many were left out, never 'kept' for profiles that were not.
      try {
        localStorage.removeItem(DEVICE_FAVORITES_KEY)
      } catch {}
      setDeviceIds([])
      if (!answer.ok) notify((toast) => toast.error(c.deviceNoneKept))
      else if (answer.left)
        notify((toast) =>
          toast.warning(
            format(c.deviceSomeLeft, { kept: answer.kept ?? 0, left: answer.left ?? 0 }),
          ),
        )
      else notify((toast) => toast.success(c.deviceDone))
      void loadAccountFavorites(true)
    } else {
      const { error } = answer
      notify((toast) => toast.error(t.favorites.errors[error]))
    }
  }, [fetcher.state, fetcher.data, c, t])
  // Offered once the account's own list is known (nothing to offer that it holds already).
  const missing = accountIds ? deviceIds.filter((id) => !accountIds.has(id)) : []
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
      <p className="mt-1 text-sm">{countText(c.deviceText, missing.length)}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          disabled={fetcher.state !== 'idle'}
          onClick={() => {
            const form = new FormData()
            form.set('intent', 'import')
            form.set('js', '1')
            for (const id of missing.slice(0, 500)) form.append('profileIds', id)
            void fetcher.submit(form, { method: 'post', action: '/api/favorites' })
          }}
          size="nav"
        >
          {c.deviceImport}
        </Button>
        <Button onClick={dismiss} tone="secondary" size="nav">
          {c.deviceDismiss}
        </Button>
      </div>
    </section>
  )
}
