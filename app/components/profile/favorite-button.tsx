import { useEffect, useRef } from 'react'
import { type ShouldRevalidateFunction, useFetcher, useLocation } from 'react-router'
import { useAccountRole } from '#app/components/layout/use-navigation-data.ts'
import { notify } from '#app/components/toast.tsx'
import { Heart } from '#app/components/ui/icons.tsx'
import type { FavoriteAnswer } from '#app/domain/client-area.ts'
import { format, useT } from '#app/i18n/i18n.ts'
import { setAccountFavorite, useAccountFavorites } from './account-favorites.ts'
import { useDeviceFavorite } from './device-favorites.ts'

/**
 * A profile's favourite state and its toggle (issue 9 item 1). A signed-in client's favourites
 * live in the account (read after hydration from /api/me; the toggle posts to /api/favorites);
 * anyone else's live on the device, as before signing in.
 */
export function useFavorite(profileId: string) {
  const t = useT()
  const client = useAccountRole() === 'client'
  const accountIds = useAccountFavorites(client)
  const fetcher = useFetcher<FavoriteAnswer>({ key: `favorite:${profileId}` })
  const [onDevice, toggleOnDevice] = useDeviceFavorite(profileId)
  const sent = useRef(false)

  // One message per answer, whichever of the page's hearts for this profile sent it.
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data || !sent.current) return
    sent.current = false
    const answer = fetcher.data
    const id = `favorite:${profileId}`
    if (answer.ok) {
      setAccountFavorite(profileId, answer.saved)
      notify((toast) =>
        toast.success(answer.saved ? t.favorites.saved : t.favorites.removed, { id }),
      )
    } else {
      notify((toast) => toast.error(t.favorites.errors[answer.error], { id }))
    }
  }, [fetcher.state, fetcher.data, profileId, t])

  if (!client) {
    return {
      saved: onDevice,
      toggle: () => {
        const saved = toggleOnDevice()
        notify((toast) =>
          toast.success(saved ? t.favorites.savedOnDevice : t.favorites.removed, {
            id: `favorite:${profileId}`,
          }),
        )
      },
    }
  }
  const pending = fetcher.formData?.get('intent')
  const known = accountIds?.has(profileId) ?? false
  // While a press is on its way the heart shows what it asked for (a toggle: the other state).
  const saved =
    pending === 'add' || pending === 'remove'
      ? pending === 'add'
      : pending === 'toggle'
        ? !known
        : known
  return {
    saved,
    toggle: () => {
      sent.current = true
      // Pressed before the favourites arrived: the server knows which way it goes.
      const intent = accountIds === null ? 'toggle' : saved ? 'remove' : 'add'
      void fetcher.submit(
        { intent, profileId, js: '1' },
        { method: 'post', action: '/api/favorites' },
      )
    },
  }
}

/**
 * The heart on a card or a profile page: a form, so that it works before (or without) the page's
 * script (a visitor is then asked to log in as a client; a client's press toggles the saved state
 * the server knows, since the page, shared by every client, cannot), and a toggle once it runs.
 */
export function FavoriteButton({
  profileId,
  name,
  className,
  iconClassName = 'size-5',
}: {
  profileId: string
  name: string
  className: string
  iconClassName?: string
}) {
  const t = useT()
  const location = useLocation()
  const { saved, toggle } = useFavorite(profileId)
  return (
    <form
      method="post"
      action="/api/favorites"
      onSubmit={(event) => {
        event.preventDefault()
        toggle()
      }}
    >
      {/* Sent only without JavaScript (toggle() takes over once it runs). */}
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="profileId" value={profileId} />
      <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        aria-pressed={saved}
        aria-label={format(t.favorites.toggle, { name })}
        title={saved ? t.favorites.savedHint : t.favorites.saveHint}
        className={className}
      >
        <Heart
          aria-hidden="true"
          className={iconClassName}
          fill={saved ? 'currentColor' : 'none'}
        />
      </button>
    </form>
  )
}

/**
 * A page with hearts keeps its data when one is pressed: only the root loader's favourite ids
 * are read again (a listing on its first page would otherwise run again and could reorder under
 * the finger at a minute boundary).
 */
export const keepAfterFavorite: ShouldRevalidateFunction = ({
  formAction,
  defaultShouldRevalidate,
}) => (formAction === '/api/favorites' ? false : defaultShouldRevalidate)
