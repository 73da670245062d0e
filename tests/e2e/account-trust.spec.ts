import type { Browser, BrowserContext, Page } from '@playwright/test'
import { signInAdmin } from '../support/browser/admin-sign-in.ts'
import { expect, hydrated, test } from '../support/browser/fixtures.ts'
import { signIn } from '../support/browser/sign-in.ts'
import { specServer } from '../support/browser/spec-server.ts'
import { linkIn, type ReceivedMail } from '../support/smtp-server.ts'

// Issue 30 points 1 and 2 end to end, in Chromium, with mail over SMTP: a stranger's
// pre-registration of someone's address never becomes an account he holds the password of, up
// to the team's area; and a confirmation link never swaps a signed-in browser into its account.

test.describe.configure({ mode: 'serial' })
test.use({ locale: 'pt-BR' })

const ADMIN = { email: 'chefia@example.com', password: 'senha-da-chefia-123' }
const ATTACKER_PASSWORD = 'senha-do-invasor-1'
const HER_PASSWORD = 'senha-da-ana-123'
const HER_NEW_PASSWORD = 'senha-nova-da-ana-456'

/** Hashing a password, sending a mail, a confirmation's way: slow on a loaded machine. */
const SLOW = { timeout: 15_000 }

// Each person browses from a network of their own (a forwarded address the server trusts from
// loopback): his wrong passwords on her address slow his network, never hers (issue 30 point 4).
const spec = specServer({
  smtp: true,
  env: ({ smtp }) => ({ SMTP_URL: smtp.url, DEMO_DATA: '0', TRUST_PROXY: '127.0.0.1' }),
  // Someone registers the address meant for the first admin before the team does.
  beforeStop: async ({ server }) => {
    const squatted = await fetch(`${server.baseUrl}/auth`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: server.baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        intent: 'client-sign-up',
        email: ADMIN.email,
        password: ATTACKER_PASSWORD,
        confirmPassword: ATTACKER_PASSWORD,
        displayName: 'Equipe Aprova',
        about: 'Gosto de boas conversas.',
        dateOfBirth: '20/05/1990',
        acceptTerms: 'on',
        acceptPolicies: 'on',
      }),
    })
    expect(squatted.status).toBe(302)
  },
  // The first admin, from the command line, while the server is stopped: the unconfirmed
  // account on her address gives way.
  prepare: ({ createAdmin }) => {
    createAdmin(ADMIN)
  },
})
const base = () => spec.base()

/** A browser of its own (its own cookies), past the age gate. */
async function browserOf(
  browser: Browser,
  network?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: 'pt-BR',
    javaScriptEnabled: true,
    ...(network ? { extraHTTPHeaders: { 'X-Forwarded-For': network } } : {}),
  })
  await context.addCookies([{ name: 'aprova-age', value: '1', url: base() }])
  return { context, page: await context.newPage() }
}

/** The client sign-up card of /auth, sent. */
async function signUpClient(page: Page, email: string, password: string, name: string) {
  await page.goto(`${base()}/auth?mode=signup&type=client`)
  await hydrated(page)
  await page.getByLabel('Nome de exibição', { exact: true }).fill(name)
  await page.getByLabel('E-mail', { exact: true }).fill(email)
  await page.getByLabel('Senha', { exact: true }).fill(password)
  await page.getByLabel('Confirmar senha', { exact: true }).fill(password)
  await page.getByLabel('Sobre você', { exact: true }).fill('Gosto de boas conversas.')
  await page.getByLabel('Data de nascimento', { exact: true }).fill('20/05/1990')
  await page.getByLabel(/Li e aceito/).check()
  await page.getByLabel(/Declaro ter 18 anos/).check()
  await page.getByRole('button', { name: 'Criar conta de cliente' }).click()
  await expect(page).toHaveURL(/\/auth\?mode=login&type=client$/, SLOW)
}

