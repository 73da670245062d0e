import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

const integration = (kind: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `integration-${kind}`,
    include: ['tests/integration/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/database.ts'],
    env: { TEST_DB_KIND: kind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

const unit = {
  extends: true as const,
  test: {
    name: 'unit',
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
  },
}

export default defineConfig({
  test: {
    // A worker per core: Vitest's default (cores − 1) runs every file one after the other on the
    // 2-core CI machine (PGlite pass 348 s one at a time, 217 s two at a time).
    maxWorkers: availableParallelism(),
    // TEST_DB_ONLY=postgres: only the PostgreSQL pass (.ci/run's second run of npm test, whose
    // first run on the same tree ran the unit and PGlite tests).
    projects:
      process.env.TEST_DB_ONLY === 'postgres' && process.env.DATABASE_URL
        ? [integration('postgres')]
        : [
            unit,
            integration('pglite'),
            // "With DATABASE_URL set, database tests run on that PostgreSQL too" (DESIGN.md).
            ...(process.env.DATABASE_URL ? [integration('postgres')] : []),
          ],
  },
})
