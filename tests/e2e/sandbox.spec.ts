import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, hydrated, test } from '../support/browser/fixtures.ts'
import { createThrowawayDatabase, freePort } from './server-process.mjs'

// The payments sandbox as the README has an operator try it (issue 32 point 2): `npm run sandbox`
// itself, on a fresh DATA_DIR and free ports, then a browser. The advertiser buys a plan and
// pays it on the bank page; a client sends her a gift and pays it with its 'copia e cola'; she
// withdraws it and the bank page lists the payout. Pay twice, a wrong amount and a late Pix are
// sent back by the site, and the command refuses to start where real money could be at stake.

test.describe.configure({ mode: 'serial' })
test.use({ locale: 'pt-BR' })

const root = path.resolve(import.meta.dirname, '..', '..')

interface Account {
  email: string
  password: string
}

interface Sandbox {
  site: string
  bank: string
  provider: Account & { username: string }
  client: Account
  child: ChildProcess
  output: () => string
}

/** The environment of the command: the test runner's, without what the sandbox refuses. */
function cleanEnv(more: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('PIX_') && name !== 'NODE_ENV'),
  )
  return { ...env, ...more }
}

/** `npm run sandbox` in its own process group (Ctrl-C reaches the whole group). */
function runSandbox(env: NodeJS.ProcessEnv) {
  const child = spawn('npm', ['run', 'sandbox'], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  return { child, output: () => output, exited }
}

let sandbox: Sandbox
let notTouched = ''
const notTheSandbox = (dataDir: string) => {
  notTouched = path.join(dataDir, 'not-the-sandbox')
  return notTouched
}
let stopSandbox: () => Promise<{ code: number | null; signal: string | null }>
let cleanUp: () => Promise<void>

test.beforeAll(async () => {
  test.setTimeout(300_000)
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'aprova-sandbox-'))
  const database = process.env.DATABASE_URL
    ? await createThrowawayDatabase(process.env.DATABASE_URL)
    : undefined
  const port = await freePort()
  const run = runSandbox(
    cleanEnv({
      PORT: String(port),
      BASE_URL: `http://127.0.0.1:${port}`,
      SANDBOX_DATA_DIR: dataDir,
      SANDBOX_DATABASE_URL: database?.url ?? '',
      // The site's own storage, as in a shell with the production environment: never touched.
      DATA_DIR: notTheSandbox(dataDir),
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/production',
    }),
  )
  stopSandbox = async () => {
    const running = run.child.exitCode === null && run.child.signalCode === null
    if (running && run.child.pid) process.kill(-run.child.pid, 'SIGINT')
    return run.exited
  }
  cleanUp = async () => {
    await database?.drop()
    await rm(dataDir, { recursive: true, force: true })
  }
  await expect
    .poll(() => run.child.exitCode !== null || run.output().includes('Ctrl-C stops both'), {
      timeout: 280_000,
    })
    .toBe(true)
  const text = run.output()
  const found = (pattern: RegExp) => {
    const match = pattern.exec(text)
    if (!match) throw new Error(`not in the sandbox's output: ${pattern}\n${text}`)
    return match
  }
  const provider = found(/Advertiser: (\S+) {2}password: (\S+) {2}\(profile \/acompanhante\/(\S+),/)
  const client = found(/Client: +(\S+) {2}password: (\S+)/)
  sandbox = {
    site: found(/Site: +(\S+)/)[1] ?? '',
    bank: found(/Bank page: (\S+)/)[1] ?? '',
    provider: {
      email: provider[1] ?? '',
      password: provider[2] ?? '',
      username: provider[3] ?? '',
    },
    client: { email: client[1] ?? '', password: client[2] ?? '' },
    child: run.child,
    output: run.output,
  }
})

test.afterAll(async () => {
  await stopSandbox?.()
  await cleanUp?.()
})

async function signIn(page: Page, account: Account) {
  await page.context().clearCookies()
  await page.context().addCookies([{ name: 'aprova-age', value: '1', url: sandbox.site }])
  await page.goto(`${sandbox.site}/auth?mode=login`)
  await hydrated(page)
  await page.getByLabel('E-mail').fill(account.email)
  await page.getByLabel('Senha').fill(account.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).not.toHaveURL(/\/auth/, { timeout: 15_000 })
}

/** The bank page's card of the open charge of `amount` ('249.00'). */
function openCharge(bank: Page, amount: string) {
  return bank
    .getByRole('listitem')
    .filter({ hasText: `R$ ${amount}` })
    .last()
}

/**
 * The advertiser starts buying plan `tier` (or renewing it, or changing to it): the Pix page's
 * amount as the API Pix writes it ('249.00').
 */
async function startPlanCharge(page: Page, tier: string): Promise<string> {
  await page.goto(`${sandbox.site}/dashboard/plan`)
  await hydrated(page)
  await page
    .getByRole('row', { name: new RegExp(tier.replace('+', '\\+')) })
    .getByRole('button')
    .click()
  await expect(page).toHaveURL(/\/dashboard\/plan\/pix\/[0-9a-f-]{36}$/)
  const qr = page.getByRole('img', { name: /^QR code do Pix de R\$/ })
  const label = (await qr.getAttribute('aria-label')) ?? (await qr.getAttribute('alt'))
  const [reais = '', cents = ''] = (/R\$\s*([\d.]+),(\d\d)$/.exec(label ?? '') ?? []).slice(1)
  return `${reais.replaceAll('.', '')}.${cents}`
}

