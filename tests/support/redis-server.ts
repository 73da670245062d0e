import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'

// A real Redis on a free local port, started by the test that needs it and never the machine's
// own (6379): Debian's redis-server (`apt-get install redis-server`; .ci/run installs it), or
// REDIS_SERVER_PATH. Nothing is written to disk (--save '' --appendonly no).

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server'

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (!address || typeof address !== 'object') throw new Error('no free port')
  return address.port
}

/** Starts redis-server on `port`; resolves once it accepts connections. */
function launch(port: number): Promise<ChildProcess> {
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`redis-server did not start:\n${output}`))
    }, 10_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer)
        resolve(child)
      }
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`redis-server exited with ${code}:\n${output}`))
    })
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
  })
}

async function terminate(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

export async function startRedisServer() {
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(
      `${REDIS_SERVER} not found: apt-get install redis-server (or set REDIS_SERVER_PATH)`,
    )
  }
  // Another process may take the port between the probe and the start: try a few.
  let port = 0
  let child: ChildProcess | undefined
  for (let attempt = 0; !child; attempt++) {
    port = await freePort()
    child = await launch(port).catch((error: unknown) => {
      if (attempt >= 3) throw error
      return undefined
    })
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    /** Stops the server (its data is lost: nothing is saved). */
    async stop() {
      await terminate(child)
    },
    /** Starts it again on the same port, empty. */
    async start() {
      child = await launch(port)
    },
  }
}