/** The `count`th confirmation e-mail to `to` (waiting for it), newest when it is the last. */
async function confirmationMail(to: string, count: number): Promise<ReceivedMail> {
  const mails = () => spec.smtp.received.filter((m) => m.to.includes(to) && /\?token=/.test(m.text))
  await expect.poll(() => mails().length, SLOW).toBe(count)
  return mails()[count - 1] as ReceivedMail
}

/** The login card, sent with `email` and `password`. */
const logIn = (page: Page, email: string, password: string) =>
  signIn(page, base(), { email, password })

async function refusedLogIn(page: Page, email: string, password: string) {
  await logIn(page, email, password)
  await expect(page.getByRole('alert')).toContainText('E-mail ou senha incorretos', SLOW)
}

test('a pre-registered address never becomes an account its registrant can open, up to the team', async ({
  browser,
  page: adminPage,
}) => {
  test.setTimeout(180_000)
  const email = 'nova.colega@example.com'
  const attacker = await browserOf(browser, '198.51.100.10')
  const her = await browserOf(browser, '203.0.113.20')

  // He registers her address with his password, and a 'name' meant for her inbox.
  await signUpClient(attacker.page, email, ATTACKER_PASSWORD, 'Equipe Aprova')
  await confirmationMail(email, 1)

  // Her own sign-up later replaces his pending account: her mail greets no name (his or hers),
  // and his password opens nothing.
  await signUpClient(her.page, email, HER_PASSWORD, 'Ana Souza')
  const hers = await confirmationMail(email, 2)
  expect(hers.text).toMatch(/^Olá,$/m)
  expect(hers.text).not.toContain('Equipe Aprova')
  await refusedLogIn(attacker.page, email, ATTACKER_PASSWORD)

  // He registers it again before she confirms: she gets an unsolicited link, and opens it in her
  // browser, on her phone. It asks for the account's password; hers is not it; she sets her own.
  await signUpClient(attacker.page, email, ATTACKER_PASSWORD, 'Equipe Aprova')
  const unsolicited = await confirmationMail(email, 3)
  await her.page.setViewportSize({ width: 390, height: 844 })
  await her.page.goto(linkIn(unsolicited, `${base()}/?token=`))
  await expect(her.page.getByRole('heading', { name: 'Confirme que a conta é sua' })).toBeVisible(
    SLOW,
  )
  await expect(
    her.page.getByText(`Este link confirma a conta de cliente de ${email}`),
  ).toBeVisible()
  expect(
    await her.page.evaluate(() => document.documentElement.scrollWidth),
    'no sideways scrolling on a 390 px phone',
  ).toBeLessThanOrEqual(390)
  await hydrated(her.page)
  await her.page.getByLabel('Senha da conta').fill(HER_PASSWORD)
  await her.page.getByRole('button', { name: 'Confirmar e-mail', exact: true }).click()
  await expect(her.page.getByText('Senha incorreta')).toBeVisible(SLOW)
  await her.page.getByLabel('Nova senha', { exact: true }).fill(HER_NEW_PASSWORD)
  await her.page.getByLabel('Confirmar nova senha').fill(HER_NEW_PASSWORD)
  await her.page.getByRole('button', { name: 'Salvar senha e confirmar e-mail' }).click()
  await expect(her.page.getByRole('heading', { name: 'E-mail confirmado!' })).toBeVisible(SLOW)
  await expect(her.page.getByText('Sua nova senha foi salva')).toBeVisible()
  await refusedLogIn(attacker.page, email, ATTACKER_PASSWORD)

  // The team adds her: refused until she has signed in with her own password since confirming.
  await signInAdmin(adminPage, base(), ADMIN)
  const grant = async () => {
    await adminPage.goto(`${base()}/admin/team`)
    await hydrated(adminPage)
    const form = adminPage
      .locator('form')
      .filter({ has: adminPage.getByRole('button', { name: 'Tornar administrador' }) })
    await form.getByLabel('E-mail da conta').fill(email)
    await form.getByLabel('Motivo').fill('Nova colega da moderação')
    await form.getByRole('button', { name: 'Tornar administrador' }).click()
  }
  await grant()
  await expect(
    adminPage.getByText('Esta conta ainda não entrou com a própria senha depois de confirmar'),
  ).toBeVisible(SLOW)
  await her.page.setViewportSize({ width: 1280, height: 800 })
  await logIn(her.page, email, HER_NEW_PASSWORD)
  await expect(her.page).toHaveURL(`${base()}/client-dashboard`, SLOW)
  await grant()
  await expect(adminPage.getByText('Conta agora é de administração.')).toBeVisible(SLOW)
  await expect(adminPage.getByText(email, { exact: true })).toBeVisible()

  // Her way into the team's area goes through her own password (and her own authenticator).
  await her.context.clearCookies()
  await signInAdmin(her.page, base(), { email, password: HER_NEW_PASSWORD })
  await refusedLogIn(attacker.page, email, ATTACKER_PASSWORD)
  // Nor does his password open the first admin's account, registered by him before the team.
  await refusedLogIn(attacker.page, ADMIN.email, ATTACKER_PASSWORD)
  await attacker.context.close()
  await her.context.close()
})

