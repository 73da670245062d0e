import { existsSync } from 'node:fs'
import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { and, desc, eq, gt } from 'drizzle-orm'
import type { ServerEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { databaseHandle, db } from '#db/client.server.ts'
import { backupRuns } from '#db/schema/backups.ts'
import { MANIFEST_FILE, totalRows } from './manifest.server.ts'
import { type BackupSummary, backupTargetRefusal, takeBackup } from './take.server.ts'

// One backup attempt as the site records it (issue 32 point 1): taken, then a row in
// backup_runs either way; a failure is logged and shown on /admin; the metrics' last-backup
// gauge reads the last success from there.

export type BackupTrigger = 'daily' | 'command'

export type BackupOutcome = { ok: true; summary: BackupSummary } | { ok: false; error: string }

/**
 * Takes a backup into `dir` (new or empty) from the open database and DATA_DIR, records the
 * attempt and never throws: the outcome says what happened.
 */
export async function backupNow(
  env: Pick<ServerEnv, 'dataDir' | 'databaseUrl' | 's3'>,
  dir: string,
  trigger: BackupTrigger,
): Promise<BackupOutcome> {
  const target = path.resolve(dir)
  const startedAt = new Date()
  let outcome: BackupOutcome
  // Refused before anything is written, and not recorded: the path is someone else's.
  const refusal = await backupTargetRefusal(target)
  if (refusal) return { ok: false, error: refusal }
  const created = !existsSync(target)
  try {
    const summary = await takeBackup({ env, pglite: databaseHandle()?.pglite }, target)
    outcome = { ok: true, summary }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    outcome = { ok: false, error: message }
    log.error('backup failed', { trigger, dir: target, error: message })
    // What was written is an unfinished backup, of no use: it goes, and only what this attempt
    // wrote (the folder when it made it, else what it put in the empty folder it was given).
    if (!existsSync(path.join(target, MANIFEST_FILE))) {
      const written = created
        ? [target]
        : (await readdir(target).catch(() => [])).map((name) => path.join(target, name))
      for (const item of written) await rm(item, { recursive: true, force: true }).catch(() => {})
    }
  }
  const manifest = outcome.ok ? outcome.summary.manifest : undefined
  await db()
    .insert(backupRuns)
    .values({
      trigger,
      startedAt,
      finishedAt: new Date(),
      ok: outcome.ok,
      location: target,
      error: outcome.ok ? null : outcome.error.slice(0, 1000),
      tables: manifest ? Object.keys(manifest.tables).length : null,
      rows: manifest ? totalRows(manifest.tables) : null,
      files: manifest ? manifest.files.length : null,
    })
    .catch((error: unknown) =>
      log.error('backup attempt not recorded', { error: String(error), trigger }),
    )
  if (outcome.ok) {
    log.info('backup taken', { trigger, dir: target, files: manifest?.files.length })
  }
  return outcome
}

export interface BackupStatus {
  /** When the last successful backup started. */
  lastSuccess: Date | undefined
  /** The latest failure, when it came after the last success. */
  failure: { at: Date; error: string } | undefined
}

/** What /admin says about backups. */
export async function backupStatus(): Promise<BackupStatus> {
  const lastSuccess = await lastSuccessfulBackupAt()
  const [failure] = await db()
    .select({ at: backupRuns.startedAt, error: backupRuns.error })
    .from(backupRuns)
    .where(
      lastSuccess
        ? and(eq(backupRuns.ok, false), gt(backupRuns.startedAt, lastSuccess))
        : eq(backupRuns.ok, false),
    )
    .orderBy(desc(backupRuns.startedAt))
    .limit(1)
  return {
    lastSuccess,
    failure: failure ? { at: failure.at, error: failure.error ?? '' } : undefined,
  }
}

/** When the last successful backup started (the metrics' gauge), if any. */
export async function lastSuccessfulBackupAt(trigger?: BackupTrigger): Promise<Date | undefined> {
  const [row] = await db()
    .select({ at: backupRuns.startedAt })
    .from(backupRuns)
    .where(
      trigger
        ? and(eq(backupRuns.ok, true), eq(backupRuns.trigger, trigger))
        : eq(backupRuns.ok, true),
    )
    .orderBy(desc(backupRuns.startedAt))
    .limit(1)
  return row?.at
}
