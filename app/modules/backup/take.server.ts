import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { copyFile, lstat, mkdir, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { pgDumpMajorVersion, pgDumpRefusal, serverMajorVersion } from '#app/domain/backup.ts'
import type { ServerEnv } from '#app/platform/env.server.ts'
import { PGLITE_EXTENSIONS } from '#db/client.server.ts'
import {
  type BackupManifest,
  copyTree,
  countTables,
  currentMigration,
  DATABASE_FILES,
  describeFile,
  MANIFEST_FORMAT,
  type RunQuery,
  SECRET_FILE,
  writeManifest,
} from './manifest.server.ts'

// Taking a backup (issue 32 point 1, ADR 0033). Order: the database first, as one snapshot with
// its row counts; then the files on disk, each hashed as it is copied; the manifest last. Rows
// and files are therefore not one instant: a photo uploaded after the dump is in the backup
// without its row (harmless), one deleted in between is missing (its row says so on restore).

const execFileAsync = promisify(execFile)

const PG_DUMP_FILE = DATABASE_FILES.postgres
const PGLITE_DUMP_FILE = DATABASE_FILES.pglite

export interface BackupSummary {
  dir: string
  manifest: BackupManifest
}

export interface BackupSource {
  env: Pick<ServerEnv, 'dataDir' | 'databaseUrl' | 's3'>
  /** The open embedded database (the server's own); PostgreSQL is reached at env.databaseUrl. */
  pglite?: PGlite
}

/**
 * Writes a backup into `dir`, which must be empty or not exist yet, and returns its manifest.
 * A failure leaves an unfinished folder (no manifest) for the caller to remove.
 */
export async function takeBackup(source: BackupSource, dir: string): Promise<BackupSummary> {
  const target = path.resolve(dir)
  const refusal = await backupTargetRefusal(target)
  if (refusal) throw new Error(refusal)
  await mkdir(target, { recursive: true, mode: 0o700 })
  const { env } = source
  let engine: BackupManifest['engine']
  let tables: Record<string, number>
  let databaseFile: string
  if (env.databaseUrl) {
    engine = 'postgres'
    databaseFile = PG_DUMP_FILE
    tables = await dumpPostgres(env.databaseUrl, path.join(target, PG_DUMP_FILE))
  } else {
    if (!source.pglite) throw new Error('the embedded database is not open')
    engine = 'pglite'
    databaseFile = PGLITE_DUMP_FILE
    tables = await dumpPglite(source.pglite, path.join(target, PGLITE_DUMP_FILE))
  }
  const files = env.s3
    ? []
    : [
        ...(await copyTree(path.join(env.dataDir, 'media'), target, 'files/media')),
        ...(await copyTree(path.join(env.dataDir, 'private'), target, 'files/private')),
      ]
  const secret = path.join(env.dataDir, SECRET_FILE)
  let authSecret: BackupManifest['authSecret']
  if (existsSync(secret)) {
    await copyFile(secret, path.join(target, SECRET_FILE))
    authSecret = await describeFile(target, SECRET_FILE)
  }
  const manifest: BackupManifest = {
    format: MANIFEST_FORMAT,
    engine,
    takenAt: new Date().toISOString(),
    migration: currentMigration(),
    storage: env.s3 ? 's3' : 'local',
    database: await describeFile(target, databaseFile),
    authSecret,
    tables,
    files,
  }
  await writeManifest(target, manifest)
  return { dir: target, manifest }
}

/** Why `target` cannot take a backup (it must be missing or an empty folder), or undefined. */
export async function backupTargetRefusal(target: string): Promise<string | undefined> {
  const found = await lstat(target).catch(() => undefined)
  if (!found) return undefined
  if (!found.isDirectory())
    return `${target} is not a folder: a backup goes into a new or empty folder`
  if ((await readdir(target)).length > 0) {
    return `${target} is not empty: a backup goes into a new or empty folder`
  }
  return undefined
}

/**
 * pg_dump -Fc of the database, in a snapshot exported by a transaction of our own that counts
 * the rows in that same snapshot. Refuses a pg_dump older than the server.
 */
async function dumpPostgres(url: string, file: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url, application_name: 'aprova-backup' })
  await client.connect()
  try {
    const { rows } = await client.query('select current_setting($1)::int as version', [
      'server_version_num',
    ])
    const version = Number(rows[0]?.version)
    const clientVersion = await pgDumpVersion()
    const refusal = pgDumpRefusal(clientVersion, serverMajorVersion(version))
    if (refusal) throw new Error(refusal)
    await client.query('begin isolation level repeatable read read only')
    const snapshot = String(
      (await client.query('select pg_export_snapshot() as id')).rows[0]?.id ?? '',
    )
    const query: RunQuery = async (text) => (await client.query(text)).rows
    const tables = await countTables(query)
    await runPgTool('pg_dump', url, ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`])
    await client.query('commit')
    return tables
  } finally {
    await client.end().catch(() => {})
  }
}

async function pgDumpVersion(): Promise<number | undefined> {
  try {
    const { stdout } = await execFileAsync('pg_dump', ['--version'])
    return pgDumpMajorVersion(stdout)
  } catch {
    return undefined
  }
}

/**
 * pg_dump or pg_restore on the database at `url`, with `args`; its error output is the failure's
 * message. The password goes through the environment, never the process list.
 */
export function runPgTool(
  tool: 'pg_dump' | 'pg_restore',
  url: string,
  args: string[],
): Promise<void> {
  const target = new URL(url)
  const password = decodeURIComponent(target.password)
  target.password = ''
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) }
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [`--dbname=${target.toString()}`, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env,
    })
    let errors = ''
    child.stderr.on('data', (chunk) => {
      errors += chunk
    })
    child.once('error', reject)
    child.once('close', (code) => {
      if (code === 0) resolve()
      else reject(new Error(`${tool} failed (${code}): ${errors.trim().slice(0, 500)}`))
    })
  })
}

/**
 * The embedded database's data directory as a gzipped tarball, taken between two transactions
 * (PGlite runs one at a time: holding its transaction turn, none is open). The row counts come
 * from that very tarball, opened in memory: the manifest describes what was written, and a
 * dump that does not open fails now rather than on the day of the restore.
 */
async function dumpPglite(client: PGlite, file: string): Promise<Record<string, number>> {
  // Fewer WAL records to replay when the snapshot opens.
  await client.exec('checkpoint')
  const turn = client as unknown as {
    _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>
  }
  const dump = await turn._runExclusiveTransaction(() => client.dumpDataDir('gzip'))
  const bytes = Buffer.from(await dump.arrayBuffer())
  await writeFile(file, bytes, { mode: 0o600 })
  const copy = await PGlite.create({
    loadDataDir: new Blob([bytes]),
    extensions: PGLITE_EXTENSIONS,
  })
  try {
    return await countTables(async (text) => (await copy.query<Record<string, unknown>>(text)).rows)
  } finally {
    await copy.close()
  }
}
