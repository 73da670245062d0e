import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { DEFAULT_LANGUAGE, type Language } from '#app/domain/language.ts'
import { mailer } from '#app/modules/email/mailer.server.ts'
import { accountEmail } from '#app/modules/email/messages.ts'
import { requestLanguage } from '#app/modules/i18n/request-language.server.ts'
import { type Database, db } from '#db/client.server.ts'
import { account, session, user, userRoles, verification } from '#db/schema/auth.ts'
import { serverEnv } from '#server/env.server.ts'

// better-auth on our database (DESIGN.md: no hand-written password hashing, sessions or OAuth).
// Issue 6 builds the screens on it; this module holds the one configuration.

/** Roles a visitor can open an account as; admin is given only from the command line. */
export const SIGN_UP_ROLES = ['provider', 'client'] as const
export type SignUpRole = (typeof SIGN_UP_ROLES)[number]
export type Role = SignUpRole | 'admin'

/** SPEC §9: remember me keeps the session 14 days. */
export const SESSION_DAYS = 14
export const PASSWORD_MIN_LENGTH = 8

/** The language of the request that triggered an e-mail (SPEC §2 rules), Portuguese by default. */
function languageOf(request: Request | undefined): Language {
  return request ? requestLanguage(request).language : DEFAULT_LANGUAGE
}

function createAuth(database: Database) {
  const env = serverEnv()
  return betterAuth({
    appName: 'Aprova',
    baseURL: env.baseUrl,
    basePath: '/api/auth',
    secret: env.authSecret,
    trustedOrigins: [env.baseUrl],
    database: drizzleAdapter(database, {
      provider: 'pg',
      schema: { user, session, account, verification, userRoles },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      requireEmailVerification: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: account, url }, request) => {
        const message = accountEmail('reset', languageOf(request), {
          to: account.email,
          name: account.name,
          url,
        })
        await mailer().send(message)
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user: account, url }, request) => {
        const message = accountEmail('verify', languageOf(request), {
          to: account.email,
          name: account.name,
          url,
        })
        await mailer().send(message)
      },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
    },
    advanced: {
      cookiePrefix: 'aprova',
      useSecureCookies: env.baseUrl.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    rateLimit: { enabled: true, window: 15 * 60, max: 100 },
    // Accounts are opened by our own sign-up action, which assigns the role (issue 6); the
    // endpoint is not open to direct calls that would create accounts without one.
    disabledPaths: ['/sign-up/email'],
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
