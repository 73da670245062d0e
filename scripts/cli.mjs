// @ts-check
// Runs a command-line entry point written in TypeScript (`npm run seed:bulk`, `npm run
// admin:create`). Plain JavaScript so Node runs it as is; the TypeScript sources are loaded
// through Vite's SSR module loader, as `npm run dev` does (server/start.js), but without the
// project's Vite config: no React Router or Tailwind plugin is needed on the command line.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Vite's SSR module loader for the project's TypeScript, without the project's Vite config (no
 * React Router or Tailwind plugin is needed off the web): `ssrLoadModule`, then `close()`.
 */
export function typeScriptLoader() {
  return createServer({
    root,
    configFile: false,
    logLevel: 'warn',
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, include: [] },
  })
}

/**
 * Loads `modulePath` (relative to the project root), calls its export `name` with the command's
 * arguments and exits with the number it returns.
 * @param {string} modulePath
 * @param {string} name
 */
export async function runCli(modulePath, name) {
  const vite = await typeScriptLoader()
  let code = 1
  try {
    const module = await vite.ssrLoadModule(modulePath)
    code = await module[name](process.argv.slice(2))
  } catch (error) {
    console.error(readableError(error))
  } finally {
    await vite.close()
  }
  process.exit(code)
}

/**
 * An error for people: EnvError's message alone; a failed query's cause, with the start of the
 * statement only (a bulk INSERT and its parameters would fill the terminal).
 * @param {any} error
 */
function readableError(error) {
  if (error?.name === 'EnvError') return error.message
  if (error?.cause instanceof Error) {
    const statement = String(error.message).slice(0, 300)
    return `${error.cause.message}\n  in: ${statement}…\n${error.cause.stack ?? ''}`
  }
  return error?.stack ?? String(error)
}
