import { signInAdmin } from '../support/browser/admin-sign-in.ts'
import { expect, hydrated, test } from '../support/browser/fixtures.ts'
import { specServer } from '../support/browser/spec-server.ts'
import { query } from '../support/browser/storage-query.ts'

// The admin area end to end (issue 8): the first admin comes from `npm run admin:create`; she
// approves a provider waiting in the queue (the profile goes public), suspends a public profile
// (it leaves the listings and its page answers 404), and finds both in the audit log.

let pendingUsername = ''

test.describe.configure({ mode: 'serial' })
test.use({ locale: 'pt-BR' })

const ADMIN = { email: 'equipe@example.com', password: 'senha-da-equipe-123' }

// A first start creates the database and the demo profiles; then, stopped, the first admin and a
// provider waiting in the queue are added to its storage.
const spec = specServer({
  env: () => ({ DEMO_DATA: '1' }),
  prepare: async ({ createAdmin, run, storage }) => {
    createAdmin(ADMIN)
    const created = run([
      'tests/support/cli/run.mjs',
      './tests/support/cli/helpers.server.ts',
      'createPendingProvider',
    ])
    const line = created.find((one) => one.startsWith('{"username"')) ?? '{}'
    pendingUsername = JSON.parse(line).username
    expect(pendingUsername).toBe('estrela-azul')
    // Three open reports about three demo profiles, for the bulk decision (issue 19 point 21).
    await query(
      storage,
      `insert into reports (profile_id, reason, details)
       select id, 'fake_photos', 'Relato de teste ' || username from profiles
       where status = 'approved' order by username limit 3`,
    )
  },
})

test('an admin approves a provider, suspends another, and the audit log shows both', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const base = spec.base()
  await page.context().addCookies([{ name: 'aprova-age', value: '1', url: base }])
  const visitor = await browser.newContext({ locale: 'pt-BR' })
  await visitor.addCookies([{ name: 'aprova-age', value: '1', url: base }])
  const anonymous = visitor.request

  // Signing in (the first time: setting up two-step verification, issue 23) leads the admin to
  // /admin; the overview counts the check waiting.
  await signInAdmin(page, base, ADMIN)
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
  // Zoom and turn a document in the page (issue 19 point 21): the browser's view only.
  await hydrated(page)
  const viewer = page.getByRole('region', { name: 'Frente do documento: zoom e rotação' })
  const state = viewer.locator('..').locator('output')
  await expect(state).toHaveText('Zoom 100% · rotação 0°')
  await page.getByRole('button', { name: 'Aumentar: Frente do documento' }).click()
  await page.getByRole('button', { name: 'Aumentar: Frente do documento' }).click()
  await page.getByRole('button', { name: 'Girar para a direita: Frente do documento' }).click()
  await expect(state).toHaveText('Zoom 200% · rotação 90°')
  await expect(document).toHaveCSS('transform', /^matrix\([^,]+, 1, -1,/)
  // With the keyboard: the box takes the focus, L turns back, − and 0.
  await viewer.focus()
  await page.keyboard.press('l')
  await page.keyboard.press('-')
  await expect(state).toHaveText('Zoom 150% · rotação 0°')
  await page.keyboard.press('0')
  await expect(state).toHaveText('Zoom 100% · rotação 0°')
  // Still the private address; nothing else was asked of the server.
  expect(await document.getAttribute('src')).toBe(documentUrl)
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
  // The fee comes from her plan and is shown before the suspension is confirmed (issue 33).
  const suspend = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Ver a taxa e confirmar' }) })
  await suspend.getByLabel('Dias').fill('3')
  await expect(suspend.getByText(/^Taxa de retorno: R\$/)).toBeVisible()
  await suspend.getByLabel('Motivo', { exact: true }).fill('Fotos de outra pessoa')
  await suspend.getByRole('button', { name: 'Ver a taxa e confirmar' }).click()
  await expect(page.getByText('Confirme a suspensão')).toBeVisible()
  await page.getByRole('button', { name: 'Confirmar suspensão' }).click()
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

test('an admin closes several reports with one decision, and a refused batch changes nothing', async ({
  page,
}) => {
  const base = spec.base()
  // Her second sign-in asks for the code of the app she set up in the test before.
  await signInAdmin(page, base, ADMIN)
  await page.goto(`${base}/admin/reports`)
  await hydrated(page)
  const rows = page.locator('main ol > li').filter({ hasText: 'Relato de teste' })
  await expect(rows).toHaveCount(3)
  const boxes = page.getByRole('checkbox', { name: /^Selecionar: / })
  await expect(boxes).toHaveCount(3)
  await boxes.nth(0).check()
  await boxes.nth(1).check()
  const bulk = page.getByRole('region', { name: 'Decidir pelas selecionadas' })
  await bulk.getByLabel('Decisão').selectOption('no_action')
  await bulk.getByLabel('Observação').fill('Sem fundamento')
  await bulk.getByRole('button', { name: 'Encerrar as selecionadas' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Encerradas: 2.' })).toBeVisible()
  await expect(rows).toHaveCount(1)

  // The audit log has one entry each.
  await page.goto(`${base}/admin/audit`)
  await expect(page.locator('main ol > li').filter({ hasText: 'Sem fundamento' })).toHaveCount(2)

  // A batch with a report closed meanwhile (by another admin, here in the database): refused,
  // named, and the other report stays open.
  await page.goto(`${base}/admin/reports`)
  await hydrated(page)
  await page.getByRole('checkbox', { name: 'Selecionar todas' }).check()
  await expect(page.getByRole('checkbox', { name: /^Selecionar: / })).toBeChecked()
  await page.request.post(`${base}/admin/reports`, {
    headers: { origin: base },
    form: {
      intent: 'resolve-reports',
      subjects: (await page
        .getByRole('checkbox', { name: /^Selecionar: / })
        .getAttribute('value')) as string,
      resolution: 'handled',
      note: 'Outra pessoa',
    },
  })
  await bulk.getByLabel('Decisão').selectOption('hide_profile')
  await bulk.getByLabel('Observação').fill('Ocultar')
  await bulk.getByRole('button', { name: 'Encerrar as selecionadas' }).click()
  const alert = page.getByRole('alert').filter({ hasText: 'Nada foi encerrado' })
  await expect(alert).toBeVisible()
  await expect(alert).toContainText('Já foi encerrada por outra pessoa da equipe.')
})
