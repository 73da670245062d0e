// @ts-check
// What the benchmarks share (scripts/bench.mjs, scripts/soak.mjs): the build, the bulk seeding
// of a throwaway storage and its client accounts, the server's CPU time and resident memory, a
// browser's headers and plain tables.
import { execFile, spawn, spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const serverBundle = path.join(root, 'build', 'server', 'index.js')

// What a browser sends: compressed HTML, a non-bot user agent (bots get the fully rendered,
// non-streamed document).
export const HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8',
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 ' +
    'Safari/537.36',
}

/** @param {string} name @param {number} fallback */
export function positiveNumber(name, fallback) {
  const text = process.env[name]
  if (text === undefined || text === '') return fallback
  const value = Number(text)
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number (got '${text}')`)
    process.exit(2)
  }
  return value
}

export const print = (/** @type {string} */ line = '') => process.stdout.write(`${line}\n`)

/** Builds the site when there is no build yet (`npm run build` refreshes an old one). */
export function ensureBuild() {
  if (existsSync(serverBundle)) {
    const built = statSync(serverBundle).mtime.toISOString().replace('T', ' ').slice(0, 16)
    print(`Using the existing build (${built} UTC; \`npm run build\` to refresh it).`)
    return
  }
  print('No build found: building the site…')
  const result = spawnSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) throw new Error('build failed')
}

/**
 * A confirmed client account in the benchmark's storage, made with the test helper while the
 * server is stopped (PGlite belongs to one process at a time).
 * @param {{ dataDir: string, databaseUrl?: string }} storage
 * @param {string} email @param {string} password
 */
export function createClientAccount(storage, email, password) {
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'tests', 'support', 'cli', 'run.mjs'),
      './tests/support/cli/helpers.server.ts',
      'createClient',
      email,
      password,
    ],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl ?? '' },
      encoding: 'utf8',
      timeout: 120_000,
    },
  )
  if (result.status !== 0) throw new Error(`client account ${email} not created:\n${result.stderr}`)
}

/**
 * CPU time a process has used so far, in ms (user and system; Linux's /proc, where a clock tick
 * is 10 ms). Throws where there is no /proc.
 * @param {number} pid
 */
export async function processCpuMs(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ')
  // utime and stime: fields 14 and 15 of the line, 12 and 13 after "pid (comm) ".
  return (Number(fields?.[11]) + Number(fields?.[12])) * 10
}

/**
 * Runs the bulk seeder against the benchmark's own storage.
 * @param {{ dataDir: string, databaseUrl?: string }} storage
 * @param {number} profiles
 */
export function seed(storage, profiles) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'scripts', 'seed-bulk.mjs'),
        '--profiles',
        String(profiles),
        '--data-dir',
        storage.dataDir,
      ],
      {
        cwd: root,
        // Never the DATABASE_URL of the caller: only the throwaway database (or PGlite).
        env: { ...process.env, DATABASE_URL: storage.databaseUrl ?? '', DEMO_DATA: '0' },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    )
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve(undefined) : reject(new Error(`seeding failed (exit ${code})`)),
    )
  })
}

/**
 * Samples a process's resident memory (kB, from ps) every `intervalMs` until stopped, handing
 * each sample to `onSample` too.
 * @param {number} pid @param {number} intervalMs
 * @param {(kb: number) => void} [onSample]
 */
export function rssSampler(pid, intervalMs, onSample) {
  const run = promisify(execFile)
  let peak = 0
  let windowPeak = 0
  let last = 0
  let busy = false
  const sample = async () => {
    if (busy) return
    busy = true
    try {
      const { stdout } = await run('ps', ['-o', 'rss=', '-p', String(pid)])
      const kb = Number.parseInt(stdout.trim(), 10)
      if (Number.isFinite(kb)) {
        last = kb
        peak = Math.max(peak, kb)
        windowPeak = Math.max(windowPeak, kb)
        onSample?.(kb)
      }
    } catch {
      // the process is gone (or ps is missing): keep what was seen
    } finally {
      busy = false
    }
  }
  const timer = setInterval(sample, intervalMs)
  return {
    sample,
    /** Peak since the previous call, in kB. */
    takeWindowPeak() {
      const value = Math.max(windowPeak, last)
      windowPeak = last
      return value
    },
    peak: () => peak,
    stop: () => clearInterval(timer),
  }
}

export const formatMb = (/** @type {number} */ kb) => (kb / 1024).toFixed(0)

/**
 * A plain text table. `right`: which columns are right-aligned, or how many columns of text come
 * first (left-aligned), the rest being figures (right-aligned).
 * @param {string[]} header @param {string[][]} rows @param {boolean[] | number} right
 */
export function table(header, rows, right) {
  const alignRight = typeof right === 'number' ? header.map((_, i) => i >= right) : right
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (/** @type {string[]} */ cells) =>
    cells
      .map((c, i) => (alignRight[i] ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd()
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

/**
 * Warns of a server that did not stop cleanly and of the errors it logged under load
 * (unhandled exceptions, database trouble), with the first one.
 * @param {{ output(): string }} server @param {{ code?: number | null, signal?: string | null } | undefined} stopped
 */
export function reportServerTrouble(server, stopped) {
  if (stopped?.code !== 0) console.warn(`Server exited with ${stopped?.code ?? stopped?.signal}`)
  const errors = server
    .output()
    .split('\n')
    .filter((line) => line.includes('"level":"error"'))
  if (errors.length === 0) return
  const first = errors[0] ?? ''
  console.warn(`Server logged ${errors.length} error(s) (pages may still answer 200); first:`)
  console.warn(first.length > 600 ? `${first.slice(0, 600)}…` : first)
}

/** @param {number[]} sorted @param {number} q */
export const quantile = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? quantile(sorted, 0.5) : Number.NaN
}

/** Least-squares slope of kB over seconds. @param {{ t: number, kb: number }[]} samples */
export function slope(samples) {
  const n = samples.length
  if (n < 2) return 0
  const mt = samples.reduce((s, p) => s + p.t, 0) / n
  const mk = samples.reduce((s, p) => s + p.kb, 0) / n
  const num = samples.reduce((s, p) => s + (p.t - mt) * (p.kb - mk), 0)
  const den = samples.reduce((s, p) => s + (p.t - mt) ** 2, 0)
  return den ? num / den : 0
}
