// @ts-check
// `npm run seed:bulk -- --profiles N [--data-dir DIR] [--seed S]`: inserts N invented profiles
// (db/seed/bulk.server.ts).
import { runCli } from './cli.mjs'

await runCli('./db/seed/bulk.server.ts', 'runBulkSeedCli')
