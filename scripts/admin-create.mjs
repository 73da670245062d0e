// @ts-check
// `npm run admin:create -- --email E --password P [--name N] [--data-dir DIR]`: opens a confirmed
// admin account (app/modules/auth/admin-cli.server.ts).
import { runCli } from './cli.mjs'

await runCli('./app/modules/auth/admin-cli.server.ts', 'runAdminCreateCli')
