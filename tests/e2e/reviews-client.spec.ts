import type { Page } from '@playwright/test'
import { EXPLICIT_TERMS } from '#app/domain/review-words.ts'
import { expect, hydrated, test } from '../support/browser/fixtures.ts'
import { specServer } from '../support/browser/spec-server.ts'

// Issue 20 from the client's side: a visitor is told to sign in; a client signs in from the
// review page, is told a new account waits, contacts the profile through its WhatsApp button, is
// told to wait the 24 hours, and (the account and the contact aged by a helper while the server
// is stopped) writes a review: an explicit word is refused with its message, a clean text is
// published.

let username = ''

test.describe.configure({ mode: 'serial' })
test.use({ locale: 'pt-BR' })

const CLIENT = { email: 'avaliadora@example.com', password: 'senha-do-cliente-123' }

const spec = specServer({
  env: () => ({ DEMO_DATA: '0' }),
  prepare: ({ helper }) => {
    helper('createClient', CLIENT.email, CLIENT.password)
    username = helper('createReviewableProfile').username
    expect(username).toBeTruthy()
  },
})

async function open(page: Page, path: string) {
  await page.context().addCookies([{ name: 'aprova-age', value: '1', url: spec.base() }])
  await page.goto(`${spec.base()}${path}`)
  await hydrated(page)
}

const reviewPath = () => `/acompanhante/${username}/avaliar`

for (const [lang, title, login, signup] of [
  ['pt', 'Entre para avaliar', 'Entrar', 'Criar conta de cliente'],
  ['en', 'Sign in to review', 'Log in', 'Create a client account'],
] as const) {
  test(`a visitor on the review page is told to sign in, and how (${lang}) @phone`, async ({
    page,
  }) => {
    await open(page, `/language/${lang}?to=${encodeURIComponent(reviewPath())}`)
    await expect(page).toHaveURL(`${spec.base()}${reviewPath()}`)
    const main = page.getByRole('main')
    await expect(main.getByText(title)).toBeVisible()
    await expect(main.getByRole('radio')).toHaveCount(0)
    const here = encodeURIComponent(reviewPath())
    await expect(main.getByRole('link', { name: login, exact: true })).toHaveAttribute(
      'href',
      new RegExp(`mode=login&type=client&from=${here}&next=${here}`),
    )
    await expect(main.getByRole('link', { name: signup, exact: true })).toHaveAttribute(
      'href',
      new RegExp(`mode=signup&type=client&from=${here}&next=${here}`),
    )
  })
}

test('a client signs in, contacts the profile, waits, then writes a review', async ({ page }) => {
  test.setTimeout(180_000)
  await open(page, reviewPath())
  await page.getByRole('main').getByRole('link', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(/\/auth\?mode=login/)
  await hydrated(page)
  await page.getByLabel('E-mail').fill(CLIENT.email)
  await page.getByLabel('Senha', { exact: true }).fill(CLIENT.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  // Back on the review page: a new account waits 7 days, and is told until when. (Signing in
  // hashes the password: slow on a loaded machine.)
  await expect(page).toHaveURL(`${spec.base()}${reviewPath()}`, { timeout: 15_000 })
  await expect(page.getByText('Sua conta é muito nova')).toBeVisible()
  await expect(page.getByText(/Você poderá avaliar a partir de .+ às \d{2}:\d{2}/)).toBeVisible()

  // The profile's WhatsApp button (wa.me answered here: nothing leaves the machine).
  await hydrated(page)
  await page.getByRole('main').getByRole('link', { name: 'Voltar ao perfil' }).click()
  await expect(page).toHaveURL(`${spec.base()}/acompanhante/${username}`)
  await page.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>wa</title><p>ok</p>' }),
  )
  await hydrated(page)
  await page.locator(`a[href*="/whatsapp"]:visible`).first().click()
  await expect(page).toHaveURL(/^https:\/\/wa\.me\//)

  // A month-old account: now the contact is too recent, and the page says from when.
  await spec.server.stop()
  expect(spec.helper('ageReviewer', CLIENT.email, 'account')).toEqual({ contacts: 1 })
  await spec.start()
  await open(page, reviewPath())
  await expect(page.getByText('Contato muito recente')).toBeVisible()
  await expect(page.getByText(/Você poderá avaliar a partir de .+ às \d{2}:\d{2}/)).toBeVisible()

  // A contact of two days ago.
  await spec.server.stop()
  expect(spec.helper('ageReviewer', CLIENT.email, 'contact')).toEqual({ contacts: 1 })
  await spec.start()

  await open(page, reviewPath())
  await expect(page.getByRole('heading', { name: /^Avaliar / })).toBeVisible()
  await page.getByRole('radio', { name: /^4 de 5 estrelas/ }).check()
  await page.getByRole('radio', { name: 'Sim', exact: true }).check()
  const explicit = EXPLICIT_TERMS.pt.find((term) => !term.includes(' ')) ?? ''
  const body = page.getByLabel('Sua avaliação')
  await body.fill(`Foi tudo muito bom, ${explicit} e uma conversa agradável.`)
  await page.getByRole('button', { name: 'Publicar avaliação' }).click()
  await expect(page.getByText('Tire termos sexuais explícitos do texto')).toBeVisible()
  await expect(body).toBeFocused()

  const clean =
    'Pontual, educada e simpática; o lugar era limpo e tranquilo e as fotos são dela mesmo.'
  await body.fill(clean)
  await page.getByLabel('Pode ser citada na página inicial').check()
  await page.getByRole('button', { name: 'Publicar avaliação' }).click()
  await expect(page.getByText('Avaliação publicada')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Ver as avaliações' })).toHaveAttribute(
    'href',
    `/acompanhante/${username}#avaliacoes`,
  )

  // Stored as sent, and published.
  await spec.server.stop()
  expect(spec.helper('reviewsBy', CLIENT.email)).toEqual({
    reviews: [{ status: 'published', rating: 4, photosMatch: true, body: clean, quotable: true }],
  })
  await spec.start()
  // The review page now says it was reviewed.
  await open(page, reviewPath())
  await expect(page.getByText('Você já avaliou este perfil')).toBeVisible()
})