test("a confirmation link opened in someone else's signed-in browser keeps that browser's account", async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const stranger = await browserOf(browser)
  const b = await browserOf(browser)
  await signUpClient(b.page, 'conta.b@example.com', HER_PASSWORD, 'Conta B')
  await b.page.goto(linkIn(await confirmationMail('conta.b@example.com', 1), `${base()}/?token=`))
  await expect(b.page).toHaveURL(`${base()}/client-dashboard`, SLOW)
  const accountOfB = async () => {
    await b.page.goto(`${base()}/client-dashboard/account`)
    await expect(b.page.getByText('E-mail da conta: conta.b@example.com')).toBeVisible(SLOW)
  }
  await accountOfB()

  // A's link, sent to B: it asks for A's password and B is still B.
  await signUpClient(stranger.page, 'conta.a@example.com', ATTACKER_PASSWORD, 'Conta A')
  const link = linkIn(await confirmationMail('conta.a@example.com', 1), `${base()}/?token=`)
  await b.page.goto(link)
  await expect(b.page.getByRole('heading', { name: 'Confirme que a conta é sua' })).toBeVisible(
    SLOW,
  )
  await accountOfB()
  const me = await b.page.request.get(`${base()}/api/me`)
  expect(await me.json()).toEqual({ favoriteIds: [] })

  // Even with A's password typed there, A is confirmed and B's session stays.
  await b.page.goto(link)
  await hydrated(b.page)
  await b.page.getByLabel('Senha da conta').fill(ATTACKER_PASSWORD)
  await b.page.getByRole('button', { name: 'Confirmar e-mail', exact: true }).click()
  await expect(b.page.getByRole('heading', { name: 'E-mail confirmado!' })).toBeVisible(SLOW)
  await expect(b.page.getByText('Você continua conectado com outra conta')).toBeVisible()
  await accountOfB()
  await stranger.context.close()
  await b.context.close()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the password step is a real form', async ({ browser, page }) => {
    const signUp = await browserOf(browser)
    await signUpClient(signUp.page, 'sem.js@example.com', HER_PASSWORD, 'Sem JS')
    await signUp.context.close()
    await page.context().addCookies([{ name: 'aprova-age', value: '1', url: base() }])
    await page.goto(linkIn(await confirmationMail('sem.js@example.com', 1), `${base()}/?token=`))
    await page.getByRole('button', { name: 'Confirmar e-mail', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Confirme que a conta é sua' })).toBeVisible()
    await page.getByLabel('Senha da conta').fill(HER_PASSWORD)
    await page.getByRole('button', { name: 'Confirmar e-mail', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'E-mail confirmado!' })).toBeVisible()
    await expect(page.getByText('Configurando sua conta...')).toBeVisible()
    await page.getByRole('link', { name: 'Continuar' }).click()
    await expect(page).toHaveURL(`${base()}/client-dashboard`)
  })
})
