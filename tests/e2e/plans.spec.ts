import type { Page } from '@playwright/test'
import { nextCode } from '#tests/support/totp.ts'
import { authenticatorKey, rememberKey, signInAdmin } from '../support/browser/admin-sign-in.ts'
import { expect, hydrated, test } from '../support/browser/fixtures.ts'
import { SIGN_IN_TIMEOUT as SIGN_IN, signIn } from '../support/browser/sign-in.ts'
import { specServer } from '../support/browser/spec-server.ts'
import { makeProofsStale } from '../support/browser/storage-query.ts'

// Plans paid by Pix end to end (issue 21): a server of its own with Pix configured against the
// local Pix server (mutual TLS, its webhook calling the site back). The team sets a price; a
// provider compares the plans, buys VIP+, pays the QR code's charge at the 'bank', and her page
// says so by itself; her card then leads the city's listing, ahead of a rival on Ouro; the team
// sees the payment and the day's revenue.

let made: { buyer: string; rival: string }

test.describe.configure({ mode: 'serial' })
test.use({ locale: 'pt-BR' })

const PROVIDER = { email: 'estrela@example.com', password: 'senha-forte-123' }
const ADMIN = { email: 'equipe-planos@example.com', password: 'senha-da-equipe-123' }

// A first start migrates the storage; the helpers write while the server is stopped.
const spec = specServer({
  pix: true,
  env: ({ pix }) => ({ DEMO_DATA: '0', ...pix.env() }),
  prepare: ({ helper, createAdmin }) => {
    made = helper('createPlanRivals')
    expect(made.buyer).toBe('estrela-azul')
    createAdmin(ADMIN)
  },
})
const base = () => spec.base()

/** The names on the city's cards, in their order. */
async function recifeNames(page: Page): Promise<string[]> {
  await page.goto(`${base()}/pt/acompanhantes/recife`)
  return page.locator('main article h2, main article h3').allInnerTexts()
}

test('the team sets the price of VIP+, with a reason', async ({ page }) => {
  // Her first sign-in sets up two-step verification (issue 23) and ends on /admin.
  await signInAdmin(page, base(), ADMIN)
  await page.getByRole('link', { name: 'Planos' }).click()
  await expect(page).toHaveURL(`${base()}/admin/plans`)
  await hydrated(page)
  const vip = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'VIP+' }) })
  await expect(vip).toContainText('R$ 249,00')
  await vip.getByLabel('Novo preço (R$)').fill('199,00')
  await vip.getByLabel('Motivo').fill('Promoção de fim de ano')
  await vip.getByRole('button', { name: 'Salvar preço' }).click()
  await expect(page.getByText('Novo preço do plano VIP+: R$ 199,00.')).toBeVisible()
})

test('a provider buys VIP+ by Pix, her page says so by itself, and her card moves first', async ({
  page,
}) => {
  test.setTimeout(120_000)
  expect(await recifeNames(page)).toEqual(['Lua Serena', 'Estrela Azul'])

  await signIn(page, base(), PROVIDER)
  await expect(page).toHaveURL(`${base()}/dashboard`, SIGN_IN)
  await page.getByRole('link', { name: 'Ver e mudar de plano' }).click()
  await expect(page).toHaveURL(`${base()}/dashboard/plan`)
  await expect(page.getByText('Plano atual: Gratuito')).toBeVisible()
  const vip = page.getByRole('row', { name: /VIP\+/ })
  await expect(vip).toContainText('1º grupo')
  await expect(vip).toContainText('100 fotos')
  await expect(vip).toContainText('R$ 199,00')
  await hydrated(page)
  await vip.getByRole('button', { name: 'Assinar VIP+' }).click()

  await expect(page).toHaveURL(/\/dashboard\/plan\/pix\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: 'Pague com Pix' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'QR code do Pix de R$ 199,00' })).toBeVisible()
  const code = await page.getByLabel('Pix Copia e Cola').inputValue()
  // As a bank app reads it: the charge at the code's location (the institution may send no
  // 'copia e cola' of its own; the site then builds it, issue 31).
  const charge = spec.pix.chargeOfBrCode(code)
  expect(charge?.valor.original).toBe('199.00')
  await expect(page.getByText('Aguardando o pagamento.')).toBeVisible()
  await hydrated(page)
  // Issue 33 point 9: 'Já paguei' before paying says nothing came, when the bank was asked,
  // and that it is asked again; the plan page leads back to the charge still waiting.
  const chargeUrl = page.url()
  await page.getByRole('link', { name: 'Já paguei: verificar agora' }).click()
  await expect(
    page.getByText(/^Nenhum pagamento chegou até agora: consultamos o banco às \d\d:\d\d:\d\d/),
  ).toBeVisible()
  await page.goto(`${base()}/dashboard/plan`)
  const waiting = page.getByRole('region', { name: 'Pix aguardando pagamento' })
  await expect(waiting).toContainText(
    /Plano VIP\+ por 30 dias: R\$\s199,00, pode ser pago até \d\d:\d\d/,
  )
  await waiting.getByRole('link', { name: 'Abrir o Pix' }).click()
  await expect(page).toHaveURL(chargeUrl)
  await hydrated(page)

  // The payer's bank pays; the institution calls the site's webhook; the page, left alone,
  // shows the payment.
  const paid = await spec.pix.pay(charge?.txid ?? '')
  expect(paid.webhookStatus).toBe(200)
  await expect(page.getByRole('heading', { name: 'Pagamento recebido' })).toBeVisible({
    timeout: 15_000,
  })
  await expect(page.getByText(/Seu plano VIP\+ já está valendo, até/)).toBeVisible()

  expect(await recifeNames(page)).toEqual(['Estrela Azul', 'Lua Serena'])
  await expect(page.locator('main article').first()).toContainText('VIP+')

  await page.goto(`${base()}/dashboard/plan`)
  await expect(page.getByText('Plano atual: VIP+')).toBeVisible()
  const history = page.getByRole('table', {
    name: 'Pagamentos por Pix, do mais recente ao mais antigo',
  })
  await expect(history.getByRole('row').nth(1)).toContainText('Plano VIP+, 30 dias')
  await expect(history.getByRole('row').nth(1)).toContainText('R$ 199,00')
  await expect(history.getByRole('row').nth(1)).toContainText('Pago')
  await expect(page.getByRole('row', { name: /VIP\+/ }).getByRole('button')).toHaveText(
    'Renovar VIP+',
  )
})

