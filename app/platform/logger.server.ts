import cluster from 'node:cluster'

// Structured logs: one JSON object per line on stdout (errors on stderr), easy to ship and grep.
type Level = 'info' | 'warn' | 'error'

/** Workers of a cluster (WEB_CONCURRENCY > 1) share the output: each line says whose it is. */
const writer = cluster.isWorker ? { pid: process.pid } : {}

function write(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...writer, ...fields })
  if (level === 'error') process.stderr.write(`${line}\n`)
  else process.stdout.write(`${line}\n`)
}

export const log = {
  info: (msg: string, fields?: Record<string, unknown>) => write('info', msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write('warn', msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write('error', msg, fields),
}
