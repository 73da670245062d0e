import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { copyFile, mkdir, open, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { migrationsFolder } from '#db/client.server.ts'

// What a backup holds and how it is checked (issue 32 point 1, ADR 0033). A backup is a folder:
//   manifest.json       written last: a folder without one is an unfinished backup
//   database.dump       PostgreSQL: pg_dump -Fc      or  database.tar.gz  PGlite: its data dir
//   auth-secret         the generated AUTH_SECRET, when the site uses one (DATA_DIR/auth-secret)
//   files/media/…       photos (DATA_DIR/media), files/private/… identity documents
// Every file's sha256 is in the manifest, with the rows of every table in the dump's snapshot.

export const MANIFEST_FILE = 'manifest.json'
/** A copied photo or document: files/media/… or files/private/…, plain names only. */
const FILE_PATH = /^files\/(?:media|private)(?:\/[A-Za-z0-9_][A-Za-z0-9._-]*)+$/
export const MANIFEST_FORMAT = 1

export interface ManifestFile {
  /** Path inside the backup folder, with '/' separators. */
  path: string
  sha256: string
  bytes: number
}

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT
  engine: 'pglite' | 'postgres'
  takenAt: string
  /** The last migration applied by the code that took it (db/migrations/meta/_journal.json). */
  migration: string
  /** Where photos and documents lived: on disk (copied) or in S3 (its versioning keeps them). */
  storage: 'local' | 's3'
  database: ManifestFile
  authSecret: ManifestFile | undefined
  /** Rows per table ("schema.table") in the same snapshot as the database file. */
  tables: Record<string, number>
  /** Photos and documents copied, each once. */
  files: ManifestFile[]
}

/** Runs one SQL statement and gives its rows: a pg client's or PGlite's `query`. */
export type RunQuery = (text: string) => Promise<Record<string, unknown>[]>

/**
 * Rows of every table of the database (ours and the migrator's), counted on `query`'s
 * connection: in the dump's snapshot when given that snapshot.
 */
