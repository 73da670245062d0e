// @ts-check
// Launcher for `npm start` (build if needed, then serve), `npm run serve` (serve the existing
// build) and `npm run dev` (Vite with hot reload). Plain JavaScript so Node runs it as is; the
// real server lives in server/app.ts and is bundled into build/server/index.js. With
// WEB_CONCURRENCY other than 1 it is also the cluster's primary and each worker's entry
// (server/cluster.js).
import { spawnSync } from 'node:child_process'
import cluster from 'node:cluster'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { runPrimary, workerHooks } from './cluster.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const serverBundle = path.join(root, 'build', 'server', 'index.js')
const args = new Set(process.argv.slice(2))
const dev = args.has('--dev')

/** Newest modification time of the sources that go into the build. */
function newestSource() {
  let newest = 0
  const visit = (/** @type {string} */ entry) => {
    const stat = statSync(entry)
    if (stat.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name))
    else newest = Math.max(newest, stat.mtimeMs)
  }
  for (const entry of [
    'app',
    'server',
    'db',
    'package.json',
    'vite.config.ts',
    'react-router.config.ts',
  ]) {
    const full = path.join(root, entry)
    if (existsSync(full)) visit(full)
  }
  return newest
}

async function main() {
  if (dev) {
    process.env.NODE_ENV ??= 'development'
    const { createServer } = await import('vite')
    const vite = await createServer({ root, server: { middlewareMode: true }, appType: 'custom' })
    const { startServer } = await vite.ssrLoadModule('./server/app.ts')
    await startServer({ mode: 'development', root, vite })
    return
  }
  process.env.NODE_ENV ??= 'production'
  if (cluster.isWorker) {
    // The primary's scrape asks every worker (server/cluster.js): one still starting (migrations,
    // a restart after a crash) answers too, with what it has, instead of failing the scrape.
    if (process.env.METRICS_TOKEN) {
      const { default: client } = await import('prom-client')
      new client.AggregatorRegistry()
    }
    const { startServer } = await import(serverBundle)
    await startServer({ mode: 'production', root, ...workerHooks() })
    return
  }
  const stale = !existsSync(serverBundle) || statSync(serverBundle).mtimeMs < newestSource()
  if (args.has('--build-if-needed') && stale) {
    console.warn('Building the site (first start or sources changed)…')
    const result = spawnSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'inherit' })
    if (result.status !== 0) process.exit(result.status ?? 1)
  } else if (!existsSync(serverBundle)) {
    console.error('No build found: run `npm run build` first, or `npm start` to build and serve.')
    process.exit(1)
  }
  // Any value but 1 goes to the cluster, whose first worker validates it (one process per core
  // on PostgreSQL; PGlite refuses more than one).
  const concurrency = process.env.WEB_CONCURRENCY ?? ''
  if (concurrency !== '' && concurrency !== '1') return runPrimary()
  const { startServer } = await import(serverBundle)
  await startServer({ mode: 'production', root })
}

main().catch((error) => {
  // Environment problems get their clear message alone; anything else its stack.
  console.error(error?.name === 'EnvError' ? error.message : error)
  process.exit(1)
})