test('the team sees the payment and the day’s revenue', async ({ page }) => {
  // Her second sign-in asks for her app's code.
  await signInAdmin(page, base(), ADMIN)
  await page.getByRole('link', { name: 'Pagamentos' }).click()
  await expect(page).toHaveURL(`${base()}/admin/payments`)
  const received = page.getByRole('listitem').filter({ hasText: 'Plano VIP+, 30 dias' })
  await expect(received).toContainText('R$ 199,00')
  await expect(received).toContainText('Creditado')
  await expect(received).toContainText(made.buyer)
  const daily = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Receita por dia' }) })
  await expect(daily.getByRole('row').filter({ hasText: 'R$ 199,00' }).first()).toBeVisible()
})

test('in English, another plan is offered with the rest of hers as credit', async ({ page }) => {
  test.setTimeout(90_000)
  await signIn(page, base(), PROVIDER)
  await expect(page).toHaveURL(`${base()}/dashboard`, SIGN_IN)
  await page.goto(`${base()}/language/en?to=/dashboard/plan`)
  await expect(page.getByRole('heading', { name: 'Your plan' })).toBeVisible()
  await expect(page.getByText('Current plan: VIP+')).toBeVisible()
  const gold = page.getByRole('row', { name: /Gold/ })
  await expect(gold).toContainText('2nd group')
  await expect(gold).toContainText(/with \d+ days of credit from your current plan/)
  await hydrated(page)
  await gold.getByRole('button', { name: 'Switch to Gold' }).click()
  await expect(page.getByRole('heading', { name: 'Pay by Pix' })).toBeVisible()
  await expect(page.getByText('Gold plan for 30 days')).toBeVisible()
  await expect(page.getByRole('img', { name: /^Pix QR code for R\$179\.00$/ })).toBeVisible()
  await hydrated(page)
  await page.getByRole('link', { name: 'I have paid: check now' }).click()
  await expect(page.getByText(/^No payment has arrived yet: we asked the bank at /)).toBeVisible()
  await page.goto(`${base()}/dashboard/plan`)
  await expect(page.getByRole('region', { name: 'Pix waiting for payment' })).toContainText(
    /Gold plan for 30 days: R\$179\.00, can be paid until/,
  )
})

