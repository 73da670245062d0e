import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes } from 'node:crypto'
import { runWithTransaction } from '@better-auth/core/context'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins/two-factor'
import { and, eq, ne, sql } from 'drizzle-orm'
import {
  ACCOUNT_EMAILS_PER_HOUR,
  CONFIRMATION_LINK_HOURS,
  PASSWORD_LENGTH,
  REMEMBER_ME_DAYS,
} from '#app/domain/account.ts'
import { deviceKey } from '#app/domain/device.ts'
import { asLanguage, DEFAULT_LANGUAGE, type Language } from '#app/domain/language.ts'
import { mailer } from '#app/modules/email/mailer.server.ts'
import { type AccountEmail, accountEmail, SECURITY_NOTICES } from '#app/modules/email/messages.ts'
import { requestLanguage } from '#app/modules/i18n/request-language.server.ts'
import { fixedWindowLimiter, type RateLimiter } from '#app/modules/security/rate-limit.server.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { type Database, db } from '#db/client.server.ts'
import { account, knownDevices, session, twoFactor, user, verification } from '#db/schema/auth.ts'
import { type AccountSetup, writeAccountSetup } from './account-setup.server.ts'
import { deviceDetails } from './device-details.server.ts'
import { googleSignIn } from './google.server.ts'

// better-auth on our database (DESIGN.md: no hand-written password hashing, sessions or OAuth).
// Our actions call its server API; its HTTP endpoints are reachable only where the /api/auth
// route lets them through (the OAuth callback).

/** What the call into better-auth is about: the visitor's language and, at sign-up, the role. */
interface AuthCall {
  language: Language
  setup?: AccountSetup
}
const calls = new AsyncLocalStorage<AuthCall>()

/** Runs `fn` (a call into better-auth) knowing the language and, for a sign-up, the new role. */
export function withAuthCall<T>(call: AuthCall, fn: () => Promise<T>): Promise<T> {
  return calls.run(call, fn)
}

/**
 * Our database as better-auth sees it: the same, except that code running inside one of its
 * transactions can reach that transaction (`currentTransaction`), so the role is written in
 * the transaction that creates the account.
 */
const transactions = new AsyncLocalStorage<Database>()
function transactionAware(database: Database): Database {
  const aware = Object.create(database) as Database
  aware.transaction = ((fn, config) =>
    database.transaction(
      (tx) => transactions.run(tx as unknown as Database, () => fn(tx)),
      config,
    )) as Database['transaction']
  return aware
}

/**
 * Runs `work` in a transaction of better-auth's that its own calls made inside join (a sign-up
 * after removing the address's pending account, issue 30); the e-mails they queue go out once
 * it commits. `work` gets the same transaction as our own drizzle handle.
 */
export async function inAuthTransaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
  const { adapter } = await auth().$context
  return runWithTransaction(adapter, () => {
    const tx = transactions.getStore()
    if (!tx) throw new Error('better-auth opened no transaction')
    return work(tx)
  })
}

/** Characters of backup codes: lower-case letters and digits that cannot be mistaken. */
const BACKUP_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** Ten backup codes like 'k7m2p-x9qrt' (10 characters from 31: about 50 bits each). */
function newBackupCodes(): string[] {
  return Array.from({ length: 10 }, () => {
    let chars = ''
    while (chars.length < 10) {
      // 248 is 31 × 8: bytes below it map evenly onto the alphabet.
      const [byte = 255] = randomBytes(1)
      if (byte < 248) chars += BACKUP_CODE_ALPHABET[byte % BACKUP_CODE_ALPHABET.length]
    }
    return `${chars.slice(0, 5)}-${chars.slice(5)}`
  })
}

/** E-mails and other work better-auth leaves running after answering; awaited at shutdown. */
const pending = new Set<Promise<unknown>>()

/** Resolves once every e-mail already started is sent (or failed). */
export async function settleAuthTasks(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending])
}

/**
 * The language of an e-mail (issue 19 point 14): the account's (set at sign-up from the page's
 * language, changed when the signed-in account switches the site's language), whatever page the
 * request came from; for an address without an account (or the account being created), the
 * visitor's.
 */
