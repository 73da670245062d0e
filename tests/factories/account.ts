import { randomUUID } from 'node:crypto'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { Role } from '#app/domain/account.ts'
import type { AccountSetup } from '#app/modules/auth/account-setup.server.ts'
import { openAccount, signIn } from '#app/modules/auth/accounts.server.ts'
import { settleAuthTasks } from '#app/modules/auth/auth.server.ts'
import { type ServerEnv, setServerEnv } from '#app/platform/env.server.ts'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'

export const TEST_BASE_URL = 'http://localhost:3999'
export const TEST_PASSWORD = 'senha-forte-123'

/**
 * The server environment of an integration test file: a temporary DATA_DIR (the mail outbox
 * lives there) and a fixed public address. Returns the DATA_DIR.
 */
export async function useTestServerEnv(overrides: Partial<ServerEnv> = {}): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aprova-test-'))
  setServerEnv({
    mode: 'production',
    host: '127.0.0.1',
    port: 3999,
    databaseUrl: undefined,
    dataDir,
    baseUrl: TEST_BASE_URL,
    authSecret: 'test-secret-0123456789-abcdefghijklmnop',
    smtpUrl: undefined,
    google: undefined,
    demoData: false,
    gifts: false,
    s3: undefined,
    redisUrl: undefined,
    webConcurrency: 1,
    pix: undefined,
    ...overrides,
  })
  return dataDir
}

const setupOf = (role: Role, name: string): AccountSetup =>
  role === 'provider'
    ? { role, workingName: name }
    : role === 'client'
      ? { role, about: 'Gosto de conversar.', dateOfBirth: '1990-05-20' }
      : { role }

/**
 * Opens an account the way /auth does (role and role data in the sign-up transaction) and, unless
 * `confirmed: false`, confirms its e-mail. Its confirmation e-mail goes to the outbox.
 */
export async function createAccount(
  options: { role?: Role; email?: string; name?: string; confirmed?: boolean } = {},
) {
  const role = options.role ?? 'client'
  const email = options.email ?? `${role}-${randomUUID().slice(0, 8)}@example.com`
  const name = options.name ?? (role === 'provider' ? 'Luna Clara' : 'Cliente Teste')
  await openAccount({ email, password: TEST_PASSWORD, name }, setupOf(role, name), {
    language: 'pt',
    clientIp: '192.0.2.1',
    userAgent: 'vitest',
  })
  await settleAuthTasks()
  if (options.confirmed !== false) {
    await db().update(user).set({ emailVerified: true }).where(eq(user.email, email))
  }
  const [row] = await db().select().from(user).where(eq(user.email, email))
  if (!row) throw new Error(`account ${email} was not created`)
  return { ...row, role, password: TEST_PASSWORD }
}

/** The Cookie header of a fresh session of `email` (remember me on). */
export async function sessionCookie(email: string, password = TEST_PASSWORD): Promise<string> {
  const result = await signIn(
    { email, password, rememberMe: true },
    { language: 'pt', clientIp: '192.0.2.1', userAgent: 'vitest' },
  )
  if (result.kind !== 'signed-in') throw new Error(`cannot sign in ${email}: ${result.kind}`)
  return result.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

/** A new account of `role` with the Cookie header of a fresh session. */
export async function signedIn(role: Role) {
  const account = await createAccount({ role })
  return { ...account, cookie: await sessionCookie(account.email) }
}
