import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test'
import { signInAdminByRequests, siteThrough } from '../support/browser/admin-sign-in.ts'
import { expect, test } from '../support/browser/fixtures.ts'
import { createAdmin, query, runOnStorage } from '../support/browser/storage-query.ts'
import { createServerStorage, startServer } from './server-process.mjs'

// Two instances of the built site on one PostgreSQL (issue 17): a decision taken through
// instance A shows on instance B's pages within a second, though B kept those pages a moment
// before; a limit reached through A holds on B; and B, its listening connection cut, serves no
// stale page and comes back to its cache once it listens again. PGlite belongs to one process:
// there A and B are the same server, and the same checks show a decision on the pages that one
// server kept (the listening connection cannot be lost there: in process).

type Server = Awaited<ReturnType<typeof startServer>>
let storage: Awaited<ReturnType<typeof createServerStorage>>
let otherDataDir = ''
let a: Server
let b: Server
let admin: APIRequestContext
let visitor: APIRequestContext

test.describe.configure({ mode: 'serial' })
const twoInstances = Boolean(process.env.DATABASE_URL)
/** Profile ids by username and the waiting identity check, read before the servers start. */
const ids = new Map<string, string>()
let submissionId = ''

const ADMIN = { email: 'equipe@example.com', password: 'senha-da-equipe-123' }
/** Within one second of the commit, as the issue asks, polled (never a fixed wait). */
const AT_ONCE = { timeout: 1000, intervals: [20] }
/** A page B renders is kept: the request after it is a hit (polled, see keptOnB). */
const KEPT = { timeout: 5000, intervals: [50] }

const run = (args: string[]) => runOnStorage(storage, args)

test.beforeAll(async () => {
  test.setTimeout(240_000)
  storage = await createServerStorage()
  otherDataDir = await mkdtemp(path.join(os.tmpdir(), 'aprova-e2e-b-'))
  // One secret, so a session made on A is a session on B (as behind a load balancer).
  const env = { DEMO_DATA: '1', AUTH_SECRET: randomBytes(32).toString('base64url') }
  // A first start creates the database and the demo profiles; stopped (PGlite belongs to one
  // process), it gets an admin and a provider waiting in the queue.
  a = await startServer({ ...storage, env })
  await a.stop()
  createAdmin(storage, ADMIN)
  run([
    'tests/support/cli/run.mjs',
    './tests/support/cli/helpers.server.ts',
    'createPendingProvider',
  ])
  for (const row of await query(storage, 'select id, username from profiles'))
    ids.set(String(row.username), String(row.id))
  const [submission] = await query(
    storage,
    `select v.id from verification_submissions v join profiles p on p.id = v.profile_id
      where p.username = 'estrela-azul'`,
  )
  submissionId = String(submission?.id)
  a = await startServer({ ...storage, env })
  b = twoInstances
    ? await startServer({ dataDir: otherDataDir, databaseUrl: storage.databaseUrl, env })
    : a
  visitor = await playwrightRequest.newContext()
  admin = await playwrightRequest.newContext()
  // Her first sign-in sets up two-step verification (issue 23); her decisions below come within
  // minutes of it, before any asks her to confirm who she is again.
  await signInAdminByRequests(siteThrough(admin, a.baseUrl), ADMIN)
})

test.afterAll(async () => {
  await admin?.dispose()
  await visitor?.dispose()
  await a?.stop()
  if (b !== a) await b?.stop()
  await storage?.dispose()
  if (otherDataDir) await rm(otherDataDir, { recursive: true, force: true })
})

/** A public page of B as a visitor in `city` sees it: its HTML and whether B kept it. */
async function onB(pathname: string, city = 'sao-paulo') {
  const response = await visitor.get(`${b.baseUrl}${pathname}`, {
    headers: { Cookie: `aprova-age=1; aprova-geo=${city}` },
    maxRedirects: 0,
  })
  return {
    status: response.status(),
    cache: response.headers()['x-cache'],
    html: await response.text(),
  }
}

