import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { listenForBackupRequests } from '#app/modules/backup/channel.server.ts'
import { runBackupCli } from '#app/modules/backup/cli.server.ts'
import { restoreBackup } from '#app/modules/backup/restore.server.ts'
import { runDailyBackupIfDue } from '#app/modules/backup/schedule.server.ts'
import {
  backupNow,
  backupStatus,
  lastSuccessfulBackupAt,
} from '#app/modules/backup/service.server.ts'
import type { ServerEnv } from '#app/platform/env.server.ts'
import { db } from '#db/client.server.ts'

// The daily backup (issue 32 point 1): taken when due into BACKUP_DIR/<UTC time> with its
// manifest, not again the same day, old folders removed; a failure recorded, and /admin's
// status says so until the next success.

type BackupEnv = Pick<ServerEnv, 'dataDir' | 'databaseUrl' | 's3' | 'backup'>
let env: BackupEnv

beforeAll(async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'aprova-backup-test-'))
  const dataDir = path.join(root, 'data')
  await mkdir(path.join(dataDir, 'media', 'ab'), { recursive: true })
  await writeFile(path.join(dataDir, 'media', 'ab', 'photo.webp'), 'not really a photo')
  // Not a file the site stores: left out of the backup (restore would refuse its name).
  await writeFile(path.join(dataDir, 'media', '.DS_Store'), 'left by a file manager')
  await writeFile(path.join(dataDir, 'auth-secret'), 'a-secret-of-the-test\n')
  let databaseUrl: string | undefined
  if (process.env.TEST_DB_KIND === 'postgres' && process.env.DATABASE_URL) {
    // The throwaway database of this file, on the server of DATABASE_URL: pg_dump reaches it.
    const result = await db().execute(sql`select current_database() as name`)
    const name = (result as unknown as { rows: { name: string }[] }).rows[0]?.name ?? ''
    const url = new URL(process.env.DATABASE_URL)
    url.pathname = `/${name}`
    databaseUrl = url.toString()
  }
  env = {
    dataDir,
    databaseUrl,
    s3: undefined,
    backup: { dir: path.join(root, 'backups'), keepDays: 14 },
  }
  // A daily backup of long ago, and a folder that is not ours.
  await mkdir(path.join(root, 'backups', '2020-01-01T03-00-00Z'), { recursive: true })
  await writeFile(path.join(root, 'backups', '2020-01-01T03-00-00Z', 'manifest.json'), '{}')
  await mkdir(path.join(root, 'backups', 'by-hand'), { recursive: true })
}, 60_000)

describe('daily backup', () => {
  it('is taken when due, once a day, and old ones go', async () => {
    expect((await backupStatus()).lastSuccess).toBeUndefined()
    const now = new Date()
    const outcome = await runDailyBackupIfDue(env, now)
    expect(outcome?.ok, outcome && !outcome.ok ? outcome.error : '').toBe(true)
    if (!outcome?.ok) return
    const { manifest, dir } = outcome.summary
    expect(path.dirname(dir)).toBe(env.backup?.dir)
    expect(existsSync(path.join(dir, 'manifest.json'))).toBe(true)
    expect(manifest.engine).toBe(env.databaseUrl ? 'postgres' : 'pglite')
    expect(manifest.files.map((file) => file.path)).toEqual(['files/media/ab/photo.webp'])
    expect(manifest.authSecret).toBeDefined()
    expect(manifest.tables['public.cities']).toBeGreaterThan(0)
    expect(manifest.tables['public.backup_runs']).toBe(0)
    expect(await readdir(env.backup?.dir ?? '')).toEqual(['by-hand', path.basename(dir)].sort())
    expect(await lastSuccessfulBackupAt('daily')).toBeInstanceOf(Date)

    // Not again within the day.
    expect(await runDailyBackupIfDue(env, new Date(now.getTime() + 60 * 60_000))).toBeUndefined()
  }, 120_000)

  it('records a failure, which /admin shows until the next success', async () => {
    const blocked = path.join(env.dataDir, 'a-file')
    await writeFile(blocked, 'not a folder')
    const tomorrow = new Date(Date.now() + 25 * 60 * 60_000)
    const outcome = await runDailyBackupIfDue(
      { ...env, backup: { dir: path.join(blocked, 'backups'), keepDays: 14 } },
      tomorrow,
    )
    expect(outcome?.ok).toBe(false)
    const status = await backupStatus()
    expect(status.lastSuccess).toBeDefined()
    expect(status.failure?.error).toMatch(/ENOTDIR|not a directory/)
  }, 120_000)
})