// Issue 30 point 7: sending money back asks who is there again, and keeps what was typed.
test('the team sends a payment back after a stale proof: a code, and it goes with the reason typed before', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const reason = 'Cobrada duas vezes, pedido da anunciante'
  await signInAdmin(page, base(), ADMIN)
  const key = authenticatorKey(base(), ADMIN.email) ?? ''
  // Eleven minutes later, as far as her session's proofs go.
  // The page leaves first: a page left open asks the stopped server for more of the app.
  await page.goto('about:blank')
  await spec.server.stop()
  await makeProofsStale(spec.storage, ADMIN.email)
  await spec.start()
  // The restarted server listens elsewhere: her authenticator is the same.
  rememberKey(base(), ADMIN.email, key)
  await page.goto(`${base()}/admin/payments`)
  await hydrated(page)
  const received = page.getByRole('listitem').filter({ hasText: 'Plano VIP+, 30 dias' })
  await received.getByText('Devolver este pagamento').click()
  await received.getByLabel('Manter o plano como está').check()
  await received.getByLabel('Motivo').fill(reason)
  await received.getByRole('button', { name: 'Devolver R$ 199,00' }).click()

  await expect(page).toHaveURL(/\/auth\/confirm\?next=%2Fadmin%2Fpayments&form=[\w-]{24}$/)
  await expect(page.getByText('O que você digitou foi guardado')).toBeVisible()
  expect(spec.pix.refunds()).toEqual([])
  await hydrated(page)
  // A code of a step after every one used so far (sign-ins of this file's earlier tests may
  // have used this step's and the next): each is accepted once (issue 30 point 6).
  await page.getByLabel('Código', { exact: true }).fill(await nextCode(key))
  await page.getByRole('button', { name: 'Confirmar com o código' }).click()

  // Back on the page with the refund asked for, nothing typed again.
  await expect(page).toHaveURL(`${base()}/admin/payments`)
  await expect(page.getByText('Devolução pedida. A situação dela aparece na lista.')).toBeVisible()
  await expect(received).toContainText(reason)
  expect(spec.pix.refunds()).toHaveLength(1)
})

/** With AUDIT_SCREENSHOTS=DIR, the page at a phone's and a desktop's width (issue 33's look). */
async function shoot(page: Page, name: string) {
  const dir = process.env.AUDIT_SCREENSHOTS
  if (!dir) return
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 720 })
}

/** Reloads `page` until `check` passes (the institution settles refunds after the page was drawn). */
async function reloadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload()
    await check()
  }).toPass({ timeout: 20_000 })
}

// Issue 33 points 1 and 14: the team sends a plan's Pix back choosing what happens to the plan,
// the institution does not make the refund, and the team tries again.
test('the team refunds a plan’s Pix taking its days back; a refund not made is tried again (pt, en)', async ({
  page,
}) => {
  test.setTimeout(150_000)
  // The Gold charge she opened in English is paid now.
  const gold = spec.pix.charges().find((one) => one.valor.original === '179.00')
  expect(gold).toBeDefined()
  const goldPix = await spec.pix.pay(gold?.txid ?? '')
  await signInAdmin(page, base(), ADMIN)
  await page.goto(`${base()}/language/en?to=/admin/payments`)
  const english = page.getByRole('listitem').filter({ hasText: 'Gold plan, 30 days' })
  await english.getByText('Refund this payment').click()
  await expect(english.getByText('And the plan this Pix paid for?')).toBeVisible()
  await expect(english.getByLabel('Keep the plan as it is')).toBeVisible()
  await shoot(page, 'payments-choice-en')
  await page.goto(`${base()}/language/pt?to=/admin/payments`)
  await hydrated(page)
  const received = page.getByRole('listitem').filter({ hasText: 'Plano Ouro, 30 dias' })
  await received.getByText('Devolver este pagamento').click()
  await expect(received.getByText('E o plano que este Pix pagou?')).toBeVisible()
  await shoot(page, 'payments-choice-pt')
  // Without the plan's choice: the form says what is missing, and nothing goes.
  await received.getByLabel('Motivo').fill('Cobrança em duplicidade, confirmada')
  await received.getByRole('button', { name: 'Devolver R$ 179,00' }).click()
  await expect(
    received.getByText(
      'Este Pix pagou um plano: escolha se os dias dele são retirados ou mantidos.',
    ),
  ).toBeVisible()
  expect(spec.pix.refunds()).toHaveLength(1)
  spec.pix.failRefunds(true)
  await received.getByLabel(/^Retirar os dias que este Pix pagou/).check()
  await received.getByRole('button', { name: 'Devolver R$ 179,00' }).click()
  await expect(page.getByText('Devolução pedida. A situação dela aparece na lista.')).toBeVisible()
  await spec.pix.idle()
  spec.pix.failRefunds(false)
  await reloadUntil(page, () =>
    expect(received).toContainText('Situação: recusada pela instituição'),
  )
  await shoot(page, 'payments-retry-pt')
  await hydrated(page)
  await received.getByRole('button', { name: 'Tentar de novo' }).click()
  await expect(
    page.getByText('Devolução pedida de novo. A situação dela aparece na lista.'),
  ).toBeVisible()
  await spec.pix.idle()
  await reloadUntil(page, () => expect(received).toContainText('Situação: feita'))
  await expect(received.getByRole('button', { name: 'Tentar de novo' })).toHaveCount(0)
  // Two refunds at the institution for this Pix: the one not made, and the one made.
  expect(spec.pix.refunds().filter((one) => one.endToEndId === goldPix.endToEndId)).toHaveLength(2)
  await page.goto(`${base()}/language/en?to=/admin/payments`)
  await expect(page.getByRole('listitem').filter({ hasText: 'Gold plan, 30 days' })).toContainText(
    'Status: done',
  )
  await shoot(page, 'payments-after-en')
})

