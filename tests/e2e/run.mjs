// @ts-check
// `npm run test:e2e`: serves the production build (PGlite, or a throwaway database on the
// PostgreSQL of DATABASE_URL) on a free port and runs Playwright against it.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServerStorage, startServer } from './server-process.mjs'

// E2E_SCOPE=embedded: only the specs where the embedded database itself is what runs (.ci/run's
// PGlite pass; its full suite runs on PostgreSQL, the production engine, and every database test
// of Vitest runs on both). Each of them starts servers on PGlite storage of its own: stopping and
// restarting it, a kill in the middle of writes, the refusal of several processes, the one
// in-process listener, the command-line helpers that open it while the server is stopped (admins,
// two-step verification, reviews), and the journeys of accounts, a client's area, a provider's
// dashboard (uploads) and the payments, whose transactions and locks go through PGlite's single
// connection.
const EMBEDDED_SPECS = [
  'tests/e2e/server-lifecycle.spec.ts',
  'tests/e2e/faults.spec.ts',
  'tests/e2e/cluster.spec.ts',
  'tests/e2e/scale-out.spec.ts',
  'tests/e2e/shell.spec.ts',
  'tests/e2e/accounts.spec.ts',
  'tests/e2e/auth-return.spec.ts',
  'tests/e2e/client-area.spec.ts',
  'tests/e2e/discovery.spec.ts',
  'tests/e2e/provider-dashboard.spec.ts',
  'tests/e2e/plans.spec.ts',
  'tests/e2e/gifts.spec.ts',
  'tests/e2e/two-factor.spec.ts',
  'tests/e2e/admin.spec.ts',
  'tests/e2e/reviews-admin.spec.ts',
  'tests/e2e/web-vitals.spec.ts',
  // DATA_DIR's modes: PGlite's own files are the ones it unpacks open (issue 32 point 4).
  'tests/e2e/private-files.spec.ts',
  'tests/e2e/backup.spec.ts',
]
const scope = process.env.E2E_SCOPE ?? 'all'
if (scope !== 'all' && scope !== 'embedded') {
  console.error(`E2E_SCOPE must be 'all' or 'embedded' (got '${scope}')`)
  process.exit(2)
}
// A spec renamed or removed would otherwise drop out of the pass unnoticed.
const gone = EMBEDDED_SPECS.filter((spec) => !existsSync(new URL(`../../${spec}`, import.meta.url)))
if (gone.length > 0) {
  console.error(`EMBEDDED_SPECS names specs that do not exist: ${gone.join(', ')}`)
  process.exit(2)
}
const specs = scope === 'embedded' && process.argv.length <= 2 ? EMBEDDED_SPECS : []

const storage = await createServerStorage()
let status = 1
try {
  const server = await startServer(storage)
  try {
    const result = spawnSync('npx', ['playwright', 'test', ...specs, ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, E2E_BASE_URL: server.baseUrl },
    })
    status = result.status ?? 1
  } finally {
    const stopped = await server.stop()
    if (stopped.code !== 0) {
      console.error(`server exited with ${stopped.code ?? stopped.signal}:\n${server.output()}`)
      status ||= 1
    }
  }
} finally {
  await storage.dispose()
}
process.exit(status)
