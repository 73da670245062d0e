import { signInAdmin } from '../support/browser/admin-sign-in.ts'
import { expect, hydrated, test } from '../support/browser/fixtures.ts'
import { specServer } from '../support/browser/spec-server.ts'

// The team's reviews page end to end (issue 20 points 3 and 5): a server of its own whose data
// a helper writes while it is stopped; the admin publishes a held review, chooses a testimonial,
// hides a review with a reason, and finds the decisions in the audit log.

let made: { username: string; published: string; held: string }

const ADMIN = { email: 'equipe-avaliacoes@example.com', password: 'senha-forte-123' }

test.describe.configure({ mode: 'serial' })
test.use({ locale: 'pt-BR' })

// A first start migrates the storage; the helper writes while the server is stopped.
const spec = specServer({
  env: () => ({ DEMO_DATA: '0' }),
  prepare: ({ helper }) => {
    made = helper('createReviewsForAdmin', ADMIN.email, ADMIN.password)
  },
})

test('the team publishes a held review, chooses a testimonial, hides a review with a reason', async ({
  page,
}) => {
  test.setTimeout(150_000)
  const base = spec.base()
  // Her first sign-in sets up two-step verification (issue 23) and ends on /admin.
  await signInAdmin(page, base, ADMIN)

  await page.getByRole('link', { name: 'Avaliações' }).click()
  await expect(page).toHaveURL(`${base}/admin/reviews`)
  await hydrated(page)
  const section = (title: string) =>
    page.locator('section').filter({ has: page.getByRole('heading', { name: title }) })
  const held = section('Retidas para análise')
    .getByRole('listitem')
    .filter({ hasText: 'Demorou a responder' })
  await expect(held).toContainText('Outra conta do mesmo aparelho avaliou este perfil')
  await expect(held).toContainText('Cliente Heitor')
  await held.getByRole('button', { name: 'Publicar' }).click()
  await expect(page.getByText('Avaliação publicada. A anunciante foi avisada.')).toBeVisible()
  await expect(page.getByText('Nenhuma avaliação retida.')).toBeVisible()

  // The recent list: choose the quotable one as a testimonial.
  const recent = section('Avaliações recentes')
  const quotable = recent.getByRole('listitem').filter({ hasText: 'Atendimento gentil' })
  await quotable.getByRole('button', { name: 'Usar como depoimento' }).click()
  await expect(page.getByText('Avaliação escolhida como depoimento.')).toBeVisible()
  await expect(quotable.getByRole('button', { name: 'Retirar dos depoimentos' })).toBeVisible()

  // The review just published shows on the public profile (so its absence below means hidden).
  const before = await page.request.get(`${base}/acompanhante/${made.username}`)
  expect(await before.text()).toContain('Demorou a responder')

  // Hiding asks for a reason first.
  const other = recent.getByRole('listitem').filter({ hasText: 'Demorou a responder' })
  await other.getByRole('button', { name: 'Ocultar' }).click()
  await expect(other.getByText('Escolha uma das opções.')).toBeVisible()
  const hideForm = other
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Ocultar' }) })
  await hideForm.getByLabel('Motivo', { exact: true }).selectOption({ label: 'Ofensiva' })
  await hideForm.getByRole('button', { name: 'Ocultar' }).click()
  await expect(page.getByText('Avaliação ocultada.')).toBeVisible()
  await expect(other).toContainText('Ocultada: Ofensiva')
  await expect(other.getByRole('button', { name: 'Mostrar de novo' })).toBeVisible()

  // The public profile does not show the hidden review.
  const profile = await page.request.get(`${base}/acompanhante/${made.username}`)
  expect(profile.status()).toBe(200)
  expect(await profile.text()).not.toContain('Demorou a responder')

  // The audit log lists the three decisions.
  await page.getByRole('link', { name: 'Registro' }).click()
  await expect(page).toHaveURL(/\/admin\/audit/)
  for (const action of [
    'Avaliação publicada',
    'Avaliação escolhida como depoimento',
    'Avaliação ocultada',
  ]) {
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: action })
        .filter({ hasText: 'Celeste Aurora' })
        .first(),
    ).toBeVisible()
  }

  // The hide's reason in words, never its code (issue 33 point 2), in pt and in en.
  const hideEntry = page
    .getByRole('listitem')
    .filter({ hasText: 'Avaliação ocultada' })
    .filter({ hasText: 'Celeste Aurora' })
    .first()
  await expect(hideEntry).toContainText('Ofensiva')
  await expect(hideEntry).toContainText('antes: Publicada')
  await expect(hideEntry).not.toContainText('offensive')
  await page.goto(`${base}/language/en?to=/admin/audit`)
  const hideEntryEn = page
    .getByRole('listitem')
    .filter({ hasText: 'Review hidden' })
    .filter({ hasText: 'Celeste Aurora' })
    .first()
  await expect(hideEntryEn).toContainText('Offensive')
  await expect(hideEntryEn).not.toContainText('offensive')
  await page.goto(`${base}/language/pt?to=/admin/audit`)

  // The database holds the decisions (the home page's testimonials are built apart).
  await spec.server.stop()
  const states = spec.helper('reviewStates')
  expect(states[made.published]).toEqual({ status: 'published', featured: true })
  expect(states[made.held]).toEqual({ status: 'hidden', featured: false })
})
