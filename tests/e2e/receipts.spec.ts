import type { Page } from '@playwright/test'
import { SANDBOX_SELLER } from '#sandbox/pix/institution.ts'
import { expect, hydrated, test } from '../support/browser/fixtures.ts'
import { signIn } from '../support/browser/sign-in.ts'
import { specServer } from '../support/browser/spec-server.ts'

// Issue 33 points 4 and 10 end to end, against the local Pix server: she pays the same plan's QR
// code twice, and her history lists both Pix, the second one returned and why; each has a
// printable receipt naming the seller and its CNPJ, printed without the site around it. The
// client's gift has its receipt too. In Portuguese and in English.

let username = ''

test.describe.configure({ mode: 'serial' })
test.use({ locale: 'pt-BR' })

const PROVIDER = { email: 'estrela@example.com', password: 'senha-forte-123' }
const CLIENT = { email: 'presenteador@example.com', password: 'senha-do-cliente-123' }
/** The seller's rows of a receipt, as their text runs on (label, value). */
const SELLER_PT = `Vendedor${SANDBOX_SELLER.name}CNPJ do vendedor${SANDBOX_SELLER.taxId}`
const SELLER_EN = `Seller${SANDBOX_SELLER.name}Seller’s CNPJ${SANDBOX_SELLER.taxId}`

const spec = specServer({
  pix: true,
  env: ({ pix }) => ({ DEMO_DATA: '0', GIFTS: '1', ...pix.env() }),
  prepare: ({ helper }) => {
    helper('createClient', CLIENT.email, CLIENT.password)
    username = helper('createGiftableProfile', '52998224725').username
  },
})
const base = () => spec.base()

/** Printed, the receipt is alone: no header, footer, tabs or buttons. */
async function printsAlone(page: Page, title: string) {
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
  await expect(page.getByRole('banner')).toBeHidden()
  await expect(page.getByRole('contentinfo')).toBeHidden()
  await expect(page.locator('main button:visible, main a:visible')).toHaveCount(0)
  await page.emulateMedia({ media: 'screen' })
}

test('a renewal paid twice: both Pix in her history, each with its receipt, in pt and en', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signIn(page, base(), PROVIDER, { leavesAuth: true })
  await page.goto(`${base()}/dashboard/plan`)
  await hydrated(page)
  await page
    .getByRole('row', { name: /Básico/ })
    .getByRole('button', { name: 'Assinar Básico' })
    .click()
  await expect(page).toHaveURL(/\/dashboard\/plan\/pix\/[0-9a-f-]{36}$/)
  const charge = spec.pix.chargeOfBrCode(await page.getByLabel('Pix Copia e Cola').inputValue())
  const first = await spec.pix.pay(charge.txid)
  const second = await spec.pix.pay(charge.txid)
  expect([first.webhookStatus, second.webhookStatus]).toEqual([200, 200])

  await page.goto(`${base()}/dashboard/plan`)
  const history = page.getByRole('table', {
    name: 'Pagamentos por Pix, do mais recente ao mais antigo',
  })
  const returned = history.getByRole('row').nth(1)
  const credited = history.getByRole('row').nth(2)
  await expect(history.getByRole('row')).toHaveCount(3)
  await expect(returned).toContainText('Plano Básico, 30 dias')
  await expect(returned).toContainText('Devolvido')
  await expect(returned).toContainText('Pix repetido: a cobrança já estava paga.')
  await expect(credited).toContainText('Pago')
  await expect(credited).toContainText('Plano válido até')

  await returned.getByRole('link', { name: /^Recibo do Pix de/ }).click()
  await expect(page).toHaveURL(`${base()}/dashboard/plan/receipt/${second.endToEndId}`)
  const receipt = page.getByRole('region', { name: 'Recibo de pagamento por Pix' })
  await expect(receipt).toContainText(SELLER_PT)
  await expect(receipt).toContainText('Plano Básico, 30 dias')
  await expect(receipt).toContainText(charge.txid)
  await expect(receipt).toContainText(second.endToEndId)
  await expect(receipt).toContainText('(horário de Brasília)')
  await expect(page.getByTestId('receipt-state')).toContainText('Devolvido')
  await printsAlone(page, 'Recibo de pagamento por Pix')

  await page.goto(`${base()}/language/en?to=/dashboard/plan/receipt/${first.endToEndId}`)
  const english = page.getByRole('region', { name: 'Receipt of a payment by Pix' })
  await expect(english).toContainText(SELLER_EN)
  await expect(english).toContainText('Basic plan, 30 days')
  await expect(english).toContainText('(Brasília time)')
  await expect(page.getByTestId('receipt-state')).toHaveText('Paid')
  await page.getByRole('link', { name: 'Back to payments' }).click()
  const englishHistory = page.getByRole('table', { name: 'Payments by Pix, newest first' })
  await expect(englishHistory.getByRole('row').nth(1)).toContainText('Returned')
  await expect(englishHistory.getByRole('row').nth(1)).toContainText(
    'A repeated Pix: the charge was already paid.',
  )
  await expect(englishHistory.getByRole('row').nth(2)).toContainText('Paid')
})

test('a gift’s receipt names the seller and the profile, in pt and en', async ({ page }) => {
  test.setTimeout(90_000)
  await signIn(page, base(), CLIENT, { leavesAuth: true })
  await page.goto(`${base()}/acompanhante/${username}/presente`)
  await hydrated(page)
  await page.getByRole('radio', { name: 'R$ 50' }).check()
  await page.getByRole('button', { name: 'Continuar para o Pix' }).click()
  await expect(page).toHaveURL(/\/client-dashboard\/gifts\/pix\/[0-9a-f-]{36}$/)
  const charge = spec.pix.chargeOfBrCode(await page.getByLabel('Pix Copia e Cola').inputValue())
  const paid = await spec.pix.pay(charge.txid)

  await page.goto(`${base()}/client-dashboard/gifts`)
  await page.getByRole('link', { name: 'Ver o recibo' }).click()
  await expect(page).toHaveURL(/\/client-dashboard\/gifts\/receipt\/[0-9a-f-]{36}$/)
  const receipt = page.getByRole('region', { name: 'Recibo de pagamento por Pix' })
  await expect(receipt).toContainText(SELLER_PT)
  await expect(receipt).toContainText('Presente para Estrela Azul')
  await expect(receipt).toContainText('R$ 50,00')
  await expect(receipt).toContainText(paid.endToEndId)
  await expect(page.getByTestId('receipt-state')).toHaveText('Pago')
  await printsAlone(page, 'Recibo de pagamento por Pix')

  await page.goto(`${base()}/language/en?to=${new URL(page.url()).pathname}`)
  const english = page.getByRole('region', { name: 'Receipt of a payment by Pix' })
  await expect(english).toContainText(SELLER_EN)
  await expect(english).toContainText('Gift to Estrela Azul')
  await expect(page.getByTestId('receipt-state')).toHaveText('Paid')
})
