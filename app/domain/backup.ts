// Rules of the backups (issue 32 point 1, ADR 0033): folder names, retention, the daily pace and
// which pg_dump may dump which server. No I/O here.

/** Days a daily backup is kept when BACKUP_KEEP is unset. */
export const DEFAULT_BACKUP_KEEP_DAYS = 14

/**
 * A daily backup is due once the last success is this old: a little under a day, so an hourly
 * check does not drift a backup later each day.
 */
export const DAILY_BACKUP_AGE_MS = 23 * 60 * 60 * 1000

const FOLDER = /^(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})Z$/

/** The folder of a daily backup taken at `at`: its UTC time, sortable, safe in any file system. */
export function backupFolderName(at: Date): string {
  return `${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z`
}

/** When the backup of folder `name` was taken, or undefined for a folder not named by us. */
export function backupFolderTime(name: string): Date | undefined {
  const match = FOLDER.exec(name)
  if (!match) return undefined
  const [, y, mo, d, h, mi, s] = match
  const time = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`)
  return Number.isNaN(time) ? undefined : new Date(time)
}

/**
 * The daily backup folders to delete: those taken more than `keepDays` days before `now`, never
 * the newest complete one (a server that was off for weeks keeps its last backup). Folders not
 * named by us are left alone.
 */
export function expiredBackupFolders(
  folders: { name: string; complete: boolean }[],
  now: Date,
  keepDays: number,
): string[] {
  const dated = folders
    .map((folder) => ({ ...folder, at: backupFolderTime(folder.name) }))
    .filter((folder): folder is typeof folder & { at: Date } => folder.at !== undefined)
    .sort((a, b) => b.at.getTime() - a.at.getTime())
  const newestComplete = dated.find((folder) => folder.complete)?.name
  const limit = now.getTime() - keepDays * 24 * 60 * 60 * 1000
  return dated
    .filter((folder) => folder.at.getTime() < limit && folder.name !== newestComplete)
    .map((folder) => folder.name)
}

/** Whether the daily backup is due, given when the last successful one started. */
export function dailyBackupDue(lastSuccess: Date | undefined, now: Date): boolean {
  return !lastSuccess || now.getTime() - lastSuccess.getTime() >= DAILY_BACKUP_AGE_MS
}

/** The major version in `pg_dump --version`'s line ("pg_dump (PostgreSQL) 15.20 (Debian…)"). */
export function pgDumpMajorVersion(versionLine: string): number | undefined {
  const match = /\(PostgreSQL\)\s+(\d+)(?:\.\d+)?/.exec(versionLine)
  return match ? Number(match[1]) : undefined
}

/** The major version of a server_version_num (150020 is 15). */
export function serverMajorVersion(versionNum: number): number {
  return Math.floor(versionNum / 10_000)
}

/**
 * Why a pg_dump of major version `client` cannot dump a server of major version `server`, or
 * undefined when it can: pg_dump reads servers of its own version and older only.
 */
export function pgDumpRefusal(client: number | undefined, server: number): string | undefined {
  if (client === undefined)
    return 'pg_dump did not say its version: is postgresql-client installed?'
  if (client >= server) return undefined
  return `pg_dump ${client} is older than the PostgreSQL ${server} server it would dump: install postgresql-client-${server} (or newer) and run the backup again`
}
