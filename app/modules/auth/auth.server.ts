import { randomBytes } from 'node:crypto'
import { runWithTransaction } from '@better-auth/core/context'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins/two-factor'
import { and, eq, ne } from 'drizzle-orm'
import { CONFIRMATION_LINK_HOURS, PASSWORD_LENGTH, REMEMBER_ME_DAYS } from '#app/domain/account.ts'
import { DEFAULT_LANGUAGE } from '#app/domain/language.ts'
import { fixedWindowLimiter, type RateLimiter } from '#app/modules/security/rate-limit.server.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { type Database, db } from '#db/client.server.ts'
import { account, session, twoFactor, user, verification } from '#db/schema/auth.ts'
import {
  confirmationUrl,
  inBackground,
  languageFor,
  resetPasswordUrl,
  sendAccountEmail,
  tellNewDevice,
  trackAuthTask,
} from './account-emails.server.ts'
import { writeAccountSetup } from './account-setup.server.ts'
import { currentAuthCall, currentAuthTransaction, transactionAware } from './auth-call.server.ts'
import { googleSignIn } from './google.server.ts'

// better-auth on our database (DESIGN.md: no hand-written password hashing, sessions or OAuth).
// Our actions call its server API; its HTTP endpoints are reachable only where the /api/auth
// route lets them through (the OAuth callback).

export {
  confirmationUrl,
  inBackground,
  resetPasswordUrl,
  sendAccountEmail,
  settleAuthTasks,
} from './account-emails.server.ts'
export { type AuthCall, withAuthCall } from './auth-call.server.ts'

/**
 * Runs `work` in a transaction of better-auth's that its own calls made inside join (a sign-up
 * after removing the address's pending account, issue 30); the e-mails they queue go out once
 * it commits. `work` gets the same transaction as our own drizzle handle.
 */
export async function inAuthTransaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
  const { adapter } = await auth().$context
  return runWithTransaction(adapter, () => {
    const tx = currentAuthTransaction()
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
            const setup = currentAuthCall()?.setup
            const tx = currentAuthTransaction()
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
        handler: (task) => trackAuthTask(task),
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
