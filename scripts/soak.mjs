import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { createServerStorage, startServer } from '../tests/e2e/server-process.mjs'
import {
  ensureBuild,
  formatMb,
  median,
  positiveNumber,
  print,
  processCpuMs,
  quantile,
  reportServerTrouble,
  rssSampler,
  seed,
  slope,
  table,
} from './bench-support.mjs'
import { discover } from './soak-site.mjs'
import {
  CLIENTS,
  createClients,
  createVisitors,
  MIX,
  SIGNED_IN_SHARE,
  send,
  trafficMix,
  VISITORS,
} from './soak-visitors.mjs'

const seconds = positiveNumber('SOAK_SECONDS', 300)
// 40/s by default: on PGlite the server's one JavaScript thread, which runs the database too,
// spends about 15 ms of CPU on a request of this mix, so that keeps it about 60% busy, with room
// for the minute boundary, when the HTML cache starts empty and every page is rendered again.
// PostgreSQL (about 10 ms a request) takes more.
const rate = positiveNumber('SOAK_RATE', 40)
const maxInFlight = Math.round(positiveNumber('SOAK_MAX_IN_FLIGHT', 200))
const profileCount = Math.round(positiveNumber('BENCH_PROFILES', 10_000))

/** Answers each kind expects besides 429 (a limit, counted apart); anything else is listed. */
const EXPECTED = {
  listing: [200],
  profile: [200],
  search: [200],
  suggestion: [200],
  contact: [302],
  // Signed in (redirect to the client area), or a mistyped address (401).
  'sign-in': [302, 401],
}
const PAGES = new Set(['listing', 'profile', 'search'])
const TICK_MS = 10
/** The rate rises from nothing to SOAK_RATE over this time (a cold cache, code not yet optimised). */
const RAMP_S = 10
const RSS_SAMPLE_MS = 2000
/** Memory is compared after the first minute (half the run when shorter) and at the end. */
const BASELINE_S = Math.min(60, seconds / 2)
const MEMORY_WINDOW_S = 10
const MEMORY_TOLERANCE = 0.1
/** The run shown in slices of this many seconds (requests by the time they were sent). */
const TIMELINE_S = seconds >= 120 ? 30 : 10

/** @typedef {import('./soak-visitors.mjs').Kind} Kind */
/** @typedef {import('./soak-visitors.mjs').Visitor} Visitor */
/** @typedef {import('./soak-visitors.mjs').Call} Call */
/** @typedef {import('./soak-visitors.mjs').Outcome} Outcome */
/** @typedef {import('./soak-site.mjs').Site} Site */

/** CPU time a process has used so far, in seconds (Linux; NaN elsewhere). @param {number} pid */
async function cpuSeconds(pid) {
  try {
    return (await processCpuMs(pid)) / 1000
  } catch {
    return Number.NaN
  }
}

/**
 * The steady load itself, for `seconds`, at `rate` requests/s.
 * @param {string} baseUrl @param {Site} site @param {Visitor[]} visitors
 */
async function runLoad(baseUrl, site, visitors) {
  const _weightTotal = MIX.reduce((sum, [, weight]) => sum + weight, 0)
  /** @type {Record<string, { statuses: Map<number, number>, ms: number[], errors: Map<string, number> }>} */
  const stats = {}
  for (const [kind] of MIX) stats[kind] = { statuses: new Map(), ms: [], errors: new Map() }
  const cache = { hit: 0, miss: 0 }
  /** @type {{ ms: number[], failed: number, maxInFlight: number }[]} */
  const timeline = []
  let overCap = 0
  let retried = 0
  let inFlight = 0
  let sent = 0

  const next = trafficMix(baseUrl, site, visitors)

  const started = performance.now()
  const deadline = started + seconds * 1000
  /** @type {Set<Promise<void>>} */
  const running = new Set()
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const elapsed = (Math.min(performance.now(), deadline) - started) / 1000
      // Requests due by now: the integral of the rate, a ramp then flat.
      const ramp = Math.min(elapsed, RAMP_S)
      const due = Math.floor(rate * ((ramp * ramp) / (2 * RAMP_S) + Math.max(0, elapsed - RAMP_S)))
      const slot = Math.min(Math.floor(elapsed / TIMELINE_S), Math.ceil(seconds / TIMELINE_S) - 1)
      timeline[slot] ??= { ms: [], failed: 0, maxInFlight: 0 }
      const window = timeline[slot]
      for (; sent < due; sent++) {
        const { kind, visitor, call } = next()
        const kindStats = stats[kind]
        if (!kindStats) continue
        if (inFlight >= maxInFlight) {
          overCap++
          window.failed++
          continue
        }
        inFlight++
        window.maxInFlight = Math.max(window.maxInFlight, inFlight)
        const done = send(baseUrl, visitor, call).then((outcome) => {
          inFlight--
          running.delete(done)
          if ('error' in outcome) {
            kindStats.errors.set(outcome.error, (kindStats.errors.get(outcome.error) ?? 0) + 1)
            window.failed++
            return
          }
          window.ms.push(outcome.ms)
          kindStats.statuses.set(outcome.status, (kindStats.statuses.get(outcome.status) ?? 0) + 1)
          kindStats.ms.push(outcome.ms)
          if (outcome.retried) retried++
          // Pages a signed-out visitor asked for: from the HTML cache, or rendered.
          if (!PAGES.has(kind) || visitor.signedIn) return
          if (outcome.headers['x-cache'] === 'HIT') cache.hit++
          else cache.miss++
        })
        running.add(done)
      }
      if (performance.now() >= deadline) {
        clearInterval(timer)
        resolve(undefined)
      }
    }, TICK_MS)
  })
  // Answers still on their way are waited for (each has its own timeout).
  await Promise.all(running)
  return {
    stats,
    cache,
    timeline,
    overCap,
    retried,
    sent,
    elapsedS: (performance.now() - started) / 1000,
  }
}

