import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

/** The storage of one end-to-end server (see server-process.mjs). */
export type Storage = { dataDir: string; databaseUrl?: string }

/** Runs one SQL statement on a server's storage (PGlite only while the server is stopped). */
export async function query(storage: Storage, text: string): Promise<Record<string, unknown>[]> {
  if (storage.databaseUrl) {
    const client = new pg.Client({ connectionString: storage.databaseUrl })
    await client.connect()
    try {
      return (await client.query(text)).rows
    } finally {
      await client.end()
    }
  }
  const db = await PGlite.create({ dataDir: path.join(storage.dataDir, 'db') })
  try {
    return (await db.query<Record<string, unknown>>(text)).rows
  } finally {
    await db.close()
  }
}

/**
 * Runs `node args…` on a server's storage (its DATA_DIR and database: PGlite only while the
 * server is stopped); its lines of output. Throws with the command's errors when it fails.
 */
export function runOnStorage(storage: Storage, args: string[]): string[] {
  const result = spawnSync(process.execPath, args, {
    env: { ...process.env, DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl ?? '' },
    encoding: 'utf8',
    timeout: 120_000,
  })
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed:\n${result.stderr}`)
  return result.stdout.trim().split('\n')
}

/**
 * Makes every session of `email` look as if its last proof of who is there was 11 minutes ago,
 * so a step-up asks again (PGlite only while the server is stopped).
 */
export async function makeProofsStale(storage: Storage, email: string): Promise<void> {
  const ago = "now() - interval '11 minutes'"
  const sessions = `(select s.id from session s join "user" u on u.id = s.user_id
    where u.email = '${email.replaceAll("'", "''")}')`
  await query(storage, `update session set created_at = ${ago} where id in ${sessions}`)
  await query(
    storage,
    `update session_assurance set confirmed_at = ${ago},
       second_factor_at = case when second_factor_at is null then null else ${ago} end
     where session_id in ${sessions}`,
  )
}

/** An admin made from the command line (scripts/admin-create.mjs), `extra` its further options. */
export function createAdmin(
  storage: Storage,
  admin: { email: string; password: string },
  ...extra: string[]
): string[] {
  return runOnStorage(storage, [
    'scripts/admin-create.mjs',
    '--email',
    admin.email,
    '--password',
    admin.password,
    ...extra,
  ])
}