export async function countTables(query: RunQuery): Promise<Record<string, number>> {
  const tables = await query(
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`,
  )
  const counts: Record<string, number> = {}
  for (const { schema, name } of tables) {
    const [row] = await query(
      `select count(*)::int as n from ${quoteIdentifier(String(schema))}.${quoteIdentifier(String(name))}`,
    )
    counts[`${schema}.${name}`] = Number(row?.n ?? 0)
  }
  return counts
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

/** The tag of the newest migration this code knows. */
export function currentMigration(): string {
  const journal = path.join(migrationsFolder(), 'meta', '_journal.json')
  const entries = (JSON.parse(readFileSync(journal, 'utf8')) as { entries: { tag: string }[] })
    .entries
  return entries.at(-1)?.tag ?? 'none'
}

/** Whether migration `tag` is one this code knows (a newer backup cannot be restored by it). */
export function knownMigration(tag: string): boolean {
  const journal = path.join(migrationsFolder(), 'meta', '_journal.json')
  const entries = (JSON.parse(readFileSync(journal, 'utf8')) as { entries: { tag: string }[] })
    .entries
  return entries.some((entry) => entry.tag === tag)
}

export function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex')
}

/** A file inside the backup folder, described for the manifest. */
export async function describeFile(backupDir: string, relative: string): Promise<ManifestFile> {
  const data = await readFile(path.join(backupDir, relative))
  return { path: relative, sha256: sha256(data), bytes: data.length }
}

/**
 * Copies every file under `source` (if it exists) to `backupDir/prefix/…`, hashing the bytes it
 * wrote: the manifest lists exactly the files copied.
 */
export async function copyTree(
  source: string,
  backupDir: string,
  prefix: string,
): Promise<ManifestFile[]> {
  if (!existsSync(source)) return []
  const copied: ManifestFile[] = []
  const entries = await readdir(source, { recursive: true, withFileTypes: true })
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const full = path.join(entry.parentPath, entry.name)
    const relative = path.posix.join(prefix, ...path.relative(source, full).split(path.sep))
    // Not a file the site stores (a '.DS_Store' an operator left): restore would refuse it.
    if (!FILE_PATH.test(relative)) continue
    let data: Buffer
    try {
      data = await readFile(full)
    } catch (error) {
      // Deleted since the listing (a photo removed while the backup runs): not in this backup.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue
      throw error
    }
    const target = path.join(backupDir, relative)
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 })
    await writeFile(target, data, { mode: 0o600 })
    copied.push({ path: relative, sha256: sha256(data), bytes: data.length })
  }
  return copied.sort((a, b) => a.path.localeCompare(b.path))
}

/** Copies one file of the backup to `target`, and checks the copy against the manifest. */
export async function restoreFile(
  backupDir: string,
  file: ManifestFile,
  target: string,
): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 })
  await copyFile(path.join(backupDir, file.path), target)
  const restored = sha256(await readFile(target))
  if (restored !== file.sha256) throw new Error(`${target} does not match the manifest after copy`)
}

/** Reads and checks a backup folder's manifest, and every file it lists against its checksum. */
export async function readManifest(backupDir: string): Promise<BackupManifest> {
  const file = path.join(backupDir, MANIFEST_FILE)
  if (!existsSync(file)) {
    throw new Error(`${backupDir} holds no ${MANIFEST_FILE}: not a backup, or an unfinished one`)
  }
  let manifest: BackupManifest
  try {
    manifest = JSON.parse(await readFile(file, 'utf8')) as BackupManifest
  } catch {
    throw new Error(`${file} is not readable JSON: a damaged or unfinished backup`)
  }
  if (manifest?.format !== MANIFEST_FORMAT) {
    throw new Error(
      `${file} is of format ${manifest?.format}, this version reads ${MANIFEST_FORMAT}`,
    )
  }
  const wrong = manifestPathProblem(manifest)
  if (wrong) throw new Error(`${file} is not a manifest this site writes: ${wrong}`)
  const listed = [manifest.database, ...(manifest.authSecret ? [manifest.authSecret] : [])]
  for (const entry of [...listed, ...manifest.files]) {
    const full = path.join(backupDir, entry.path)
    if (!existsSync(full)) throw new Error(`${entry.path} is missing from the backup`)
    if (sha256(await readFile(full)) !== entry.sha256) {
      throw new Error(`${entry.path} does not match its checksum in the manifest: damaged backup`)
    }
  }
  return manifest
}

/** The database file's name in a backup of each engine. */
export const DATABASE_FILES = { postgres: 'database.dump', pglite: 'database.tar.gz' } as const
export const SECRET_FILE = 'auth-secret'

/**
 * Why the paths of a manifest are not ones this site writes, or undefined. Restore writes where
 * the manifest says and reads what it names: a manifest edited to name `../…` or an absolute
 * path must not reach outside the backup folder or DATA_DIR.
 */
export function manifestPathProblem(manifest: BackupManifest): string | undefined {
  const databaseFile = DATABASE_FILES[manifest.engine]
  if (!databaseFile) return `unknown engine ${JSON.stringify(manifest.engine)}`
  if (manifest.database?.path !== databaseFile) return `the database file must be ${databaseFile}`
  if (manifest.authSecret && manifest.authSecret.path !== SECRET_FILE) {
    return `the secret must be ${SECRET_FILE}`
  }
  if (!Array.isArray(manifest.files)) return 'no list of files'
  const bad = manifest.files.find(
    (file) => typeof file?.path !== 'string' || !FILE_PATH.test(file.path),
  )
  if (bad) return `${JSON.stringify(bad?.path)} is not under files/media or files/private`
  if (typeof manifest.tables !== 'object' || manifest.tables === null) return 'no table counts'
  return undefined
}

/**
 * Written last, and whole or not at all: the other files are flushed to disk first, the manifest
 * goes to a temporary name, is flushed, then renamed. A crash or a full disk leaves a folder
 * without manifest.json, which every reader takes for an unfinished backup.
 */
export async function writeManifest(backupDir: string, manifest: BackupManifest): Promise<void> {
  const listed = [manifest.database, ...(manifest.authSecret ? [manifest.authSecret] : [])]
  for (const entry of [...listed, ...manifest.files]) await flush(path.join(backupDir, entry.path))
  const temporary = path.join(backupDir, `${MANIFEST_FILE}.partial`)
  await writeFile(temporary, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 })
  await flush(temporary)
  await rename(temporary, path.join(backupDir, MANIFEST_FILE))
  await flush(backupDir)
}

async function flush(file: string): Promise<void> {
  const handle = await open(file, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Rows in all tables of `counts`. */
export function totalRows(counts: Record<string, number>): number {
  return Object.values(counts).reduce((sum, n) => sum + n, 0)
}

/**
 * How the counts of a restored database differ from the manifest's, one line per table, empty
 * when they are equal.
 */
export function countDifferences(
  expected: Record<string, number>,
  actual: Record<string, number>,
): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)])
  return [...names]
    .filter((name) => expected[name] !== actual[name])
    .map(
      (name) =>
        `${name}: ${actual[name] ?? 'missing'} rows, manifest says ${expected[name] ?? 'none'}`,
    )
}
