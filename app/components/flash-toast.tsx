import { useEffect } from 'react'
import { toast } from 'sonner'
import type { Flash } from '#app/domain/flash.ts'
import { useT } from '#app/i18n/i18n.ts'

/** Shows the message a redirect left for this page (account created, logged out…) as a toast. */
export function FlashToast({ flash }: { flash?: Flash }) {
  const t = useT()
  useEffect(() => {
    if (!flash) return
    const [title, description] = {
      'account-created': [t.auth.notices.accountCreated, t.auth.notices.checkEmail],
      'password-changed': [t.auth.notices.passwordChanged, t.auth.notices.passwordChangedText],
      'signed-out': [t.auth.notices.signedOut, undefined],
      'setup-complete': [t.auth.notices.setupComplete, undefined],
    }[flash]
    toast.success(title, { description })
  }, [flash, t])
  return null
}
