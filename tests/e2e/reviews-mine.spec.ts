import type { Page } from '@playwright/test'
import { signInAdmin } from '../support/browser/admin-sign-in.ts'
import { expect, hydrated, test } from '../support/browser/fixtures.ts'
import { signIn } from '../support/browser/sign-in.ts'
import { specServer } from '../support/browser/spec-server.ts'

// Issue 33 points 6, 7 and 8 in Chromium, in Portuguese and English: the team sees whether and
// when a reported review's author opened the profile's contact through the site; the review page
// lists every rule with its state; the client's "My reviews" shows each review's state (a hidden
// one with the team's reason in words), edits one through the same text checks, and withdraws
// one after a confirmation that works without JavaScript.

let made: { aurora: string; bianca: string; cora: string }

const PASSWORD = 'senha-forte-123'
const ADMIN = { email: 'equipe-revisao@example.com', password: PASSWORD }
const CLIENT = 'cliente-rui@example.com'

test.describe.configure({ mode: 'serial' })
test.use({ locale: 'pt-BR' })

// A first start migrates the storage; the helper writes while the server is stopped.
const spec = specServer({
  env: () => ({ DEMO_DATA: '0' }),
  prepare: ({ helper }) => {
    made = helper('createOwnReviews', ADMIN.email, PASSWORD, CLIENT)
    expect(made.aurora && made.bianca && made.cora).toBeTruthy()
  },
})
const base = () => spec.base()

/** Switches the site's language, landing on `path`. */
async function inLanguage(page: Page, lang: 'pt' | 'en', path: string) {
  await page.goto(`${base()}/language/${lang}?to=${encodeURIComponent(path)}`)
  await expect(page).toHaveURL(`${base()}${path}`)
  await hydrated(page)
}

const signInClient = (page: Page) =>
  signIn(
    page,
    base(),
    { email: CLIENT, password: PASSWORD },
    { type: 'client', landing: /\/client-dashboard/ },
  )

test('the team sees the contact behind a "never met" report (pt, en)', async ({ page }) => {
  test.setTimeout(120_000)
  await signInAdmin(page, base(), ADMIN)
  for (const [lang, section, fact] of [
    [
      'pt',
      'Denunciadas pela anunciante',
      /Contato pelo site: aberto em .+ às \d{2}:\d{2} pelo WhatsApp, 2 dias antes da avaliação/,
    ],
    [
      'en',
      'Reported by the provider',
      /Contact through the site: opened on .+ at \d{2}:\d{2} via WhatsApp, 2 days before the review/,
    ],
  ] as const) {
    await inLanguage(page, lang, '/admin/reviews')
    const reported = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: section }) })
      .getByRole('listitem')
      .filter({ hasText: 'Atendimento gentil e pontual' })
    await expect(reported.locator('[data-fact="contact"]')).toHaveText(fact)
  }
})

