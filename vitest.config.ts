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

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
      integration('pglite'),
      // "With DATABASE_URL set, database tests run on that PostgreSQL too" (DESIGN.md).
      ...(process.env.DATABASE_URL ? [integration('postgres')] : []),
    ],
  },
})
