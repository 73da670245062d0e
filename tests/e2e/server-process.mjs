// @ts-check
// Starts and stops the production server for end-to-end tests: a free port, its own DATA_DIR and,
// when DATABASE_URL is set, its own throwaway database on that PostgreSQL.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

/** A TCP port that is free right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** @param {string} baseUrl */
export async function createThrowawayDatabase(baseUrl) {
  const name = `aprova_e2e_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl })
      await client.connect()
      await client.query(`drop database if exists "${name}" with (force)`)
      await client.end()
    },
  }
}

/**
 * Prepares the storage of one server (a temporary DATA_DIR and, with DATABASE_URL, a throwaway
 * database) that survives restarts until `dispose()`.
 */
export async function createServerStorage() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'aprova-e2e-'))
  const database = process.env.DATABASE_URL
    ? await createThrowawayDatabase(process.env.DATABASE_URL)
    : undefined
  return {
    dataDir,
    databaseUrl: database?.url,
    async dispose() {
      await database?.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Starts `node server/start.js` (the built site) and resolves once /healthz answers. `port`
 * chooses the port when other servers must know the address first (OAuth redirect URIs).
 * @param {{ dataDir: string, databaseUrl?: string, env?: Record<string, string>, port?: number }} storage
 */
export async function startServer(storage) {
  const port = storage.port ?? (await freePort())
  const baseUrl = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [path.join(root, 'server', 'start.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      BASE_URL: baseUrl,
      DATA_DIR: storage.dataDir,
      DATABASE_URL: storage.databaseUrl ?? '',
      DEMO_DATA: '1',
      ...storage.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  // Once its output pipes are read to their end: what it wrote before exiting may come later.
  const closed = new Promise((resolve) => child.once('close', resolve))
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start-up:\n${output}`)
    try {
      const response = await fetch(`${baseUrl}/healthz`)
      if (response.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not become healthy in time:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    baseUrl,
    /** Process id of the server (memory sampling in benchmarks). */
    pid: child.pid,
    output: () => output,
    /**
     * Sends the signal and resolves with the exit and how long it took.
     * @param {NodeJS.Signals} [signal]
     */
    async stop(signal = 'SIGTERM') {
      const started = Date.now()
      child.kill(signal)
      const result = /** @type {{ code: number | null, signal: string | null }} */ (await exited)
      const ms = Date.now() - started
      // `output()` then holds all the server wrote: its last lines may still be in the pipes at
      // the exit. A process left behind with the same pipes (a worker) keeps them open: 5 s at
      // most.
      let timer
      await Promise.race([
        closed,
        new Promise((resolve) => {
          timer = setTimeout(resolve, 5000)
        }),
      ])
      clearTimeout(timer)
      return { ...result, ms }
    },
  }
}
