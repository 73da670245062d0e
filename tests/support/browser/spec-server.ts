import { type PixTestServer, startPixServer } from '#sandbox/pix/institution.ts'
import { createServerStorage, freePort, startServer } from '../../e2e/server-process.mjs'
import { startSmtpServer } from '../smtp-server.ts'
import { runHelper } from './cli-helper.ts'
import { test } from './fixtures.ts'
import { createAdmin, runOnStorage } from './storage-query.ts'

// The server of one end-to-end spec (tests/e2e/*.spec.ts), started the same way everywhere: a
// storage of its own (server-process.mjs), the local Pix institution and SMTP server when the
// spec asks for them, a first start that makes the database, then, while it is stopped, the
// spec's own data through the command line (PGlite opens it in one process at a time), and a
// second start. Everything is stopped and removed after the spec's last test.

export type Server = Awaited<ReturnType<typeof startServer>>
export type Storage = Awaited<ReturnType<typeof createServerStorage>>
export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>

export interface SpecServerOptions {
  /** The local Pix institution (sandbox/pix), its address in the server's environment. */
  pix?: boolean
  /** A local SMTP server that receives the site's mail (SMTP_URL). */
  smtp?: boolean
  /** The server's environment beyond server-process.mjs's, given the Pix and SMTP servers. */
  env?: (services: { pix: PixTestServer; smtp: SmtpServer }) => Record<string, string>
  /**
   * A port chosen before anything starts, kept by every start: for addresses other servers must
   * know first (OAuth redirect URIs); `base()` gives it from then on.
   */
  fixedPort?: boolean
  /** Work on the new storage before the first start (a bulk seed, servers that need `base()`). */
  beforeStart?: (spec: SpecServer) => void | Promise<void>
  /** Work on the first server, before it is stopped for `prepare` (what visitors did first). */
  beforeStop?: (spec: SpecServer) => void | Promise<void>
  /**
   * Work on the stopped server's storage after the first start made the database (the spec's
   * accounts and profiles); without it the server starts once.
   */
  prepare?: (spec: SpecServer) => void | Promise<void>
  /** The budget of the whole start-up. */
  timeout?: number
}

export interface SpecServer {
  readonly storage: Storage
  /** The running server (the last one started). */
  readonly server: Server
  readonly pix: PixTestServer
  readonly smtp: SmtpServer
  /** The running server's address; '' before the first start (but with `fixedPort`). */
  base(): string
  /** Starts the server again on the same storage (after `server.stop()`). */
  start(): Promise<Server>
  /** Runs a helper of tests/support/cli/helpers.server.ts on the storage (cli-helper.ts). */
  helper(name: string, ...args: string[]): ReturnType<typeof runHelper>
  /** Runs `node args…` on the storage (storage-query.ts). */
  run(args: string[]): string[]
  /** An admin from the command line (scripts/admin-create.mjs), `extra` its further options. */
  createAdmin(admin: { email: string; password: string }, ...extra: string[]): string[]
}

/**
 * Registers the spec's beforeAll and afterAll that start and stop its server; the returned
 * object reaches the server, its storage and its services from the tests.
 */
export function specServer(options: SpecServerOptions = {}): SpecServer {
  let storage: Storage | undefined
  let server: Server | undefined
  let pix: PixTestServer | undefined
  let smtp: SmtpServer | undefined
  let port: number | undefined
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the spec's ${what} is not started`)
    return value
  }
  const spec: SpecServer = {
    get storage() {
      return need(storage, 'storage')
    },
    get server() {
      return need(server, 'server')
    },
    get pix() {
      return need(pix, 'Pix institution')
    },
    get smtp() {
      return need(smtp, 'SMTP server')
    },
    base: () => server?.baseUrl ?? (port ? `http://127.0.0.1:${port}` : ''),
    async start() {
      const env = options.env?.({ pix: pix as PixTestServer, smtp: smtp as SmtpServer }) ?? {}
      server = await startServer({ ...spec.storage, port, env })
      return server
    },
    helper: (name, ...args) => runHelper(spec.storage, name, ...args),
    run: (args) => runOnStorage(spec.storage, args),
    createAdmin: (admin, ...extra) => createAdmin(spec.storage, admin, ...extra),
  }

  test.beforeAll(async () => {
    test.setTimeout(options.timeout ?? 180_000)
    if (options.pix) pix = await startPixServer()
    if (options.smtp) smtp = await startSmtpServer()
    if (options.fixedPort) port = await freePort()
    storage = await createServerStorage()
    await options.beforeStart?.(spec)
    await spec.start()
    if (options.prepare) {
      await options.beforeStop?.(spec)
      await spec.server.stop()
      await options.prepare(spec)
      await spec.start()
    }
  })

  test.afterAll(async () => {
    await server?.stop()
    await storage?.dispose()
    await pix?.close()
    await smtp?.close()
  })

  return spec
}
