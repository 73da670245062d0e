import { expect, hydrated, test } from '../support/browser/fixtures.ts'
import { signIn } from '../support/browser/sign-in.ts'
import { specServer } from '../support/browser/spec-server.ts'

// The provider's reviews end to end (issue 20 point 3): she replies to one review once and
// reports another to the team; she has no way to delete one. A server of its own, its data made
// by a helper while it is stopped.

let texts: string[] = []

test.describe.configure({ mode: 'serial' })
test.use({ locale: 'pt-BR' })

const EMAIL = 'lua@example.com'
const PASSWORD = 'senha-forte-123'

// The server makes the database once; the helper then fills it while it is stopped.
const spec = specServer({
  env: () => ({ DEMO_DATA: '0' }),
  prepare: ({ helper }) => {
    texts = helper('createReviewedProvider', EMAIL, PASSWORD).texts
  },
})

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'aprova-age', value: '1', url: spec.base() }])
})

/** Signs her in on the log-in page `page` shows, in its language. */
const signInHere = (page: import('@playwright/test').Page, passwordLabel: string, button: string) =>
  signIn(
    page,
    spec.base(),
    { email: EMAIL, password: PASSWORD },
    // Signing in hashes the password: slow on a busy machine.
    { open: false, passwordLabel, button, landing: `${spec.base()}/dashboard`, timeout: 20_000 },
  )

test('the provider replies to one review once and reports the other @phone', async ({ page }) => {
  await page.goto(`${spec.base()}/auth?mode=login`)
  await signInHere(page, 'Senha', 'Entrar')
  await hydrated(page)
  await page.getByRole('link', { name: 'Avaliações', exact: true }).click()
  await expect(page).toHaveURL(`${spec.base()}/dashboard/reviews`)
  await expect(page.getByRole('heading', { name: 'Avaliações do seu perfil' })).toBeVisible()
  await expect(page.getByText('2 avaliações publicadas')).toBeVisible()
  const [first, second] = [
    page.locator('article').filter({ hasText: texts[0] ?? '' }),
    page.locator('article').filter({ hasText: texts[1] ?? '' }),
  ]
  await expect(first).toContainText('Caio Prado')
  await expect(second).toContainText('Davi Lins')
  await expect(first.getByRole('img', { name: '5 de 5 estrelas' })).toBeVisible()
  // Nothing deletes or hides a review.
  await expect(page.getByRole('button', { name: /apagar|excluir|remover|ocultar/i })).toHaveCount(0)

  // An empty reply: the browser says so before sending.
  await hydrated(page)
  await first.getByRole('button', { name: 'Publicar resposta' }).click()
  await expect(first.getByText('Escreva sua resposta')).toBeVisible()
  await first.getByLabel('Responder publicamente').fill('Obrigada pela visita, volte sempre!')
  await first.getByRole('button', { name: 'Publicar resposta' }).click()
  await expect(first.getByText('Resposta publicada.')).toBeVisible()
  await expect(first).toContainText('Obrigada pela visita, volte sempre!')
  await expect(first.getByRole('button', { name: 'Publicar resposta' })).toHaveCount(0)
  await expect(first.getByLabel('Responder publicamente')).toHaveCount(0)
  // The other review still takes its own reply.
  await expect(second.getByLabel('Responder publicamente')).toBeVisible()

  await second.getByText('Denunciar à equipe').click()
  await second.getByLabel('Nunca atendi esta pessoa').check()
  await second.getByRole('button', { name: 'Enviar denúncia' }).click()
  await expect(second.getByText('Denúncia enviada. A equipe vai analisar.')).toBeVisible()
  await expect(second).toContainText('Denunciada à equipe em')
  await expect(second.getByRole('button', { name: 'Enviar denúncia' })).toHaveCount(0)
  // Reported, still published: the team decides.
  await expect(second).toContainText('Publicada')

  // After a reload the page says the same.
  await page.reload()
  await expect(page.locator('article').filter({ hasText: texts[0] ?? '' })).toContainText(
    'Sua resposta',
  )
  await expect(page.locator('article').filter({ hasText: texts[1] ?? '' })).toContainText(
    'Denunciada à equipe em',
  )
})

test('in English, the page tells the reply and the report', async ({ page }) => {
  await page.goto(`${spec.base()}/language/en?to=/auth?mode=login`)
  await signInHere(page, 'Password', 'Log in')
  await page.goto(`${spec.base()}/dashboard/reviews`)
  await expect(page.getByRole('heading', { name: 'Reviews of your profile' })).toBeVisible()
  await expect(page.getByText('You cannot delete or hide reviews.', { exact: false })).toBeVisible()
  await expect(page.locator('article').filter({ hasText: texts[0] ?? '' })).toContainText(
    'Your reply',
  )
  await expect(page.locator('article').filter({ hasText: texts[1] ?? '' })).toContainText(
    'Reported to the team on',
  )
})
