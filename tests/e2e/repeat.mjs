// @ts-check
// `npm run test:e2e:repeat`: the end-to-end suite several rounds in a row on PostgreSQL, to catch
// a test that passes only sometimes. It builds once, then each round runs `node tests/e2e/run.mjs`
// with DATABASE_URL on a fresh database of its own (made on DATABASE_URL's server, dropped after
// the round), and stops at the first round that fails.
//
//   node tests/e2e/repeat.mjs [--rounds N] [--skip-build] [arguments for run.mjs and Playwright…]
//
// --rounds: how many rounds (3). --skip-build: use the build/ already there. Anything else goes
// to run.mjs as it is (spec files, --grep …), so a few specs can be repeated alone.
import { spawn, spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test'

let rounds = 3
let build = true
/** @type {string[]} */
const passOn = []
const args = process.argv.slice(2)
for (let index = 0; index < args.length; index++) {
  const arg = args[index] ?? ''
  if (arg === '--rounds' || arg.startsWith('--rounds=')) {
    const value = arg === '--rounds' ? args[++index] : arg.slice('--rounds='.length)
    rounds = Number(value)
    if (!Number.isInteger(rounds) || rounds < 1) {
      console.error(`--rounds takes a whole number from 1 (got '${value}')`)
      process.exit(2)
    }
  } else if (arg === '--skip-build') build = false
  else passOn.push(arg)
}

/**
 * The connection string of `database` on the server of `url`.
 * @param {string} url
 * @param {string} database
 */
function onDatabase(url, database) {
  const address = new URL(url)
  address.pathname = `/${database}`
  return address.toString()
}

const serverUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL

/**
 * Runs one statement on the server's own database (the one DATABASE_URL names).
 * @param {string} text
 */
async function onServer(text) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

const log = (/** @type {string} */ line) => process.stdout.write(`[repeat] ${line}\n`)
const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`

if (build) {
  log('building once (react-router build)')
  const built = spawnSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'inherit' })
  if (built.status !== 0) {
    console.error('[repeat] the build failed')
    process.exit(built.status ?? 1)
  }
}

/** The database of the round running now, dropped on an interrupt too. */
let current = ''
/** @type {import('node:child_process').ChildProcess | undefined} */
let child
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    child?.kill(signal)
    const dropping = current
      ? onServer(`drop database if exists "${current}" with (force)`).catch(() => {})
      : Promise.resolve()
    dropping.finally(() => process.exit(130))
  })
}

/**
 * Runs run.mjs with `env`; resolves with its exit status.
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<number>}
 */
function runSuite(env) {
  return new Promise((resolve) => {
    child = spawn(process.execPath, ['tests/e2e/run.mjs', ...passOn], {
      cwd: root,
      stdio: 'inherit',
      env,
    })
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

/** @type {{ round: number, passed: boolean, ms: number }[]} */
const results = []
for (let round = 1; round <= rounds; round++) {
  const database = `aprova_e2e_repeat_${process.pid}_${round}`
  log(`round ${round} of ${rounds} on database ${database}`)
  const started = Date.now()
  await onServer(`drop database if exists "${database}" with (force)`)
  await onServer(`create database "${database}"`)
  current = database
  let status = 1
  try {
    status = await runSuite({ ...process.env, DATABASE_URL: onDatabase(serverUrl, database) })
  } finally {
    await onServer(`drop database if exists "${database}" with (force)`)
    current = ''
  }
  const result = { round, passed: status === 0, ms: Date.now() - started }
  results.push(result)
  log(
    `round ${round}: ${result.passed ? 'passed' : `FAILED (exit ${status})`} in ${seconds(result.ms)}`,
  )
  if (!result.passed) break
}

log('summary:')
for (const { round, passed, ms } of results) {
  log(`  round ${round}: ${passed ? 'passed' : 'FAILED'} (${seconds(ms)})`)
}
const failed = results.find((one) => !one.passed)
if (failed) {
  log(`stopped at round ${failed.round} of ${rounds}`)
  process.exit(1)
}
log(`all ${rounds} rounds passed`)
