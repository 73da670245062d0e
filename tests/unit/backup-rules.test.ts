import { describe, expect, it } from 'vitest'
import {
  backupFolderName,
  backupFolderTime,
  dailyBackupDue,
  expiredBackupFolders,
  pgDumpMajorVersion,
  pgDumpRefusal,
  serverMajorVersion,
} from '#app/domain/backup.ts'

describe('backup rules', () => {
  it('names a daily folder by its UTC time, and reads it back', () => {
    const at = new Date('2026-11-29T06:25:29.860Z')
    expect(backupFolderName(at)).toBe('2026-11-29T06-25-29Z')
    expect(backupFolderTime('2026-11-29T06-25-29Z')?.toISOString()).toBe('2026-11-29T06:25:29.000Z')
    for (const name of ['notes', '2026-11-29', '2026-13-40T99-00-00Z', '../x']) {
      expect(backupFolderTime(name)).toBeUndefined()
    }
  })

  it('deletes folders older than the days kept, never the newest complete one nor others', () => {
    const now = new Date('2026-11-29T12:00:00Z')
    const folders = [
      { name: '2026-11-28T03-00-00Z', complete: true },
      { name: '2026-11-10T03-00-00Z', complete: true },
      { name: '2026-11-01T03-00-00Z', complete: false },
      { name: 'keep-me', complete: true },
    ]
    expect(expiredBackupFolders(folders, now, 14)).toEqual([
      '2026-11-10T03-00-00Z',
      '2026-11-01T03-00-00Z',
    ])
    // A server off for weeks: its last complete backup stays.
    const old = [
      { name: '2026-10-01T03-00-00Z', complete: false },
      { name: '2026-09-30T03-00-00Z', complete: true },
    ]
    expect(expiredBackupFolders(old, now, 14)).toEqual(['2026-10-01T03-00-00Z'])
  })

  it('is due with no success yet, or one about a day old', () => {
    const now = new Date('2026-11-29T12:00:00Z')
    expect(dailyBackupDue(undefined, now)).toBe(true)
    expect(dailyBackupDue(new Date('2026-11-29T01:00:00Z'), now)).toBe(false)
    expect(dailyBackupDue(new Date('2026-11-28T13:00:00Z'), now)).toBe(true)
  })

  it('refuses a pg_dump older than the server, with what to install', () => {
    expect(pgDumpMajorVersion('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)')).toBe(15)
    expect(pgDumpMajorVersion('pg_dump (PostgreSQL) 17.0')).toBe(17)
    expect(pgDumpMajorVersion('nonsense')).toBeUndefined()
    expect(serverMajorVersion(150020)).toBe(15)
    expect(serverMajorVersion(160004)).toBe(16)
    expect(pgDumpRefusal(15, 15)).toBeUndefined()
    expect(pgDumpRefusal(16, 15)).toBeUndefined()
    expect(pgDumpRefusal(14, 15)).toBe(
      'pg_dump 14 is older than the PostgreSQL 15 server it would dump: install postgresql-client-15 (or newer) and run the backup again',
    )
    expect(pgDumpRefusal(undefined, 15)).toMatch(/postgresql-client/)
  })
})
