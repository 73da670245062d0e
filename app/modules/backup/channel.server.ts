import { existsSync } from 'node:fs'
import { chmod, unlink } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import type { ServerEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { type BackupOutcome, backupNow } from './service.server.ts'

// `npm run backup` and a server on the embedded database (issue 32 point 1, ADR 0033): PGlite
// belongs to the server's process, so the command asks the server for the backup over a Unix
// socket in DATA_DIR (0600: the service's own user only; no network, no token), and the server
// writes it. One request per connection: a line of JSON {"to": DIR}, answered by a line of JSON
// (the outcome) once the backup is written.

export const BACKUP_SOCKET = 'backup.sock'
/** Longest request line accepted: a path. */
const MAX_REQUEST_BYTES = 8192

/**
 * A Unix socket's path holds at most 107 bytes on Linux, and Node cuts a longer one short
 * without a word: the server would listen elsewhere and the command never find it.
 */
const MAX_SOCKET_PATH_BYTES = 107

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, BACKUP_SOCKET)
}

/** PGlite's own lock file: present while a process has the embedded database open. */
export function embeddedDatabaseOpen(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'db', 'postmaster.pid'))
}

/** Listens for backup requests; the returned function stops and removes the socket. */
export async function listenForBackupRequests(
  env: Pick<ServerEnv, 'dataDir' | 'databaseUrl' | 's3'>,
): Promise<() => Promise<void>> {
  const file = backupSocketPath(env.dataDir)
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH_BYTES) {
    // The command then finds no socket and PGlite's lock file, and refuses (cli.server.ts).
    log.error('backup socket path too long: npm run backup cannot reach this server', {
      socket: file,
      limit: MAX_SOCKET_PATH_BYTES,
    })
    return async () => {}
  }
  // Left by a process that died: the embedded database is this process's, so is its socket.
  if (existsSync(file)) await unlink(file)
  const server = net.createServer((socket) => {
    let request = ''
    socket.setEncoding('utf8')
    socket.on('error', () => {})
    socket.on('data', (chunk: string) => {
      request += chunk
      if (request.length > MAX_REQUEST_BYTES) return socket.destroy()
      const end = request.indexOf('\n')
      if (end === -1) return
      socket.removeAllListeners('data')
      answer(request.slice(0, end))
        .catch((error: unknown): BackupOutcome => ({ ok: false, error: String(error) }))
        .then((outcome) => socket.end(`${JSON.stringify(outcome)}\n`))
    })
  })
  const answer = async (line: string): Promise<BackupOutcome> => {
    let to: unknown
    try {
      to = (JSON.parse(line) as { to?: unknown }).to
    } catch {
      to = undefined
    }
    if (typeof to !== 'string' || !path.isAbsolute(to)) {
      return { ok: false, error: 'the request must name an absolute folder' }
    }
    return backupNow(env, to, 'command')
  }
  // The socket's mode is set before anyone can connect: created under a umask of 077.
  const umask = process.umask(0o077)
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(file, () => resolve())
    })
  } finally {
    process.umask(umask)
  }
  await chmod(file, 0o600)
  log.info('listening for backup requests', { socket: file })
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await unlink(file).catch(() => {})
  }
}

/**
 * Asks the server running on `dataDir` for a backup into `to`. Undefined when no server
 * listens there (the command then opens the database itself).
 */
export function requestBackup(dataDir: string, to: string): Promise<BackupOutcome | undefined> {
  const file = backupSocketPath(dataDir)
  if (!existsSync(file)) return Promise.resolve(undefined)
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(file)
    let answer = ''
    let connected = false
    socket.setEncoding('utf8')
    socket.on('connect', () => {
      connected = true
      socket.write(`${JSON.stringify({ to })}\n`)
    })
    socket.on('data', (chunk: string) => {
      answer += chunk
    })
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A socket file nobody listens on: its server died.
      if (!connected && (error.code === 'ECONNREFUSED' || error.code === 'ENOENT')) {
        resolve(undefined)
      } else reject(error)
    })
    socket.on('end', () => {
      try {
        resolve(JSON.parse(answer.trim()) as BackupOutcome)
      } catch {
        reject(new Error('the server closed the connection without an answer'))
      }
    })
  })
}
