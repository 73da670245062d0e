import { spawnSync } from 'node:child_process'
import { expect, test } from './fixtures.ts'
import { createServerStorage, startServer } from './server-process.mjs'

// The admin area end to end (issue 8): the first admin comes from `npm run admin:create`; she
// approves a provider waiting in the queue (the profile goes public), suspends a public profile
// (it leaves the listings and its page answers 404), and finds both in the audit log.

type Server = Awaited<ReturnType<typeof startServer>>
let storage: Awaited<ReturnType<typeof createServerStorage>>
let server: Server
let pendingUsername = ''

test.describe.configure({ mode: 'serial' })
test.use({ locale: 'pt-BR' })

const ADMIN = { email: 'equipe@example.com', password: 'senha-da-equipe-123' }

/** Runs a command on the stopped server's storage; its lines of output. */
function run(args: string[]) {
  const result = spawnSync(process.execPath, args, {
    env: { ...process.env, DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl ?? '' },
    encoding: 'utf8',
    timeout: 120_000,
  })
  expect(result.status, result.stderr).toBe(0)
  return result.stdout.trim().split('\n')
}

test.beforeAll(async () => {
  test.setTimeout(180_000)
  storage = await createServerStorage()
  // A first start creates the database and the demo profiles; then, stopped, the first admin
  // and a provider waiting in the queue are added to its storage.
  server = await startServer({ ...storage, env: { DEMO_DATA: '1' } })
  await server.stop()
  run(['scripts/admin-create.mjs', '--email', ADMIN.email, '--password', ADMIN.password])
  const created = run([
    'tests/support/cli/run.mjs',
    './tests/support/cli/helpers.server.ts',
    'createPendingProvider',
  ])
  const line = created.find((one) => one.startsWith('{"username"')) ?? '{}'
  pendingUsername = JSON.parse(line).username
  expect(pendingUsername).toBe('estrela-azul')
  server = await startServer({ ...storage, env: { DEMO_DATA: '1' } })
})

test.afterAll(async () => {
  await server?.stop()
  await storage?.dispose()
})

test('an admin approves a provider, suspends another, and the audit log shows both', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const base = server.baseUrl
  await page.context().addCookies([{ name: 'aprova-age', value: '1', url: base }])
  const visitor = await browser.newContext({ locale: 'pt-BR' })
  await visitor.addCookies([{ name: 'aprova-age', value: '1', url: base }])
  const anonymous = visitor.request

  // Signing in leads the admin to /admin; the overview counts the check waiting.
  await page.goto(`${base}/auth?mode=login`)
  await page.getByLabel('E-mail').fill(ADMIN.email)
  await page.getByLabel('Senha').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(`${base}/admin`)
  await expect(
    page.getByRole('link', { name: /1\s*Verificações de identidade na fila/ }),
  ).toBeVisible()

  // The queue: the documents are shown (to the admin only), then approved.
  expect((await anonymous.get(`${base}/acompanhante/${pendingUsername}`)).status()).toBe(404)
  await page
    .getByRole('navigation', { name: 'Seções da administração' })
    .getByRole('link', { name: 'Verificações' })
    .click()
  await page.getByRole('link', { name: 'Revisar' }).first().click()
  await expect(page.getByRole('heading', { name: 'Verificação de Estrela Azul' })).toBeVisible()
  const document = page.getByRole('img', { name: 'Frente do documento' })
  await expect(document).toBeVisible()
  const documentUrl = await document.getAttribute('src')
  expect((await page.request.get(`${base}${documentUrl}`)).status()).toBe(200)
  expect((await anonymous.get(`${base}${documentUrl}`, { maxRedirects: 0 })).status()).toBe(302)
  await page.getByRole('button', { name: 'Aprovar' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Verificação aprovada' })).toBeVisible()
  expect((await anonymous.get(`${base}/acompanhante/${pendingUsername}`)).status()).toBe(200)
  // Once decided, the documents are gone.
  expect((await page.request.get(`${base}${documentUrl}`)).status()).toBe(404)

  // A public profile from the São Paulo listing is suspended.
  const listing = await anonymous.get(`${base}/pt/acompanhantes/sao-paulo`)
  const target = /href="\/acompanhante\/([a-z0-9-]+)/.exec(await listing.text())?.[1] ?? ''
  expect(target).not.toBe('')
  await page
    .getByRole('navigation', { name: 'Seções da administração' })
    .getByRole('link', { name: 'Perfis e contas' })
    .click()
  await page.getByLabel('Nome, usuário, e-mail ou cidade').fill(target)
  await page.getByRole('button', { name: 'Buscar' }).click()
  // The row of exactly that username (others may contain it).
  await page
    .locator('main li')
    .filter({ has: page.getByText(target, { exact: true }) })
    .getByRole('link', { name: 'Abrir perfil' })
    .click()
  await expect(page.getByRole('heading', { name: /^Perfil de / })).toBeVisible()
  await expect(page.locator('dd').first()).toHaveText(target)
  const suspend = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Suspender' }) })
  await suspend.getByLabel('Dias').fill('3')
  await suspend.getByLabel('Valor diário do plano (R$)').fill('10')
  await expect(suspend.getByText('Taxa de retorno: R$ 30,00')).toBeVisible()
  await suspend.getByLabel('Motivo').fill('Fotos de outra pessoa')
  await suspend.getByRole('button', { name: 'Suspender' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Perfil suspenso até' })).toBeVisible()
  await expect(page.getByText('Suspenso', { exact: true })).toBeVisible()
  expect((await anonymous.get(`${base}/acompanhante/${target}`)).status()).toBe(404)
  const after = await (await anonymous.get(`${base}/pt/acompanhantes/sao-paulo`)).text()
  expect(after).not.toContain(`/acompanhante/${target}"`)

  // The audit log lists both, newest first, and filters by action.
  const sections = page.getByRole('navigation', { name: 'Seções da administração' })
  await sections.getByRole('link', { name: 'Registro' }).click()
  const entries = page.locator('main ol > li')
  await expect(entries.nth(0)).toContainText('Suspensão')
  await expect(entries.nth(0)).toContainText('Fotos de outra pessoa')
  await expect(entries.nth(1)).toContainText('Verificação aprovada')
  await expect(entries.nth(1)).toContainText(pendingUsername)
  await page.getByLabel('Ação', { exact: true }).selectOption('suspend')
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(entries).toHaveCount(1)
  await visitor.close()
})