function languageFor(recipient: { language?: unknown }, request?: Request): Language {
  return (
    asLanguage(String(recipient.language)) ??
    calls.getStore()?.language ??
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

/** better-auth's own limits (per address and path), one limiter per rule it applies. */
const httpLimiters = new Map<string, RateLimiter>()
function httpLimiter(rule: { window: number; max: number }): RateLimiter {
  const name = `auth-http-${rule.window}-${rule.max}`
  let limiter = httpLimiters.get(name)
  if (!limiter) {
    limiter = fixedWindowLimiter({ name, limit: rule.max, windowMs: rule.window * 1000 })
    httpLimiters.set(name, limiter)
  }
  return limiter
}

/**
 * Remembers the device (browser and system) of a new session and, when the account had signed
 * in before from other devices only, e-mails its owner with the device, the approximate place
 * and the time, and a link to the list of sessions.
 */
async function tellNewDevice(created: {
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

function createAuth(database: Database) {
  const env = serverEnv()
  return betterAuth({
    appName: 'Aprova',
    baseURL: env.baseUrl,
    basePath: '/api/auth',
    secret: env.authSecret,
    trustedOrigins: [env.baseUrl],
    database: drizzleAdapter(transactionAware(database), {
      provider: 'pg',
      schema: { user, session, account, verification, twoFactor },
      transaction: true,
    }),
    user: {
      // A new e-mail address counts once the link sent to it is opened (issue 7 item 8).
      changeEmail: { enabled: true },
      additionalFields: {
        // Set by the create hook below from the visitor's language, never from a request body.
        language: { type: 'string', required: false, defaultValue: DEFAULT_LANGUAGE, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_LENGTH.min,
      maxPasswordLength: PASSWORD_LENGTH.max,
      requireEmailVerification: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: recipient, token }, request) =>
        sendAccountEmail('reset', recipient, resetPasswordUrl(token), request),
      // A reset link proves the mailbox, and its holder has just chosen the password: together
      // what a confirmation proves (issue 30), so confirmed_at moves to now, for any account (one
      // confirmed before issue 30 has none until then). A never-confirmed account is confirmed
      // by it, without any other login or second factor someone set up before (a Google account
      // that did not prove the address, before issue 30); its sessions ended with the reset, and
      // signing in is still to come (granting admin waits for it).
      onPasswordReset: async ({ user: recipient }) => {
        await db().transaction(async (tx) => {
          const [before] = await tx
            .select({ emailVerified: user.emailVerified })
            .from(user)
            .where(eq(user.id, recipient.id))
            .for('update')
          if (!before) return
          await tx
            .update(user)
            .set({
              emailVerified: true,
              confirmedAt: new Date(),
              ...(before.emailVerified ? {} : { twoFactorEnabled: false }),
            })
            .where(eq(user.id, recipient.id))
          if (before.emailVerified) return
          await tx.delete(twoFactor).where(eq(twoFactor.userId, recipient.id))
          await tx
            .delete(account)
            .where(and(eq(account.userId, recipient.id), ne(account.providerId, 'credential')))
        })
      },
      // A sign-up with a registered address answers like any other (no account enumeration);
      // the owner of the address is told instead, with the SPEC's 'already registered' words.
      // An address nobody confirmed gets here only when its pending account could not be
      // replaced (openAccount): it holds files, and the sweep removes it within 7 days. Its link
      // is not sent to whoever signed up now (issue 30: that would confirm someone else's).
      onExistingUserSignUp: async ({ user: recipient }, request) => {
        if (recipient.emailVerified) {
          sendAccountEmail('existing', recipient, `${env.baseUrl}/auth?mode=login`, request)
        }
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Only ever reached with proof that the confirmer chose the account's password, in a
      // browser not signed in to another account (email-confirmation.server.ts, issue 30).
      autoSignInAfterVerification: true,
      expiresIn: CONFIRMATION_LINK_HOURS * 60 * 60,
      sendVerificationEmail: async ({ user: recipient, token }, request) => {
        const [row] = await db()
          .select({ email: user.email, emailVerified: user.emailVerified })
          .from(user)
          .where(eq(user.id, recipient.id))
        if (!row) return
        // A new address for an account: confirmed at that address before it counts.
        if (row.email !== recipient.email.toLowerCase()) {
          sendAccountEmail('change', recipient, confirmationUrl(token), request)
          return
        }
        // Accounts made from the command line are confirmed in their own transaction.
        if (!row.emailVerified)
          sendAccountEmail('verify', recipient, confirmationUrl(token), request)
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (newUser, context) => ({
            data: { ...newUser, language: languageFor({}, context?.request) },
          }),
        },
      },
      session: {
        create: {
          // A sign-in from a browser and system the account had not used: its owner is told
          // (issue 23 point 3). The first device of an account is simply remembered.
          after: async (created) => {
            inBackground(tellNewDevice(created), 'new-device e-mail not sent')
          },
        },
      },
      account: {
        create: {
          // The credential account is written right after the user, inside the sign-up's
          // transaction: the role and its data go in with it, or nothing is created.
          before: async (newAccount, context) => {
            // A password set later (reset of a Google-only account) adds a credential account
            // too; only sign-up must bring a role.
            if (newAccount.providerId !== 'credential' || context?.path !== '/sign-up/email') {
              return
            }
            const setup = calls.getStore()?.setup
            const tx = transactions.getStore()
            if (!setup || !tx) throw new Error('accounts are opened through openAccount() only')
            const [owner] = await tx
              .select({ id: user.id, name: user.name })
              .from(user)
              .where(eq(user.id, newAccount.userId))
            if (!owner) throw new Error('the new account has no user row')
            await writeAccountSetup(tx, owner, setup)
          },
        },
      },
    },
    session: {
      expiresIn: REMEMBER_ME_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    account: {
      accountLinking: { enabled: true },
    },
    plugins: [
      // Two-factor sign-in (issue 23): an authenticator app's codes and backup codes. A sign-in
      // with the password of an account that has it ends in a challenge, not a session; no
      // device is ever 'trusted' past it. Our pages call its API (two-factor.server.ts).
      twoFactorPlugin({
        issuer: 'Aprova',
        allowPasswordless: true,
        // Lower-case letters and digits without look-alikes (l, 1, o, 0…), easy to copy by hand.
        backupCodeOptions: { customBackupCodesGenerate: () => newBackupCodes() },
        twoFactorCookieMaxAge: 10 * 60,
      }),
      ...(env.google ? [googleSignIn(env.google)] : []),
    ],
    advanced: {
      cookiePrefix: 'aprova',
      useSecureCookies: env.baseUrl.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      backgroundTasks: {
        handler: (task) => {
          pending.add(task)
          void task.finally(() => pending.delete(task))
        },
      },
    },
    // An OAuth failure better-auth cannot tie to our error address (a lost state cookie) lands on
    // the login card too, with ?error= (which shows the Google failure message).
    onAPIError: { errorURL: `${env.baseUrl}/auth?mode=login` },
    // Our own actions limit sign-in, sign-up, resend and reset (limits.server.ts); this covers
    // what reaches better-auth over HTTP (the OAuth callback), in the same shared counters.
    rateLimit: {
      enabled: true,
      window: 60,
      max: 60,
      customStorage: {
        consume: async (key, rule) => {
          const result = await httpLimiter(rule).hit(key)
          return { allowed: result.allowed, retryAfter: result.allowed ? null : result.retryAfterS }
        },
      },
    },
    logger: {
      level: 'warn',
      log: (level, message, ...args) =>
        (level === 'error' ? log.error : log.warn)(`auth: ${message}`, {
          details: args.map(String).join(' ') || undefined,
        }),
    },
    telemetry: { enabled: false },
  })
}

export type Auth = ReturnType<typeof createAuth>

const instances = new WeakMap<Database, Auth>()

/** The better-auth instance for the open database (tests open one per file). */
export function auth(): Auth {
  const database = db()
  let instance = instances.get(database)
  if (!instance) {
    instance = createAuth(database)
    instances.set(database, instance)
  }
  return instance
}
