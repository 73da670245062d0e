import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { expect, test } from '@playwright/test'
import pg from 'pg'
import { createServerStorage, startServer } from './server-process.mjs'

type Storage = { dataDir: string; databaseUrl?: string }

/** Runs one SQL statement on the server's own storage while the server is stopped. */
async function query(storage: Storage, text: string): Promise<Record<string, unknown>[]> {
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

// A server of its own: start, stop with SIGTERM, start again on the same storage.
test('SIGTERM stops the server within 5 s and a restart keeps the data', async ({ request }) => {
  test.setTimeout(180_000)
  const storage = await createServerStorage()
  try {
    const first = await startServer(storage)
    expect((await request.get(`${first.baseUrl}/pt/`)).status()).toBe(200)
    const stopped = await first.stop()
    expect(stopped.code).toBe(0)
    expect(stopped.ms).toBeLessThan(5000)

    const ids = await query(storage, 'select id from profiles order by id')
    expect(ids).toHaveLength(12)
    await query(
      storage,
      "insert into reserved_usernames (username, reason) values ('kept', 'test')",
    )

    const second = await startServer(storage)
    expect((await request.get(`${second.baseUrl}/pt/`)).status()).toBe(200)
    const stoppedAgain = await second.stop()
    expect(stoppedAgain.code).toBe(0)
    expect(stoppedAgain.ms).toBeLessThan(5000)

    // The same profiles (not seeded again) and the row written between the two runs.
    expect(await query(storage, 'select id from profiles order by id')).toEqual(ids)
    expect(await query(storage, 'select username from reserved_usernames')).toEqual([
      { username: 'kept' },
    ])
  } finally {
    await storage.dispose()
  }
})

test('a bad environment variable stops the start with a message naming it', () => {
  const result = spawnSync(process.execPath, ['server/start.js'], {
    env: { ...process.env, PORT: 'abc', SMTP_URL: 'http://mail', DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 30_000,
  })
  expect(result.status).toBe(1)
  expect(result.stderr).toContain("PORT must be a number (got 'abc')")
  expect(result.stderr).toContain('SMTP_URL must start with smtp:// or smtps://')
  expect(result.stderr).not.toMatch(/at .+\.js:\d+/)
})
