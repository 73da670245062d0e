// @ts-check
// `npm run sandbox [-- --bank-port N]`: the site with a local Pix institution and its bank page
// (sandbox/main.ts, issue 32 point 2). Its TypeScript runs through Vite's SSR module loader, as
// the other commands' (scripts/cli.mjs); the site itself is started as `npm start` starts it.
import { runCli } from './cli.mjs'

await runCli('./sandbox/main.ts', 'runSandbox')
