import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { sampleValue } from '#tests/support/prometheus-text.ts'
import { until } from '../support/browser/poll.ts'
import { query } from '../support/browser/storage-query.ts'
import { createServerStorage, freePort, startServer } from './server-process.mjs'

// A process per core (issue 17, point 4): WEB_CONCURRENCY=2 on PostgreSQL survives a worker
// killed under load; PGlite and a broken configuration refuse to start instead of spinning.

/** Concurrent request loops of the load. */
const LOAD_LOOPS = 24
/** No request may take longer than this, whatever happens to a worker. */
const REQUEST_LIMIT_MS = 10_000

type Outcome = { url: string; start: number; end: number; status?: number; error?: string }

/** Live (not zombie) child processes of `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  const children: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8')
    } catch {
      continue // gone meanwhile
    }
    // "pid (comm) state ppid …"; comm may hold spaces and parentheses.
    const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (Number(parent) === pid && state !== 'Z') children.push(Number(name))
  }
  return children
}

/** One GET on a new connection (as a load balancer or a new visitor opens them). */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status?: number; error?: string; body?: string }> {
  return new Promise((resolve) => {
    const options = { agent: false, timeout: REQUEST_LIMIT_MS, headers }
    const request = http.get(url, options, (response) => {
      let body = ''
      response.on('data', (chunk) => {
        body += chunk
      })
      response.on('close', () =>
        resolve(
          response.complete ? { status: response.statusCode, body } : { error: 'body cut short' },
        ),
      )
    })
    request.on('timeout', () => request.destroy(new Error('timed out')))
    request.on('error', (error) => resolve({ error: error.message }))
  })
}

/** Starts LOAD_LOOPS loops requesting `urls` in turn until `stop()`; every outcome is kept. */
function startLoad(baseUrl: string, urls: string[]) {
  const outcomes: Outcome[] = []
  let running = true
  const loops = Array.from({ length: LOAD_LOOPS }, async (_, loop) => {
    for (let n = loop; running; n++) {
      const url = urls[n % urls.length] ?? '/healthz'
      const start = performance.now()
      const result = await get(`${baseUrl}${url}`)
      outcomes.push({ url, start, end: performance.now(), ...result })
    }
  })
  return {
    outcomes,
    async stop() {
      running = false
      await Promise.all(loops)
    },
  }
}