const shows = (html: string, username: string) =>
  new RegExp(`href="/acompanhante/${username}["?]`).test(html)

/** B's pages that show the profiles of `city`, each kept by B before the change is made. */
async function keptOnB(city: string) {
  const pages = [`/pt/acompanhantes/${city}`, `/pt/buscar?city=${city}`, '/pt/']
  for (const page of pages) {
    // Kept from the second request on; polled, since a new minute (the rotation's) or a probe
    // of B's feed slowed by a busy machine can forget a copy between two requests.
    await expect.poll(async () => (await onB(page, city)).cache, KEPT).toBe('HIT')
  }
  return pages
}

/** Waits (a second at most) until none of `pages` on B shows `username`, nor its page. */
async function goneFromB(username: string, city: string, pages: string[]) {
  for (const page of pages) {
    await expect
      .poll(async () => shows((await onB(page, city)).html, username), AT_ONCE)
      .toBe(false)
  }
  await expect.poll(async () => (await onB(`/acompanhante/${username}`)).status, AT_ONCE).toBe(404)
}

/** An admin decision on a profile, through instance A's admin form. */
async function decide(username: string, form: Record<string, string>) {
  const id = ids.get(username) ?? ''
  const response = await admin.post(`${a.baseUrl}/admin/profiles/${id}`, {
    form: { profileId: id, ...form },
    headers: { Origin: a.baseUrl },
  })
  expect(response.status()).toBe(200)
}

test('a suspension through A leaves every public page of B at once, the figures too', async () => {
  // Beyond the listings: all profiles, her neighbourhood and the about page's count.
  const pages = [
    ...(await keptOnB('sao-paulo')),
    '/pt/acompanhantes',
    '/pt/bairro/sao-paulo/jardins',
  ]
  const about = async () =>
    Number(/<dd[^>]*>([\d.,]+)<\/dd>/.exec((await onB('/pt/about')).html)?.[1]?.replace(/\D/g, ''))
  for (const page of [...pages, '/pt/about']) {
    await expect.poll(async () => (await onB(page)).cache, KEPT).toBe('HIT')
  }
  const profiles = await about()
  await decide('luna-azul', {
    intent: 'suspend',
    days: '3',
    dailyValue: '10',
    reason: 'Fotos de outra pessoa',
  })
  await goneFromB('luna-azul', 'sao-paulo', pages)
  await expect.poll(about, AT_ONCE).toBe(profiles - 1)
})

test('a hide and a ban through A leave every page of B at once', async () => {
  for (const [username, form] of [
    ['safira-brisa', { intent: 'hide', reason: 'Conteúdo em análise' }],
    ['jade-solar', { intent: 'ban', reason: 'Documento de terceiros', confirm: 'on' }],
  ] as const) {
    const pages = await keptOnB('sao-paulo')
    expect((await onB(`/acompanhante/${username}`)).status).toBe(200)
    await decide(username, form)
    await goneFromB(username, 'sao-paulo', pages)
  }
})

test("a visitor's 'minor' report through A hides the profile on B at once", async () => {
  const pages = await keptOnB('belo-horizonte')
  const report = await visitor.post(`${a.baseUrl}/acompanhante/lara-serena/denunciar`, {
    form: { reason: 'minor', details: '' },
    headers: { Origin: a.baseUrl },
  })
  // The reporter is thanked (the page's loader, run again after the report, finds the profile
  // hidden: the thanks still show).
  expect(report.status()).toBe(200)
  expect(await report.text()).toContain('Denúncia recebida')
  await goneFromB('lara-serena', 'belo-horizonte', pages)
})