test('the advertiser buys a plan and pays it on the bank page', async ({ page, context }) => {
  test.setTimeout(120_000)
  await signIn(page, sandbox.provider)
  expect(await startPlanCharge(page, 'VIP+')).toBe('249.00')
  await expect(page.getByText('Aguardando o pagamento.')).toBeVisible()
  await hydrated(page)

  const bank = await context.newPage()
  await bank.goto(sandbox.bank)
  await openCharge(bank, '249.00').getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(bank.getByRole('status')).toContainText('the site answered 200')

  // The site's page, left alone, shows the payment.
  await expect(page.getByRole('heading', { name: 'Pagamento recebido' })).toBeVisible({
    timeout: 15_000,
  })
  await page.goto(`${sandbox.site}/dashboard/plan`)
  await expect(page.getByText('Plano atual: VIP+')).toBeVisible()
})

test('a client sends a gift and pays it by pasting its code in the bank', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  await signIn(page, sandbox.client)
  await page.goto(`${sandbox.site}/acompanhante/${sandbox.provider.username}`)
  await page.getByRole('link', { name: 'Enviar presente' }).first().click()
  await hydrated(page)
  await page.getByRole('radio', { name: 'R$ 50' }).check()
  await page.getByRole('button', { name: 'Continuar para o Pix' }).click()
  await expect(page).toHaveURL(/\/client-dashboard\/gifts\/pix\/[0-9a-f-]{36}$/)
  const code = await page.getByLabel('Pix Copia e Cola').inputValue()
  await hydrated(page)

  const bank = await context.newPage()
  await bank.goto(sandbox.bank)
  await bank.getByLabel('Paste the code the site shows under its QR code').fill(code)
  await bank.getByRole('button', { name: 'Pay this code' }).click()
  await expect(bank.getByRole('status')).toContainText('the site answered 200')
  await expect(page.getByRole('heading', { name: 'Presente enviado' })).toBeVisible({
    timeout: 15_000,
  })
})

test('the advertiser withdraws the gift; the bank page lists the payout', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  await signIn(page, sandbox.provider)
  // In the sandbox a gift is available once paid (PIX_SANDBOX), released within seconds.
  await expect
    .poll(
      async () => {
        await page.goto(`${sandbox.site}/dashboard/gifts`)
        return page.getByText('Disponível agora: R$ 50,00').isVisible()
      },
      { timeout: 30_000 },
    )
    .toBe(true)
  await hydrated(page)
  await page.getByLabel('Valor do saque (R$)').fill('50')
  await page.getByLabel('Chave Pix: seu CPF').fill('529.982.247-25')
  await page.getByRole('button', { name: 'Ver a tarifa e continuar' }).click()
  await expect(page.getByRole('heading', { name: 'Confira o seu saque' })).toBeVisible()
  await hydrated(page)
  await page.getByRole('button', { name: 'Confirmar o saque' }).click()
  await expect(page).toHaveURL(`${sandbox.site}/dashboard/gifts?withdrawal=asked`)

  const bank = await context.newPage()
  await bank.goto(sandbox.bank)
  const payouts = bank.locator('section').filter({ hasText: 'Payouts sent by the site' })
  await expect(payouts.getByRole('row').nth(1)).toContainText('R$ 49.35')
  await expect(payouts.getByRole('row').nth(1)).toContainText('52998224725')
  await expect(payouts.getByRole('row').nth(1)).toContainText('REALIZADO')
})

test('paid twice, a wrong amount or late: the site sends the money back', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000)
  await signIn(page, sandbox.provider)
  const bank = await context.newPage()
  const refunds = bank.locator('section').filter({ hasText: 'Refunds sent back by the site' })
  // A plan each: a charge the site still holds open (its Pix sent back) is offered again.
  const cases: [tier: string, button: string, refunded: (amount: string) => string][] = [
    ['VIP+', 'Pay twice', (amount) => amount],
    ['Ouro', 'Pay a wrong amount', (amount) => (Number(amount) - 1).toFixed(2)],
    ['Prata', 'Pay late', (amount) => amount],
  ]
  for (const [index, [tier, button, refunded]] of cases.entries()) {
    const amount = await startPlanCharge(page, tier)
    await bank.goto(sandbox.bank)
    await openCharge(bank, amount).getByRole('button', { name: button }).click()
    await expect(bank.getByRole('status')).toContainText('The site should send')
    // The refund is asked for and settled on the way; the page lists it once it is.
    await expect
      .poll(
        async () => {
          await bank.goto(sandbox.bank)
          return refunds.getByRole('row').count()
        },
        { timeout: 20_000 },
      )
      .toBe(index + 2)
    await expect(refunds.getByRole('row').nth(1)).toContainText(`R$ ${refunded(amount)}`)
  }
})

test('Ctrl-C stops the site and the bank page', async () => {
  test.setTimeout(60_000)
  // npm itself ends by the signal it was sent; the sandbox under it stops the site cleanly.
  const { code, signal } = await stopSandbox()
  expect(code === 0 || signal === 'SIGINT').toBe(true)
  expect(sandbox.output()).toContain('"msg":"stopped"')
  // The site's own DATA_DIR and DATABASE_URL were set, and left alone.
  expect(sandbox.output()).toContain('DATABASE_URL is set and is not used')
  expect(existsSync(notTouched)).toBe(false)
  await expect(fetch(`${sandbox.site}/healthz`)).rejects.toThrow()
  await expect(fetch(sandbox.bank)).rejects.toThrow()
})

test('it refuses to start with NODE_ENV=production or a real PIX_* variable', async () => {
  test.setTimeout(120_000)
  const production = runSandbox({ ...cleanEnv({}), NODE_ENV: 'production' })
  expect((await production.exited).code).not.toBe(0)
  expect(production.output()).toContain('does not run with NODE_ENV=production')
  const real = runSandbox(cleanEnv({ PIX_API_URL: 'https://pix.example.com/api/v2' }))
  expect((await real.exited).code).not.toBe(0)
  expect(real.output()).toContain('PIX_API_URL is set: that points at a real one')
})