async function main() {
  ensureBuild()
  const storage = await createServerStorage()
  /** @type {Awaited<ReturnType<typeof startServer>> | undefined} */
  let server
  /** @type {ReturnType<typeof rssSampler> | undefined} */
  let rss
  /** @type {Visitor[]} */
  let visitors = []
  /** @type {Promise<{ code: number | null, signal: string | null } | undefined> | undefined} */
  let cleaning
  const cleanUp = () => {
    cleaning ??= (async () => {
      rss?.stop()
      for (const visitor of visitors) visitor.agent.destroy()
      const stopped = await server?.stop()
      await storage.dispose()
      return stopped
    })()
    return cleaning
  }
  process.once('SIGINT', () => {
    console.warn('\nInterrupted: stopping the server and removing the soak data…')
    cleanUp().finally(() => process.exit(130))
  })

  let pass = false
  try {
    const database = storage.databaseUrl ? 'PostgreSQL (throwaway database)' : 'PGlite'
    print(`Soak: seeding ${profileCount} profiles and ${CLIENTS} client accounts into ${database}…`)
    await seed(storage, profileCount)
    createClients(storage)

    server = await startServer({ ...storage, env: { DEMO_DATA: '0' } })
    if (!server.pid) throw new Error('server process id unknown')
    const site = await discover(server.baseUrl)
    visitors = await createVisitors(server.baseUrl)

    /** @type {{ t: number, kb: number }[]} */
    const samples = []
    let loadStarted = 0
    rss = rssSampler(server.pid, RSS_SAMPLE_MS, (kb) =>
      samples.push({ t: (performance.now() - loadStarted) / 1000, kb }),
    )
    loadStarted = performance.now()
    await rss.sample()
    const startKb = samples.at(-1)?.kb ?? 0
    print(
      `Server ${server.baseUrl} (pid ${server.pid}), ${formatMb(startKb)} MB resident; ` +
        `${seconds} s at ${rate} requests/s from ${VISITORS} visitors ` +
        `(${Math.round(VISITORS * SIGNED_IN_SHARE)} signed in), at most ${maxInFlight} in flight; ` +
        `${os.cpus().length} CPUs, Node ${process.version}, load generator on the same machine.`,
    )
    print(
      `Traffic over ${site.cityPages.length} cities, ${site.neighborhoods.length} neighbourhoods, ` +
        `${site.cityServices.length + site.services.length} service pages, ${site.profiles.length} ` +
        `profiles, ${site.contacts.length} contact links, ${site.placeNames.length} place names.\n`,
    )
    const cpuBefore = await cpuSeconds(server.pid)
    const result = await runLoad(server.baseUrl, site, visitors)
    const cpuUsed = (await cpuSeconds(server.pid)) - cpuBefore
    await rss.sample()
    rss.stop()

    /** @type {string[][]} */
    const rows = []
    let total = 0
    let serverErrors = 0
    let connectionErrors = result.overCap
    let limited = 0
    /** @type {string[]} */
    const unexpected = []
    /** @type {Map<string, number>} */
    const errorKinds = new Map()
    for (const [kind] of MIX) {
      const kindStats = result.stats[kind]
      if (!kindStats) continue
      const answered = kindStats.ms.length
      const failed = [...kindStats.errors.values()].reduce((sum, n) => sum + n, 0)
      const fivexx = [...kindStats.statuses].reduce((sum, [s, n]) => sum + (s >= 500 ? n : 0), 0)
      const expected = EXPECTED[kind]
      for (const [status, n] of kindStats.statuses) {
        if (status === 429) limited += n
        else if (status < 500 && !expected.includes(status))
          unexpected.push(`${kind} ${status} ×${n}`)
      }
      for (const [name, n] of kindStats.errors)
        errorKinds.set(name, (errorKinds.get(name) ?? 0) + n)
      total += answered + failed
      serverErrors += fivexx
      connectionErrors += failed
      const sorted = kindStats.ms.sort((a, b) => a - b)
      rows.push([
        kind,
        String(answered + failed),
        ((answered + failed) / result.elapsedS).toFixed(1),
        [...kindStats.statuses]
          .sort((a, b) => a[0] - b[0])
          .map(([s, n]) => `${s}×${n}`)
          .join(' '),
        answered ? quantile(sorted, 0.5).toFixed(0) : '-',
        answered ? quantile(sorted, 0.99).toFixed(0) : '-',
        String(fivexx),
        String(failed),
      ])
    }
    print(
      table(
        ['kind', 'requests', 'req/s', 'answers', 'p50 ms', 'p99 ms', '5xx', 'conn errors'],
        rows,
        [false, true, true, false, true, true, true, true],
      ),
    )

    print()
    print(
      table(
        ['from s', 'requests', 'p50 ms', 'p99 ms', 'max in flight', 'errors', 'RSS MB'],
        result.timeline.map((window, i) => {
          const sorted = window.ms.sort((x, y) => x - y)
          const kb = median(
            samples
              .filter((s) => s.t >= i * TIMELINE_S && s.t < (i + 1) * TIMELINE_S)
              .map((s) => s.kb),
          )
          return [
            String(i * TIMELINE_S),
            String(window.ms.length + window.failed),
            sorted.length ? quantile(sorted, 0.5).toFixed(0) : '-',
            sorted.length ? quantile(sorted, 0.99).toFixed(0) : '-',
            String(window.maxInFlight),
            String(window.failed),
            Number.isNaN(kb) ? '-' : formatMb(kb),
          ]
        }),
        Array(7).fill(true),
      ),
    )

    const baseline = median(
      samples.filter((s) => Math.abs(s.t - BASELINE_S) <= MEMORY_WINDOW_S).map((s) => s.kb),
    )
    const end = median(
      samples.filter((s) => s.t >= result.elapsedS - 2 * MEMORY_WINDOW_S).map((s) => s.kb),
    )
    const change = (end - baseline) / baseline
    const trend = slope(samples.filter((s) => s.t >= BASELINE_S)) * 60
    const peakKb = Math.max(...samples.map((s) => s.kb))
    const cached = result.cache.hit + result.cache.miss
    const errorList = [...errorKinds].map(([name, n]) => `${name} ×${n}`)
    if (result.overCap) errorList.push(`not sent, over the in-flight cap ×${result.overCap}`)
    print(
      `\nRequests: ${total} sent in ${result.elapsedS.toFixed(1)} s, ` +
        `${(total / result.elapsedS).toFixed(1)}/s (asked ${rate}, the first ${RAMP_S} s rising to it).`,
    )
    print(
      `5xx answers: ${serverErrors}. Connection errors: ${connectionErrors}` +
        `${errorList.length ? ` (${errorList.join(', ')})` : ''}. Limited (429, expected past the ` +
        `per-visitor and per-account limits): ${limited}. Other answers the mix does not expect: ` +
        `${unexpected.length ? unexpected.join(', ') : 'none'}.`,
    )
    print(
      `Signed-out page requests served from the HTML cache: ${cached ? ((100 * result.cache.hit) / cached).toFixed(0) : '-'}%. ` +
        `Sent again after the server closed an idle kept-alive connection under them (as browsers ` +
        `do; not errors): ${result.retried}. Server CPU: ${((100 * cpuUsed) / result.elapsedS).toFixed(0)}% ` +
        `of one core, ${((1000 * cpuUsed) / Math.max(1, total)).toFixed(1)} ms a request.`,
    )
    print(
      `Server resident memory: ${formatMb(startKb)} MB at the start, ${formatMb(baseline)} MB after ` +
        `${BASELINE_S.toFixed(0)} s, ${formatMb(end)} MB at the end (${change >= 0 ? '+' : ''}${(100 * change).toFixed(1)}%), ` +
        `${formatMb(peakKb)} MB peak; trend since ${BASELINE_S.toFixed(0)} s ` +
        `${trend >= 0 ? '+' : ''}${(trend / 1024).toFixed(1)} MB/min (medians of samples every ` +
        `${RSS_SAMPLE_MS / 1000} s within ${MEMORY_WINDOW_S} s of ${BASELINE_S.toFixed(0)} s and in the last ` +
        `${2 * MEMORY_WINDOW_S} s).`,
    )
    const checks = [
      ['no 5xx', serverErrors === 0],
      ['no connection errors', connectionErrors === 0],
      [
        `memory at the end within ${100 * MEMORY_TOLERANCE}% of ${BASELINE_S.toFixed(0)} s`,
        change <= MEMORY_TOLERANCE,
      ],
    ]
    pass = checks.every(([, ok]) => ok)
    print(
      `${pass ? 'PASS' : 'FAIL'}: ${checks.map(([name, ok]) => `${name} ${ok ? 'yes' : 'NO'}`).join('; ')}`,
    )
  } finally {
    const stopped = await cleanUp()
    if (server) reportServerTrouble(server, stopped)
  }
  return pass
}

main().then(
  (pass) => process.exit(pass ? 0 : 1),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
