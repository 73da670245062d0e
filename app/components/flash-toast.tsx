import { useEffect } from 'react'
import { notify } from '#app/components/toast.tsx'
import type { Flash } from '#app/domain/flash.ts'
import { useT } from '#app/i18n/i18n.ts'

/**
 * Shows the message a redirect left for this page as a toast. 'account-created' and
 * 'password-changed' always land on the login card, which shows them in the card itself.
 */
export function FlashToast({ flash }: { flash?: Flash }) {
  const t = useT()
  useEffect(() => {
    if (flash === 'signed-out') notify((toast) => toast.success(t.auth.notices.signedOut))
    if (flash === 'setup-complete') notify((toast) => toast.success(t.auth.notices.setupComplete))
    if (flash === 'account-deleted') notify((toast) => toast.success(t.accountPage.deleted))
  }, [flash, t])
  return null
}
