import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { schema } from './schema.ts'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

/** The handle a `db().transaction(…)` callback receives. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  /** Runs `fn` while holding a lock that other instances on the same database wait for. */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>
  ping(): Promise<boolean>
  close(): Promise<void>
}

export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true }

/** Directory of the SQL migrations, found from this file whether it runs bundled or from source. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error(`package.json not found above ${import.meta.url}`)
    dir = parent
  }
  return path.join(dir, 'db', 'migrations')
}

/** Opens PostgreSQL (a pool) when given a URL, otherwise PGlite on disk or in memory. */
export async function openDatabase(
  target: DatabaseTarget,
  options: { onError?: (error: Error) => void } = {},
): Promise<DatabaseHandle> {
  const migrationsConfig = { migrationsFolder: migrationsFolder() }
  if ('url' in target) {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      connectionTimeoutMillis: 5000,
    })
    // An idle connection dropped by the server (restart, failover) must not crash the process.
    pool.on('error', (error) => options.onError?.(error))
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' })
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      migrate: () => migratePg(db, migrationsConfig),
      async withStartupLock(fn) {
        const client = await pool.connect()
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY])
          return await fn()
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {})
          client.release()
        }
      },
      ping: () => ping(db as unknown as Database),
      close: () => pool.end(),
    }
  }
  if ('dataDir' in target) await mkdir(target.dataDir, { recursive: true })
  const client = await PGlite.create({
    dataDir: 'dataDir' in target ? target.dataDir : undefined,
    extensions: { unaccent, pg_trgm },
  })
  const db = drizzlePglite({ client, schema, casing: 'snake_case' })
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, migrationsConfig),
    // PGlite belongs to this process alone.
    withStartupLock: (fn) => fn(),
    ping: () => ping(db as unknown as Database),
    close: () => client.close(),
  }
}

const STARTUP_LOCK_KEY = 7_241_830_551

// Errors that say the database cannot be reached right now (a restart, a failover, a network
// cut), as opposed to a query that failed: connection failures of the driver, and PostgreSQL's
// "connection exception" (08…) and "operator intervention" (57P…) classes.
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND'])
const UNREACHABLE_MESSAGES =
  /Connection terminated|connection timeout|Client has encountered a connection error|timeout exceeded when trying to connect/i

/** Whether `error` (or what it wraps, as Drizzle does) means the database is unreachable. */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current = error
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') {
      if (UNREACHABLE_CODES.has(code) || code.startsWith('08') || code.startsWith('57P')) {
        return true
      }
    }
    if (current instanceof Error && UNREACHABLE_MESSAGES.test(current.message)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
const PING_TIMEOUT_MS = 2000

/** True when the database answers `select 1` within two seconds. */
async function ping(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS)
  })
  const query = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  )
  try {
    return await Promise.race([query, timeout])
  } finally {
    clearTimeout(timer)
  }
}

// The process-wide handle. Kept on globalThis so that dev-server module reloads reuse it
// instead of opening PGlite's directory twice.
const globalKey = Symbol.for('aprova.database')
type GlobalWithDb = typeof globalThis & { [globalKey]?: DatabaseHandle }

/** Makes `handle` the database every query module uses. */
export function setDatabase(handle: DatabaseHandle | undefined): void {
  ;(globalThis as GlobalWithDb)[globalKey] = handle
}

/** The database opened at start-up (or by the test setup). */
export function db(): Database {
  const handle = (globalThis as GlobalWithDb)[globalKey]
  if (!handle) throw new Error('Database not opened: call setDatabase() at start-up')
  return handle.db
}

/** The current handle, if any (health check, shutdown). */
export function databaseHandle(): DatabaseHandle | undefined {
  return (globalThis as GlobalWithDb)[globalKey]
}
