import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { openAccount } from '#app/modules/auth/accounts.server.ts'
import { settleAuthTasks } from '#app/modules/auth/auth.server.ts'
import { decideVerification } from '#app/modules/provider/verification.server.ts'
import { db, openDatabase, setDatabase } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { images, verificationSubmissions } from '#db/schema/profiles.ts'
import { parseEnv, setServerEnv } from '#server/env.server.ts'

// Test helpers run from the command line against a stopped end-to-end server's storage.

async function withDatabase<T>(work: () => Promise<T>): Promise<T> {
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

/** The team approves every identity check waiting (a stand-in for the admin queue). */
export async function approvePending(): Promise<number> {
  return withDatabase(async () => {
    const email = 'equipe-e2e@example.com'
    let [reviewer] = await withReviewer(email)
    if (!reviewer) {
      await openAccount(
        { email, password: 'equipe-senha-123', name: 'Equipe' },
        { role: 'admin' },
        {
          language: 'pt',
        },
      )
      await settleAuthTasks()
      ;[reviewer] = await withReviewer(email)
    }
    const waiting = await db()
      .select({ id: verificationSubmissions.id })
      .from(verificationSubmissions)
      .where(eq(verificationSubmissions.status, 'pending'))
    for (const submission of waiting) {
      await decideVerification(submission.id, { approved: true, reviewerId: reviewer?.id ?? '' })
    }
    process.stdout.write(`${JSON.stringify({ approved: waiting.length })}\n`)
    return 0
  })
}

async function withReviewer(email: string) {
  return db().select({ id: user.id }).from(user).where(eq(user.email, email))
}

/**
 * Files and rows of photos agree: every photo (public or waiting for review) has all its
 * variants on disk, and every file on disk belongs to a row (a photo, or an upload or deletion
 * still owning its files). Prints what disagrees; exits 0 either way.
 */
export async function checkMediaConsistency(): Promise<number> {
  return withDatabase(async () => {
    const env = parseEnv(process.env, 'production')
    const rows = await db()
      .select({
        storagePath: images.storagePath,
        variantWidths: images.variantWidths,
        verificationType: images.verificationType,
      })
      .from(images)
      .where(inArray(images.verificationType, ['profile', 'pending', 'uploading', 'deleting']))
    const root = path.join(env.dataDir, 'media')
    const files = new Set(
      (await readdir(path.join(root, 'profiles'), { recursive: true }).catch(() => []))
        .filter((file) => file.endsWith('.webp'))
        .map((file) => `profiles/${file}`),
    )
    const missingFiles = rows.flatMap((row) =>
      row.verificationType === 'profile' || row.verificationType === 'pending'
        ? row.variantWidths
            .map((width) => `${row.storagePath}-${width}.webp`)
            .filter((file) => !files.has(file))
        : [],
    )
    const owned = new Set(rows.map((row) => row.storagePath))
    const orphanFiles = [...files].filter((file) => !owned.has(file.replace(/-\d+\.webp$/, '')))
    process.stdout.write(
      `${JSON.stringify({ photos: rows.length, files: files.size, missingFiles, orphanFiles, states: rows.map((row) => row.verificationType) })}\n`,
    )
    return 0
  })
}
