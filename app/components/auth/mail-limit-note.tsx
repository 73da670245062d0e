import { ACCOUNT_EMAILS_PER_HOUR } from '#app/domain/account.ts'
import { useCount, useT } from '#app/i18n/i18n.ts'

/**
 * Under an answer that says an e-mail is on its way: the hourly quota of one address, said to
 * everyone alike. Past it nothing is sent, and the answer cannot say so for one address without
 * telling whether it has an account.
 */
export function MailLimitNote({ className }: { className?: string }) {
  const t = useT()
  const countText = useCount()
  return <p className={className}>{countText(t.auth.notices.mailLimit, ACCOUNT_EMAILS_PER_HOUR)}</p>
}
