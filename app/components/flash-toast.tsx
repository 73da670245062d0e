import { useEffect } from 'react'
import { notify } from '#app/components/toast.tsx'
import type { Flash } from '#app/domain/flash.ts'
import { useT } from '#app/i18n/i18n.ts'
import type { Dictionary } from '#app/i18n/pt.ts'

/** The words of a favourite's flash (a heart pressed without JavaScript), or undefined. */
function favoriteMessage(flash: Flash | undefined, t: Dictionary): string | undefined {
  if (flash === 'favorite-saved') return t.favorites.saved
  if (flash === 'favorite-removed') return t.favorites.removed
  if (flash?.startsWith('favorite-')) {
    const error = flash.slice('favorite-'.length) as keyof Dictionary['favorites']['errors']
    return t.favorites.errors[error]
  }
  return undefined
}

/**
 * Shows the message a redirect left for this page as a toast. 'account-created' and
 * 'password-changed' always land on the login card, which shows them in the card itself. A
 * heart's message comes from a press without JavaScript: it shows in the page itself then.
 */
export function FlashToast({ flash }: { flash?: Flash }) {
  const t = useT()
  const favorite = favoriteMessage(flash, t)
  useEffect(() => {
    if (flash === 'signed-out') notify((toast) => toast.success(t.auth.notices.signedOut))
    if (flash === 'setup-complete') notify((toast) => toast.success(t.auth.notices.setupComplete))
    if (flash === 'account-deleted') notify((toast) => toast.success(t.accountPage.deleted))
    if (favorite) notify((toast) => toast(favorite))
  }, [flash, favorite, t])
  if (!favorite) return null
  return (
    <noscript>
      <p
        role="status"
        className="bg-stone-900 px-4 py-3 text-center text-sm font-medium text-white"
      >
        {favorite}
      </p>
    </noscript>
  )
}
