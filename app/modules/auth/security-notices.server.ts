import { eq } from 'drizzle-orm'
import { SUPPORT_EMAIL } from '#app/domain/site.ts'
import { dictionary } from '#app/i18n/i18n.ts'
import { plural } from '#app/i18n/plural.ts'
import type { SecurityNotice } from '#app/modules/email/messages.ts'
import { accountRecipient } from '#app/modules/email/recipients.server.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { user } from '#db/schema/auth.ts'
import { sendAccountEmail } from './auth.server.ts'
import { deviceDetails } from './device-details.server.ts'

// Issue 33 point 11: the owner of an account is e-mailed when two-step verification is turned on
// or off, a backup code is used, the backup codes are renewed, and the password is changed
// (signed in) or reset (by a link). Each notice says what happened, when (Brasília time), from
// which device and place (the request's browser and address, as the new-device e-mail says it)
// and what to do if it was not her; none carries a password or a code. It goes to the account's
// current address, and only once that address is proven (a reset link proves it, and the reset
// is told after it).

/** Where a notice's button leads: the security page, or a new password when it changed. */
const linkOf = (notice: SecurityNotice) =>
  notice === 'passwordChanged' || notice === 'passwordReset'
    ? `${serverEnv().baseUrl}/auth?mode=forgot`
    : `${serverEnv().baseUrl}/account/security`

/**
 * E-mails the owner of `userId` about `notice`, done from `from` (the request's browser and
 * address); `codesLeft` is the number of backup codes left, for 'backupCodeUsed'.
 */
export async function tellOwner(
  notice: SecurityNotice,
  userId: string,
  from: { userAgent?: string | null; clientIp?: string },
  codesLeft?: number,
): Promise<void> {
  const owner = await accountRecipient(eq(user.id, userId))
  // An address nobody proved may not be the owner's: it hears nothing about the account.
  if (!owner?.emailVerified) return
  const { email: t } = dictionary(owner.language)
  const left =
    codesLeft === undefined
      ? ''
      : codesLeft === 0
        ? t.backupCodesNoneLeft
        : plural(owner.language, t.backupCodesLeft, codesLeft)
  sendAccountEmail(notice, owner, linkOf(notice), undefined, {
    ...deviceDetails(owner.language, { userAgent: from.userAgent, ipAddress: from.clientIp }),
    support: SUPPORT_EMAIL,
    left,
  })
}
