import { randomBytes } from 'node:crypto'
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test'
import { signInAdminByRequests, siteThrough } from '../support/browser/admin-sign-in.ts'
import { expect, hydrated, test } from '../support/browser/fixtures.ts'
import { createAdmin, query, runOnStorage } from '../support/browser/storage-query.ts'
import { createServerStorage, startServer } from './server-process.mjs'

// Issue 30 point 3, end to end: a photo is public only while its profile is. Two instances of the
// built site share one PostgreSQL and one media folder (as a shared disk or a bucket): a decision
// taken through A (the team hides a profile; a visitor's 'minor' report hides another) stops B
// serving its photos within a second, though B served them a moment before. The provider and the
// team still see her photos on their own pages, which a visitor's request cannot fetch. PGlite
// belongs to one process: there A and B are the same server.

type Server = Awaited<ReturnType<typeof startServer>>
let storage: Awaited<ReturnType<typeof createServerStorage>>
let a: Server
let b: Server
let admin: APIRequestContext
let visitor: APIRequestContext
const twoInstances = Boolean(process.env.DATABASE_URL)
/** Profile ids by username, and the waiting identity check, read before the servers start. */
const ids = new Map<string, string>()
let submissionId = ''

test.describe.configure({ mode: 'serial' })
test.use({ locale: 'pt-BR' })

const ADMIN = { email: 'equipe@example.com', password: 'senha-da-equipe-123' }
const PROVIDER = { email: 'estrela@example.com', password: 'senha-forte-123' }
/** Within one second of the decision's answer, polled (never a fixed wait). */
const AT_ONCE = { timeout: 1000, intervals: [20] }

test.beforeAll(async () => {
  test.setTimeout(240_000)
  storage = await createServerStorage()
  // One secret, so a session made on A is a session on B (as behind a load balancer).
  const env = { DEMO_DATA: '1', AUTH_SECRET: randomBytes(32).toString('base64url') }
  // A first start creates the database and the demo profiles; stopped (PGlite belongs to one
  // process), it gets an admin and a provider waiting in the queue with a photo.
  a = await startServer({ ...storage, env })
  await a.stop()
  createAdmin(storage, ADMIN)
  runOnStorage(storage, [
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
  b = twoInstances ? await startServer({ ...storage, env }) : a
  visitor = await playwrightRequest.newContext()
  admin = await playwrightRequest.newContext()
  await signInAdminByRequests(siteThrough(admin, a.baseUrl), ADMIN)
})

test.afterAll(async () => {
  await admin?.dispose()
  await visitor?.dispose()
  await a?.stop()
  if (b !== a) await b?.stop()
  await storage?.dispose()
})

/** The address of the first photo `page` shows in `scope` once it has loaded. */
async function loadedPhoto(page: Page, scope = 'main'): Promise<string> {
  const image = page.locator(`${scope} img[src^="/media/"]`).first()
  await image.scrollIntoViewIfNeeded()
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true)
  const src = await image.evaluate((img: HTMLImageElement) => img.currentSrc)
  expect(new URL(src).pathname).toMatch(/^\/media\//)
  return new URL(src).pathname
}

/** The status B answers a visitor (no cookie) for the photo at `pathname`. */
const onB = async (pathname: string) => (await visitor.get(`${b.baseUrl}${pathname}`)).status()

test('the team hides a profile through A: its photo answers 404 on B within a second', async ({
  page,
}) => {
  await page.context().addCookies([{ name: 'aprova-age', value: '1', url: b.baseUrl }])
  await page.goto(`${b.baseUrl}/acompanhante/safira-brisa`)
  const photo = await loadedPhoto(page)
  const response = await visitor.get(`${b.baseUrl}${photo}`)
  expect(response.status()).toBe(200)
  expect(response.headers()['cache-control']).toBe('public, max-age=60, s-maxage=1')

  const id = ids.get('safira-brisa') ?? ''
  const hidden = await admin.post(`${a.baseUrl}/admin/profiles/${id}`, {
    form: { profileId: id, intent: 'hide', reason: 'Conteúdo em análise' },
    headers: { Origin: a.baseUrl },
  })
  expect(hidden.status()).toBe(200)
  await expect.poll(() => onB(photo), AT_ONCE).toBe(404)
})

test("a visitor's 'minor' report through A: the photo answers 404 on B within a second", async ({
  page,
}) => {
  await page.context().addCookies([
    { name: 'aprova-age', value: '1', url: a.baseUrl },
    { name: 'aprova-age', value: '1', url: b.baseUrl },
  ])
  await page.goto(`${b.baseUrl}/acompanhante/lara-serena`)
  const photo = await loadedPhoto(page)
  expect(await onB(photo)).toBe(200)

  await page.goto(`${a.baseUrl}/acompanhante/lara-serena/denunciar`)
  await hydrated(page)
  await page.getByLabel('Suspeita de menor de idade').check()
  await page.getByRole('button', { name: 'Enviar denúncia' }).click()
  await expect(page.getByText('Denúncia recebida')).toBeVisible()
  await expect.poll(() => onB(photo), AT_ONCE).toBe(404)
})

test('the provider sees her photos waiting for review on B, a visitor cannot fetch them', async ({
  page,
}) => {
  await page.goto(`${b.baseUrl}/auth?mode=login`)
  await hydrated(page)
  await page.getByLabel('E-mail').fill(PROVIDER.email)
  await page.getByLabel('Senha', { exact: true }).fill(PROVIDER.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(`${b.baseUrl}/dashboard`, { timeout: 15_000 })
  await page.goto(`${b.baseUrl}/dashboard/photos`)
  const photo = await loadedPhoto(page)
  expect(await onB(photo)).toBe(404)
  const own = await page.request.get(`${b.baseUrl}${photo}`)
  expect(own.status()).toBe(200)
  expect(own.headers()['cache-control']).toBe('private, no-store')
  await page.goto(`${b.baseUrl}/dashboard/preview`)
  expect(await loadedPhoto(page)).toMatch(/^\/media\/profiles\//)
})

test("the team sees photos of profiles that are not public on B's admin pages", async ({
  browser,
}) => {
  // The admin's session (signed in through A, with her second factor) in a browser.
  const context = await browser.newContext({
    locale: 'pt-BR',
    storageState: await admin.storageState(),
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  try {
    const estrela = ids.get('estrela-azul') ?? ''
    for (const path of [
      `/admin/verifications/${submissionId}`,
      `/admin/profiles/${estrela}`,
      `/admin/profiles/${estrela}/preview`,
      `/admin/profiles/${ids.get('safira-brisa')}`,
      `/admin/profiles/${ids.get('lara-serena')}`,
    ]) {
      await page.goto(`${b.baseUrl}${path}`)
      const photo = await loadedPhoto(page)
      expect(await onB(photo), path).toBe(404)
    }
    // No picture on those pages failed to load.
    expect(errors).toEqual([])
  } finally {
    await context.close()
  }
})
