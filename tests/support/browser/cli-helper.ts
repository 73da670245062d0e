import { spawnSync } from 'node:child_process'
import { expect } from './fixtures.ts'

/**
 * Runs a helper of tests/support/cli/helpers.server.ts with `args` on a server's storage, and
 * returns the JSON it printed last. Only while that server is stopped: PGlite's database is
 * opened by one process at a time.
 */
export function runHelper(
  storage: { dataDir: string; databaseUrl?: string | null },
  name: string,
  ...args: string[]
) {
  return runHelperOf('./tests/support/cli/helpers.server.ts', storage, name, ...args)
}

/** runHelper with the helpers of another module of tests/support/cli/. */
export function runHelperOf(
  module: string,
  storage: { dataDir: string; databaseUrl?: string | null },
  name: string,
  ...args: string[]
) {
  const result = spawnSync(process.execPath, ['tests/support/cli/run.mjs', module, name, ...args], {
    env: { ...process.env, DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl ?? '' },
    encoding: 'utf8',
    timeout: 120_000,
  })
  expect(result.status, result.stderr).toBe(0)
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}')
}
