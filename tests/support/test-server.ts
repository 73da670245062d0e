import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, beforeEach, vi } from 'vitest'
import { type ServerEnv, setServerEnv } from '#app/platform/env.server.ts'
import { mailsTo } from './outbox.ts'

// The server environment of an integration test file, and the usual set-up around it: the
// environment set before all its tests, the standard output muted before each (the outbox and
// better-auth log there).

export const TEST_BASE_URL = 'http://localhost:3999'

/**
 * The server environment of an integration test file: a temporary DATA_DIR (the mail outbox
 * lives there) and a fixed public address. Returns the DATA_DIR.
 */
export async function useTestServerEnv(overrides: Partial<ServerEnv> = {}): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aprova-test-'))
  setServerEnv({
    mode: 'production',
    host: '127.0.0.1',
    port: 3999,
    databaseUrl: undefined,
    dataDir,
    baseUrl: TEST_BASE_URL,
    authSecret: 'test-secret-0123456789-abcdefghijklmnop',
    smtpUrl: undefined,
    google: undefined,
    ageOidc: undefined,
    demoData: false,
    gifts: false,
    s3: undefined,
    redisUrl: undefined,
    trustProxy: undefined,
    backup: undefined,
    webConcurrency: 1,
    metricsToken: undefined,
    pix: undefined,
    ...overrides,
  })
  return dataDir
}

/** Mutes the standard output for the running test (the outbox and better-auth log there). */
export function muteOutput() {
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
}

export interface TestServer {
  /** The DATA_DIR, set once the file's beforeAll has run. */
  dataDir: string
  /** The e-mails to `to` in the outbox, oldest first (outbox.ts). */
  mailsTo(to: string): Promise<string[]>
}

/**
 * Registers the usual set-up of an integration test file: before all its tests the server
 * environment (`overrides`, or a function giving them once the file's earlier beforeAll hooks
 * have run), before each test the standard output muted.
 */
export function setUpTestServer(
  overrides: Partial<ServerEnv> | (() => Partial<ServerEnv>) = {},
): TestServer {
  const server: TestServer = {
    dataDir: '',
    mailsTo: (to) => mailsTo(server.dataDir, to),
  }
  beforeAll(async () => {
    server.dataDir = await useTestServerEnv(
      typeof overrides === 'function' ? overrides() : overrides,
    )
  })
  beforeEach(muteOutput)
  return server
}
