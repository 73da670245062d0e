import { existsSync } from 'node:fs'
import { chmod, mkdir, readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { ServerEnv } from '#app/platform/env.server.ts'
import { PGLITE_EXTENSIONS } from '#db/client.server.ts'
import {
  type BackupManifest,
  countDifferences,
  countTables,
  knownMigration,
  readManifest,
  restoreFile,
} from './manifest.server.ts'
import { runPgTool } from './take.server.ts'

// Restoring a backup (issue 32 point 1, ADR 0033): only into an empty DATA_DIR and, with
// PostgreSQL, an empty database, never over live data. The backup's files are checked against
// the manifest first; after the restore, every table's rows and every file are checked again.

export interface RestoreSummary {
  manifest: BackupManifest
  tables: number
  rows: number
  files: number
  authSecret: boolean
}

export async function restoreBackup(
  from: string,
  env: Pick<ServerEnv, 'dataDir' | 'databaseUrl'>,
): Promise<RestoreSummary> {
  const source = path.resolve(from)
  const manifest = await readManifest(source)
  if (!knownMigration(manifest.migration)) {
    throw new Error(
      `the backup was taken by a newer version (migration ${manifest.migration}): restore it with that version or a later one`,
    )
  }
  const engine = env.databaseUrl ? 'postgres' : 'pglite'
  if (manifest.engine !== engine) {
    throw new Error(
      manifest.engine === 'postgres'
        ? 'the backup is of a PostgreSQL database: set DATABASE_URL to an empty database'
        : 'the backup is of the embedded database (PGlite): unset DATABASE_URL',
    )
  }
  const dataDir = path.resolve(env.dataDir)
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
    throw new Error(`DATA_DIR ${dataDir} is not empty: restore goes into an empty folder only`)
  }
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  await chmod(dataDir, 0o700)

  const actual = env.databaseUrl
    ? await restorePostgres(env.databaseUrl, path.join(source, manifest.database.path))
    : await restorePglite(path.join(dataDir, 'db'), path.join(source, manifest.database.path))
  const differences = countDifferences(manifest.tables, actual)
  if (differences.length > 0) {
    throw new Error(
      `the restored database differs from the manifest:\n  ${differences.join('\n  ')}`,
    )
  }
  for (const file of manifest.files) {
    // files/media/… goes to DATA_DIR/media/…, files/private/… to DATA_DIR/private/….
    // readManifest allowed only plain names under those two: the target stays inside DATA_DIR.
    const inside = file.path.replace(/^files\//, '')
    const target = path.join(dataDir, ...inside.split('/'))
    if (!target.startsWith(`${dataDir}${path.sep}`))
      throw new Error(`${file.path}: outside DATA_DIR`)
    await restoreFile(source, file, target)
  }
  if (manifest.authSecret) {
    const target = path.join(dataDir, 'auth-secret')
    await restoreFile(source, manifest.authSecret, target)
    await chmod(target, 0o600)
  }
  return {
    manifest,
    tables: Object.keys(actual).length,
    rows: Object.values(actual).reduce((sum, n) => sum + n, 0),
    files: manifest.files.length,
    authSecret: Boolean(manifest.authSecret),
  }
}

/** pg_restore into the database at `url`, which must hold no table; its rows per table after. */
async function restorePostgres(url: string, dump: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url, application_name: 'aprova-restore' })
  await client.connect()
  try {
    const [row] = (
      await client.query(
        // pg_class, not information_schema: tables of other owners count too.
        `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p', 'v', 'm', 'S')
            and n.nspname not in ('pg_catalog', 'information_schema')
            and n.nspname not like 'pg\\_%'`,
      )
    ).rows as { n: number }[]
    if ((row?.n ?? 0) > 0) {
      throw new Error(
        `the database of DATABASE_URL holds ${row?.n} tables, views or sequences: restore goes into an empty database only (createdb a new one)`,
      )
    }
    // One transaction: a restore that fails leaves the database empty, ready for another try.
    await runPgTool('pg_restore', url, [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      dump,
    ])
    return await countTables(async (text) => (await client.query(text)).rows)
  } finally {
    await client.end().catch(() => {})
  }
}

/** The embedded database's data directory from its tarball; its rows per table after. */
async function restorePglite(dataDir: string, dump: string): Promise<Record<string, number>> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const client = await PGlite.create({
    dataDir,
    loadDataDir: new Blob([await readFile(dump)]),
    extensions: PGLITE_EXTENSIONS,
  })
  try {
    return await countTables(
      async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    )
  } finally {
    await client.close()
  }
}
