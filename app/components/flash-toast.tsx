import { useEffect } from 'react'
import { toast } from 'sonner'
import type { Flash } from '#app/domain/flash.ts'
import { useT } from '#app/i18n/i18n.ts'

/**
 * Shows the message a redirect left for this page as a toast. 'account-created' and
 * 'password-changed' always land on the login card, which shows them in the card itself.
 */
export function FlashToast({ flash }: { flash?: Flash }) {
  const t = useT()
  useEffect(() => {
    if (flash === 'signed-out') toast.success(t.auth.notices.signedOut)
    if (flash === 'setup-complete') toast.success(t.auth.notices.setupComplete)
    if (flash === 'account-deleted') toast.success(t.accountPage.deleted)
  }, [flash, t])
  return null
}
