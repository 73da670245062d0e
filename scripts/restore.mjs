// @ts-check
// `npm run restore -- --from DIR [--data-dir DIR]`: a backup restored into an empty DATA_DIR and
// database (app/modules/backup/cli.server.ts, docs/backup.md).
import { runCli } from './cli.mjs'

await runCli('./app/modules/backup/cli.server.ts', 'runRestoreCli')
