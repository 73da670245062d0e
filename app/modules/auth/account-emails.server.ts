import { and, eq, ne, sql } from 'drizzle-orm'
import { ACCOUNT_EMAILS_PER_HOUR } from '#app/domain/account.ts'
import { deviceKey } from '#app/domain/device.ts'
import { asLanguage, DEFAULT_LANGUAGE, type Language } from '#app/domain/language.ts'
import { mailer } from '#app/modules/email/mailer.server.ts'
import { type AccountEmail, accountEmail, SECURITY_NOTICES } from '#app/modules/email/messages.ts'
import { requestLanguage } from '#app/modules/i18n/request-language.server.ts'
import { fixedWindowLimiter } from '#app/modules/security/rate-limit.server.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { db } from '#db/client.server.ts'
import { knownDevices, user } from '#db/schema/auth.ts'
import { currentAuthCall } from './auth-call.server.ts'
import { deviceDetails } from './device-details.server.ts'

// The e-mails of accounts (auth.server.ts sends them through better-auth's hooks): in the
// background, in the account's language, within the address's hourly quota; the new-device
// notice; the links they carry.

/** E-mails and other work better-auth leaves running after answering; awaited at shutdown. */
const pending = new Set<Promise<unknown>>()

/** Resolves once every e-mail already started is sent (or failed). */
export async function settleAuthTasks(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending])
}

/** Keeps `task` (work better-auth leaves running) until it ends, for settleAuthTasks(). */
export function trackAuthTask(task: Promise<unknown>): void {
  pending.add(task)
  void task.finally(() => pending.delete(task))
}

/**
 * The language of an e-mail (issue 19 point 14): the account's (set at sign-up from the page's
 * language, changed when the signed-in account switches the site's language), whatever page the
 * request came from; for an address without an account (or the account being created), the
 * visitor's.
 */
export function languageFor(recipient: { language?: unknown }, request?: Request): Language {
  return (
    asLanguage(String(recipient.language)) ??
    currentAuthCall()?.language ??
    (request ? requestLanguage(request).language : undefined) ??
    DEFAULT_LANGUAGE
  )
}

const mailQuota = fixedWindowLimiter({
  name: 'account-emails',
  limit: ACCOUNT_EMAILS_PER_HOUR,
  windowMs: 60 * 60 * 1000,
})

/**
 * The security notices of issue 33 (two-step verification, backup codes, the password) count on
 * a quota of their own: only the account itself (or a reset link) sets them off, and a stranger
 * filling the address's quota with forgotten-password requests must not silence them.
 */
const securityNoticeQuota = fixedWindowLimiter({
  name: 'security-notices',
  limit: 4 * ACCOUNT_EMAILS_PER_HOUR,
  windowMs: 60 * 60 * 1000,
})
const securityNotices: ReadonlySet<AccountEmail> = new Set(SECURITY_NOTICES)

/** Starts `task` without waiting for it; shutdown and tests wait through settleAuthTasks(). */
export function inBackground(task: Promise<unknown>, what = 'account e-mail not sent'): void {
  const tracked = task.catch((error: unknown) => log.error(what, { error: String(error) }))
  pending.add(tracked)
  void tracked.finally(() => pending.delete(tracked))
}

/**
 * Sends an account e-mail in the background: answers take the same time whether a message goes
 * out or not (no account enumeration by timing; the quota is counted in the background too).
 * Past the hourly quota of the address nothing is sent, so nobody can flood someone's inbox
 * through the forms. The forms' answers cannot say so: only an address with an account ever
 * reaches the quota, so a different answer would tell who is registered. They state the quota
 * to everyone instead (auth.notices.mailLimit). An account whose address nobody has confirmed
 * (`emailVerified: false`) is greeted without its name: whoever typed the address chose it.
 */
export function sendAccountEmail(
  kind: AccountEmail,
  recipient: { email: string; name: string; language?: unknown; emailVerified?: boolean },
  url: string,
  request?: Request,
  values?: Record<string, string | number>,
): void {
  const message = accountEmail(
    kind,
    languageFor(recipient, request),
    {
      to: recipient.email,
      name: recipient.emailVerified === false ? undefined : recipient.name,
      url,
    },
    values,
  )
  inBackground(
    (async () => {
      const quota = securityNotices.has(kind) ? securityNoticeQuota : mailQuota
      if (!(await quota.hit(recipient.email.toLowerCase())).allowed) {
        log.warn('account e-mail quota reached', { kind })
        return
      }
      await mailer().send(message)
    })(),
  )
}

/**
 * Remembers the device (browser and system) of a new session and, when the account had signed
 * in before from other devices only, e-mails its owner with the device, the approximate place
 * and the time, and a link to the list of sessions.
 */
export async function tellNewDevice(created: {
  userId: string
  userAgent?: string | null
  ipAddress?: string | null
}): Promise<void> {
  const device = deviceKey(created.userAgent)
  const added = await db()
    .insert(knownDevices)
    .values({ userId: created.userId, device })
    .onConflictDoNothing()
    .returning({ device: knownDevices.device })
  if (added.length === 0) return
  const [others] = await db()
    .select({ count: sql<number>`count(*)::int` })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, created.userId), ne(knownDevices.device, device)))
  if (!others?.count) return
  const [owner] = await db()
    .select({ email: user.email, name: user.name, language: user.language })
    .from(user)
    .where(eq(user.id, created.userId))
  if (!owner) return
  sendAccountEmail('newDevice', owner, `${serverEnv().baseUrl}/account/security`, undefined, {
    ...deviceDetails(owner.language, created),
  })
}

/** The page a confirmation link opens: the root, which shows the confirmation screen (SPEC §2). */
export const confirmationUrl = (token: string) =>
  `${serverEnv().baseUrl}/?token=${encodeURIComponent(token)}`
/** The page a password-reset link opens. */
export const resetPasswordUrl = (token: string) =>
  `${serverEnv().baseUrl}/auth?mode=reset&token=${encodeURIComponent(token)}`
