import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { openAccount } from '#app/modules/auth/accounts.server.ts'
import { settleAuthTasks } from '#app/modules/auth/auth.server.ts'
import { cpfHash } from '#app/modules/payments/withdrawals.server.ts'
import { parseEnv, setServerEnv } from '#app/platform/env.server.ts'
import { storageFor } from '#app/platform/storage.server.ts'
import { db, openDatabase, setDatabase } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { profiles } from '#db/schema/profiles.ts'
import { syncDemoData } from '#db/seed/demo.server.ts'
import { loadReferenceData } from '#db/seed/reference.server.ts'

// The payments sandbox's two accounts (issue 32 point 2): an advertiser whose profile can take
// gifts and buy plans, and a client who can give. The demo profiles cannot (they belong to no
// one, and gifts never go to a demonstration), so the sandbox opens these on its own storage
// before the site starts, the way `npm run admin:create` does. Their passwords are random per
// DATA_DIR (kept in DATA_DIR/sandbox/accounts.json, 0600) and printed at each start: a sandbox
// storage later served by `npm start` holds no account with a published password.

/** A valid CPF (check digits right) that belongs to no one: the advertiser's payout key. */
export const SANDBOX_CPF = '52998224725'

export interface SandboxAccount {
  email: string
  password: string
}

export interface SandboxAccounts {
  provider: SandboxAccount & { username: string }
  client: SandboxAccount
}

const PROVIDER_EMAIL = 'anunciante@sandbox.example.com'
const CLIENT_EMAIL = 'cliente@sandbox.example.com'

async function keptPasswords(dir: string): Promise<{ provider: string; client: string }> {
  const file = path.join(dir, 'accounts.json')
  try {
    return JSON.parse(await readFile(file, 'utf8'))
  } catch {
    const made = {
      provider: randomBytes(9).toString('base64url'),
      client: randomBytes(9).toString('base64url'),
    }
    await mkdir(dir, { recursive: true, mode: 0o700 })
    await writeFile(file, `${JSON.stringify(made)}\n`, { mode: 0o600 })
    return made
  }
}

async function accountId(email: string): Promise<string | undefined> {
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email))
  return row?.id
}

/** A confirmed account, opened through the same sign-up as everyone's unless it exists. */
async function ensureAccount(
  login: SandboxAccount & { name: string },
  setup: Parameters<typeof openAccount>[1],
): Promise<string> {
  if (!(await accountId(login.email))) {
    await openAccount(login, setup, { language: 'pt' })
    await settleAuthTasks()
  }
  await db().update(user).set({ emailVerified: true }).where(eq(user.email, login.email))
  const id = await accountId(login.email)
  if (!id) throw new Error(`the sandbox account ${login.email} could not be opened`)
  return id
}

/**
 * Prepares the site's storage for the sandbox (migrations, reference and demo data, as the
 * site's start-up does) and opens the sandbox's accounts if missing. `source`: the site's
 * environment. Only while no server has the storage open (PGlite belongs to one process).
 */
export async function prepareSandboxAccounts(
  source: Record<string, string | undefined>,
): Promise<SandboxAccounts> {
  const env = parseEnv(source, 'production')
  setServerEnv(env)
  const handle = await openDatabase(
    env.databaseUrl ? { url: env.databaseUrl } : { dataDir: path.join(env.dataDir, 'db') },
  )
  setDatabase(handle)
  try {
    await handle.withStartupLock(async () => {
      await handle.migrate()
      await loadReferenceData(handle.db)
      // Before the accounts: the demo profiles are made only on a database without profiles.
      await syncDemoData(handle.db, { enabled: env.demoData, storage: storageFor(env) })
    })
    const passwords = await keptPasswords(path.join(env.dataDir, 'sandbox'))
    const provider = { email: PROVIDER_EMAIL, password: passwords.provider }
    const client = { email: CLIENT_EMAIL, password: passwords.client }
    const providerId = await ensureAccount(
      { ...provider, name: 'Aurora Sandbox' },
      { role: 'provider', workingName: 'Aurora Sandbox' },
    )
    await ensureAccount(
      { ...client, name: 'Cliente Sandbox' },
      { role: 'client', about: '', dateOfBirth: '1990-05-20' },
    )
    // Her profile public and verified, as the team's approval of her identity check leaves it,
    // with the CPF of that check as her payout key.
    const [profile] = await handle.db
      .update(profiles)
      .set({
        age: 30,
        citySlug: 'recife',
        city: 'Recife',
        description:
          'Perfil do sandbox de pagamentos: receba presentes e assine planos sem dinheiro real.',
        hourlyRate: 300,
        whatsapp: '+5581900000000',
        status: 'approved',
        visibilityStatus: 'active',
        verificationStatus: 'approved',
        documentVerificationStatus: 'approved',
        verifiedAt: new Date(),
        payoutCpfHash: cpfHash(SANDBOX_CPF),
      })
      .where(eq(profiles.userId, providerId))
      .returning({ username: profiles.username })
    if (!profile) throw new Error('the sandbox advertiser has no profile')
    return { provider: { ...provider, username: profile.username }, client }
  } finally {
    setDatabase(undefined)
    await handle.close()
  }
}
