import { randomBytes } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPORT_REASONS } from '#app/domain/moderation.ts'
import { settleAuthTasks } from '#app/modules/auth/auth.server.ts'
import {
  PUBLIC_CHANGES_CHANNEL,
  publicCachesUsable,
  startChangeFeed,
} from '#app/modules/http/public-pages.server.ts'
import { pixApi } from '#app/modules/payments/pix-api.server.ts'
import { databaseHandle, db, LISTENER_APPLICATION_NAME } from '#db/client.server.ts'
import { backupRuns } from '#db/schema/backups.ts'
import { reports } from '#db/schema/moderation.ts'
import { type PixTestServer, startPixServer } from '#sandbox/pix/institution.ts'
import { htmlMicroCache } from '#server/html-cache.server.ts'
import { measureRender, metricsEndpoint, requestMetrics } from '#server/metrics.server.ts'
import { signedIn } from '#tests/factories/account.ts'
import { createProfile } from '#tests/factories/profile.ts'
import { pixConfigOf } from '#tests/support/pix-site.ts'
import { samplesOf, sampleValue } from '#tests/support/prometheus-text.ts'
import { useTestServerEnv } from '#tests/support/test-server.ts'

// GET /metrics (issue 32 point 5). /metrics is answered by Express, not by a React Router route,
// so the authorisation matrix (authorization-matrix.test.ts, route modules only) cannot hold it:
// this file is its row. Every session is refused, only the bearer token reads; and each metric
// family moves when what it counts happens, on a real database, a real HTTP server, the real page
// cache and the local Pix institution. Unset METRICS_TOKEN (a 404) is tested on the built site:
// tests/e2e/metrics.spec.ts.

const TOKEN = randomBytes(32).toString('hex')
let server: Server
let baseUrl = ''
let pix: PixTestServer
let stopFeed: () => Promise<void>

beforeAll(async () => {
  await useTestServerEnv({ metricsToken: TOKEN })
  const handle = databaseHandle()
  if (!handle) throw new Error('no database')
  stopFeed = await startChangeFeed(handle)
  pix = await startPixServer()
  // The chain of server/app.ts, in its order, with a page in place of React Router.
  const app = express()
  app.use(requestMetrics())
  app.all('/metrics', metricsEndpoint(TOKEN))
  const cache = htmlMicroCache({ usable: publicCachesUsable })
  app.use(cache.serve)
  app.use(cache.keep)
  app.get('/pt/cidades', (_req, res) => {
    measureRender(res)
    res.type('html').send('<!DOCTYPE html><p>cidades</p>')
  })
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await settleAuthTasks()
  await new Promise((resolve) => server?.close(resolve))
  await pix?.close()
  await stopFeed?.()
})