test('WEB_CONCURRENCY=2: a worker killed under load is replaced, no request fails but those it held', async () => {
  test.skip(!process.env.DATABASE_URL, 'several workers need PostgreSQL (DATABASE_URL)')
  test.setTimeout(120_000)
  const storage = await createServerStorage()
  try {
    const startedAt = performance.now()
    const server = await startServer({ ...storage, env: { WEB_CONCURRENCY: '2' } })
    const primary = server.pid ?? 0
    const workers = new Set<number>()
    let stopped: Awaited<ReturnType<typeof server.stop>> | undefined
    try {
      // Printed once, when both workers listen.
      await until('both workers to listen', () => server.output().includes('Serving on '))
      const startMs = Math.round(performance.now() - startedAt)
      expect(server.output().match(/^Serving on /gm)).toHaveLength(1)
      const initial = childrenOf(primary)
      expect(initial).toHaveLength(2)
      for (const pid of initial) workers.add(pid)

      const [profile] = await query(
        storage,
        "select username from profiles where status = 'approved' order by username limit 1",
      )
      const urls = [
        '/pt/',
        '/pt/acompanhantes/sao-paulo',
        `/acompanhante/${String(profile?.username)}`,
        '/healthz',
      ]
      const load = startLoad(server.baseUrl, urls)
      const answered = () => load.outcomes.filter((outcome) => outcome.status).length
      await until('the load to run', () => answered() >= 200)

      const [victim = 0] = initial
      const killedAt = performance.now()
      process.kill(victim, 'SIGKILL')
      // Gone from /proc once the primary has reaped it, and so stopped handing it connections.
      await until('the primary to see the worker die', () => !existsSync(`/proc/${victim}`))
      const goneAt = performance.now()
      const replacement = await until('a new worker', () =>
        childrenOf(primary).find((pid) => !initial.includes(pid)),
      )
      workers.add(replacement)
      await until('the new worker to listen', () =>
        server
          .output()
          .includes(
            `"msg":"worker listening","pid":${primary},"role":"primary","worker":${replacement}`,
          ),
      )
      // The new worker takes its share of the connections.
      await until('the new worker to answer requests', () =>
        server.output().includes(`"msg":"request","pid":${replacement},`),
      )
      const replacedMs = Math.round(performance.now() - killedAt)
      const answeredBefore = answered()
      await until('more load after the new worker', () => answered() >= answeredBefore + 200)
      await load.stop()

      const { outcomes } = load
      const failed = outcomes.filter((outcome) => outcome.error)
      const inFlightAtKill = outcomes.filter(
        (outcome) => outcome.start < killedAt && outcome.end > killedAt,
      ).length
      // From the last answer before the kill to the end: the longest time without an answer.
      const ends = outcomes
        .filter((outcome) => outcome.status)
        .map((outcome) => outcome.end)
        .sort((a, b) => a - b)
      const sinceKill = [
        ends.filter((end) => end <= killedAt).at(-1) ?? killedAt,
        ...ends.filter((end) => end > killedAt),
      ]
      const longestPause = Math.max(
        ...sinceKill.slice(1).map((end, i) => end - (sinceKill[i] ?? end)),
      )
      const summary = {
        requests: outcomes.length,
        failed: failed.map((outcome) => `${outcome.url}: ${outcome.error}`),
        inFlightAtKill,
        startMs,
        deathSeenMs: Math.round(goneAt - killedAt),
        replacedMs,
        longestPauseAfterKillMs: Math.round(longestPause),
      }
      test.info().annotations.push({ type: 'kill', description: JSON.stringify(summary) })
      // Never a 5xx, nor anything but a page.
      expect(
        outcomes.filter((outcome) => outcome.status && outcome.status !== 200),
        JSON.stringify(summary),
      ).toEqual([])
      // Only requests the killed worker held can fail: few, all started before it was gone.
      expect(failed.length, JSON.stringify(summary)).toBeLessThanOrEqual(inFlightAtKill)
      expect(failed.filter((outcome) => outcome.start >= goneAt)).toEqual([])
      // The other worker answered throughout: no pause in the answers.
      expect(longestPause, JSON.stringify(summary)).toBeLessThan(2000)
      // A retry of each failed request succeeds.
      for (const outcome of failed) {
        expect((await get(`${server.baseUrl}${outcome.url}`)).status).toBe(200)
      }
      expect(childrenOf(primary).sort()).toEqual(
        [...initial.filter((pid) => pid !== victim), replacement].sort(),
      )
    } finally {
      stopped = await server.stop('SIGTERM')
    }
    test.info().annotations.push({ type: 'stop', description: JSON.stringify(stopped) })
    // All drained within 5 s, and no worker left behind.
    expect(stopped).toMatchObject({ code: 0 })
    expect(stopped.ms).toBeLessThan(5000)
    for (const pid of workers) expect(existsSync(`/proc/${pid}`), `worker ${pid}`).toBe(false)
    expect(server.output()).toContain('"msg":"stopped","pid":')
  } finally {
    await storage.dispose()
  }
})

