import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { waitUntil } from './wait.ts'

// Debian's nginx for tests of the files in deploy/nginx/: run in the foreground from a temporary
// prefix (its pid, logs and temporary bodies there), stopped gracefully.

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'
export const nginxAvailable = existsSync(NGINX)
export const DEPLOY_NGINX = path.resolve(import.meta.dirname, '../../deploy/nginx')

export interface RunningNginx {
  /** The temporary prefix: files the configuration names can be written here first. */
  dir: string
  /** The error log so far (what nginx said when a request went wrong). */
  errors(): Promise<string>
  stop(): Promise<void>
}

/**
 * A deploy file with the test's substitutions: each `[from, to]` must occur exactly once, so a
 * change to the file that a substitution no longer matches fails loudly instead of testing
 * something else.
 */
export async function substituted(file: string, substitutions: [string, string][]) {
  let text = await readFile(file, 'utf8')
  for (const [from, to] of substitutions) {
    const count = text.split(from).length - 1
    if (count !== 1) throw new Error(`${file}: '${from}' occurs ${count} times, not once`)
    text = text.replace(from, () => to)
  }
  return text
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
const opens = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => resolve(socket.end() && true))
    socket.once('error', () => resolve(false))
  })

/** Waits until `port` accepts connections; throws with nginx's log once it exits or is late. */
async function accepting(port: number, process: ChildProcess, timeoutMs: number, log: string) {
  const started = await waitUntil(
    async () => (process.exitCode !== null ? 'exited' : (await opens(port)) && 'open'),
    { timeoutMs, intervalMs: 100 },
  ).catch(() => 'late')
  if (started !== 'open') {
    throw new Error(`nginx did not start:\n${await readFile(log, 'utf8').catch(() => '')}`)
  }
}

/**
 * Starts nginx with `http` as the body of its http block (given the prefix directory) and
 * resolves once `port` accepts connections.
 */
export async function startNginx(
  http: (dir: string) => string | Promise<string>,
  port: number,
): Promise<RunningNginx> {
  const dir = await mkdtemp(path.join(tmpdir(), 'aprova-nginx-'))
  const log = path.join(dir, 'error.log')
  // As root, workers would run as nobody, who cannot read this temporary folder.
  const user = process.getuid?.() === 0 ? 'user root root;\n' : ''
  await writeFile(
    path.join(dir, 'nginx.conf'),
    `${user}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${log} warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
${await http(dir)}
}
`,
  )
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', log], {
    stdio: 'ignore',
  })
  try {
    await accepting(port, child, 10_000, log)
  } catch (error) {
    child.kill('SIGKILL')
    await rm(dir, { recursive: true, force: true })
    throw error
  }
  return {
    dir,
    errors: () => readFile(log, 'utf8').catch(() => ''),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGQUIT')
        await exited
      }
      await rm(dir, { recursive: true, force: true })
    },
  }
}
