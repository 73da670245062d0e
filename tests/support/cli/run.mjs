// @ts-check
// `node tests/support/cli/run.mjs <module> <export> [args]`: runs a test helper written in
// TypeScript against the database and DATA_DIR of the environment, the way the project's own
// commands run (scripts/cli.mjs). End-to-end tests use it while their server is stopped
// (PGlite belongs to one process at a time).
import { runCli } from '../../../scripts/cli.mjs'

const [modulePath, name] = process.argv.slice(2, 4)
process.argv.splice(2, 2)
await runCli(modulePath ?? '', name ?? '')