// Issue 33 point 5: the fee comes from her plan and is shown before confirming; her plan's days
// stand still while she is suspended, and her plan page says so.
test('the team suspends her: her plan’s daily value, the fee before confirming; her plan page says it waits (pt, en)', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await signInAdmin(page, base(), ADMIN)
  await page.getByRole('link', { name: 'Perfis e contas' }).click()
  await page.getByLabel('Nome, usuário, e-mail ou cidade').fill(made.buyer)
  await page.getByRole('button', { name: 'Buscar' }).click()
  await page
    .locator('main li')
    .filter({ has: page.getByText(made.buyer, { exact: true }) })
    .getByRole('link', { name: 'Abrir perfil' })
    .click()
  await expect(page.getByRole('heading', { name: /^Perfil de / })).toBeVisible()
  const profileUrl = page.url()
  await expect(
    page.getByText(/^Valor diário do plano Ouro dela: R\$\s5,97 \(R\$\s179,00 por 30 dias\)/),
  ).toBeVisible()
  await hydrated(page)
  const suspend = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Ver a taxa e confirmar' }) })
  await suspend.getByLabel('Dias').fill('3')
  await expect(suspend.getByText('Taxa de retorno: R$ 17,91')).toBeVisible()
  await suspend.getByLabel('Motivo', { exact: true }).fill('Fotos de outra pessoa')
  await suspend.getByRole('button', { name: 'Ver a taxa e confirmar' }).click()
  await expect(page.getByText('Confirme a suspensão')).toBeVisible()
  await expect(
    page.getByText('Taxa de retorno: R$ 17,91 (3 dias × R$ 5,97, plano Ouro).'),
  ).toBeVisible()
  await shoot(page, 'suspend-preview-pt')
  // A fee of the team's own needs its reason, and is read in reais.
  await suspend.getByText('Definir outra taxa (com motivo)').click()
  await suspend.getByLabel('Taxa de retorno (R$)').fill('dez')
  await suspend.getByLabel('Motivo da taxa diferente').fill('Reincidência')
  await suspend.getByRole('button', { name: 'Ver a taxa e confirmar' }).click()
  await expect(
    suspend.getByText('Taxa: um valor em reais de R$ 0,00 a R$ 150.000,00, como 89,90.'),
  ).toBeVisible()
  await suspend.getByLabel('Taxa de retorno (R$)').fill('')
  await suspend.getByLabel('Motivo da taxa diferente').fill('')
  await suspend.getByRole('button', { name: 'Ver a taxa e confirmar' }).click()
  await page.getByRole('button', { name: 'Confirmar suspensão' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Perfil suspenso até' })).toContainText(
    'R$ 17,91',
  )
  // The rival's page in English: her Gold plan's daily value.
  await page.goto(`${base()}/language/en?to=/admin/profiles`)
  await page.getByLabel('Name, username, e-mail or city').fill(made.rival)
  await page.getByRole('button', { name: 'Search' }).click()
  await page
    .locator('main li')
    .filter({ has: page.getByText(made.rival, { exact: true }) })
    .getByRole('link', { name: 'Open profile' })
    .click()
  await expect(page.getByText(/^Daily value of her Gold plan: R\$5\.97/)).toBeVisible()
  await hydrated(page)
  const english = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'See the fee and confirm' }) })
  await english.getByLabel('Days').fill('2')
  await english.getByLabel('Reason', { exact: true }).fill('Photos of someone else')
  await english.getByRole('button', { name: 'See the fee and confirm' }).click()
  await expect(page.getByText('Return fee: R$11.94 (2 days × R$5.97, Gold plan).')).toBeVisible()
  await shoot(page, 'suspend-preview-en')
  expect(profileUrl).toContain('/admin/profiles/')

  // Her plan page, suspended: the plan waits for her.
  await page.context().clearCookies()
  await signIn(page, base(), PROVIDER)
  await expect(page).toHaveURL(/\/dashboard/, SIGN_IN)
  await page.goto(`${base()}/dashboard/plan`)
  await expect(
    page.getByText(/^Seu perfil está suspenso, e os dias do seu plano estão parados/),
  ).toBeVisible()
  await expect(page.getByText('Sua suspensão tem uma taxa de retorno de R$ 17,91.')).toBeVisible()
  await shoot(page, 'plan-paused-pt')
  await page.goto(`${base()}/language/en?to=/dashboard/plan`)
  await expect(
    page.getByText(/^Your profile is suspended, and your plan’s days stand still/),
  ).toBeVisible()
  await shoot(page, 'plan-paused-en')
})