test('an approval and a plan change through A show on B at once', async () => {
  // The provider waiting in the queue (Recife) is on no page of B yet.
  const pages = await keptOnB('recife')
  expect((await onB('/acompanhante/estrela-azul', 'recife')).status).toBe(404)
  // The sitemap (demonstration profiles are never in it) lists her once she is public.
  const sitemap = async () => (await onB('/sitemap.xml')).html
  expect(await sitemap()).not.toContain('/acompanhante/estrela-azul<')
  const approved = await admin.post(`${a.baseUrl}/admin/verifications/${submissionId}`, {
    form: { intent: 'approve-check', submissionId },
    headers: { Origin: a.baseUrl },
  })
  expect(approved.status()).toBe(200)
  for (const page of pages) {
    await expect
      .poll(async () => shows((await onB(page, 'recife')).html, 'estrela-azul'), AT_ONCE)
      .toBe(true)
  }
  await expect
    .poll(async () => (await onB('/acompanhante/estrela-azul', 'recife')).status, AT_ONCE)
    .toBe(200)
  await expect.poll(sitemap, AT_ONCE).toContain('/acompanhante/estrela-azul<')

  // A free profile becomes VIP+: her card on B's city page, search and home feed says so at
  // once (her own page shows no plan; the order around her follows the same kept pages).
  const card = (html: string) =>
    html.match(/<article[\s\S]*?<\/article>/g)?.find((one) => shows(one, 'iris-lunar')) ?? ''
  const withCards = await keptOnB('sao-paulo')
  for (const page of withCards) {
    const kept = card((await onB(page)).html)
    expect(kept).not.toBe('')
    expect(kept).not.toContain('>VIP+<')
  }
  const nextYear = `${new Date().getFullYear() + 1}-06-30`
  await decide('iris-lunar', {
    intent: 'tier',
    tier: 'vip_plus',
    expires: nextYear,
    reason: 'Plano pago',
  })
  for (const page of withCards) {
    await expect.poll(async () => card((await onB(page)).html), AT_ONCE).toContain('>VIP+<')
  }
})

test('the sign-in limit reached through A holds on B', async () => {
  const attempt = (server: Server) =>
    visitor.post(`${server.baseUrl}/auth?mode=login`, {
      form: { intent: 'login', email: 'alguem@example.com', password: 'senha-errada-123' },
      headers: { Origin: server.baseUrl },
      maxRedirects: 0,
    })
  let last = 0
  for (let i = 0; i < 20 && last !== 429; i++) last = (await attempt(a)).status()
  expect(last).toBe(429)
  expect((await attempt(b)).status()).toBe(429)
})

test('B, its listening connection cut, serves no stale page and keeps pages again once back', async () => {
  test.skip(!twoInstances, 'PGlite listens in process: there is no connection to lose')
  test.setTimeout(60_000)
  const health = async () => (await (await visitor.get(`${b.baseUrl}/healthz`)).json()).changeFeed
  expect(await health()).toBe('listening')
  const pages = await keptOnB('rio-de-janeiro')
  // One statement: B's listening connection ends, then a profile is hidden, committed while B
  // hears nothing (it reconnects a tenth of a second later at the earliest).
  const [hidden] = await query(
    storage,
    `with ended as (
       select bool_or(pg_terminate_backend(pid, 5000)) as ended from pg_stat_activity
        where application_name = 'aprova-change-feed ${b.pid}')
     update profiles set visibility_status = 'hidden'
      where username = 'marina-do-sol' and (select ended from ended)
      returning id`,
  )
  expect(hidden?.id).toBeTruthy()
  // Meanwhile B serves nothing it kept…
  await goneFromB('marina-do-sol', 'rio-de-janeiro', pages)
  // …says it lost the feed, listens again, and forgot everything it kept before: no page of B
  // shows the profile, and B keeps (fresh) pages again.
  await expect.poll(() => b.output(), { timeout: 10_000 }).toContain('change feed lost')
  await expect.poll(health, { timeout: 10_000 }).toBe('listening')
  for (const page of pages) {
    await expect.poll(async () => (await onB(page, 'rio-de-janeiro')).cache, KEPT).toBe('HIT')
    const again = await onB(page, 'rio-de-janeiro')
    expect(shows(again.html, 'marina-do-sol')).toBe(false)
    expect(shows(again.html, 'bela-ametista')).toBe(true)
  }
})
