// @ts-check
// `npm run test:e2e`: serves the production build (PGlite, or a throwaway database on the
// PostgreSQL of DATABASE_URL) on a free port and runs Playwright against it.
import { spawnSync } from 'node:child_process'
import { createServerStorage, startServer } from './server-process.mjs'

const storage = await createServerStorage()
let status = 1
try {
  const server = await startServer(storage)
  try {
    const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
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
