import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { AccountSetup } from '#app/modules/auth/account-setup.server.ts'
import { openAccount } from '#app/modules/auth/accounts.server.ts'
import { settleAuthTasks } from '#app/modules/auth/auth.server.ts'
import { uploadPhoto } from '#app/modules/provider/photos.server.ts'
import { submitVerification } from '#app/modules/provider/verification.server.ts'
import { parseEnv, setServerEnv } from '#app/platform/env.server.ts'
import { db, openDatabase, setDatabase } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { profiles } from '#db/schema/profiles.ts'

// What the command-line test helpers (helpers.server.ts, reviews.server.ts, backup-drill.server.ts)
// share: the stopped server's storage opened for the work, confirmed accounts, a provider in
// Recife, and the JSON line they print for the end-to-end spec that ran them.

/** Runs `work` on the database of the environment (DATABASE_URL, or DATA_DIR's PGlite). */
export async function withDatabase<T>(work: () => Promise<T>): Promise<T> {
  const env = parseEnv(process.env, 'production')
  setServerEnv(env)
  const handle = await openDatabase(
    env.databaseUrl ? { url: env.databaseUrl } : { dataDir: path.join(env.dataDir, 'db') },
  )
  setDatabase(handle)
  try {
    return await work()
  } finally {
    setDatabase(undefined)
    await handle.close()
  }
}

/** Prints `value` as the one JSON line the spec reads. */
export function printJson(value: unknown) {
  process.stdout.write(`${JSON.stringify(value)}\n`)
}

/** The set-up of a client account as the sign-up form gives it. */
export const CLIENT_SETUP = {
  role: 'client',
  about: 'Gosto de boas conversas.',
  dateOfBirth: '1990-05-20',
} as const satisfies AccountSetup

/** Opens the account `login` with `setup` and confirms its e-mail; its id. */
export async function confirmedAccount(
  login: { email: string; password: string; name: string },
  setup: AccountSetup,
): Promise<string> {
  await openAccount(login, setup, { language: 'pt' })
  await settleAuthTasks()
  const [account] = await db()
    .update(user)
    .set({ emailVerified: true })
    .where(eq(user.email, login.email))
    .returning({ id: user.id })
  if (!account) throw new Error(`${login.email} was not created`)
  return account.id
}

/**
 * A provider account (`name` her working name), confirmed, whose profile in Recife is filled
 * with `values` (a public, verified one with `approved`). Her account id and profile.
 */
export async function recifeProvider(
  login: { email: string; password: string; name: string },
  values: { age: number; hourlyRate: number; whatsapp: string; approved?: boolean },
) {
  const accountId = await confirmedAccount(login, { role: 'provider', workingName: login.name })
  const [profile] = await db()
    .update(profiles)
    .set({
      age: values.age,
      citySlug: 'recife',
      city: 'Recife',
      description: `Olá! Sou a ${login.name.split(' ')[0]}, atendo em Recife com hora marcada e discrição.`,
      hourlyRate: values.hourlyRate,
      whatsapp: values.whatsapp,
      ...(values.approved
        ? {
            status: 'approved' as const,
            visibilityStatus: 'active' as const,
            verifiedAt: new Date(),
            verificationStatus: 'approved' as const,
          }
        : {}),
    })
    .where(eq(profiles.userId, accountId))
    .returning({ id: profiles.id, username: profiles.username })
  if (!profile) throw new Error('no profile')
  return { accountId, profile }
}

/**
 * A photo (hue `photoHue`) and identity documents of the provider `accountId`, drawn by
 * `shape(hue, width, height)`, sent as the dashboard sends them: they wait for the team.
 */
export async function sendPhotoAndDocuments(
  accountId: string,
  shape: (hue: number, width: number, height: number) => Promise<Buffer>,
  photoHue: number,
) {
  const photo = await uploadPhoto(accountId, await shape(photoHue, 900, 1200))
  if (!photo.ok) throw new Error(`photo refused: ${photo.error}`)
  const sent = await submitVerification(
    accountId,
    {
      documentFront: await shape(30, 900, 600),
      documentBack: await shape(90, 900, 600),
      selfie: await shape(300, 800, 1000),
    },
    true,
  )
  if (!sent.ok) throw new Error(`documents refused: ${JSON.stringify(sent.error)}`)
}
