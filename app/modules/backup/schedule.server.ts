import { existsSync } from 'node:fs'
import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { backupFolderName, dailyBackupDue, expiredBackupFolders } from '#app/domain/backup.ts'
import type { ServerEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { MANIFEST_FILE } from './manifest.server.ts'
import { type BackupOutcome, backupNow, lastSuccessfulBackupAt } from './service.server.ts'

// The daily backup (issue 32 point 1) when BACKUP_DIR is set: checked every hour and soon after
// start, taken when the last daily success is about a day old, into BACKUP_DIR/<UTC time>;
// folders older than BACKUP_KEEP days then go. With several workers on one PostgreSQL, one of
// them takes it: an advisory lock decides, and the others find it taken.

/** Advisory lock of the daily backup (the startup lock's key plus one: db/client.server.ts). */
const DAILY_BACKUP_LOCK_KEY = 7_241_830_552

let running = false

/**
 * Takes the daily backup if it is due and no other process is taking it. Undefined when none
 * was due (or another process has it).
 */
export async function runDailyBackupIfDue(
  env: Pick<ServerEnv, 'dataDir' | 'databaseUrl' | 's3' | 'backup'>,
  now = new Date(),
): Promise<BackupOutcome | undefined> {
  const settings = env.backup
  if (!settings || running) return undefined
  running = true
  let lock: pg.Client | undefined
  try {
    if (env.databaseUrl) {
      lock = new pg.Client({ connectionString: env.databaseUrl, application_name: 'aprova-backup' })
      await lock.connect()
      const { rows } = await lock.query('select pg_try_advisory_lock($1) as got', [
        DAILY_BACKUP_LOCK_KEY,
      ])
      if (!rows[0]?.got) return undefined
    }
    // Read under the lock: a worker that waited sees the backup the other one just took.
    if (!dailyBackupDue(await lastSuccessfulBackupAt('daily'), now)) return undefined
    // The folder is made by the backup itself: a BACKUP_DIR that cannot be written is then a
    // failure recorded and shown like any other.
    const outcome = await backupNow(env, path.join(settings.dir, backupFolderName(now)), 'daily')
    if (outcome.ok) await removeExpired(settings.dir, settings.keepDays, now)
    return outcome
  } finally {
    running = false
    if (lock) {
      await lock.query('select pg_advisory_unlock($1)', [DAILY_BACKUP_LOCK_KEY]).catch(() => {})
      await lock.end().catch(() => {})
    }
  }
}

/** Deletes the daily backups older than `keepDays` (never the newest complete one). */
async function removeExpired(dir: string, keepDays: number, now: Date): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true })
  const folders = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      name: entry.name,
      complete: existsSync(path.join(dir, entry.name, MANIFEST_FILE)),
    }))
  for (const name of expiredBackupFolders(folders, now, keepDays)) {
    await rm(path.join(dir, name), { recursive: true, force: true })
    log.info('old backup deleted', { dir: path.join(dir, name) })
  }
}

const CHECK_INTERVAL_MS = 60 * 60 * 1000
/** After start, once the site serves: a server restarted daily still gets its backup. */
const FIRST_CHECK_DELAY_MS = 60 * 1000

/** Starts the hourly check; the returned function stops it. */
export function scheduleDailyBackups(
  env: Pick<ServerEnv, 'dataDir' | 'databaseUrl' | 's3' | 'backup'>,
): () => void {
  if (!env.backup) return () => {}
  const check = () => {
    runDailyBackupIfDue(env).catch((error: unknown) =>
      log.error('daily backup check failed', { error: String(error) }),
    )
  }
  const first = setTimeout(check, FIRST_CHECK_DELAY_MS)
  const hourly = setInterval(check, CHECK_INTERVAL_MS)
  first.unref()
  hourly.unref()
  return () => {
    clearTimeout(first)
    clearInterval(hourly)
  }
}
