import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { parseEnv, setServerEnv } from '#app/platform/env.server.ts'
import { makePrivate, privateByDefault } from '#app/platform/private-files.server.ts'
import { openDatabase, setDatabase } from '#db/client.server.ts'
import { embeddedDatabaseOpen, requestBackup } from './channel.server.ts'
import { totalRows } from './manifest.server.ts'
import { restoreBackup } from './restore.server.ts'
import { type BackupOutcome, backupNow } from './service.server.ts'

// `npm run backup` and `npm run restore` (issue 32 point 1; docs/backup.md). Exit codes: 0 done,
// 1 failed, 2 wrong usage.

const BACKUP_USAGE = `Usage: npm run backup -- --to DIR [--data-dir DIR]

Writes a backup of the configured site into DIR (new or empty): the database (pg_dump -Fc of
DATABASE_URL, or the embedded database's snapshot), the photos and documents under DATA_DIR,
the generated auth secret and manifest.json (rows per table, sha256 per file). With the
embedded database, a server running on DATA_DIR writes the backup itself (asked over
DATA_DIR/backup.sock); when none runs, this command opens the database.`

const RESTORE_USAGE = `Usage: npm run restore -- --from DIR [--data-dir DIR]

Restores the backup in DIR into an empty DATA_DIR and, with DATABASE_URL, an empty database;
never over live data. Checks every file against the manifest first, then every table's rows and
every restored file, and says what it restored. Start the site afterwards (npm run serve).`

type Parsed = { values: Record<string, string | boolean | undefined> } | { code: number }

function parse(argv: string[], folder: 'to' | 'from', usage: string): Parsed {
  let values: Record<string, string | boolean | undefined>
  try {
    values = parseArgs({
      args: argv,
      options: {
        [folder]: { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`)
    return { code: 2 }
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`)
    return { code: 0 }
  }
  if (typeof values[folder] !== 'string' || values[folder] === '') {
    console.error(`--${folder} DIR is required\n\n${usage}`)
    return { code: 2 }
  }
  return { values }
}

export async function runBackupCli(argv: string[]): Promise<number> {
  const parsed = parse(argv, 'to', BACKUP_USAGE)
  if ('code' in parsed) return parsed.code
  const to = path.resolve(String(parsed.values.to))
  const source = { ...process.env }
  if (parsed.values['data-dir']) source.DATA_DIR = String(parsed.values['data-dir'])
  // What the command writes (the backup, a database it opens) is the service's alone.
  privateByDefault()
  // The site's DATA_DIR holds its generated secret unless AUTH_SECRET is given: without it, this
  // is another folder, and a backup of it would carry no photos and a secret of its own.
  const dataDir = path.resolve(source.DATA_DIR || './data')
  if (!source.AUTH_SECRET && !existsSync(path.join(dataDir, 'auth-secret'))) {
    console.error(
      `${dataDir} holds no auth-secret and AUTH_SECRET is unset: is DATA_DIR the site's? (give it, or --data-dir DIR)`,
    )
    return 1
  }
  // Validated like the server's, without ever writing a secret into DATA_DIR.
  const env = parseEnv(
    { ...source, AUTH_SECRET: source.AUTH_SECRET || 'x'.repeat(32) },
    'production',
  )
  setServerEnv(env)
  let outcome: BackupOutcome | undefined
  if (!env.databaseUrl) {
    outcome = await requestBackup(env.dataDir, to)
    if (outcome) process.stdout.write('The running server wrote the backup.\n')
    else if (!existsSync(path.join(env.dataDir, 'db', 'PG_VERSION'))) {
      console.error(`No embedded database in ${env.dataDir}/db: is DATA_DIR right?`)
      return 1
    } else if (embeddedDatabaseOpen(env.dataDir)) {
      // Two processes on one PGlite folder would damage it: never opened beside a server.
      console.error(
        `The embedded database in ${env.dataDir}/db is open (db/postmaster.pid) but no server answers on ${env.dataDir}/backup.sock. Stop the server and run the command again; if no server runs (it was killed), remove db/postmaster.pid first.`,
      )
      return 1
    }
  }
  if (!outcome) {
    const handle = await openDatabase(
      env.databaseUrl ? { url: env.databaseUrl } : { dataDir: path.join(env.dataDir, 'db') },
    )
    setDatabase(handle)
    try {
      outcome = await backupNow(env, to, 'command')
    } finally {
      setDatabase(undefined)
      await handle.close()
    }
  }
  if (!outcome.ok) {
    console.error(`Backup failed: ${outcome.error}`)
    return 1
  }
  const { manifest, dir } = outcome.summary
  process.stdout.write(
    `Backup written to ${dir}: ${Object.keys(manifest.tables).length} tables (${totalRows(manifest.tables)} rows), ${manifest.files.length} files${manifest.authSecret ? ', the auth secret' : ''} (${manifest.engine}).\n`,
  )
  if (manifest.storage === 's3') {
    process.stdout.write('Photos and documents are in S3: its bucket versioning keeps them.\n')
  }
  return 0
}

export async function runRestoreCli(argv: string[]): Promise<number> {
  const parsed = parse(argv, 'from', RESTORE_USAGE)
  if ('code' in parsed) return parsed.code
  const source = { ...process.env }
  if (parsed.values['data-dir']) source.DATA_DIR = String(parsed.values['data-dir'])
  privateByDefault()
  // Validated like the server's, but without writing a new auth secret into DATA_DIR: the
  // backup's is restored there.
  const env = parseEnv(
    { ...source, AUTH_SECRET: source.AUTH_SECRET || 'x'.repeat(32) },
    'production',
  )
  try {
    const summary = await restoreBackup(String(parsed.values.from), env)
    // PGlite writes its own files open whatever the umask: closed again now, not at next start.
    await makePrivate(env.dataDir).catch(() => {})
    const where = env.databaseUrl ? `the database of DATABASE_URL and ${env.dataDir}` : env.dataDir
    process.stdout.write(
      `Restored into ${where}: ${summary.tables} tables (${summary.rows} rows), ${summary.files} files${summary.authSecret ? ', the auth secret' : ''}; taken ${summary.manifest.takenAt} (${summary.manifest.engine}). Every table and file matches the manifest.\n`,
    )
    return 0
  } catch (error) {
    console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
}
