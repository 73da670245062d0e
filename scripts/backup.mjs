// @ts-check
// `npm run backup -- --to DIR [--data-dir DIR]`: a backup of the site (app/modules/backup/cli.server.ts,
// docs/backup.md).
import { runCli } from './cli.mjs'

await runCli('./app/modules/backup/cli.server.ts', 'runBackupCli')