/** Runs `node server/start.js` to its end with `env` on a fresh DATA_DIR. */
function runToEnd(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aprova-e2e-'))
  try {
    const started = Date.now()
    const result = spawnSync(process.execPath, ['server/start.js'], {
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', ...env },
      encoding: 'utf8',
      timeout: 30_000,
    })
    return { ...result, ms: Date.now() - started }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

test('WEB_CONCURRENCY=2 on PGlite refuses to start, naming the variable', () => {
  const result = runToEnd({ WEB_CONCURRENCY: '2', DATABASE_URL: '' })
  expect(result.status, result.stderr).toBe(1)
  expect(result.stderr).toContain(
    "WEB_CONCURRENCY must be 1 with the embedded database (DATABASE_URL unset: PGlite belongs to one process); set DATABASE_URL to a PostgreSQL server to run several processes (got '2')",
  )
  expect(result.stderr).not.toMatch(/at .+\.js:\d+/)
  // One message, from the one worker started to read the environment.
  expect(result.stderr.match(/Invalid environment/g)).toHaveLength(1)
})

test('WEB_CONCURRENCY=2 with an unreachable database exits instead of restarting workers', async () => {
  const port = await freePort()
  const result = runToEnd({
    WEB_CONCURRENCY: '2',
    DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/nothing`,
  })
  expect(result.status, result.stderr).toBe(1)
  expect(result.stderr).toContain('ECONNREFUSED')
  expect(result.stdout).not.toContain('Serving on')
  // The first worker, and the second started once the first had read the environment.
  expect(result.stdout.match(/"msg":"worker started"/g)?.length).toBeLessThanOrEqual(2)
  expect(result.ms).toBeLessThan(15_000)
})

test('WEB_CONCURRENCY=2: whichever worker takes GET /metrics answers for both', async () => {
  test.skip(!process.env.DATABASE_URL, 'several workers need PostgreSQL (DATABASE_URL)')
  test.setTimeout(120_000)
  const storage = await createServerStorage()
  const token = 'cluster-metrics-token-0123456789abcdef0123'
  const server = await startServer({
    ...storage,
    env: { WEB_CONCURRENCY: '2', METRICS_TOKEN: token },
  })
  try {
    await until('both workers to listen', () => server.output().includes('Serving on '))
    const [worker1 = 0, worker2 = 0] = childrenOf(server.pid ?? 0)
    // Whose log lines answered `path` (each worker's lines carry its pid).
    const answeredBy = (pid: number, path: string) =>
      server.output().includes(`"msg":"request","pid":${pid},"method":"GET","path":"${path}"`)
    // A queue is the same for the whole site: read once per scrape, never added up per worker.
    await query(
      storage,
      "insert into reports (profile_id, reason) select id, 'fake_photos' from profiles limit 1",
    )
    // Pages on new connections until both workers have answered some.
    let pages = 0
    while (!(answeredBy(worker1, '/pt/cidades') && answeredBy(worker2, '/pt/cidades'))) {
      expect((await get(`${server.baseUrl}/pt/cidades`)).status).toBe(200)
      pages++
      expect(pages, 'pages landed on one worker only').toBeLessThan(400)
      await until('the request log', () =>
        [worker1, worker2].some((pid) => answeredBy(pid, '/pt/cidades')),
      )
    }
    // Scrapes until each worker has answered one: every answer holds both workers' pages.
    let scrapes = 0
    while (!(answeredBy(worker1, '/metrics') && answeredBy(worker2, '/metrics')) || scrapes < 3) {
      const scrape = await get(`${server.baseUrl}/metrics`, { Authorization: `Bearer ${token}` })
      expect(scrape.status).toBe(200)
      const text = scrape.body ?? ''
      expect(sampleValue(text, 'aprova_http_requests_total', { kind: 'page', status: '2xx' })).toBe(
        pages,
      )
      expect(sampleValue(text, 'aprova_queue_size', { queue: 'open_reports' })).toBe(1)
      expect(sampleValue(text, 'aprova_change_feed_listening')).toBe(1)
      scrapes++
      expect(scrapes, 'scrapes landed on one worker only').toBeLessThan(100)
      await until(
        'the request log',
        () => server.output().split('"path":"/metrics"').length > scrapes,
      )
    }
  } finally {
    await server.stop('SIGTERM')
    await storage.dispose()
  }
})
