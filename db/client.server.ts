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
  /**
   * Its connections now, for the metrics: a PostgreSQL pool's open, idle and waiting counts;
   * PGlite's single connection (no pool: idle and waiting are not measured, reported as 0).
   */
  connections(): { total: number; idle?: number; waiting?: number }
  /**
   * Listens to `channel` (PostgreSQL LISTEN/NOTIFY) until the returned function is called.
   * `onState(true)` once listening (again: after a reconnection, notifications sent meanwhile
   * were lost), `onState(false)` as soon as the listening connection is lost.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>
  close(): Promise<void>
  /** The embedded database itself (its snapshot is a backup: app/modules/backup/); pg: none. */
  pglite?: PGlite
}

export interface ListenHandlers {
  onNotify(payload: string): void
  onState(listening: boolean): void
}

/** How a lost listening connection is brought back. */
export interface ListenOptions {
  /** Waits before each attempt to reconnect, in order; the last one repeats. */
  retryDelaysMs?: number[]
  /** How often the connection is checked with a query (a silently dead TCP connection). */
  probeIntervalMs?: number
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
  options: { onError?: (error: Error) => void; listen?: ListenOptions } = {},
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
      connections: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      listen: (channel, handlers) => listenWithReconnection(target.url, channel, handlers, options),
      close: () => pool.end(),
    }
  }
  // The service's alone (issue 32 point 4); PGlite's own files are corrected by the server.
  if ('dataDir' in target) await mkdir(target.dataDir, { recursive: true, mode: 0o700 })
  const client = await PGlite.create({
    dataDir: 'dataDir' in target ? target.dataDir : undefined,
    extensions: PGLITE_EXTENSIONS,
  })
  const db = drizzlePglite({ client, schema, casing: 'snake_case' })
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, migrationsConfig),
    // PGlite belongs to this process alone.
    withStartupLock: (fn) => fn(),
    ping: () => ping(db as unknown as Database),
    connections: () => ({ total: 1 }),
    // In process: the connection cannot be lost, and notifications arrive as transactions commit.
    async listen(channel, handlers) {
      const unlisten = await client.listen(channel, handlers.onNotify)
      handlers.onState(true)
      return async () => {
        if (!client.closed) await unlisten()
      }
    },
    close: () => client.close(),
    pglite: client,
  }
}

/** The extensions the migrations create, which PGlite must be given whenever it opens. */
export const PGLITE_EXTENSIONS = { unaccent, pg_trgm }

const STARTUP_LOCK_KEY = 7_241_830_551

/**
 * Name of the listening connections in pg_stat_activity, followed by the process id (tests end
 * one instance's on purpose).
 */
export const LISTENER_APPLICATION_NAME = 'aprova-change-feed'
const DEFAULT_RETRY_DELAYS_MS = [100, 250, 500, 1000, 2000, 5000]
/**
 * A network cut that leaves the socket open is found by a probe this often (plus its timeout):
 * until then a lost feed is not known, so the probe is frequent, and cheap (one `select 1`).
 */
const DEFAULT_PROBE_INTERVAL_MS = 2000
const PROBE_TIMEOUT_MS = 2000

/**
 * A connection of its own that LISTENs on `channel` (a pool connection cannot: it is shared and
 * recycled), opened again after any loss, for as long as the returned function is not called.
 * A connection that stops answering without closing (a network cut) is found by a probe query.
 */
async function listenWithReconnection(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  options: { onError?: (error: Error) => void; listen?: ListenOptions },
): Promise<() => Promise<void>> {
  const delays = options.listen?.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS
  const probeEvery = options.listen?.probeIntervalMs ?? DEFAULT_PROBE_INTERVAL_MS
  let stopped = false
  let client: pg.Client | undefined
  let probe: NodeJS.Timeout | undefined
  let retry: NodeJS.Timeout | undefined
  let attempt = 0
  let listening = false

  const setListening = (value: boolean) => {
    if (value === listening) return
    listening = value
    handlers.onState(value)
  }

  const lost = (current: pg.Client, error?: Error) => {
    if (client !== current) return
    client = undefined
    clearInterval(probe)
    setListening(false)
    if (error) options.onError?.(error)
    current.removeAllListeners('notification')
    // Whatever state it is in, this connection is done with.
    current.on('error', () => {})
    void current.end().catch(() => {})
    if (!stopped) schedule()
  }

  const schedule = () => {
    const delay = delays[Math.min(attempt, delays.length - 1)] ?? 1000
    attempt += 1
    retry = setTimeout(() => void connect(), delay)
    retry.unref()
  }

  const connect = async () => {
    if (stopped) return
    const current = new pg.Client({
      connectionString: url,
      application_name: `${LISTENER_APPLICATION_NAME} ${process.pid}`,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
    })
    client = current
    current.on('error', (error) => lost(current, error))
    current.on('end', () => lost(current))
    current.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '')
    })
    try {
      await current.connect()
      await current.query(`listen ${quoteIdentifier(channel)}`)
    } catch (error) {
      lost(current, error instanceof Error ? error : new Error(String(error)))
      return
    }
    if (client !== current) return
    attempt = 0
    probe = setInterval(() => {
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('listening connection stopped answering')),
          PROBE_TIMEOUT_MS,
        )
      })
      Promise.race([current.query('select 1'), timeout])
        .catch((error: unknown) =>
          lost(current, error instanceof Error ? error : new Error(String(error))),
        )
        .finally(() => clearTimeout(timer))
    }, probeEvery)
    probe.unref()
    setListening(true)
  }

  await connect()
  return async () => {
    stopped = true
    clearTimeout(retry)
    clearInterval(probe)
    const current = client
    client = undefined
    if (current) {
      current.removeAllListeners('end')
      current.on('error', () => {})
      await current.end().catch(() => {})
    }
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

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