const scrape = (headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` }) =>
  fetch(`${baseUrl}/metrics`, { headers })

/** The value of the sample `name` whose labels include `labels` (undefined: none). */
async function value(name: string, labels: Record<string, string> = {}) {
  const response = await scrape()
  expect(response.status).toBe(200)
  return sampleValue(await response.text(), name, labels)
}

describe('who may read /metrics', () => {
  it('refuses every session and every other credential with a 401 that asks for the bearer', async () => {
    const sessions = await Promise.all(
      (['client', 'provider', 'admin'] as const).map(async (role) => (await signedIn(role)).cookie),
    )
    const refused: Record<string, string>[] = [
      {},
      ...sessions.map((cookie) => ({ Cookie: cookie })),
      { Authorization: `Bearer ${TOKEN}x` },
      { Authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { Authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` },
      { Authorization: TOKEN },
      { Authorization: 'Bearer ' },
      { Authorization: `Bearer ${TOKEN} ${TOKEN}` },
      { Cookie: sessions[2] ?? '', Authorization: 'Bearer nope' },
    ]
    for (const headers of refused) {
      const response = await scrape(headers)
      const body = await response.text()
      expect(response.status, JSON.stringify(headers)).toBe(401)
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(body).not.toContain('aprova_')
    }
    // The token in the address is no credential either.
    const inQuery = await fetch(`${baseUrl}/metrics?token=${TOKEN}`)
    expect(inQuery.status).toBe(401)
  })

  it('answers the bearer token with Prometheus text, never kept', async () => {
    for (const scheme of ['Bearer', 'bearer']) {
      const response = await scrape({ Authorization: `${scheme} ${TOKEN}` })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
      expect(response.headers.get('cache-control')).toBe('no-store')
      const text = await response.text()
      expect(text).toContain('# HELP aprova_http_requests_total ')
      expect(text).toContain('# TYPE aprova_http_requests_total counter')
      expect(() => samplesOf(text)).not.toThrow()
    }
    const post = await fetch(`${baseUrl}/metrics`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}` },
    })
    expect(post.status).toBe(405)
  })
})

describe('each metric family moves', () => {
  it('counts requests by kind and status, cache hits and misses, and render time', async () => {
    const before = {
      pages: (await value('aprova_http_requests_total', { kind: 'page', status: '2xx' })) ?? 0,
      hits: (await value('aprova_html_cache_hits_total')) ?? 0,
      misses: (await value('aprova_html_cache_misses_total')) ?? 0,
      renders: (await value('aprova_page_render_seconds_count')) ?? 0,
      notFound: (await value('aprova_http_requests_total', { kind: 'api', status: '4xx' })) ?? 0,
    }
    // A new minute empties the cache: the second request may render again, the third cannot.
    const answers = []
    for (let i = 0; i < 3; i++) answers.push((await fetch(`${baseUrl}/pt/cidades`)).headers)
    expect(answers.map((headers) => headers.get('x-cache'))).toContain('HIT')
    expect((await fetch(`${baseUrl}/api/nothing`)).status).toBe(404)
    const hits = answers.filter((headers) => headers.get('x-cache') === 'HIT').length
    expect(await value('aprova_http_requests_total', { kind: 'page', status: '2xx' })).toBe(
      before.pages + 3,
    )
    expect(await value('aprova_http_requests_total', { kind: 'api', status: '4xx' })).toBe(
      before.notFound + 1,
    )
    expect(await value('aprova_html_cache_hits_total')).toBe(before.hits + hits)
    // The unknown address was a miss too: the cache keeps 404s as well.
    expect(await value('aprova_html_cache_misses_total')).toBe(before.misses + 3 - hits + 1)
    expect(await value('aprova_page_render_seconds_count')).toBe(before.renders + 3 - hits)
    expect(
      await value('aprova_http_request_duration_seconds_count', { kind: 'page' }),
    ).toBeGreaterThanOrEqual(3)
    // Scrapes count apart, under their own kind.
    expect(
      await value('aprova_http_requests_total', { kind: 'metrics', status: '2xx' }),
    ).toBeGreaterThan(0)
  })

  it('reports the database connections', async () => {
    const total = await value('aprova_db_pool_connections')
    if (databaseHandle()?.kind === 'pglite') {
      // One connection, no pool: 1 open, nothing counted idle or waiting.
      expect(total).toBe(1)
      expect(await value('aprova_db_pool_waiting_requests')).toBe(0)
    } else {
      expect(total).toBeGreaterThanOrEqual(1)
      expect(await value('aprova_db_pool_idle_connections')).toBeGreaterThanOrEqual(0)
      expect(await value('aprova_db_pool_waiting_requests')).toBe(0)
    }
  })

  it('reports the change feed listening and when it last heard a change', async () => {
    expect(await value('aprova_change_feed_listening')).toBe(1)
    const before = Date.now() / 1000
    await db().execute(sql`select pg_notify(${PUBLIC_CHANGES_CHANNEL}, 'changed')`)
    await expect
      .poll(async () => (await value('aprova_change_feed_last_event_timestamp_seconds')) ?? 0)
      .toBeGreaterThanOrEqual(Math.floor(before))
  })

  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    'counts a reconnection of the change feed',
    async () => {
      const before = (await value('aprova_change_feed_reconnects_total')) ?? 0
      await db().execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${`${LISTENER_APPLICATION_NAME} ${process.pid}`}
          and datname = current_database()`)
      await expect
        .poll(async () => (await value('aprova_change_feed_reconnects_total')) ?? 0, {
          timeout: 10_000,
        })
        .toBe(before + 1)
      expect(await value('aprova_change_feed_listening')).toBe(1)
    },
  )

  it('counts Pix calls by endpoint template, and the failures', async () => {
    const config = await pixConfigOf(pix)
    const txid = `metrics${randomBytes(12).toString('hex')}`
    const template = { endpoint: 'PUT /cob/{txid}', status: '2xx' }
    const before = (await value('aprova_pix_calls_total', template)) ?? 0
    await pixApi(config).createCharge({
      txid,
      amountCents: 1990,
      expiresInSeconds: 3600,
      description: 'Plano',
    })
    expect(await value('aprova_pix_calls_total', template)).toBe(before + 1)
    expect(await value('aprova_pix_calls_total', { endpoint: 'POST token' })).toBeGreaterThan(0)
    // No id in any label.
    expect(await (await scrape()).text()).not.toContain(txid)
    // An institution that does not answer: a failure of its endpoint.
    const closed = await startPixServer()
    const unreachable = await pixConfigOf(closed)
    await closed.close()
    const failures =
      (await value('aprova_pix_call_failures_total', { endpoint: 'POST token' })) ?? 0
    await expect(pixApi(unreachable).getCharge(txid)).rejects.toThrow()
    expect(await value('aprova_pix_call_failures_total', { endpoint: 'POST token' })).toBe(
      failures + 1,
    )
  })

  it('reads the queue sizes from the database at each scrape', async () => {
    const before = (await value('aprova_queue_size', { queue: 'open_reports' })) ?? -1
    expect(before).toBeGreaterThanOrEqual(0)
    const profile = await createProfile()
    await db()
      .insert(reports)
      .values([0, 1].map(() => ({ profileId: profile.id, reason: REPORT_REASONS[0] })))
    expect(await value('aprova_queue_size', { queue: 'open_reports' })).toBe(before + 2)
    for (const queue of ['identity_checks', 'held_reviews', 'unsettled_payouts']) {
      expect(await value('aprova_queue_size', { queue }), queue).toBeGreaterThanOrEqual(0)
    }
  })

  it("reads the last successful backup's time from the database at each scrape", async () => {
    const run = (startedAt: string, ok: boolean) => ({
      trigger: 'command',
      startedAt: new Date(startedAt),
      finishedAt: new Date(startedAt),
      ok,
      location: '/var/backups/aprova/x',
    })
    await db().insert(backupRuns).values(run('2026-12-01T03:00:00Z', true))
    expect(await value('aprova_backup_last_success_timestamp_seconds')).toBe(
      Date.parse('2026-12-01T03:00:00Z') / 1000,
    )
    // A later failure leaves it; a later success (another process's, say) moves it.
    await db().insert(backupRuns).values(run('2026-12-02T03:00:00Z', false))
    expect(await value('aprova_backup_last_success_timestamp_seconds')).toBe(
      Date.parse('2026-12-01T03:00:00Z') / 1000,
    )
    await db().insert(backupRuns).values(run('2026-12-03T03:00:00Z', true))
    expect(await value('aprova_backup_last_success_timestamp_seconds')).toBe(
      Date.parse('2026-12-03T03:00:00Z') / 1000,
    )
  })
})