describe('what a backup and a restore refuse', () => {
  it('never writes into, nor deletes, a path that is not a new or empty folder', async () => {
    const file = path.join(env.dataDir, 'precious.txt')
    await writeFile(file, 'keep me')
    const outcome = await backupNow(env, file, 'command')
    expect(outcome).toEqual({ ok: false, error: expect.stringMatching(/is not a folder/) })
    expect(await readFile(file, 'utf8')).toBe('keep me')
    const full = path.join(env.dataDir, 'media')
    expect((await backupNow(env, full, 'command')).ok).toBe(false)
    expect(await readdir(path.join(full, 'ab'))).toEqual(['photo.webp'])
  })

  it('restores nothing from a manifest whose paths leave the backup or DATA_DIR', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'aprova-backup-evil-'))
    const backup = path.join(root, 'backup')
    const outcome = await backupNow(env, backup, 'command')
    expect(outcome.ok).toBe(true)
    const manifestFile = path.join(backup, 'manifest.json')
    const good = JSON.parse(await readFile(manifestFile, 'utf8'))
    const escaped = path.join(root, 'escaped.txt')
    // The file exists with the right checksum: only its path is wrong.
    await mkdir(path.join(backup, 'files'), { recursive: true })
    await writeFile(path.join(backup, 'files', 'x'), 'planted')
    const planted = good.files[0]
    for (const evil of [
      { ...good, files: [{ ...planted, path: 'files/media/../../../escaped.txt' }] },
      { ...good, files: [{ ...planted, path: '/etc/passwd' }] },
      { ...good, files: [{ ...planted, path: 'files/x' }] },
      { ...good, database: { ...good.database, path: '../../etc/shadow' } },
      { ...good, authSecret: { ...good.authSecret, path: 'files/media/ab/photo.webp' } },
    ]) {
      await writeFile(manifestFile, JSON.stringify(evil))
      const target = path.join(root, `restored-${Math.random().toString(36).slice(2)}`)
      await expect(
        restoreBackup(backup, { dataDir: target, databaseUrl: undefined }),
      ).rejects.toThrow(/not a manifest this site writes/)
      expect(existsSync(target)).toBe(false)
    }
    expect(existsSync(escaped)).toBe(false)
    await writeFile(manifestFile, '{"format": 1, "engine": "pgl')
    await expect(
      restoreBackup(backup, { dataDir: path.join(root, 'r'), databaseUrl: undefined }),
    ).rejects.toThrow(/not readable JSON/)
  }, 120_000)
})

describe('the backup command beside a server on the embedded database', () => {
  it('never opens a PGlite folder another process has open, and says why', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'aprova-backup-cli-'))
    await mkdir(path.join(dataDir, 'db'), { recursive: true })
    await writeFile(path.join(dataDir, 'auth-secret'), 'a-secret-of-the-test-0123456789abcdef\n')
    await writeFile(path.join(dataDir, 'db', 'PG_VERSION'), '17\n')
    // A server has it open (its lock file) but does not answer on backup.sock.
    await writeFile(path.join(dataDir, 'db', 'postmaster.pid'), '42\n')
    const errors: string[] = []
    const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => {
      errors.push(String(line))
    })
    // The command reads the process's environment: the embedded engine's, as a shell's.
    const saved = { DATABASE_URL: process.env.DATABASE_URL, BASE_URL: process.env.BASE_URL }
    delete process.env.DATABASE_URL
    delete process.env.BASE_URL
    try {
      const to = path.join(dataDir, '..', `${path.basename(dataDir)}-backup`)
      expect(await runBackupCli(['--to', to, '--data-dir', dataDir])).toBe(1)
      expect(errors.join('\n')).toMatch(/is open \(db\/postmaster.pid\) but no server answers/)
      expect(existsSync(to)).toBe(false)
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value !== undefined) process.env[name] = value
      }
      spy.mockRestore()
    }
  })

  it('does not listen on a socket path the system would cut short', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'aprova-backup-long-'))
    const dataDir = path.join(root, 'x'.repeat(110))
    await mkdir(dataDir, { recursive: true })
    const stop = await listenForBackupRequests({ ...env, dataDir })
    expect(await readdir(dataDir)).toEqual([])
    expect((await readdir(root)).length).toBe(1)
    await stop()
  })
})
