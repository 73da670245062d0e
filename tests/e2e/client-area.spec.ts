import { readFile } from 'node:fs/promises'
import { expect, hydrated, test } from '../support/browser/fixtures.ts'
import { signIn } from '../support/browser/sign-in.ts'
import { specServer } from '../support/browser/spec-server.ts'

// The client area end to end (issue 9): a client saves two profiles from a city page, finds
// them in her area, removes one, reports a profile for asking a Pix in advance, downloads her
// data (the favourite and the report are in it), deletes her account and cannot log in again.

test.describe.configure({ mode: 'serial' })
test.use({ locale: 'pt-BR' })

const CLIENT = { email: 'rafa.cliente@example.com', password: 'senha-do-cliente-123' }
const PLAIN = { email: 'sem.script@example.com', password: 'senha-do-cliente-456' }
/** A sign-in's answer (its password hashed): slow on a loaded machine. */
const SIGN_IN = { timeout: 15_000 }

// A first start creates the database and the demo profiles; then, stopped, the clients.
const spec = specServer({
  env: () => ({ DEMO_DATA: '1' }),
  prepare: ({ helper }) => {
    for (const account of [CLIENT, PLAIN]) helper('createClient', account.email, account.password)
  },
})

test('a client saves, removes, reports, downloads her data and deletes her account', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const base = spec.base()
  await page.context().addCookies([{ name: 'aprova-age', value: '1', url: base }])

  const logIn = () => signIn(page, base, CLIENT, { type: 'client' })
  await logIn()
  await expect(page).toHaveURL(`${base}/client-dashboard`, SIGN_IN)
  await expect(page.getByText(/Você ainda não salvou nenhum perfil/)).toBeVisible()

  // Two hearts on the São Paulo page (pressed once hydrated: before, a press is the form
  // without JavaScript, a new page instead of the fetch waited for).
  await page.goto(`${base}/pt/acompanhantes/sao-paulo`)
  await hydrated(page)
  const cards = page.locator('main article')
  const names: string[] = []
  for (const index of [0, 1]) {
    const card = cards.nth(index)
    names.push((await card.getByRole('heading').textContent())?.trim() ?? '')
    const heart = card.getByRole('button', { name: /^Favoritar / })
    await expect(heart).toHaveAttribute('aria-pressed', 'false')
    // Saved once the answer is in (the heart fills as soon as it is pressed).
    const answered = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname.startsWith('/api/favorites') &&
        response.request().method() === 'POST' &&
        response.ok(),
    )
    await heart.click()
    await expect(heart).toHaveAttribute('aria-pressed', 'true')
    await answered
  }
  await expect(page.getByText('Salvo nos seus favoritos').first()).toBeVisible()

  // Both in her area; one removed.
  await page.goto(`${base}/client-dashboard`)
  await hydrated(page)
  const saved = page.locator('main li article')
  await expect(saved).toHaveCount(2)
  for (const name of names) await expect(saved.getByRole('heading', { name })).toBeVisible()
  await page.getByRole('button', { name: `Remover ${names[0]} dos favoritos` }).click()
  await expect(saved).toHaveCount(1)
  await expect(saved.getByRole('heading', { name: names[1] })).toBeVisible()
  // The heart on the city page agrees.
  await page.goto(`${base}/pt/acompanhantes/sao-paulo`)
  await expect(
    cards.first().getByRole('button', { name: `Favoritar ${names[0]}` }),
  ).toHaveAttribute('aria-pressed', 'false')

  // A report from the profile page: asked for a Pix in advance.
  const reported = (await cards.nth(2).getByRole('heading').textContent())?.trim() ?? ''
  await cards.nth(2).getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(reported)
  await page.getByRole('link', { name: 'Denunciar este perfil' }).click()
  await expect(
    page.getByRole('heading', { name: `Denunciar o perfil de ${reported}` }),
  ).toBeVisible()
  // The links above may have been followed before hydration (new documents).
  await hydrated(page)
  await page.getByRole('button', { name: 'Enviar denúncia' }).click()
  await expect(page.getByRole('alert')).toHaveText('Escolha um motivo')
  await page.getByLabel('Pediu pagamento antecipado (golpe do Pix)').check()
  await page.getByLabel('Detalhes').fill('Pediu um Pix de sinal antes de marcar o encontro.')
  await page.getByRole('button', { name: 'Enviar denúncia' }).click()
  await expect(page.getByText('Denúncia recebida')).toBeVisible()

  // The profile she viewed is in her history.
  await page.goto(`${base}/client-dashboard/history`)
  await expect(
    page.locator('main li article').getByRole('heading', { name: reported }),
  ).toBeVisible()

  // Her data: the favourite and the report are in it.
  await page.goto(`${base}/client-dashboard/account`)
  await hydrated(page)
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Baixar meus dados' }).click()
  const download = await downloading
  const exported = JSON.parse(await readFile((await download.path()) ?? '', 'utf8'))
  expect(exported.account.email).toBe(CLIENT.email)
  expect(exported.favorites.map((one: { name: string }) => one.name)).toEqual([names[1]])
  expect(exported.reportsFiled).toEqual([
    expect.objectContaining({
      reason: 'advance_payment',
      details: 'Pediu um Pix de sinal antes de marcar o encontro.',
    }),
  ])

  // Deleted: back home, and the password no longer opens anything.
  await page.getByLabel('Para confirmar, digite o e-mail da sua conta').fill(CLIENT.email)
  await page.getByRole('button', { name: 'Excluir minha conta' }).click()
  await expect(page).toHaveURL(`${base}/pt/`)
  await expect(page.getByText('Sua conta foi excluída.')).toBeVisible()
  await logIn()
  await expect(page.getByRole('alert').first()).toContainText('E-mail ou senha incorretos', SIGN_IN)
  await page.goto(`${base}/client-dashboard`)
  await expect(page).toHaveURL(/\/auth\?mode=login/)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a heart saves and the dashboard removes, each coming back to its page', async ({
    page,
  }) => {
    const base = spec.base()
    await page.context().addCookies([{ name: 'aprova-age', value: '1', url: base }])
    // A visitor's heart asks for the client log-in, then comes back to the city page.
    await page.goto(`${base}/pt/acompanhantes/sao-paulo`)
    const first = page.locator('main article').first()
    const name = (await first.getByRole('heading').textContent())?.trim() ?? ''
    await first.getByRole('button', { name: `Favoritar ${name}` }).click()
    await expect(page).toHaveURL(
      /\/auth\?mode=login&type=client&next=%2Fpt%2Facompanhantes%2Fsao-paulo$/,
    )
    await page.getByLabel('E-mail').fill(PLAIN.email)
    await page.getByLabel('Senha').fill(PLAIN.password)
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
    await expect(page).toHaveURL(`${base}/pt/acompanhantes/sao-paulo`, SIGN_IN)

    const heart = page
      .locator('main article')
      .first()
      .getByRole('button', { name: `Favoritar ${name}` })
    // The page is the one every client shares (issue 17): it says what the press did.
    await heart.click()
    await expect(page).toHaveURL(`${base}/pt/acompanhantes/sao-paulo`)
    await expect(page.getByRole('status')).toHaveText('Salvo nos seus favoritos')

    await page.goto(`${base}/client-dashboard`)
    await expect(page.getByRole('heading', { name })).toBeVisible()
    await page.getByRole('button', { name: `Remover ${name} dos favoritos` }).click()
    await expect(page).toHaveURL(`${base}/client-dashboard`)
    await expect(page.getByText(/Você ainda não salvou nenhum perfil/)).toBeVisible()
  })
})