test('the review page lists every rule with its state (pt, en)', async ({ page }) => {
  test.setTimeout(120_000)
  await signInClient(page)
  for (const [lang, texts] of [
    [
      'pt',
      {
        title: 'As regras para avaliar',
        account: /Conta criada em .+; pode avaliar desde .+\./,
        contact: 'Nenhum contato pelo site ainda.',
        none: 'Você ainda não avaliou este perfil.',
        met: '(cumprida)',
        unmet: '(ainda não)',
        edit: 'Ver ou editar em Minhas avaliações',
      },
    ],
    [
      'en',
      {
        title: 'The rules for reviewing',
        account: /Account created on .+; you may review since .+\./,
        contact: 'No contact through the site yet.',
        none: 'You have not reviewed this profile yet.',
        met: '(met)',
        unmet: '(not yet)',
        edit: 'See or edit it in My reviews',
      },
    ],
  ] as const) {
    // Not contacted: the contact rule unmet, the others met, all shown at once.
    await inLanguage(page, lang, `/acompanhante/${made.cora}/avaliar`)
    await expect(page.getByRole('heading', { name: texts.title })).toBeVisible()
    const rule = (name: string) => page.locator(`[data-rule="${name}"]`)
    await expect(rule('account_age')).toContainText(texts.account)
    await expect(rule('account_age')).toContainText(texts.met)
    await expect(rule('contact')).toContainText(texts.contact)
    await expect(rule('contact')).toContainText(texts.unmet)
    await expect(rule('one_review')).toContainText(texts.none)
    await expect(rule('daily_limit')).toContainText(texts.met)

    // Reviewed already: the contact's time and button, and the way to edit the review.
    await inLanguage(page, lang, `/acompanhante/${made.aurora}/avaliar`)
    await expect(rule('contact')).toContainText(lang === 'pt' ? 'pelo WhatsApp' : 'via WhatsApp')
    await expect(rule('contact')).toContainText(texts.met)
    await expect(rule('one_review')).toContainText(texts.unmet)
    await rule('one_review').getByRole('link', { name: texts.edit }).click()
    await expect(page).toHaveURL(/\/client-dashboard\/reviews#review-/)
  }
})

test('My reviews shows each state and the team’s reason in words (pt, en)', async ({ page }) => {
  test.setTimeout(120_000)
  await signInClient(page)
  for (const [lang, texts] of [
    [
      'pt',
      {
        tab: 'Minhas avaliações',
        published: 'Publicada',
        hidden: 'Ocultada pela equipe',
        reason: 'Motivo da equipe: traz telefone, perfil ou outro dado de contato.',
        edit: 'Editar avaliação',
        noEdit: 'Uma avaliação ocultada pela equipe não pode ser editada.',
      },
    ],
    [
      'en',
      {
        tab: 'My reviews',
        published: 'Published',
        hidden: 'Hidden by the team',
        reason: 'The team’s reason: it holds a phone number, a handle or other contact data.',
        edit: 'Edit review',
        noEdit: 'A review hidden by the team cannot be edited.',
      },
    ],
  ] as const) {
    await inLanguage(page, lang, '/client-dashboard')
    await page.getByRole('link', { name: texts.tab }).click()
    await expect(page).toHaveURL(`${base()}/client-dashboard/reviews`)
    await expect(page.getByRole('heading', { name: texts.tab, level: 2 })).toBeVisible()
    const aurora = page.getByRole('article').filter({ hasText: 'Aurora Lins' })
    const bianca = page.getByRole('article').filter({ hasText: 'Bianca Reis' })
    await expect(aurora.locator('[data-status]')).toHaveText(texts.published)
    await expect(aurora.getByText(texts.edit)).toBeVisible()
    await expect(bianca.locator('[data-status]')).toHaveText(texts.hidden)
    await expect(bianca).toContainText(texts.reason)
    await expect(bianca).toContainText(texts.noEdit)
    await expect(bianca.getByText(texts.edit)).toHaveCount(0)
  }
})

test('a client edits a review through the same checks, and withdraws one without JavaScript', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000)
  await signInClient(page)
  await inLanguage(page, 'pt', '/client-dashboard/reviews')
  const aurora = page.getByRole('article').filter({ hasText: 'Aurora Lins' })
  await aurora.getByText('Editar avaliação').click()
  const body = aurora.getByLabel('Sua avaliação')
  await expect(body).toHaveValue(/Atendimento gentil e pontual/)
  await body.fill('Gentil e pontual, mas me passou o número 81 99876-5432 para marcar de novo.')
  await aurora.getByRole('button', { name: 'Salvar alterações' }).click()
  await expect(aurora.getByRole('alert')).toContainText('telefone')
  await expect(body).toBeFocused()
  const clean = 'Gentil e pontual, ambiente tranquilo; só achei a conversa um pouco apressada.'
  await body.fill(clean)
  await aurora.getByRole('radio', { name: /^4 de 5 estrelas/ }).check()
  await aurora.getByRole('button', { name: 'Salvar alterações' }).click()
  await expect(aurora.getByText('Avaliação alterada e publicada.')).toBeVisible()
  await expect(aurora).toContainText(clean)
  await expect(aurora).toContainText(/editada em/)

  // Withdrawing, in a browser without JavaScript: the summary opens the confirmation.
  const noScript = await browser.newContext({ javaScriptEnabled: false, locale: 'pt-BR' })
  await noScript.addCookies(await page.context().cookies())
  const plain = await noScript.newPage()
  await plain.goto(`${base()}/client-dashboard/reviews`)
  const bianca = plain.getByRole('article').filter({ hasText: 'Bianca Reis' })
  const confirm = bianca.getByRole('button', { name: 'Sim, retirar a avaliação' })
  await expect(confirm).toBeHidden()
  await bianca.getByText('Retirar avaliação', { exact: true }).click()
  await expect(bianca).toContainText('Isto não pode ser desfeito')
  await confirm.click()
  await expect(plain.getByText('Avaliação retirada do perfil.')).toBeVisible()
  await expect(plain.getByRole('article').filter({ hasText: 'Bianca Reis' })).toHaveCount(0)
  await expect(plain.getByRole('article').filter({ hasText: 'Aurora Lins' })).toHaveCount(1)
  await noScript.close()
})
