// @ts-check
// The scale-out part of `npm run bench` (issue 17), on PostgreSQL only: the pages at 50
// connections with WEB_CONCURRENCY=1 and =2, for an anonymous visitor and for a signed-in client
// (a real session from the log-in form), the city page while a public write commits every
// second, then scripts/bench-counters.mjs.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import pg from 'pg'
import { startServer } from '../tests/e2e/server-process.mjs'
import { load } from './bench-measure.mjs'
import { createClientAccount, print, reportServerTrouble, root, table } from './bench-support.mjs'

const BENCH_CLIENT = { email: 'cliente-bench@example.com', password: 'senha-do-bench-123' }

/**
 * A signed-in client's Cookie header, from the log-in form as a browser sends it.
 * @param {string} baseUrl
 */
async function clientCookie(baseUrl) {
  const response = await fetch(`${baseUrl}/auth?mode=login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: baseUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'login', ...BENCH_CLIENT, rememberMe: 'on' }),
  })
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0])
  if (response.status !== 302 || !cookies.some((cookie) => cookie?.includes('session_token')))
    throw new Error(`the benchmark client could not sign in (${response.status})`)
  return cookies.join('; ')
}

/**
 * Issue 17's figures: the pages at 50 connections with one and two worker processes, for an
 * anonymous visitor and a signed-in client, and the city page under a public write a second.
 * @param {{ dataDir: string, databaseUrl?: string }} storage @param {string[]} pages
 * @param {number} seconds each measurement
 */
export async function scaleOut(storage, pages, seconds) {
  createClientAccount(storage, BENCH_CLIENT.email, BENCH_CLIENT.password)
  const city = pages.find((page) => page.startsWith('/pt/acompanhantes/')) ?? pages[0] ?? '/pt/'
  /** @type {string[][]} */
  const rows = []
  for (const workers of [1, 2]) {
    const server = await startServer({
      ...storage,
      env: { DEMO_DATA: '0', WEB_CONCURRENCY: String(workers) },
    })
    try {
      const cookie = await clientCookie(server.baseUrl)
      /** @type {[string, string, Record<string, string>][]} */
      const runs = pages.flatMap((page) => [
        /** @type {[string, string, Record<string, string>]} */ ([page, 'anonymous', {}]),
        /** @type {[string, string, Record<string, string>]} */ ([page, 'client', { cookie }]),
      ])
      for (const [page, who, extra] of runs) {
        const url = `${server.baseUrl}${page}`
        await load(url, 4, 1, extra)
        const result = await load(url, 50, seconds, extra)
        rows.push(scaleRow(page, who, workers, result))
        process.stderr.write('.')
      }
      // A public write every second empties every cache of every worker (the change feed).
      const writer = new pg.Client({ connectionString: storage.databaseUrl })
      await writer.connect()
      let writes = 0
      const timer = setInterval(() => {
        writer
          .query(
            `update profiles set available_now = not available_now where id = (
               select id from profiles where status = 'approved' and visibility_status = 'active'
               order by id limit 1)`,
          )
          .then(
            () => writes++,
            () => undefined,
          )
      }, 1000)
      try {
        const url = `${server.baseUrl}${city}`
        await load(url, 4, 1)
        const result = await load(url, 50, seconds)
        rows.push(scaleRow(city, `anonymous, ${writes} writes`, workers, result))
      } finally {
        clearInterval(timer)
        await writer.end()
      }
    } finally {
      const stopped = await server.stop()
      reportServerTrouble(server, stopped)
    }
  }
  process.stderr.write('\n')
  print()
  print(table(['url', 'visitor', 'workers', 'req/s', 'p50 ms', 'p99 ms', 'errors'], rows, 2))
  print(
    '\nScale-out: 50 connections, through the HTML cache. client: a signed-in client (a session ' +
      'from the log-in form); the cache keeps one copy per role (ADR 0015). "writes": a public ' +
      'change committed every second meanwhile, each one emptying every cache of every worker.',
  )
  print('\nShared counters (scripts/bench-counters.mjs):')
  const counters = spawnSync(process.execPath, [path.join(root, 'scripts', 'bench-counters.mjs')], {
    stdio: 'inherit',
    env: process.env,
  })
  if (counters.status !== 0) console.warn(`bench-counters failed (exit ${counters.status})`)
}

/**
 * @param {string} page @param {string} who @param {number} workers
 * @param {import('autocannon').Result} result
 */
function scaleRow(page, who, workers, result) {
  const done = result.requests.total
  return [
    page,
    who,
    String(workers),
    (done / result.duration).toFixed(0),
    done > 0 ? String(result.latency.p50) : '-',
    done > 0 ? String(result.latency.p99) : '-',
    String(result.non2xx + result.errors),
  ]
}
